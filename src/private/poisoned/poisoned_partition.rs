//! The constructor, tiling and partition traits of [`Poisoned`] (the
//! rest of its methods and traits are in `poisoned.rs`): a failed
//! `layout!` given to `make_layout_like`, `tile_to_shape`, or a typed
//! tensor's `local_tile`, `outer_partition`, `local_partition`, `slice` or `dice`
//! reports nothing more. Each gives another poisoned layout, whatever the
//! tiler, coordinate or thread layout. A poisoned thread layout is a
//! [`Threads`] whose tiler, shapes and coordinate are [`Unknown`], which
//! partitions every layout (into itself) and takes every thread.

use layout_core::Error;

use crate::__private::algebra::AlgebraError;
use crate::__private::construct_like::{FragmentStrides, MakeLike, StaticStrides};
use crate::__private::construct_values::OrderOf;
use crate::__private::dice_modes::DiceBy;
use crate::__private::fits_gate::Gate;
use crate::__private::fits_value::{FitsCore, Quick, Role};
use crate::__private::list::IntoTuple;
use crate::__private::partition::{Dice, OuterModes};
use crate::__private::partition_bound::PartitionBound;
use crate::__private::poisoned::{Poisoned, Unknown, poisoned};
use crate::__private::threads::FlatIndex;
use crate::__private::tile_to_shape::{TargetShape, TileToShape};
use crate::__private::typed_partition::{Fits, OuterBy, SliceBy, Threads, TileBy};

/// A poisoned layout's stride is [`Unknown`]: both bounds of [`MakeLike`]
/// hold for it.
impl StaticStrides for Unknown {}
impl<S> FragmentStrides<S> for Unknown {}

impl<I, K> MakeLike for Poisoned<I, K> {
    type Out = Poisoned<usize>;
    type Stride = Unknown;
    type Shape = Unknown;
    fn make_layout_like(&self) -> Result<Poisoned<usize>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn make_fragment_like(&self) -> Result<Poisoned<usize>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
}

impl<T, I, K> TileToShape<T> for Poisoned<I, K> {
    type Out = Poisoned<usize>;
    fn tile_to_shape(&self, _: T) -> Result<Poisoned<usize>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn tile_to_shape_ordered<O>(&self, _: T, _: O) -> Result<Poisoned<usize>, AlgebraError>
    where
        T: TargetShape,
        O: OrderOf<T::Copies>,
    {
        Ok(Poisoned::NEW)
    }
}

/// A failed `layout!`'s stand-in has no leaf to check (its call refuses).
impl<I, K> FitsCore for Poisoned<I, K> {
    const GATE: Gate = Gate::NONE;
    fn leaves_or(&self) -> usize {
        0
    }
    unsafe fn assume_below(&self, _: u32) {}
    fn quick(&self, _: Role) -> Quick {
        Quick::NONE
    }
    fn exact(&self, _: &'static str, _: Role) -> Result<(), AlgebraError> {
        Ok(())
    }
}

/// A tensor over a poisoned layout needs no check.
impl<I, K> Fits for Poisoned<I, K> {
    fn check_fits(&self, _: usize, _: usize) -> Result<(), Error> {
        poisoned()
    }
}

impl<TL, CL, I, K> TileBy<TL, CL> for Poisoned<I, K> {
    type Output = Poisoned<I>;
    fn tile_within(&self, _: TL, _: CL) -> Result<(Poisoned<I>, usize, bool), Error> {
        poisoned()
    }
}

impl<TL, CL, I, K> OuterBy<TL, CL> for Poisoned<I, K> {
    type Output = Poisoned<I>;
    fn outer_within(&self, _: TL, _: CL) -> Result<(Poisoned<I>, usize, PartitionBound), Error> {
        poisoned()
    }
}

impl<CL, I, K> SliceBy<CL> for Poisoned<I, K> {
    type Output = Poisoned<I>;
    fn slice_by(&self, _: CL) -> Result<(Poisoned<I>, usize), Error> {
        poisoned()
    }
}

impl<CL, I, K> DiceBy<CL> for Poisoned<I, K> {
    type Output = Poisoned<I>;
    fn dice_by(&self, _: CL) -> Poisoned<I> {
        poisoned()
    }
}

impl<I, K> Threads for Poisoned<I, K> {
    type Tiler = Unknown;
    type Strides = Unknown;
    type Shapes = Unknown;
    type Coord = Unknown;
    fn tiler(&self) -> (Unknown, Unknown) {
        (Unknown, Unknown)
    }
    fn shapes(&self) -> Unknown {
        Unknown
    }
    fn flat_coord(&self, _: usize) -> Result<Unknown, Error> {
        poisoned()
    }
}

/// A poisoned thread layout's tiler leaves a real layout's modes whole.
impl<SL: IntoTuple, DL: IntoTuple> OuterModes<SL, DL, Unknown> for Unknown {
    type S = SL;
    type D = DL;
    fn outer(
        self,
        _: SL,
        _: DL,
        _: Unknown,
        _: &mut usize,
        _: &mut PartitionBound,
    ) -> Result<(SL, DL), Error> {
        poisoned()
    }
}

/// Any thread coordinate names a thread of a poisoned thread layout.
impl<CL> FlatIndex<Unknown> for CL {
    type Out = Unknown;
    fn flat_index(self, _: Unknown) -> Result<Unknown, Error> {
        poisoned()
    }
}

/// Any step projects a poisoned thread layout.
impl<St> Dice<Unknown> for St {
    type Out = Unknown;
    fn dice(_: Unknown) -> Unknown {
        Unknown
    }
}

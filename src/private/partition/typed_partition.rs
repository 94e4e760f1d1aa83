//! The typed partitions as operations on a typed [`Layout`]: each bound
//! once here (the walks are in `partition.rs`), so that the tensor
//! functions (`crate::tensor::typed`) name one trait per operation. Every
//! operation returns the new layout and the offset of its coordinate 0 in
//! the old one.

use layout_core::{DomainError, Error};

use crate::__private::fits_value::FitsCore;
use crate::__private::int::{C, Offset};
use crate::__private::layout::Layout;
use crate::__private::leaf_list::CompactTree;
use crate::__private::list::{Chain, Cons, IntoList, IntoTuple, Nil};
use crate::__private::partition::{OuterModes, TileModes};
use crate::__private::partition_bound::PartitionBound;
use crate::__private::reach::{Reach, check_fits};
use crate::__private::slice_modes::SliceModes;
use crate::__private::threads::{FlatCoord, ModeSizes};
use crate::__private::tile_check::StaticTiles;
use crate::__private::tree::{Mode, Shape, Tree};
use crate::tensor::typed::LayoutShape;

/// A typed layout a tensor can be built over without the core: its
/// offsets are checked against a buffer on the typed trees.
pub trait Fits: FitsCore {
    /// Errors unless every offset plus `base` lies in `0..len`.
    fn check_fits(&self, base: usize, len: usize) -> Result<(), Error>;
    /// Whether some extent is 0 (no coordinate); `false` when not known.
    #[inline(always)]
    fn any_empty(&self) -> bool {
        false
    }
    /// Tells the optimiser what a tensor's check of this layout proved
    /// (`Reach::assume_within`); nothing by default.
    ///
    /// # Safety
    ///
    /// The layout has a coordinate and every offset of it, from some base,
    /// lies in `0..len`: a tensor's invariant.
    #[inline(always)]
    unsafe fn assume_fits(&self, len: usize) {
        let _ = len;
    }
}

impl<S: Mode<D> + Reach<D>, D: Tree, I: Offset> Fits for Layout<S, D, I> {
    #[inline]
    fn check_fits(&self, base: usize, len: usize) -> Result<(), Error> {
        check_fits(self, base, len)
    }
    #[inline(always)]
    fn any_empty(&self) -> bool {
        self.shape().any_empty()
    }
    #[inline(always)]
    unsafe fn assume_fits(&self, len: usize) {
        // SAFETY: the caller's promise.
        unsafe { self.shape().assume_within(&self.stride(), len) }
    }
}

/// `local_tile` by a tiler list `TL` at a coordinate list `CL`.
///
/// Its one impl is `do_not_recommend`, so that a tiler or coordinate of the
/// wrong rank is reported at this bound (message, span, the bound's note)
/// rather than as the chain of list impls below it that failed.
#[diagnostic::on_unimplemented(
    message = "the tiler, the tile coordinate and the typed layout differ in rank",
    label = "one static tile extent and one coordinate entry (an integer or `X`) per top-level mode of the tensor, or fewer (the modes past the tiler kept whole); project a longer tiler with a `Step`, as CuTe's `Step<_1,X,_1>`"
)]
pub trait TileBy<TL, CL>: FitsCore {
    /// The tile: the tiler's modes, then the rest modes under `X`.
    type Output;
    /// The tile, the offset of its first element, and whether every
    /// coordinate of the tile is one of the layout's (a whole tile: its
    /// offsets are then some of the layout's, and a tensor's check of the
    /// layout covers them).
    fn tile_within(&self, tiler: TL, coord: CL) -> Result<(Self::Output, usize, bool), Error>;
    /// Evaluates the static extents of the divide (`tile_check.rs`): a
    /// static tile that does not divide a nested static mode fails here.
    const STATIC_CHECK: () = ();
    /// The tile and the offset of its first element, the checks a masked
    /// tile's cuts make in their place left out ([`TileModes::tile_masked`]).
    #[inline(always)]
    fn tile_within_masked(&self, tiler: TL, coord: CL) -> Result<(Self::Output, usize), Error> {
        let (layout, offset, _) = self.tile_within(tiler, coord)?;
        Ok((layout, offset))
    }
    /// The tile, the offset of its first element and whether every
    /// coordinate of it is one of the layout's (as
    /// [`TileBy::tile_within`]'s) by the quick walk, where it is exact
    /// ([`TileModes::tile_whole`]: a tile picked in every mode, whole or
    /// the partial last one, with no grid or rest-stride check); `None`:
    /// take [`TileBy::tile_within`], with the same tiler and coordinate.
    /// Whether [`TileBy::tile_quick`] can answer (`TileModes::PICKED`):
    /// where it cannot, its caller takes the checked walk inline.
    const QUICK: bool = false;
    #[inline(always)]
    fn tile_quick(&self, coord: &CL) -> Option<(Self::Output, usize, bool)> {
        let _ = coord;
        None
    }
    /// The tile and the offset of its first element.
    #[inline(always)]
    fn tile_by(&self, tiler: TL, coord: CL) -> Result<(Self::Output, usize), Error> {
        let (layout, offset, _) = self.tile_within(tiler, coord)?;
        Ok((layout, offset))
    }
}

/// The layout of a shape list and a stride list.
type FromLists<SL, DL, I> = Layout<<SL as IntoTuple>::Tuple, <DL as IntoTuple>::Tuple, I>;

/// The tile's modes as CuTe's `inner_partition` keeps them: a tiler of
/// rank 1 slices its tile mode (a rank-1 tuple) by a single `_`, which
/// keeps it whole, so the tile is one mode `(T)` (`((8),32,64)`); a longer
/// tiler's `(_,_,…)` keeps each tile mode on its own.
pub trait TileModesKept {
    /// The kept modes.
    type Out;
    /// The kept modes.
    fn kept(self) -> Self::Out;
}

impl TileModesKept for Nil {
    type Out = Nil;
    #[inline(always)]
    fn kept(self) -> Nil {
        Nil
    }
}

impl<A> TileModesKept for Cons<A, Nil> {
    type Out = Cons<(A,), Nil>;
    #[inline(always)]
    fn kept(self) -> Self::Out {
        Cons((self.0,), Nil)
    }
}

impl<A, B, T> TileModesKept for Cons<A, Cons<B, T>> {
    type Out = Self;
    #[inline(always)]
    fn kept(self) -> Self {
        self
    }
}

/// The tile's shape modes, kept as CuTe keeps them ([`TileModesKept`]).
type KeptS<TL, S, D, CL> =
    <<TL as TileModes<<S as IntoList>::List, <D as IntoList>::List, CL>>::TileS as TileModesKept>::Out;
/// Their strides.
type KeptD<TL, S, D, CL> =
    <<TL as TileModes<<S as IntoList>::List, <D as IntoList>::List, CL>>::TileD as TileModesKept>::Out;

#[diagnostic::do_not_recommend]
impl<S, D, I, TL, CL> TileBy<TL, CL> for Layout<S, D, I>
where
    S: Mode<D> + IntoList,
    D: Tree + IntoList,
    I: Offset,
    TL: TileModes<S::List, D::List, CL, TileS: TileModesKept, TileD: TileModesKept>,
    KeptS<TL, S, D, CL>: Chain<TL::RestS, Out: IntoTuple>,
    KeptD<TL, S, D, CL>: Chain<TL::RestD, Out: IntoTuple>,
    TL: StaticTiles<S::List, D::List>,
{
    const STATIC_CHECK: () = TL::CHECK;
    type Output = FromLists<
        <KeptS<TL, S, D, CL> as Chain<TL::RestS>>::Out,
        <KeptD<TL, S, D, CL> as Chain<TL::RestD>>::Out,
        I,
    >;
    #[inline(always)]
    fn tile_within(&self, tiler: TL, coord: CL) -> Result<(Self::Output, usize, bool), Error> {
        let (mut offset, mut within) = (0, true);
        let (s, d) = (self.shape().into_list(), self.stride().into_list());
        let (ts, td, rs, rd) = tiler.tile(s, d, coord, &mut offset, &mut within)?;
        let (ts, td) = (ts.kept(), td.kept());
        let layout = Layout::from_parts(ts.concat(rs).into_tuple(), td.concat(rd).into_tuple());
        Ok((layout, offset, within))
    }
    const QUICK: bool = TL::PICKED;
    #[inline(always)]
    fn tile_quick(&self, coord: &CL) -> Option<(Self::Output, usize, bool)> {
        if !TL::PICKED {
            return None;
        }
        let (mut offset, mut within) = (0, true);
        let (s, d) = (self.shape().into_list(), self.stride().into_list());
        let (ts, td, rs, rd) = TL::tile_whole(s, d, coord, &mut offset, &mut within)?;
        let (ts, td) = (ts.kept(), td.kept());
        let layout = Layout::from_parts(ts.concat(rs).into_tuple(), td.concat(rd).into_tuple());
        Some((layout, offset, within))
    }
    #[inline(always)]
    fn tile_within_masked(&self, tiler: TL, coord: CL) -> Result<(Self::Output, usize), Error> {
        let mut offset = 0;
        let (s, d) = (self.shape().into_list(), self.stride().into_list());
        let (ts, td, rs, rd) = tiler.tile_masked(s, d, coord, &mut offset)?;
        let (ts, td) = (ts.kept(), td.kept());
        let layout = Layout::from_parts(ts.concat(rs).into_tuple(), td.concat(rd).into_tuple());
        Ok((layout, offset))
    }
}

/// `outer_partition` by a tiler list `TL` at the tile coordinates `CL`.
///
/// Its one impl is `do_not_recommend` (as [`TileBy`]'s).
#[diagnostic::on_unimplemented(
    message = "the thread layout (or tiler) and the typed layout it partitions differ in rank",
    label = "one thread-layout mode per top-level mode of the tensor; project a longer thread layout with a `Step`, as CuTe's `Step<_1,X>`"
)]
pub trait OuterBy<TL, CL> {
    /// The rest modes (one per mode of the layout).
    type Output;
    /// The partition, the offset of its first element, and what the walk
    /// learned to check its offsets cheaply ([`PartitionBound`]).
    fn outer_within(
        &self,
        tiler: TL,
        coord: CL,
    ) -> Result<(Self::Output, usize, PartitionBound), Error>;
    /// The partition and the offset of its first element.
    #[inline(always)]
    fn outer_by(&self, tiler: TL, coord: CL) -> Result<(Self::Output, usize), Error> {
        let (layout, offset, _) = self.outer_within(tiler, coord)?;
        Ok((layout, offset))
    }
}

#[diagnostic::do_not_recommend]
impl<S, D, I, TL, CL> OuterBy<TL, CL> for Layout<S, D, I>
where
    S: Mode<D> + IntoList,
    D: Tree + IntoList,
    I: Offset,
    TL: OuterModes<S::List, D::List, CL, S: IntoTuple, D: IntoTuple>,
{
    type Output = FromLists<TL::S, TL::D, I>;
    #[inline(always)]
    fn outer_within(
        &self,
        tiler: TL,
        coord: CL,
    ) -> Result<(Self::Output, usize, PartitionBound), Error> {
        let (mut offset, mut bound) = (0, PartitionBound::new(I::SIGNED));
        let (s, d) = (self.shape().into_list(), self.stride().into_list());
        let (s, d) = tiler.outer(s, d, coord, &mut offset, &mut bound)?;
        Ok((
            Layout::from_parts(s.into_tuple(), d.into_tuple()),
            offset,
            bound,
        ))
    }
}

/// Slicing by a coordinate list `CL` of `usize` and `X`.
///
/// Its one impl is `do_not_recommend` (as [`TileBy`]'s).
#[diagnostic::on_unimplemented(
    message = "the slice coordinate and the typed layout differ in rank",
    label = "one entry (an integer or `X`) per top-level mode of the tensor"
)]
pub trait SliceBy<CL> {
    /// The modes under `X`.
    type Output;
    /// The slice and the offset of its first element.
    fn slice_by(&self, coord: CL) -> Result<(Self::Output, usize), Error>;
}

#[diagnostic::do_not_recommend]
impl<S, D, I, CL> SliceBy<CL> for Layout<S, D, I>
where
    S: Mode<D> + IntoList,
    D: Tree + IntoList,
    I: Offset,
    CL: SliceModes<S::List, D::List, S: IntoTuple, D: IntoTuple>,
{
    type Output = FromLists<CL::S, CL::D, I>;
    #[inline(always)]
    fn slice_by(&self, coord: CL) -> Result<(Self::Output, usize), Error> {
        let mut offset = 0;
        let (s, d) = (self.shape().into_list(), self.stride().into_list());
        let (s, d) = coord.slice(s, d, &mut offset, "slice coordinate")?;
        Ok((Layout::from_parts(s.into_tuple(), d.into_tuple()), offset))
    }
}

/// A thread layout: its shape as a tiler and a thread's coordinate in it
/// (`threads.rs`; any nesting). Its shape ([`LayoutShape`]) is what a
/// thread coordinate's rank is checked against.
pub trait Threads: LayoutShape {
    /// One static tile extent per mode, the mode's size (CuTe's
    /// `product_each(shape(thr))`).
    type Tiler;
    /// The stride list.
    type Strides;
    /// The shape list: one shape (a leaf or a tuple) per top-level mode.
    type Shapes;
    /// One `usize` per mode.
    type Coord: Copy;
    /// The tiler and the strides.
    fn tiler(&self) -> (Self::Tiler, Self::Strides);
    /// The shape list.
    fn shapes(&self) -> Self::Shapes;
    /// `get_flat_coord(index)`; an index past the threads is an error.
    fn flat_coord(&self, index: usize) -> Result<Self::Coord, Error>;
}

impl<S, D, I> Threads for Layout<S, D, I>
where
    S: Mode<D> + IntoList<List: FlatCoord<D::List, Out: Copy> + ModeSizes>,
    D: Tree + IntoList,
    I: Offset,
{
    type Tiler = <S::List as ModeSizes>::Out;
    type Strides = D::List;
    type Shapes = S::List;
    type Coord = <S::List as FlatCoord<D::List>>::Out;
    #[inline(always)]
    fn tiler(&self) -> (Self::Tiler, D::List) {
        (Default::default(), self.stride().into_list())
    }
    #[inline(always)]
    fn shapes(&self) -> S::List {
        self.shape().into_list()
    }
    #[inline(always)]
    fn flat_coord(&self, index: usize) -> Result<Self::Coord, Error> {
        let size = Shape::size(&self.shape());
        if index >= size {
            let clamp = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
            return Err(DomainError::IndexOutOfRange {
                what: "thread index",
                index: clamp(index),
                size: clamp(size),
            }
            .into());
        }
        self.shape()
            .into_list()
            .flat_coord(&self.stride().into_list(), index, &mut 0)
    }
}

/// CuTe's `make_layout(shape)`: column-major strides of the same
/// nesting, static where the extents are.
pub trait CompactLayout: Copy {
    /// The layout.
    type Output;
    /// The layout; a dynamic stride that overflows is an error.
    fn compact_layout(self) -> Result<Self::Output, Error>;
}

impl<S: CompactTree<C<1>>> CompactLayout for S {
    type Output = Layout<S, S::D>;
    #[inline(always)]
    fn compact_layout(self) -> Result<Self::Output, Error> {
        let (strides, _) = self.compact(C::<1>)?;
        Ok(Layout::from_parts(self, strides))
    }
}

//! `tile_to_shape(BLOCK, #S, LayoutRight)` (CuTe's `GenRowMajor` order)
//! of a written-out compact static block and a named target: as
//! `tile_compact.rs`, the copies' strides row-major, `s_i` the product of
//! the copies *after* mode `i` (static where each of them is), so the
//! modes are built from the last one back ([`CompactModesRight::Total`]
//! names the product of a tail's copies). `LayoutLeft` is
//! [`TileCompact`](crate::__private::TileCompact) itself.

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::product;
use crate::__private::edit::AsModes;
use crate::__private::int::{C, Int};
use crate::__private::layout::{Layout, size};
use crate::__private::list::{Cons, IntoList, IntoTuple, Nil};
use crate::__private::product_value::Tup;
use crate::__private::static_complement::Yes;
use crate::__private::static_int::{RestStride, StaticInt, Times};
use crate::__private::tile_compact::{
    CopiesBy, CopiesOf, ModesOf, ShapeBit, StrideOf, TargetSizeLeaf, TreeSize,
};
use crate::__private::tree::{Mode, Shape, Tree};

/// The modes of the row-major `tile_to_shape` of a compact block, from
/// the target's modes (`Self`, a list) and the block's (`BS:BD`, padded
/// with `_1:_0`), `N` the block's size.
#[doc(hidden)]
pub trait CompactModesRight<BS, BD, N>: Sized {
    /// The modes `(A_i, c_i)`.
    type S;
    /// Their strides `(D_i, s_i·N)`.
    type D;
    /// The product of the copies of these modes.
    type Total: Int;
    /// The modes and their copies' product; `mode` is the first one's
    /// index (each mode's copies are checked before the later modes').
    #[allow(clippy::type_complexity)]
    fn compact_modes_right(
        self,
        block: (BS, BD),
        mode: usize,
    ) -> Result<(Self::S, Self::D, Self::Total), AlgebraError>;
}

impl<N> CompactModesRight<Nil, Nil, N> for Nil {
    type S = Nil;
    type D = Nil;
    type Total = C<1>;
    #[inline(always)]
    fn compact_modes_right(
        self,
        _: (Nil, Nil),
        _: usize,
    ) -> Result<(Nil, Nil, C<1>), AlgebraError> {
        Ok((Nil, Nil, C::<1>))
    }
}

/// One mode of [`CompactModesRight`]: the block's mode `S0:D0` (the head
/// of `BS:BD`, or `_1:_0`), the rest of the block `SR:DR`.
macro_rules! right_step {
    ([$($g:tt)*] $BS:ty, $BD:ty; $S0:ty, $D0:ty; $SR:ty, $DR:ty; |$b:ident| $head:expr, $rest:expr) => {
        impl<T, TR, N, $($g)*> CompactModesRight<$BS, $BD, N> for Cons<T, TR>
        where
            T: Shape + ShapeBit<Is: TargetSizeLeaf<T, Out: CopiesBy<TreeSize<$S0>>>>,
            TR: CompactModesRight<$SR, $DR, N>,
            CopiesOf<T, $S0>: RestStride<TR::Total> + Times<TR::Total>,
            StrideOf<T, $S0, TR::Total>: Times<N>,
            N: StaticInt,
        {
            type S = Cons<($S0, CopiesOf<T, $S0>), TR::S>;
            type D = Cons<($D0, <StrideOf<T, $S0, TR::Total> as Times<N>>::Out), TR::D>;
            type Total = <CopiesOf<T, $S0> as Times<TR::Total>>::Out;
            #[inline(always)]
            #[allow(clippy::type_complexity)]
            fn compact_modes_right(
                self,
                $b: ($BS, $BD),
                mode: usize,
            ) -> Result<(Self::S, Self::D, Self::Total), AlgebraError> {
                const F: &str = "tile_to_shape";
                let (s0, d0): ($S0, $D0) = $head;
                let target = <T::Is as TargetSizeLeaf<T>>::size_leaf(self.0);
                let c = ok_or_return!(target.copies_by(mode, F));
                let (s, d, after) = ok_or_return!(self.1.compact_modes_right($rest, mode + 1));
                let stride = ok_or_return!(c.rest_stride(after).times(N::default(), F));
                let total = ok_or_return!(c.times(after, F));
                Ok((Cons((s0, c), s), Cons((d0, stride), d), total))
            }
        }
    };
}

right_step!([S0: Shape + ShapeBit<Is = Yes> + Copy, SR, D0: Copy, DR]
    Cons<S0, SR>, Cons<D0, DR>; S0, D0; SR, DR;
    |b| ((b.0).0, (b.1).0), ((b.0).1, (b.1).1));
right_step!([]
    Nil, Nil; C<1>, C<0>; Nil, Nil;
    |b| { let _ = b; (C::<1>, C::<0>) }, (Nil, Nil));

/// The [`CompactModesRight`] of the target `T`'s modes by the block `S:D`.
macro_rules! modes {
    ($item:ident) => {
        <T::List as CompactModesRight<ModesOf<S>, ModesOf<D>, TreeSize<S>>>::$item
    };
}

/// `tile_to_shape(BLOCK, #S, LayoutRight)` of a written-out compact static
/// block (`L`) and a named target (`Self`), called at the target's name
/// as [`TileCompact`](crate::__private::TileCompact) is.
#[diagnostic::on_unimplemented(
    message = "`{L}` cannot be tiled to the named target `{Self}`: the target is a tuple of extents (`usize`, `C<N>`) or nested shapes, at least as long as the block's rank (CuTe's `static_assert`)"
)]
pub trait TileCompactRight<L>: Sized {
    /// The tiled layout.
    type Out;
    /// `block` tiled to `self`, the copies row-major.
    fn tile_compact_right(self, block: &L) -> Result<Self::Out, AlgebraError>;
}

/// The bounds of [`TileCompactRight`], asked of the block (`Self`), so that rustc
/// reports a failure once the block's type is known.
#[doc(hidden)]
pub trait CompactTilesRight<T> {
    /// The tiled layout.
    type Out;
    /// `self` tiled to `target`.
    fn compact_tiles_right(&self, target: T) -> Result<Self::Out, AlgebraError>;
}

#[diagnostic::do_not_recommend]
impl<L: CompactTilesRight<T>, T> TileCompactRight<L> for T {
    type Out = L::Out;
    #[inline(always)]
    fn tile_compact_right(self, block: &L) -> Result<L::Out, AlgebraError> {
        block.compact_tiles_right(self)
    }
}

#[diagnostic::do_not_recommend]
impl<S, D, T> CompactTilesRight<T> for Layout<S, D>
where
    S: Mode<D> + AsModes<Modes: IntoList>,
    D: Tree + AsModes<Modes: IntoList>,
    T: IntoList<List: CompactModesRight<ModesOf<S>, ModesOf<D>, TreeSize<S>>>,
    modes!(S): IntoTuple,
    modes!(D): IntoTuple,
{
    type Out = Layout<Tup<modes!(S)>, Tup<modes!(D)>>;
    #[inline]
    fn compact_tiles_right(&self, target: T) -> Result<Self::Out, AlgebraError> {
        let (shape, stride) = self.into_parts();
        let modes = (shape.as_modes().into_list(), stride.as_modes().into_list());
        let (s, d, total) = ok_or_return!(target.into_list().compact_modes_right(modes, 0));
        // The core's `size(block)·cosize(copies)`, the result's size.
        ok_or_return!(product("tile_to_shape", total.get(), size(shape)));
        Ok(Layout::from_parts(s.into_tuple(), d.into_tuple()))
    }
}

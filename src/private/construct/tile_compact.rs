//! `tile_to_shape(BLOCK, #S)` after `type` with a written-out all-static
//! *compact* block (its offsets exactly `0..size`, which `layout!` decides
//! while compiling) and a named target: CuTe's nesting and static leaves,
//! which [`TileToShape`](crate::__private::TileToShape) (through the
//! products' `ZipProduct`, one sub-mode per hole of the complement) does
//! not give.
//!
//! CUTLASS 4.7's `tile_to_shape(block, target)` is
//! `blocked_product(append<R>(block), make_ordered_layout(target / block,
//! LayoutLeft))`. For a compact block of size `N`, the complement the
//! product takes, `complement(block, N·cosize(copies))`, coalesces to the
//! one mode `rest:N`, and CuTe's composition with a rank-1 left layout is
//! `c_i : s_i·N` for each copies mode `c_i : s_i`. So mode `i` of the
//! result is `(A_i, c_i) : (D_i, s_i·N)`, the block padded with `_1:_0`
//! modes to the target's rank: `c_i = size(T_i) / size(A_i)`, static where
//! the target mode is ([`Copies`]); `s_i` the product of the copies
//! before it, static `_0` for a static copy of 1 under a static product
//! (`RestStride`), static where every copy before it is, and the product
//! by `N` static where `s_i` is (`Times`). Where a static copy of 1
//! follows a dynamic product, CuTe's stride is a static `_0`; here it is a
//! `usize` 0 (the type cannot depend on the copy's value).
//!
//! The checks are the core's: each copy count divides
//! (`BlockNotDividing`, at run time, as the value door), and the copies'
//! product times `N` (the layout's size) does not overflow.

use core::fmt;
use core::marker::PhantomData;

use layout_core::Error;

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::product;
use crate::__private::construct::copies;
use crate::__private::edit::AsModes;
use crate::__private::int::{C, Int};
use crate::__private::layout::{Layout, size};
use crate::__private::list::{Cons, IntoList, IntoTuple, Nil};
use crate::__private::product_value::Tup;
use crate::__private::static_complement::{Bit, No, Yes};
use crate::__private::static_int::{RestStride, StaticInt, Times, static_leaf};
use crate::__private::tree::{Mode, Shape, Tree};

/// The size of a shape tree of static leaves, as a static leaf.
pub struct TreeSize<T>(PhantomData<T>);

impl<T: Shape> StaticInt for TreeSize<T> {
    const VALUE: i64 = match T::STATIC_SIZE {
        Some(n) => n as i64,
        None => panic!("`TreeSize` of a shape with a dynamic leaf"),
    };
}
static_leaf!([T] [T: Shape] TreeSize [T]);

/// The copies of a static block mode of size `B` over a static target
/// mode of size `A`: `A / B`, or 0 where `B` does not divide `A` (the run
/// time check then refuses, before the value is read).
pub struct Copies<A, B>(PhantomData<(A, B)>);

impl<A: StaticInt, B: StaticInt> StaticInt for Copies<A, B> {
    const VALUE: i64 = if B::VALUE > 0 && A::VALUE % B::VALUE == 0 {
        A::VALUE / B::VALUE
    } else {
        0
    };
}
static_leaf!([A, B] [A: StaticInt, B: StaticInt] Copies [A, B]);

/// Whether every leaf of a shape tree is static: [`Yes`] or [`No`].
#[doc(hidden)]
pub trait ShapeBit {
    /// [`Yes`] or [`No`].
    type Is: Bit;
}

impl<T: StaticInt> ShapeBit for T {
    type Is = Yes;
}

impl ShapeBit for usize {
    type Is = No;
}

macro_rules! shape_bit {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<$($T: ShapeBit),*> ShapeBit for ($($T,)*) {
            type Is = <Yes as Bit>::And<shape_bit!(@and $($T)*)>;
        }
    };
    (@and $T:ident) => { <$T as ShapeBit>::Is };
    (@and $T:ident $($rest:ident)+) => {
        <<$T as ShapeBit>::Is as Bit>::And<shape_bit!(@and $($rest)+)>
    };
}

for_each_rank!(shape_bit);

/// A target mode's size as a leaf: [`TreeSize`] where every leaf is
/// static, else `usize`.
#[doc(hidden)]
pub trait TargetSizeLeaf<T> {
    /// The size's leaf type.
    type Out: Int;
    /// The size.
    fn size_leaf(t: T) -> Self::Out;
}

impl<T: Shape> TargetSizeLeaf<T> for Yes {
    type Out = TreeSize<T>;
    #[inline(always)]
    fn size_leaf(_: T) -> TreeSize<T> {
        TreeSize::default()
    }
}

impl<T: Shape> TargetSizeLeaf<T> for No {
    type Out = usize;
    #[inline(always)]
    fn size_leaf(t: T) -> usize {
        size(t)
    }
}

/// The copies of a static block mode of size `B` over a target mode of
/// size `self`: [`Copies`] for a static size, else `usize`.
#[doc(hidden)]
pub trait CopiesBy<B: StaticInt>: Int {
    /// The copies' leaf type.
    type Out: Int;
    /// The copies, refused where `B` does not divide `self`.
    fn copies_by(self, mode: usize, function: &'static str) -> Result<Self::Out, AlgebraError>;
}

impl<A: StaticInt, B: StaticInt> CopiesBy<B> for A {
    type Out = Copies<A, B>;
    #[inline(always)]
    fn copies_by(self, mode: usize, function: &'static str) -> Result<Copies<A, B>, AlgebraError> {
        ok_or_return!(copies(function, mode, B::VALUE as usize, A::VALUE as usize));
        Ok(Copies::default())
    }
}

impl<B: StaticInt> CopiesBy<B> for usize {
    type Out = usize;
    #[inline(always)]
    fn copies_by(self, mode: usize, function: &'static str) -> Result<usize, AlgebraError> {
        copies(function, mode, B::VALUE as usize, self)
    }
}

/// A target mode's size leaf ([`TargetSizeLeaf`]).
pub(in crate::__private) type SizeOf<T> = <<T as ShapeBit>::Is as TargetSizeLeaf<T>>::Out;
/// The copies of the block mode `S` over the target mode `T`.
pub(in crate::__private) type CopiesOf<T, S> = <SizeOf<T> as CopiesBy<TreeSize<S>>>::Out;
/// The copies' stride after the product `Run` of the copies before them.
pub(in crate::__private) type StrideOf<T, S, Run> = <CopiesOf<T, S> as RestStride<Run>>::Out;

/// The modes of `tile_to_shape` of a compact block, from the target's
/// modes (`Self`, a list) and the block's (`BS:BD`, lists; the block
/// padded with `_1:_0` where they end), `Run` the product of the copies
/// so far, `N` the block's size.
#[doc(hidden)]
pub trait CompactModes<BS, BD, Run, N>: Sized {
    /// The modes `(A_i, c_i)`.
    type S;
    /// Their strides `(D_i, s_i·N)`.
    type D;
    /// The modes, and the product of every copy (a `usize`).
    #[allow(clippy::type_complexity)]
    fn compact_modes(
        self,
        block: (BS, BD),
        run: Run,
        mode: usize,
    ) -> Result<(Self::S, Self::D, usize), AlgebraError>;
}

impl<Run: Int, N> CompactModes<Nil, Nil, Run, N> for Nil {
    type S = Nil;
    type D = Nil;
    #[inline(always)]
    fn compact_modes(
        self,
        _: (Nil, Nil),
        run: Run,
        _: usize,
    ) -> Result<(Nil, Nil, usize), AlgebraError> {
        Ok((Nil, Nil, run.get()))
    }
}

/// One mode of [`CompactModes`]: the block's mode `S0:D0` (the head of
/// `BS:BD`, or `_1:_0`), the rest of the block `SR:DR`.
macro_rules! compact_step {
    ([$($g:tt)*] $BS:ty, $BD:ty; $S0:ty, $D0:ty; $SR:ty, $DR:ty; |$b:ident| $head:expr, $rest:expr) => {
        impl<T, TR, Run, N, $($g)*> CompactModes<$BS, $BD, Run, N> for Cons<T, TR>
        where
            T: Shape + ShapeBit<Is: TargetSizeLeaf<T, Out: CopiesBy<TreeSize<$S0>>>>,
            CopiesOf<T, $S0>: RestStride<Run>,
            StrideOf<T, $S0, Run>: Times<N>,
            Run: Times<CopiesOf<T, $S0>>,
            N: StaticInt,
            TR: CompactModes<$SR, $DR, <Run as Times<CopiesOf<T, $S0>>>::Out, N>,
        {
            type S = Cons<($S0, CopiesOf<T, $S0>), TR::S>;
            type D = Cons<($D0, <StrideOf<T, $S0, Run> as Times<N>>::Out), TR::D>;
            #[inline(always)]
            #[allow(clippy::type_complexity)]
            fn compact_modes(
                self,
                $b: ($BS, $BD),
                run: Run,
                mode: usize,
            ) -> Result<(Self::S, Self::D, usize), AlgebraError> {
                const F: &str = "tile_to_shape";
                let (s0, d0): ($S0, $D0) = $head;
                let target = <T::Is as TargetSizeLeaf<T>>::size_leaf(self.0);
                let c = ok_or_return!(target.copies_by(mode, F));
                let stride = ok_or_return!(c.rest_stride(run).times(N::default(), F));
                let next = ok_or_return!(run.times(c, F));
                let (s, d, total) = ok_or_return!(self.1.compact_modes($rest, next, mode + 1));
                Ok((Cons((s0, c), s), Cons((d0, stride), d), total))
            }
        }
    };
}

compact_step!([S0: Shape + ShapeBit<Is = Yes> + Copy, SR, D0: Copy, DR]
    Cons<S0, SR>, Cons<D0, DR>; S0, D0; SR, DR;
    |b| ((b.0).0, (b.1).0), ((b.0).1, (b.1).1));
compact_step!([]
    Nil, Nil; C<1>, C<0>; Nil, Nil;
    |b| { let _ = b; (C::<1>, C::<0>) }, (Nil, Nil));

/// The list of a tree's top-level modes.
pub(in crate::__private) type ModesOf<S> = <<S as AsModes>::Modes as IntoList>::List;
/// The [`CompactModes`] of the target `T`'s modes by the block `S:D`.
macro_rules! modes {
    ($item:ident) => {
        <T::List as CompactModes<ModesOf<S>, ModesOf<D>, C<1>, TreeSize<S>>>::$item
    };
}

/// `tile_to_shape(BLOCK, #S)` of a written-out compact static block
/// (`L`) and a named target (`Self`): `layout!` calls
/// [`TileCompact::tile_compact`] at the target's name, the trait's own
/// function, so that a target of another kind is one error there. See the
/// module's documentation for the result.
#[diagnostic::on_unimplemented(
    message = "`{L}` cannot be tiled to the named target `{Self}`: the target is a tuple of extents (`usize`, `C<N>`) or nested shapes, at least as long as the block's rank (CuTe's `static_assert`)"
)]
pub trait TileCompact<L>: Sized {
    /// The tiled layout.
    type Out;
    /// `block` tiled to `self`, the copies column-major.
    fn tile_compact(self, block: &L) -> Result<Self::Out, AlgebraError>;
}

/// The bounds of [`TileCompact`], asked of the block (`Self`), so that rustc
/// reports a failure once the block's type is known.
#[doc(hidden)]
pub trait CompactTiles<T> {
    /// The tiled layout.
    type Out;
    /// `self` tiled to `target`.
    fn compact_tiles(&self, target: T) -> Result<Self::Out, AlgebraError>;
}

#[diagnostic::do_not_recommend]
impl<L: CompactTiles<T>, T> TileCompact<L> for T {
    type Out = L::Out;
    #[inline(always)]
    fn tile_compact(self, block: &L) -> Result<L::Out, AlgebraError> {
        block.compact_tiles(self)
    }
}

#[diagnostic::do_not_recommend]
impl<S, D, T> CompactTiles<T> for Layout<S, D>
where
    S: Mode<D> + AsModes<Modes: IntoList>,
    D: Tree + AsModes<Modes: IntoList>,
    T: IntoList<List: CompactModes<ModesOf<S>, ModesOf<D>, C<1>, TreeSize<S>>>,
    modes!(S): IntoTuple,
    modes!(D): IntoTuple,
{
    type Out = Layout<Tup<modes!(S)>, Tup<modes!(D)>>;
    #[inline]
    fn compact_tiles(&self, target: T) -> Result<Self::Out, AlgebraError> {
        let (shape, stride) = self.into_parts();
        let modes = (shape.as_modes().into_list(), stride.as_modes().into_list());
        let (s, d, total) = ok_or_return!(target.into_list().compact_modes(modes, C::<1>, 0));
        // The core's `size(block)·cosize(copies)`, the result's size.
        ok_or_return!(product("tile_to_shape", total, size(shape)));
        Ok(Layout::from_parts(s.into_tuple(), d.into_tuple()))
    }
}

//! The copies of a static product (`product_static.rs`): the run-time
//! holes composed with `B` as `usize` leaves, then each mode given the
//! folded leaves of the `const` walk over the static holes.

use core::marker::PhantomData;
use core::mem::ManuallyDrop;

use super::{HolesWalk, WIDTH, holes_fold};
use crate::__private::algebra::AlgebraError;
use crate::__private::compose_run::{ComposeRun, ComposeWith};
use crate::__private::compose_static::{FoldedLeaf, StaticList, StaticWalk, mode_agrees};
use crate::__private::int::Int;
use crate::__private::layout::Layout;
use crate::__private::static_complement::No;
use crate::__private::static_int::StaticInt;

/// The holes layout of the product of the static `A` (`Sh:St`) by the
/// static `B` (`BS:BD`): the run-time holes `H` (`usize` leaves, checked
/// equal to the folded ones), composed with `B` erased to `usize` leaves
/// ([`Erase`]) as any layout of `usize` leaves is ([`ComposeRun`]: one
/// instance per rank of `A` and nesting of `B`, shared by every product of
/// that shape), each mode of the result then given its folded leaves
/// ([`FoldHoles`]).
///
/// Not a layout of static hole leaves (each naming both operands) composed
/// with `B`, as before: that composition proved its walk's bounds (the
/// leaf lists, `AllStatic`, `Erased`, the walk's name) over such lists for
/// every static product, and
/// compiled its functions again for each (BENCHMARKS.md, "Compile cost of
/// static products: the composition on `usize` holes"). The result's type
/// is the same: the [`FoldedLeaf`]s of [`HolesWalk`].
#[doc(hidden)]
pub struct StaticHoles<Sh, St, BS, BD, H>(pub(super) H, pub(super) PhantomData<(Sh, St, BS, BD)>);

// `ComposeWith` for `No` (the run-time path), as the run-time holes of a
// product with a `usize` leaf are composed (`product_copies.rs`): a
// product names one trait for its holes, and neither kind goes through
// `Compose`'s choice of path.
#[diagnostic::do_not_recommend]
impl<Sh, St, BS, BD, H, SB, DB> ComposeWith<SB, DB, No> for StaticHoles<Sh, St, BS, BD, H>
where
    Sh: StaticList,
    St: StaticList,
    BS: StaticList,
    BD: StaticList,
    SB: Erase,
    DB: Erase,
    // The run-time path itself, not `Compose` (whose `usize` operands
    // take it): no choice of path to prove for each product.
    H: ComposeRun<SB::Out, DB::Out>,
    SB: FoldHoles<DB, (Sh, St, BS, BD), H::Shape, H::Stride>,
{
    type Shape = <SB as FoldHoles<DB, (Sh, St, BS, BD), H::Shape, H::Stride>>::Shape;
    type Stride = <SB as FoldHoles<DB, (Sh, St, BS, BD), H::Shape, H::Stride>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compose_with(
        &self,
        b: Layout<SB, DB>,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
        // The whole composition folds: its value is the folded leaves, a
        // constant, and (`if const`) neither the run-time composition below
        // nor `fold_holes` is compiled for this product, not even in a
        // debug build (BENCHMARKS.md, "Compile cost of typed compositions
        // and products: the macro, the merge's functions, the products'
        // holes").
        if const { holes_fold::<Sh, St, BS, BD>() } {
            let (shape, stride) =
                const { <SB as FoldHoles<DB, (Sh, St, BS, BD), H::Shape, H::Stride>>::FOLDED };
            return Ok(Layout::from_parts(
                ManuallyDrop::into_inner(shape),
                ManuallyDrop::into_inner(stride),
            ));
        }
        let (shape, stride) = b.into_parts();
        // Matches, not `?` (a function of its own per result type in a
        // debug build), and the composition in `walk_erased`, one instance
        // per rank of `A` and nesting of `B`, not in this product's own code.
        match walk_erased(&self.0, shape.erase(), stride.erase()) {
            Ok((shapes, strides)) => match SB::fold_holes(shapes, strides) {
                Ok((shape, stride)) => Ok(Layout::from_parts(shape, stride)),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        }
    }
}

/// The run-time composition of the `usize` holes `holes` with `B`
/// (`shape:stride`, `usize` leaves), as trees.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn walk_erased<H: ComposeRun<S, D>, S, D>(
    holes: &H,
    shape: S,
    stride: D,
) -> Result<(H::Shape, H::Stride), AlgebraError> {
    match holes.compose_run(Layout::from_parts(shape, stride)) {
        Ok(walked) => Ok(walked.into_parts()),
        Err(e) => Err(e),
    }
}

/// A tree with every leaf a `usize` of the same value: `B` as the
/// run-time composition of the holes takes it, so that composition is one
/// instance per rank of `A` and nesting of `B`, whatever `B`'s numbers.
#[doc(hidden)]
pub trait Erase: Copy {
    /// The tree of `usize`s.
    type Out: Copy;
    /// The tree of `usize`s.
    fn erase(self) -> Self::Out;
}

impl<N: Int> Erase for N {
    type Out = usize;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn erase(self) -> usize {
        self.get()
    }
}

macro_rules! erase {
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<$($T: Erase,)*> Erase for ($($T,)*) {
            type Out = ($($T::Out,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::unused_unit)]
            fn erase(self) -> Self::Out {
                ($(self.$i.erase(),)*)
            }
        }
    };
}

for_each_rank!(erase);

/// `B`'s shape tree (`Self`, strides `DB`) with each leaf `N:R` the mode
/// the composition of the static holes `P` (`(Sh, St, BS, BD)`, as
/// [`HolesWalk`] names them) gives it: the walk's [`FoldedLeaf`]s, each
/// checked against the run-time composition's values (`X`, `Y`: the
/// composition of the `usize` holes, in `B`'s nesting) as
/// [`FoldModes`](crate::__private::FoldModes) checks a composition's.
#[doc(hidden)]
pub trait FoldHoles<DB, P, X, Y> {
    /// The copies' shape tree.
    type Shape;
    /// The copies' stride tree.
    type Stride;
    /// The folded trees; an error where a folded leaf differs from the
    /// run-time value, or the static walk refused.
    fn fold_holes(shapes: X, strides: Y) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
    /// The folded trees as a constant (zero-sized leaves), for
    /// [`StaticHoles`]' shortcut where the whole composition folds.
    const FOLDED: Kept<Self::Shape, Self::Stride>;
}

impl<N, R, Sh, St, BS, BD, X> FoldHoles<R, (Sh, St, BS, BD), X, X> for N
where
    N: StaticInt,
    R: StaticInt,
    X: FoldedMode<HolesWalk<Sh, St, BS, BD, N, R>>,
    HolesWalk<Sh, St, BS, BD, N, R>: StaticWalk,
{
    type Shape = X::Shape<HolesWalk<Sh, St, BS, BD, N, R>>;
    type Stride = X::Stride<HolesWalk<Sh, St, BS, BD, N, R>>;
    const FOLDED: Kept<Self::Shape, Self::Stride> =
        <X as FoldedMode<HolesWalk<Sh, St, BS, BD, N, R>>>::FOLDED;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fold_holes(shapes: X, strides: X) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        let modes = &const { <HolesWalk<Sh, St, BS, BD, N, R> as StaticWalk>::MODES };
        ok_or_return!(mode_agrees(
            modes,
            &shapes.values(),
            &strides.values(),
            X::LEN
        ));
        Ok(X::folded())
    }
}

/// A mode of the run-time composition of the `usize` holes (a tuple of
/// one `usize` per hole) and the folded leaves of a walk `W` in its place,
/// [`FoldModes`](crate::__private::FoldModes)'s types (`FoldedLeaf<W, K, STRIDE>` per sub-mode `K`).
#[doc(hidden)]
pub trait HoleMode: Copy {
    /// The number of sub-modes (holes).
    const LEN: usize;
    /// The folded extents.
    type Shape<W>;
    /// The folded strides.
    type Stride<W>;
    /// The values, the first `len` of `WIDTH` (the rest 0).
    fn values(self) -> [usize; WIDTH];
    /// The folded leaves (zero-sized).
    fn folded<W>() -> (Self::Shape<W>, Self::Stride<W>);
}

/// Folded trees as a constant: each in a `ManuallyDrop`, as a
/// composition's (`compose_static::Constant`).
pub type Kept<S, D> = (ManuallyDrop<S>, ManuallyDrop<D>);

/// [`HoleMode::folded`] as a constant (`ManuallyDrop`: a constant may not
/// drop a value of a generic type, and none is dropped here).
#[doc(hidden)]
pub trait FoldedMode<W>: HoleMode {
    /// The folded extents and strides.
    const FOLDED: Kept<Self::Shape<W>, Self::Stride<W>>;
}

/// `usize`, one per named sub-mode.
macro_rules! usize_for {
    ($x:ident) => {
        usize
    };
}

macro_rules! hole_modes {
    (0;) => {};
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl HoleMode for ($(usize_for!($A),)*) {
            const LEN: usize = $rank;
            type Shape<W> = ($(FoldedLeaf<W, $i, false>,)*);
            type Stride<W> = ($(FoldedLeaf<W, $i, true>,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn values(self) -> [usize; WIDTH] {
                let mut values = [0; WIDTH];
                $(values[$i] = self.$i;)*
                values
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn folded<W>() -> (Self::Shape<W>, Self::Stride<W>) {
                (($(FoldedLeaf::<W, $i, false>(PhantomData),)*), ($(FoldedLeaf::<W, $i, true>(PhantomData),)*))
            }
        }

        impl<W> FoldedMode<W> for ($(usize_for!($A),)*) {
            const FOLDED: Kept<Self::Shape<W>, Self::Stride<W>> = (
                ManuallyDrop::new(($(FoldedLeaf::<W, $i, false>(PhantomData),)*)),
                ManuallyDrop::new(($(FoldedLeaf::<W, $i, true>(PhantomData),)*)),
            );
        }
    };
}

for_each_rank!(hole_modes);

macro_rules! fold_holes {
    ($rank:literal; $(($i:tt $T:ident $D:ident $X:ident))*) => {
        impl<$($T: FoldHoles<$D, P, $X, $X>, $D, $X,)* P> FoldHoles<($($D,)*), P, ($($X,)*), ($($X,)*)>
            for ($($T,)*)
        {
            type Shape = ($($T::Shape,)*);
            type Stride = ($($T::Stride,)*);
            // Each element's constant moved out whole.
            #[allow(non_snake_case)]
            const FOLDED: Kept<Self::Shape, Self::Stride> = {
                let ($(($T, $X),)*) = ($($T::FOLDED,)*);
                (
                    ManuallyDrop::new(($(ManuallyDrop::into_inner($T),)*)),
                    ManuallyDrop::new(($(ManuallyDrop::into_inner($X),)*)),
                )
            };
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables, clippy::unused_unit)]
            fn fold_holes(
                shapes: ($($X,)*),
                strides: ($($X,)*),
            ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
                let parts = ($(ok_or_return!($T::fold_holes(shapes.$i, strides.$i)),)*);
                Ok((($(parts.$i.0,)*), ($(parts.$i.1,)*)))
            }
        }
    };
}

for_each_rank!(fold_holes);

//! The copies of a static product (`product_static.rs`): the run-time
//! holes composed with `B` as `usize` leaves, then each mode given the
//! folded leaves of the `const` walk over the static holes.

use core::marker::PhantomData;
use core::mem::ManuallyDrop;

use super::fallback::HolesFallback;
use super::{HolesWalk, WIDTH, hole_leaves, holes_fold, static_holes};
use crate::__private::algebra::AlgebraError;
use crate::__private::compose_run::ComposeRun;
use crate::__private::compose_static::{FoldedLeaf, Row, StaticList, StaticWalk, mode_agrees};
use crate::__private::edit::Leaves;
use crate::__private::int::{C, Int};
use crate::__private::layout::Layout;
use crate::__private::leaf_list::LeafList;
use crate::__private::list::IntoTuple;
use crate::__private::product_copies::{CopiesWith, ProductTile, TupleOf};
use crate::__private::static_complement::Yes;
use crate::__private::static_int::StaticInt;
use crate::__private::tree::{Mode, Tree};

/// The four leaf tuples a product's static walk names (`Sh:St` of `A`,
/// `BS:BD` of `B`, as [`HolesWalk`]).
type Operands<S, D, B> = (
    <S as Leaves>::Out,
    <D as Leaves>::Out,
    TupleOf<<B as ProductTile>::Shape>,
    TupleOf<<B as ProductTile>::Stride>,
);

/// The copies of an all-static product (`product_copies.rs`'s
/// `CopiesKind` is [`Yes`]): named by `B`'s tree alone ([`FoldHoles`]: each leaf `N:R` the
/// [`FoldedLeaf`]s of [`HolesWalk`], one per hole), the holes from
/// `const`s (`Operands::HOLES`, `product_modes` of the same numbers).
///
/// Where the `const` walk answers the whole composition of the holes with
/// `B` (`holes_fold`), the value is the folded leaves, a constant.
/// Elsewhere the holes are composed with `B` erased to `usize` leaves
/// ([`Erase`]) by the run-time path ([`ComposeRun`]: one instance per rank
/// of `A` and nesting of `B`, shared by every product of that shape), and
/// each mode of its result is checked against its folded leaves
/// (`mode_agrees`), in `B`'s order: the values and errors the run-time
/// holes give.
///
/// Not the run-time path's `ProductCopies` bounds over the static types:
/// proving those (the holes' types, the choice among them, the result
/// named through the run-time composition's) for every static product in
/// each of rustc's phases was about a third of what a static product cost
/// to compile (BENCHMARKS.md, "Compile cost of static products: the copies
/// named by `B`'s tree").
impl<S, D, B> CopiesWith<B, Yes> for Layout<S, D>
where
    S: Mode<D> + Leaves<Out: StaticList + HoleTuple>,
    D: Tree + Leaves<Out: StaticList>,
    B: ProductTile,
    B::Shape:
        LeafList<List: IntoTuple<Tuple: StaticList>> + FoldHoles<B::Stride, Operands<S, D, B>>,
    B::Stride: LeafList<List: IntoTuple<Tuple: StaticList>>,
    // The run-time composition of the `usize` holes (`fallback.rs`), not
    // `Compose` (whose `usize` operands take it): no choice of path to
    // prove per product.
    B: HolesFallback<S::Out>,
{
    type Shape = <B::Shape as FoldHoles<B::Stride, Operands<S, D, B>>>::Shape;
    type Stride = <B::Shape as FoldHoles<B::Stride, Operands<S, D, B>>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn copies_with(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        const {
            assert!(
                !super::Operands::<S::Out, D::Out, TupleOf<B::Shape>, TupleOf<B::Stride>>::NEGATIVE,
                "a product's left layout has a negative stride, which has no complement"
            )
        };
        // The refusal the run-time holes give, naming the caller.
        if let Err(e) =
            const { static_holes::<S::Out, D::Out, TupleOf<B::Shape>, TupleOf<B::Stride>>() }
        {
            return Err(e.naming(function));
        }
        // The whole composition folds: its value is the folded leaves, and
        // nothing else is named for this product (a function chosen while
        // compiling: a debug build walks every function a compiled one
        // names, reached or not). Else the run-time holes' walk checks it
        // (`holes_walked_at_run_time`).
        #[cfg(debug_assertions)]
        let checked = const {
            if holes_fold::<S::Out, D::Out, TupleOf<B::Shape>, TupleOf<B::Stride>>() {
                holes_folded::<B> as fn(B) -> Result<(), AlgebraError>
            } else {
                holes_walked_at_run_time::<S, D, B>
            }
        }(b);
        // An optimised build as before: a plain constant condition.
        #[cfg(not(debug_assertions))]
        let checked = if const { holes_fold::<S::Out, D::Out, TupleOf<B::Shape>, TupleOf<B::Stride>>() }
        {
            Ok(())
        } else {
            holes_walked_at_run_time::<S, D, B>(b)
        };
        if let Err(e) = checked {
            return Err(e.naming(function));
        }
        // Zero-sized: the type is the value.
        let (shape, stride) =
            const { <B::Shape as FoldHoles<B::Stride, Operands<S, D, B>>>::FOLDED };
        Ok((
            ManuallyDrop::into_inner(shape),
            ManuallyDrop::into_inner(stride),
        ))
    }
}

/// [`CopiesWith::copies_with`]'s check of a static product whose
/// composition of the holes with `B` folds while compiling: none.
#[cfg(debug_assertions)]
fn holes_folded<B>(_: B) -> Result<(), AlgebraError> {
    Ok(())
}

/// [`CopiesWith::copies_with`]'s check of a static product whose
/// composition does not fold: the holes `product_modes` gives at run time,
/// from the same numbers, as `usize` leaves; their composition with `B` in
/// `fallback.rs` (not named by this product's types); of those only the
/// lookup of a mode's folded leaves (`FoldHoles::walked`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn holes_walked_at_run_time<S, D, B>(b: B) -> Result<(), AlgebraError>
where
    S: Leaves<Out: StaticList + HoleTuple>,
    D: Leaves<Out: StaticList>,
    B: ProductTile + HolesFallback<S::Out>,
    B::Shape:
        LeafList<List: IntoTuple<Tuple: StaticList>> + FoldHoles<B::Stride, Operands<S, D, B>>,
    B::Stride: LeafList<List: IntoTuple<Tuple: StaticList>>,
{
    let (extents, strides, _) =
        const { hole_leaves::<S::Out, D::Out, TupleOf<B::Shape>, TupleOf<B::Stride>>() };
    b.fallback(&extents, &strides, &mut |target, row| {
        match <B::Shape as FoldHoles<B::Stride, Operands<S, D, B>>>::walked(&mut 0, target, row) {
            Some(agrees) => agrees,
            // Never: the run-time walk gives one mode per leaf.
            None => Err(AlgebraError::FoldedDiffers {
                function: "product",
                walked: target,
                folded: 0,
            }),
        }
    })
}

/// The holes layout of the product of `A` (its leaves `Sh`), `usize`
/// leaves: the holes, then the rest; strides 1, then the stride after each hole.
pub(super) type HolesOf<Sh> = Layout<<Sh as HoleTuple>::Holes, <Sh as HoleTuple>::Strides>;

/// The run-time composition of the `usize` holes `holes` with `B`
/// (`shape:stride`, `usize` leaves), each mode of its result given to
/// `each` in order (its folded leaves' check), until one is refused.
// Out of line in a debug build (one instance per nesting); inlined in an
// optimised one, where the callback is known.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn walk_erased<H: ComposeRun<S, D>, S, D>(
    holes: &H,
    shape: S,
    stride: D,
    each: &mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>,
) -> Result<(), AlgebraError> {
    match holes.compose_run(Layout::from_parts(shape, stride)) {
        Ok(walked) => {
            let (shape, stride) = walked.into_parts();
            H::rows(&shape, &stride, each)
        }
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
/// [`HolesWalk`] names them) gives it: the walk's [`FoldedLeaf`]s, one per
/// hole ([`HoleTuple`]), and each mode's check against the run-time
/// composition's numbers, as [`FoldModes`](crate::__private::FoldModes)
/// checks a composition's.
#[doc(hidden)]
pub trait FoldHoles<DB, P> {
    /// The copies' shape tree.
    type Shape;
    /// The copies' stride tree.
    type Stride;
    /// The folded trees as a constant (zero-sized leaves).
    const FOLDED: Kept<Self::Shape, Self::Stride>;
    /// Mode `target` (counting from `k`) of the run-time composition,
    /// `row`: whether it is its folded leaves (`mode_agrees`, or the static
    /// walk's refusal); `None` past the tree.
    fn walked(k: &mut usize, target: usize, row: &Row) -> Option<Result<(), AlgebraError>>;
}

impl<N, R, Sh, St, BS, BD> FoldHoles<R, (Sh, St, BS, BD)> for N
where
    N: StaticInt,
    R: StaticInt,
    Sh: HoleTuple<Holes: FoldedMode<HolesWalk<Sh, St, BS, BD, N, R>>>,
    HolesWalk<Sh, St, BS, BD, N, R>: StaticWalk,
{
    type Shape = <Sh::Holes as HoleMode>::Shape<HolesWalk<Sh, St, BS, BD, N, R>>;
    type Stride = <Sh::Holes as HoleMode>::Stride<HolesWalk<Sh, St, BS, BD, N, R>>;
    const FOLDED: Kept<Self::Shape, Self::Stride> =
        <Sh::Holes as FoldedMode<HolesWalk<Sh, St, BS, BD, N, R>>>::FOLDED;
    #[inline]
    fn walked(k: &mut usize, target: usize, row: &Row) -> Option<Result<(), AlgebraError>> {
        if *k != target {
            *k += 1;
            return None;
        }
        let modes = &const { <HolesWalk<Sh, St, BS, BD, N, R> as StaticWalk>::MODES };
        Some(mode_agrees(
            modes,
            &row.0,
            &row.1,
            <Sh::Holes as HoleMode>::LEN,
        ))
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
        impl<$($T: FoldHoles<$D, P>, $D,)* P> FoldHoles<($($D,)*), P> for ($($T,)*) {
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
            #[inline]
            #[allow(unused_variables)]
            fn walked(k: &mut usize, target: usize, row: &Row) -> Option<Result<(), AlgebraError>> {
                $(if let Some(done) = $T::walked(k, target, row) {
                    return Some(done);
                })*
                None
            }
        }
    };
}

for_each_rank!(fold_holes);

/// `A`'s leaves (`Self`, a flat tuple of `k` leaves) as the holes of its
/// complement, `k + 1` `usize` leaves: the sub-modes of each mode of a
/// product's copies (the tuple the run-time composition gives such a mode).
#[doc(hidden)]
pub trait HoleTuple {
    /// A tuple of `k + 1` `usize`s: the holes, then the rest.
    type Holes: HoleMode + Copy;
    /// Their strides: `C<1>`, then `k` `usize`s.
    type Strides: Copy;
    /// The holes layout from its numbers (`hole_leaves`: the extents, and
    /// the strides from the second).
    fn holes(
        extents: &[usize; WIDTH],
        strides: &[usize; WIDTH],
    ) -> Layout<Self::Holes, Self::Strides>;
}

macro_rules! hole_tuple {
    (0;) => {};
    (12; $($rest:tt)*) => {};
    ($rank:literal; $(($i:tt $A:ident $D:ident $_c:ident))*) => {
        impl<$($A,)*> HoleTuple for ($($A,)*) {
            type Holes = ($(usize_for!($A),)* usize,);
            type Strides = (C<1>, $(usize_for!($D),)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(non_snake_case)]
            fn holes(extents: &[usize; WIDTH], strides: &[usize; WIDTH]) -> Layout<Self::Holes, Self::Strides> {
                let [$($A,)* Z, ..] = *extents;
                let [_, $($D,)* ..] = *strides;
                Layout::from_parts(($($A,)* Z,), (C::<1>, $($D,)*))
            }
        }
    };
}

for_each_rank!(hole_tuple);

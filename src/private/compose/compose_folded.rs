//! The all-static path of [`Compose`](crate::__private::Compose) of two typed
//! layouts (`compose_value.rs`): every leaf of both operands static and
//! the left layout of two leaves or more ([`ComposeKind`] is [`Yes`]).
//!
//! The result's type is the one the run-time path gives such operands
//! (`compose_leaf.rs`: each leaf `N:R` of the right layout the
//! [`FoldedLeaf`](crate::__private::FoldedLeaf)s of the walk [`ComposeWalk`]`<A, E, N, R>`, one per leaf
//! of the left layout), but named here by the right layout's tree alone
//! ([`FoldTree`]), without the run-time walk's bounds over the static
//! types: proving those bounds in each of rustc's phases was about half of
//! what a static composition cost to compile (BENCHMARKS.md, "Compile cost
//! of static compositions: the folded path").
//!
//! The value: where the `const` walk answers the whole composition
//! (`compose_static_walk::folds`), the folded leaves as a constant, the
//! rest not compiled (an `if const`), as before. Elsewhere (a refusal, a
//! carry, the point-by-point decision, an overflow) the run-time walk runs
//! on the operands' `usize` copies (one instance per nesting, shared by
//! every static pair of that nesting), and each mode is given its folded
//! leaves with the checks the run-time path makes on static operands
//! ([`FoldModes::fold`] after the walk, [`FoldModes::decide`] after the
//! decision): the same values and errors.

use core::mem::ManuallyDrop;

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_fallback::ComposeFallback;
use crate::__private::compose_run::{ComposeRun, ComposeWith};
use crate::__private::compose_static::{
    AllStatic, ComposeWalk, Constant, FoldModes, Row, StaticList, StaticWalk, mode_agrees,
    same_leaf,
};
use crate::__private::compose_static_walk::{Left, RIGHT_WIDTH, Right, folds};
use crate::__private::compose_tree::append;
use crate::__private::compose_walk::FUNCTION;
use crate::__private::layout::Layout;
use crate::__private::leaf_list::LeafList;
use crate::__private::list::{Cons, IntoTuple, Nil};
use crate::__private::product_static::Erase;
use crate::__private::static_complement::{Bit, IsStatic, No, Yes};
use crate::__private::static_int::StaticInt;

/// Whether a list of leaves has two or more, all static: [`Yes`] or [`No`].
#[doc(hidden)]
pub trait ManyStatic {
    /// [`Yes`] or [`No`].
    type Is: Bit;
}

impl ManyStatic for Nil {
    type Is = No;
}

impl<H> ManyStatic for Cons<H, Nil> {
    type Is = No;
}

impl<H0, H1, T> ManyStatic for Cons<H0, Cons<H1, T>>
where
    Self: AllStatic,
{
    type Is = <Self as AllStatic>::Is;
}

/// Whether every leaf of a tree is static: [`Yes`] or [`No`].
#[doc(hidden)]
pub trait TreeStatic {
    /// [`Yes`] or [`No`].
    type Is: Bit;
}

impl<N: IsStatic> TreeStatic for N {
    type Is = N::Is;
}

macro_rules! tree_static {
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<$($T: TreeStatic,)*> TreeStatic for ($($T,)*) {
            type Is = tree_static!(@and $($T)*);
        }
    };
    (@and) => { Yes };
    (@and $T:ident $($rest:ident)*) => { <<$T as TreeStatic>::Is as Bit>::And<tree_static!(@and $($rest)*)> };
}

for_each_rank!(tree_static);

/// Which path `Compose` of the left leaves `AS` (a list; its stride tree
/// `AE`) and the right layout `BS:BD` (trees) takes: [`Yes`], the folded leaves named by
/// the types (this file), when the left layout has two leaves or more and
/// every leaf is static; [`No`], the run-time walk (`compose_run.rs`).
pub type ComposeKind<AS, AE, BS, BD> = <<AS as ManyStatic>::Is as Bit>::And<
    <<AE as TreeStatic>::Is as Bit>::And<
        <<BS as TreeStatic>::Is as Bit>::And<<BD as TreeStatic>::Is>,
    >,
>;

/// A static tree's `usize` copy as a constant (as [`Erase`] gives it).
#[doc(hidden)]
pub trait StaticValues: Erase {
    /// The tree of `usize`s.
    const VALUES: Self::Out;
}

impl<N: StaticInt> StaticValues for N {
    const VALUES: usize = N::VALUE as usize;
}

macro_rules! static_values {
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<$($T: StaticValues,)*> StaticValues for ($($T,)*) {
            const VALUES: Self::Out = ($($T::VALUES,)*);
        }
    };
}

for_each_rank!(static_values);

/// The right layout's shape tree (`Self`, strides `D`) over the static left
/// layout's leaves (`AT`, strides `ET`, flat tuples): each leaf `N:R` the
/// mode [`FoldModes`] gives the walk `ComposeWalk<AT, ET, N, R>`, as
/// `ComposeTree` and `ComposeLeaf` give it to static operands, and each
/// mode's checks against the run-time walk's numbers.
#[doc(hidden)]
pub trait FoldTree<D, AT, ET> {
    /// The result's shape tree.
    type Shape;
    /// The result's stride tree.
    type Stride;
    /// The right layout's leaves as numbers (`compose_static_walk::folds`).
    const RIGHT: Right;
    /// The result's trees as a constant (whether it is the composition's
    /// value is `folds`'s to say).
    const FOLDED: Constant<Self::Shape, Self::Stride>;
    /// Mode `target` (counting from `k`) walked as `row`: whether it is its
    /// folded leaves (`FoldModes::fold`'s check); `None` past the tree.
    fn walked(k: &mut usize, target: usize, row: &Row) -> Option<Result<(), AlgebraError>>;
    /// Mode `target` decided as `row`: whether it is its folded leaves'
    /// function (`FoldModes::decide`'s check); `None` past the tree.
    fn decided(k: &mut usize, target: usize, row: &Row, empty: bool) -> Option<bool>;
}

impl<N: StaticInt, R: StaticInt, AT, ET> FoldTree<R, AT, ET> for N
where
    AT: StaticList + FoldModes<ComposeWalk<AT, ET, N, R>, Yes>,
    ComposeWalk<AT, ET, N, R>: StaticWalk,
{
    type Shape = AT::Shape;
    type Stride = AT::Stride;
    const RIGHT: Right = Some(([(N::VALUE as usize, R::VALUE as usize); RIGHT_WIDTH], 1));
    const FOLDED: Constant<AT::Shape, AT::Stride> = AT::FOLDED;
    #[inline]
    fn walked(k: &mut usize, target: usize, row: &Row) -> Option<Result<(), AlgebraError>> {
        if *k != target {
            *k += 1;
            return None;
        }
        let modes = const { <ComposeWalk<AT, ET, N, R> as StaticWalk>::MODES };
        Some(mode_agrees(&modes, &row.0, &row.1, AT::LEN))
    }
    #[inline]
    fn decided(k: &mut usize, target: usize, row: &Row, empty: bool) -> Option<bool> {
        if *k != target {
            *k += 1;
            return None;
        }
        let ok = const { <ComposeWalk<AT, ET, N, R> as StaticWalk>::MODES.is_ok() };
        let folded = match const { AT::FOLDED } {
            Some((shape, stride)) => AT::row(&shape, &stride),
            None => return Some(false),
        };
        let len = AT::LEN;
        let decided = (&row.0[..len], &row.1[..len]);
        let n = N::VALUE as usize;
        Some(same_leaf(
            n,
            empty,
            decided,
            (&folded.0[..len], &folded.1[..len]),
            ok,
        ))
    }
}

macro_rules! fold_trees {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<AT, ET, $($S: FoldTree<$D, AT, ET>, $D,)*> FoldTree<($($D,)*), AT, ET> for ($($S,)*) {
            type Shape = ($($S::Shape,)*);
            type Stride = ($($S::Stride,)*);
            const RIGHT: Right = {
                #[allow(unused_mut)]
                let mut all = Some(([(0, 0); RIGHT_WIDTH], 0));
                $(all = append(all, $S::RIGHT);)*
                all
            };
            // Each element's constant moved out whole (`ManuallyDrop`: no
            // value of a generic type is dropped while compiling).
            #[allow(non_snake_case)]
            const FOLDED: Constant<Self::Shape, Self::Stride> = match ($($S::FOLDED,)*) {
                ($(Some(($S, $D)),)*) => Some((
                    ManuallyDrop::new(($(ManuallyDrop::into_inner($S),)*)),
                    ManuallyDrop::new(($(ManuallyDrop::into_inner($D),)*)),
                )),
                #[allow(unreachable_patterns)]
                _ => None,
            };
            #[inline]
            #[allow(unused_variables)]
            fn walked(k: &mut usize, target: usize, row: &Row) -> Option<Result<(), AlgebraError>> {
                $(if let Some(done) = $S::walked(k, target, row) {
                    return Some(done);
                })*
                None
            }
            #[inline]
            #[allow(unused_variables)]
            fn decided(k: &mut usize, target: usize, row: &Row, empty: bool) -> Option<bool> {
                $(if let Some(done) = $S::decided(k, target, row, empty) {
                    return Some(done);
                })*
                None
            }
        }
    };
}

for_each_rank!(fold_trees);

/// A tree's leaves as a flat tuple.
type Tuple<S> = <<S as LeafList>::List as IntoTuple>::Tuple;

// All static, two leaves or more on the left (`ComposeKind`).
#[diagnostic::do_not_recommend]
impl<S, D, SB, DB> ComposeWith<SB, DB, Yes> for Layout<S, D>
where
    S: LeafList<List: IntoTuple<Tuple: StaticList>>,
    D: LeafList<List: IntoTuple<Tuple: StaticList>>,
    SB: FoldTree<DB, Tuple<S>, Tuple<D>>,
    // The run-time walk where the `const` one does not answer
    // (`compose_fallback.rs`).
    Self: ComposeFallback<SB, DB>,
{
    type Shape = SB::Shape;
    type Stride = SB::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compose_with(
        &self,
        _: Layout<SB, DB>,
    ) -> Result<Layout<SB::Shape, SB::Stride>, AlgebraError> {
        // The `const` walk answers every leaf with nothing carrying: the
        // value is the folded leaves'. Elsewhere the run-time path runs on
        // the operands' `usize` copies (`walked_at_run_time`), its modes
        // checked against the folded ones as that path checks a static
        // operand's; where they pass, the value is the folded leaves' too
        // (zero-sized: the type is the value). Which of the two is chosen
        // while compiling, a function pointer, so the other is never
        // named: a debug build walks every function a compiled one names,
        // reached or not, and evaluates its constants.
        #[cfg(debug_assertions)]
        let checked = const {
            if static_folds::<Tuple<S>, Tuple<D>, SB, DB>() {
                folds_while_compiling as fn() -> Result<(), AlgebraError>
            } else {
                walked_at_run_time::<S, D, SB, DB>
            }
        }();
        // An optimised build as before: a plain constant condition, the
        // call direct (the MIR inliner's).
        #[cfg(not(debug_assertions))]
        let checked = if const { static_folds::<Tuple<S>, Tuple<D>, SB, DB>() } {
            Ok(())
        } else {
            walked_at_run_time::<S, D, SB, DB>()
        };
        match checked {
            Ok(()) => match const { SB::FOLDED } {
                Some((shape, stride)) => Ok(Layout::from_parts(
                    ManuallyDrop::into_inner(shape),
                    ManuallyDrop::into_inner(stride),
                )),
                // Never: every static mode is a constant (`FoldModes`).
                None => Err(AlgebraError::FoldedDiffers {
                    function: FUNCTION,
                    walked: 0,
                    folded: 0,
                }),
            },
            Err(e) => Err(e),
        }
    }
}

/// [`ComposeWith::compose_with`]'s check of the static operands whose
/// `const` walk answers: none (one function, compiled here).
#[cfg(debug_assertions)]
fn folds_while_compiling() -> Result<(), AlgebraError> {
    Ok(())
}

/// [`ComposeWith::compose_with`]'s check of the static operands whose
/// `const` walk does not answer: the run-time walk of their `usize`
/// copies (`ComposeFallback`), each mode checked against the folded
/// leaves (`FoldTree::walked`, `FoldTree::decided`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn walked_at_run_time<S, D, SB, DB>() -> Result<(), AlgebraError>
where
    S: LeafList<List: IntoTuple<Tuple: StaticList>>,
    D: LeafList<List: IntoTuple<Tuple: StaticList>>,
    SB: FoldTree<DB, Tuple<S>, Tuple<D>>,
    Layout<S, D>: ComposeFallback<SB, DB>,
{
    <Layout<S, D> as ComposeFallback<SB, DB>>::fallback(
        &mut |target, row| match SB::walked(&mut 0, target, row) {
            Some(agrees) => agrees,
            // Never: the run-time walk gives one mode per leaf.
            None => Err(AlgebraError::FoldedDiffers {
                function: FUNCTION,
                walked: target,
                folded: 0,
            }),
        },
        &mut |target, row, empty| matches!(SB::decided(&mut 0, target, row, empty), Some(true)),
    )
}

/// `a ∘ b` of the `usize` copies of two static layouts by the run-time
/// path (`compose_run.rs`), each mode checked as it checks a static one:
/// after the walk, `walked` (`FoldModes::fold`: equal to the folded
/// leaves, else the error); after the decision, `decided`
/// (`FoldModes::decide`: the folded leaves' function, else the walk's
/// refusal).
// Out of line in a debug build (one instance per nesting); inlined in an
// optimised one, where the callbacks are known and a static operand's
// checks fold as they did on the static types.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(in crate::__private) fn run<S, D, SB, DB>(
    a: Layout<S, D>,
    b: Layout<SB, DB>,
    walked: &mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>,
    decided: &mut dyn FnMut(usize, &Row, bool) -> bool,
) -> Result<(), AlgebraError>
where
    Layout<S, D>: ComposeRun<SB, DB>,
    SB: Copy,
    DB: Copy,
{
    match a.walk_parts(b) {
        Ok((shape, stride)) => <Layout<S, D> as ComposeRun<SB, DB>>::rows(&shape, &stride, walked),
        Err(
            refused @ (AlgebraError::ShapeNotDivisible { .. }
            | AlgebraError::StrideNotDivisible { .. }
            | AlgebraError::Carry { .. }),
        ) if <Layout<S, D> as ComposeRun<SB, DB>>::LEAVES > 2 => match a.decide_parts(b, refused) {
            Ok((c, empty)) => {
                let (shape, stride) = c.into_parts();
                <Layout<S, D> as ComposeRun<SB, DB>>::rows(&shape, &stride, &mut |target, row| {
                    if decided(target, row, empty) {
                        Ok(())
                    } else {
                        Err(refused)
                    }
                })
            }
            Err(e) => Err(e),
        },
        Err(refused) => Err(refused),
    }
}

/// Whether `Compose` of the static left leaves `AT` (strides `ET`) and the
/// right layout `SB:DB` is the folded constant `SB::FOLDED`
/// (`compose_static_walk::folds`).
const fn static_folds<AT, ET, SB, DB>() -> bool
where
    AT: StaticList,
    ET: StaticList,
    SB: FoldTree<DB, AT, ET>,
{
    let left = Left {
        extents: AT::VALUES,
        strides: ET::VALUES,
        len: AT::LEN,
    };
    SB::FOLDED.is_some() && folds(&left, &SB::RIGHT)
}

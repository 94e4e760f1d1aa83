//! The run-time path of [`Compose`](crate::__private::Compose) of two typed
//! layouts (`compose_value.rs`): the walk over the left layout's leaves
//! (`compose_tree.rs`, `compose_walk.rs`), its check, and the point-by-point
//! decision where it refuses (`compose_decide.rs`). Every composition with a
//! `usize` leaf, or a left layout of one leaf, takes it
//! ([`ComposeWith`] for [`No`]); an all-static one runs it on its `usize`
//! copies (`compose_folded.rs`).

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_decide::{Reads, additive};
use crate::__private::compose_static::Row;
use crate::__private::compose_tree::ComposeTree;
use crate::__private::compose_walk::{WalkLeaves, cute_merges};
use crate::__private::layout::Layout;
use crate::__private::leaf_list::LeafList;
use crate::__private::static_complement::No;
use crate::__private::tree::{Mode, Tree};

/// `Compose` of `Self` with `Layout<SB, DB>` by the path `K` chooses
/// (`compose_value.rs`, `ComposeKind`): [`No`] the run-time walk,
/// [`Yes`](crate::__private::Yes) the folded leaves (`compose_folded.rs`).
/// A product's holes take [`No`] directly (`product_copies.rs`; static
/// holes implement it too, `product_static/fold.rs`).
#[doc(hidden)]
pub trait ComposeWith<SB, DB, K> {
    /// The result's shape tree.
    type Shape;
    /// The result's stride tree.
    type Stride;
    /// `self ∘ b`, as [`Compose::composition`](crate::__private::Compose::composition).
    fn compose_with(
        &self,
        b: Layout<SB, DB>,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError>;
}

/// A composition decided point by point, and whether its right layout is
/// empty (reads no index).
pub type Decided<S, D> = Result<(Layout<S, D>, bool), AlgebraError>;

/// The run-time composition of `Self` with `Layout<SB, DB>`, in two parts:
/// the walk with its check, and the point-by-point decision where the walk
/// refuses. An all-static composition calls them on its operands' `usize`
/// copies (`compose_folded.rs`), so that they are proven and compiled once
/// per nesting rather than once per pair of static types.
#[doc(hidden)]
pub trait ComposeRun<SB, DB> {
    /// The result's shape tree.
    type Shape;
    /// The result's stride tree.
    type Stride;
    /// How many leaves the left layout has.
    const LEAVES: usize;
    /// `self ∘ b`: the walk merging on the values (the `const` walk's),
    /// and the decision where it refuses (a static product's holes call
    /// it, `product_static/fold.rs`; [`ComposeWith`] for [`No`] walks
    /// CuTe's modes first).
    fn compose_run(
        &self,
        b: Layout<SB, DB>,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError>;
    /// The walk's result: every leaf of `b` walked, the reaches checked.
    fn walk_parts(&self, b: Layout<SB, DB>) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
    /// `self ∘ b` decided point by point as the core decides it, where
    /// the walk refused with `refused` (kept where the core refuses too),
    /// and whether `b` is empty (reads no index).
    fn decide_parts(
        &self,
        b: Layout<SB, DB>,
        refused: AlgebraError,
    ) -> Decided<Self::Shape, Self::Stride>;
    /// Each mode's numbers (`FoldModes::row`), in order (the right
    /// layout's leaves'), given to `each` with its index, until one is
    /// refused.
    fn rows(
        shape: &Self::Shape,
        stride: &Self::Stride,
        each: &mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>,
    ) -> Result<(), AlgebraError>;
}

impl<S: Mode<D>, D: Tree, SB: ComposeTree<DB, S::List, D::List>, DB: Tree> ComposeRun<SB, DB>
    for Layout<S, D>
where
    S: LeafList,
    D: LeafList,
    S::List: WalkLeaves<D::List>,
    SB: Mode<DB>,
    SB::Shape: Mode<SB::Stride>,
    SB::Stride: Tree,
{
    type Shape = SB::Shape;
    type Stride = SB::Stride;
    const LEAVES: usize = <S::List as WalkLeaves<D::List>>::LEAVES;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compose_run(
        &self,
        b: Layout<SB, DB>,
    ) -> Result<Layout<SB::Shape, SB::Stride>, AlgebraError> {
        match self.walk_parts(b) {
            Ok((shape, stride)) => Ok(Layout::from_parts(shape, stride)),
            // Where no step can fail, as over a static line, the cold call
            // is dead code and the result's leaves fold as before. (`if
            // const`: a left layout of two leaves compiles no decision at
            // all, not even in a debug build.)
            Err(
                refused @ (AlgebraError::ShapeNotDivisible { .. }
                | AlgebraError::StrideNotDivisible { .. }
                | AlgebraError::Carry { .. }),
            ) if const { <S::List as WalkLeaves<D::List>>::LEAVES > 2 } => {
                decided(*self, b, refused)
            }
            Err(refused) => Err(refused),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk_parts(&self, b: Layout<SB, DB>) -> Result<(SB::Shape, SB::Stride), AlgebraError> {
        // The `usize` copies of static operands (`compose_folded.rs`) and
        // a static product's holes: their static walk merges on the values.
        walk_checked(self, b, true)
    }
    #[inline]
    fn decide_parts(
        &self,
        b: Layout<SB, DB>,
        refused: AlgebraError,
    ) -> Decided<SB::Shape, SB::Stride> {
        match decided(*self, b, refused) {
            Ok(c) => Ok((c, b.size() == 0)),
            Err(e) => Err(e),
        }
    }
    #[inline]
    fn rows(
        shape: &SB::Shape,
        stride: &SB::Stride,
        each: &mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>,
    ) -> Result<(), AlgebraError> {
        SB::rows(shape, stride, &mut 0, each)
    }
}

// The same bounds as `ComposeRun`'s impl, not `Self: ComposeRun<SB, DB>`:
// one impl fewer for rustc to select and project through where a
// composition names its result.
#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, SB: ComposeTree<DB, S::List, D::List>, DB: Tree> ComposeWith<SB, DB, No>
    for Layout<S, D>
where
    S: LeafList,
    D: LeafList,
    S::List: WalkLeaves<D::List>,
    SB: Mode<DB>,
    SB::Shape: Mode<SB::Stride>,
    SB::Stride: Tree,
{
    type Shape = SB::Shape;
    type Stride = SB::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compose_with(
        &self,
        b: Layout<SB, DB>,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
        // CuTe's walk first: dynamic leaves of `self` that continue one
        // another stay apart, as CuTe's `coalesce` leaves them (its leaves,
        // `cute_merges`); where a step refuses, one cold call: the walk
        // over the groups the values make, then the point-by-point
        // decision. (One call whose result is the method's: the walk's
        // parts never pass through a variable the cold call also writes,
        // which put them in memory, stored a word at a time and read back
        // 16 bytes at a time, a failed store forwarding each time;
        // BENCHMARKS.md, "The `Compose` method at CuTe's leaves".)
        match walk_checked(self, b, false) {
            Ok((shape, stride)) => Ok(Layout::from_parts(shape, stride)),
            Err(
                refused @ (AlgebraError::ShapeNotDivisible { .. }
                | AlgebraError::StrideNotDivisible { .. }
                | AlgebraError::Carry { .. }),
            ) if const {
                merges_fewer::<S::List, D::List>() || <S::List as WalkLeaves<D::List>>::LEAVES > 2
            } =>
            {
                refused_walk(*self, b, refused)
            }
            Err(refused) => Err(refused),
        }
    }
}

/// Where CuTe's walk refused (`refused`): the walk merging on the values
/// (where CuTe merges fewer leaves than the values may), then, past two
/// leaves, the point-by-point decision. Cold. `a` by value: by reference,
/// the caller's `a` had to be in memory on the hot path too, its leaves
/// stored on every call (`compose` 154.5 instructions against 132.4).
#[cold]
#[inline(never)]
fn refused_walk<S, D, SB, DB>(
    a: Layout<S, D>,
    b: Layout<SB, DB>,
    refused: AlgebraError,
) -> Result<Layout<SB::Shape, SB::Stride>, AlgebraError>
where
    S: Mode<D> + LeafList,
    D: Tree + LeafList,
    S::List: WalkLeaves<D::List>,
    SB: ComposeTree<DB, S::List, D::List> + Mode<DB>,
    DB: Tree,
    SB::Shape: Mode<SB::Stride>,
    SB::Stride: Tree,
{
    let checked = if const { merges_fewer::<S::List, D::List>() } {
        walk_checked(&a, b, true)
    } else {
        Err(refused)
    };
    match checked {
        Ok((shape, stride)) => Ok(Layout::from_parts(shape, stride)),
        Err(
            refused @ (AlgebraError::ShapeNotDivisible { .. }
            | AlgebraError::StrideNotDivisible { .. }
            | AlgebraError::Carry { .. }),
        ) if const { <S::List as WalkLeaves<D::List>>::LEAVES > 2 } => decided(a, b, refused),
        Err(refused) => Err(refused),
    }
}

/// Whether CuTe's merges (`cute_merges`) are fewer than the values'
/// may be: some leaf of the left layout but the first may not join the
/// group before it on its values.
const fn merges_fewer<L: WalkLeaves<E>, E>() -> bool {
    let all = if L::LEAVES >= 33 {
        u32::MAX
    } else {
        ((1u64 << (L::LEAVES - 1)) - 1) as u32
    };
    cute_merges(L::STATICS) & all != all
}

/// The walk of every leaf of `b` over `a`'s leaves, with its check:
/// `by_values` as `ComposeLeaf::compose_leaf`'s. (Written out as the
/// run-time path compiled before it had a trait of its own: the release
/// code of every composition with a `usize` leaf; BENCHMARKS.md, "Compile
/// cost of static compositions: the folded path".)
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn walk_checked<S, D, SB, DB>(
    a: &Layout<S, D>,
    b: Layout<SB, DB>,
    by_values: bool,
) -> Result<(SB::Shape, SB::Stride), AlgebraError>
where
    S: Mode<D> + LeafList,
    D: Tree + LeafList,
    S::List: WalkLeaves<D::List>,
    SB: ComposeTree<DB, S::List, D::List> + Mode<DB>,
    DB: Tree,
{
    let (al, e) = (a.shape().leaf_list(), a.stride().leaf_list());
    let mut reach = Default::default();
    let (b_shape, b_stride) = b.into_parts();
    let walked = b_shape.compose_tree(b_stride, al, e, by_values, &mut reach);
    // A `match`, not `and_then` with closures: each would be a function
    // of its own per result type in a debug build (BENCHMARKS.md,
    // "Compile cost of static compositions and products: the names").
    match walked {
        Ok(parts) => match al.check(reach) {
            Ok(false) => Ok(parts),
            Ok(true) => crate::__private::compose_walk::empty_mode(b, parts),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    }
}

/// `a ∘ b` decided point by point as the core decides it, where the walk
/// refused (`refused`, the error kept where the core refuses too).
#[cold]
#[inline(never)]
fn decided<S, D, SB, DB>(
    a: Layout<S, D>,
    b: Layout<SB, DB>,
    refused: AlgebraError,
) -> Result<Layout<SB::Shape, SB::Stride>, AlgebraError>
where
    S: Mode<D> + LeafList,
    D: Tree + LeafList,
    S::List: WalkLeaves<D::List>,
    SB: ComposeTree<DB, S::List, D::List> + Mode<DB>,
    DB: Tree,
    SB::Shape: Mode<SB::Stride>,
    SB::Stride: Tree,
{
    let al = a.shape().leaf_list();
    let mut reads = Reads {
        empty: b.size() == 0,
        ..Reads::default()
    };
    let (b_shape, b_stride) = b.into_parts();
    let Some((shape, stride)) =
        b_shape.decide_tree(b_stride, al, a.stride().leaf_list(), &mut reads)
    else {
        return Err(refused);
    };
    let c = Layout::from_parts(shape, stride);
    // Every offset fits (no wrapping in `at`): the spans were summed checked.
    let right = Layout::from_parts(b_shape, b_stride);
    let at = |i| (c.at(i), al.value(a.stride().leaf_list(), right.at(i)));
    if reads.empty || additive(right.size(), at) {
        Ok(c)
    } else {
        Err(refused)
    }
}

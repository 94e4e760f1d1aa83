//! Composition of typed layout *values* (ARCHITECTURE.md, "Typed algebra
//! on dynamic leaves: the plan", step 4): `a.composition(b)` for typed
//! layouts `a` and `b` of any nesting, a typed layout from straight-line
//! code, or an [`AlgebraError`] naming the values.
//!
//! Stable Rust cannot choose a type from a const value, so the result's
//! nesting depends only on the operands' nestings: it is the nesting
//! CuTe's `composition_impl` (after `coalesce`) gives when every leaf is
//! dynamic. `a` is flattened to its leaves `a0:e0, …, ak:ek`; each leaf
//! `n:r` of `b` walks them group by group with the exact step
//! `compose_step_exact` (`compose_exact.rs`; CuTe's step where CuTe's
//! holds), and becomes a mode with one sub-mode per leaf of `a` (a leaf
//! `n:r·e0` when `a` has one leaf); the modes keep `b`'s nesting. Where two
//! leaves of `b` reach into one group of `a`, their reaches must not carry
//! (as [`no_carry`](crate::__private::no_carry)). Leaves of `a` that
//! continue one another are one group where CuTe's `coalesce` merges them
//! (on their types: `cute_merges`, `compose_walk.rs`), so the leaves are
//! CuTe's; where that walk refuses, a cold second walk merges them on the
//! values ([`WalkLeaves`]), and where that refuses, a cold path decides
//! the value point by point as the core does (`compose_decide.rs`), so the
//! trait answers exactly where the core's exact composition answers.
//!
//! The walk is a recursion over type-level lists (`list.rs`): after
//! inlining, a few compares, multiplies and (where a leaf of `b` crosses
//! a group) divisions per pair of leaves; no call, no allocation. The
//! point-by-point decision reads `a` once per index of `b` (at most 2^20,
//! the core's limit), with no allocation either, and runs only where the
//! walk refuses.

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_folded::TreeStatic;
use crate::__private::compose_folded::{ComposeKind, ManyStatic};
use crate::__private::compose_run::ComposeWith;
use crate::__private::edit::{AsModes, Take};
use crate::__private::fits_gate::{NOTHING, gated_after};
use crate::__private::fits_value::{FitsCore, Role};
use crate::__private::int::C;
use crate::__private::layout::Layout;
use crate::__private::leaf_list::LeafList;
use crate::__private::tree::{Mode, Tree};

/// CuTe's `composition(a, b)` of typed layout values: `a ∘ b`, so that
/// `(a ∘ b)(c) = a(b(c))` at every coordinate `c` of `b`.
///
/// `B` is a typed [`Layout`] of any nesting, an extent `C<N>` or `usize`
/// (`n` is the layout `n:1`), or a by-mode tiler: a tuple of those, at
/// most one per top-level mode of `self` (mode `i` composed with `Bi`, the
/// modes past the tiler dropped, as CuTe).
///
/// **The result's nesting** depends on the operands' nestings only, never
/// on their numbers (a value cannot choose a type): `self` is flattened to
/// its leaves `a0:e0, …, ak:ek`, and each leaf `n:r` of `b` becomes the
/// mode `(t0,…,tk):(d0,…,dk)`, one sub-mode per leaf of `self` (the leaf
/// `n:r·e0` when `self` has one leaf), in `b`'s nesting. That is the
/// nesting CuTe's `composition` gives when every leaf is dynamic. Where
/// CuTe's templates see static numbers they may nest differently: CuTe's
/// `coalesce` drops a static extent-1 mode of `self` and merges static
/// modes that continue one another before the walk, its walk skips a mode
/// a static step proves to be of extent 1, and a static stride 0 or extent
/// 1 in `b` keeps `b`'s leaf. `layout!(type composition(…))` of two
/// written-out layouts follows CuTe's static nesting; this trait keeps
/// every mode (extent 1 where CuTe drops it: the same function).
///
/// **The values.** The walk is CuTe's (`composition_impl`): a leaf takes
/// `min(ceil(a/r), n)` elements of a mode `a:e` at stride `r·e`, the rest
/// going on at stride `ceil(r/a)`, the last mode taking what is left. The
/// modes walked are CuTe's too: leaves of `self` that continue one another
/// (`e' = a·e`, or an extent 1 but the last's) are one group where CuTe's
/// `coalesce` merges them, on their types (static extents and strides;
/// a static extent 1), the group's part at its first leaf and the others
/// `1:0`; dynamic leaves are walked one by one, as CuTe walks them. So the
/// result has CuTe's shape and CuTe's stride at every leaf of extent
/// other than 1 wherever CuTe's divisibility holds (the leaves
/// `layout!(type composition(…))` gives: `tests/typed_compose_method_cute.rs`).
/// Once a leaf of `b` is placed, the later sub-modes are `1:0` (CuTe's
/// strides there are other numbers of no effect). Each step over a group
/// is exact rather than CuTe's: with `r = q·a + ρ`, the leaf is a line
/// plus the walk of `ρ` inside the mode `a:e` and the walk of `q` over the
/// groups after it (ARCHITECTURE.md, "Composition of typed values"). Where
/// CuTe's walk breaks a divisibility condition (where CuTe's layout is not
/// the composition), the walk runs again (cold) with the leaves that
/// continue one another merged on their values, dynamic or not; where
/// that refuses too (a left layout of three or more groups whose carries
/// cancel, or a leaf that crosses a group before two more), the value is
/// decided point by point as the core decides it: each leaf's only
/// coalesced layout, then `a(b(i))` checked at every index of `b`. So the
/// trait answers exactly where the core's exact composition does,
/// overlapping, zero and padded strides included (where the macro may
/// refuse).
///
/// **Leaf types.** A leaf of `b` that CuTe passes through unchanged (the
/// shape of `b`'s leaf when `self` has one leaf) keeps its type, and the
/// stride `r·e0` there is a static [`Prod`](crate::__private::Prod) when both are
/// static. A mode computed by the walk is static
/// ([`FoldedLeaf`](crate::__private::FoldedLeaf)s, folded while compiling, zero-sized)
/// when every leaf of `self` and that leaf of `b` are static, as CuTe
/// keeps it; otherwise its leaves are `usize`. Where the walk refuses and
/// the value is decided point by point, the static leaves are decided the
/// same way while compiling, reading a number of values of `a` bounded by
/// the period of `a(c·r)` rather than `n` (so a long static leaf stays
/// within rustc's `long_running_const_eval`). A refusal is an `Err` at run
/// time either way.
///
/// **Checks.** Each step of the walk is exact under conditions it checks
/// (the leaf's extent is a multiple of the part that stays in a group, its
/// digit there does not carry, no empty mode but the last), and where two
/// leaves of `b` reach into one group of `self`, their reaches add up below
/// its extent (nothing carries). Where one fails, the point-by-point
/// decision answers if the core does; otherwise the walk's error, naming
/// the values, is returned, never a layout that differs from the core's
/// exact composition (`layout_dsl::algebra`);
/// a product that overflows is an error too. Offsets are `usize`: layouts
/// with a negative static stride (`isize` offsets) are not taken, and
/// `self` has at most 12 leaves (a mode of the result is a tuple).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{AlgebraError, C, Compose, Layout};
/// let (m, n) = (8, 6);
/// let a = layout!((m,n):(1,m));
/// // Every second column's first four rows, as (4,3):(1,2m):
/// let (p, q, s) = (4, 3, 2 * m);
/// let b = layout!((p,q):(1,s));
/// let c = a.composition(b).unwrap();
/// // One sub-mode per leaf of `a` in each mode of `b`:
/// let _: Layout<((usize, usize), (usize, usize)), ((usize, usize), (usize, usize))> = c;
/// // CuTe's walk over the dynamic leaves one by one: 3:16 steps over the
/// // rows (extent 1 there) and lands in the columns, as CuTe's:
/// assert_eq!(c.to_string(), "((4,1),(1,3)):((1,0),(0,16))");
/// assert_eq!(c.crd2idx((3, 2)), 3 + 2 * 16);
/// // All static: CuTe's `coalesce` merges the static modes, walked as one
/// // mode whose part sits at its first leaf; the layout zero-sized.
/// let fixed = layout!(type (8,6):(1,8)).composition(layout!(type (4,3):(1,16))).unwrap();
/// assert_eq!(fixed.to_string(), "((4,1),(3,1)):((1,0),(16,0))");
/// assert_eq!(core::mem::size_of_val(&fixed), 0);
/// // A leaf of `a` alone: `b`'s shape passes through, and a static
/// // stride times a static stride stays static.
/// let row = layout!(type m:2).composition(layout!(type 4:3)).unwrap();
/// let _: Layout<C<4>, layout_dsl::typed::Prod<C<3>, C<2>>> = row;
/// assert_eq!(row.to_string(), "4:6");
/// // 4 consecutive elements do not fit a mode of 3 rows (of a column of 4):
/// let (m, ld) = (3, 4);
/// let short = layout!((m,n):(1,ld));
/// assert_eq!(
///     short.composition(layout!(type 4:1)),
///     Err(AlgebraError::ShapeNotDivisible { function: "composition", shape: 4, part: 3 })
/// );
/// // A by-mode tiler: rows 0..4 and every second of 3 columns.
/// let a = layout!((m,n):(1,m));
/// let t = a.composition((C::<2>, layout!(type 3:2))).unwrap();
/// // CuTe's walk refuses 4:1 over the 3 rows; the second walk merges the
/// // leaves of `a`, which continue one another, so a leaf may cross rows:
/// let c = a.composition(layout!(type 4:1)).unwrap();
/// assert_eq!(c.to_string(), "(4,1):(1,0)");
/// assert_eq!(t.to_string(), "(2,3):(1,6)");
/// // Three groups, the first of stride 0: `b(1) = 3` reads `a(3) = 1`, a
/// // layout though CuTe's walk needs 3 and 2 to divide one another.
/// let (two, zero) = (2usize, 0usize);
/// let three = layout!((two,two,1):(zero,1,zero));
/// let c = three.composition(layout!((1,2):(0,3))).unwrap();
/// assert_eq!((c.size(), c.at(1)), (2, three.at(3)));
/// // A shorter tiler drops the modes past it, as CuTe:
/// assert_eq!(a.composition((C::<2>,)).unwrap().to_string(), "(2):(1)");
/// ```
///
/// The result's type is `Layout<<A as Compose<B>>::Shape, <A as
/// Compose<B>>::Stride>`; `layout_type!(type composition(#A, #B))` writes
/// it, where `#A` and `#B` name the operands' *types* (as `#a` names a
/// value in `layout!`), and either may be written out instead:
///
/// ```
/// use layout_dsl::typed::{AlgebraError, Compose, Layout};
/// use layout_dsl::{layout, layout_type};
/// type Matrix = layout_type!((m,n):(1,ld));
/// type Tile = layout_type!(type (4,2):(1,8));
/// type Picked = layout_type!(type composition(#Matrix, #Tile));
/// type Rows = layout_type!(type composition(#Matrix, (4,k):(1,s)));
/// fn pick(a: Matrix) -> Result<Picked, AlgebraError> {
///     let tile: Tile = layout!(type (4,2):(1,8));
///     layout!(type composition(#a, #tile))
/// }
/// fn rows(a: Matrix, k: usize, s: usize) -> Result<Rows, AlgebraError> {
///     layout!(type composition(#a, (4,k):(1,s)))
/// }
/// let (m, n) = (8, 6);
/// let a: Matrix = layout!((m,n):(1,m));
/// let same: Layout<<Matrix as Compose<Tile>>::Shape, <Matrix as Compose<Tile>>::Stride> =
///     pick(a).unwrap();
/// // CuTe's walk over `a`'s dynamic leaves, one by one:
/// assert_eq!(same.to_string(), "((4,1),(1,2)):((1,0),(0,8))");
/// assert_eq!(rows(a, 3, 16).unwrap().to_string(), "((4,1),(1,3)):((1,0),(0,16))");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be composed with `{B}`: take a layout, an extent or a by-mode tiler no longer than the left, `usize` offsets"
)]
pub trait Compose<B> {
    /// The result's shape tree.
    type Shape;
    /// The result's stride tree.
    type Stride;
    /// `self ∘ b`, or the error naming the values that break a condition.
    fn composition(&self, b: B) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError>;
}

// Which path a composition takes is chosen by the operands' types
// (`ComposeKind`): every leaf static and the left layout of two leaves or
// more takes `compose_folded.rs` (the folded leaves named without the
// run-time walk's bounds, the walk run on the `usize` operands), anything
// else the run-time walk of `compose_run.rs` (BENCHMARKS.md, "Compile cost
// of static compositions: the folded path").
#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, SB, DB> Compose<Layout<SB, DB>> for Layout<S, D>
where
    S: LeafList<List: ManyStatic>,
    D: TreeStatic,
    SB: TreeStatic,
    DB: TreeStatic,
    Self: ComposeWith<SB, DB, ComposeKind<S::List, D, SB, DB>> + FitsCore,
    Layout<SB, DB>: FitsCore,
    Layout<
        <Self as ComposeWith<SB, DB, ComposeKind<S::List, D, SB, DB>>>::Shape,
        <Self as ComposeWith<SB, DB, ComposeKind<S::List, D, SB, DB>>>::Stride,
    >: FitsCore,
{
    type Shape = <Self as ComposeWith<SB, DB, ComposeKind<S::List, D, SB, DB>>>::Shape;
    type Stride = <Self as ComposeWith<SB, DB, ComposeKind<S::List, D, SB, DB>>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composition(
        &self,
        b: Layout<SB, DB>,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
        // `A`, `B` and the result against the core's `i64`
        // (fits_value.rs): the result's size is `B`'s, checked; the gate
        // before the call (fits_gate.rs: a result's stride is a product
        // of two operands' leaves, `POWER` 2).
        let result = self.compose_with(b)?;
        gated_after::<_, _, _, 2, 2>(
            "composition",
            &(*self, b),
            &NOTHING,
            Role::Operand,
            result,
            Role::Sized,
        )
    }
}

/// An extent `n` is the layout `n:1`, as CuTe's `composition(a, n)`.
macro_rules! extent {
    ([$($g:tt)*] $N:ty) => {
        #[diagnostic::do_not_recommend]
        impl<S: Mode<D>, D: Tree, $($g)*> Compose<$N> for Layout<S, D>
        where
            Self: Compose<Layout<$N, C<1>>>,
        {
            type Shape = <Self as Compose<Layout<$N, C<1>>>>::Shape;
            type Stride = <Self as Compose<Layout<$N, C<1>>>>::Stride;
            #[inline]
            fn composition(
                &self,
                n: $N,
            ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
                <Self as Compose<Layout<$N, C<1>>>>::composition(self, Layout::from_parts(n, C::<1>))
            }
        }
    };
}

extent!([const N: i64] C<N>);
extent!([] usize);

/// A tile `Self` of a by-mode tiler, composed with the mode `S:D` of the
/// left layout: `Layout<S, D>: Compose<Self>`, named from the tile's side.
///
/// The by-mode impls of [`Compose`] bound each tile by this trait rather
/// than by `Compose` itself, so that the method probe of `a.composition(b)`
/// (which asks whether `Layout<S, D>: Compose<?B>` may hold before it knows
/// `b`'s type) stops at `?T: ComposeTile<…>`, ambiguous at once, instead of
/// trying every impl again on each mode of `a`, for every rank of tiler
/// (BENCHMARKS.md, "Compile cost of static compositions: the method
/// probe").
pub trait ComposeTile<S, D> {
    /// The shape tree of the mode composed with the tile.
    type Shape;
    /// Its stride tree.
    type Stride;
    /// `mode ∘ self`, as [`Compose::composition`].
    fn compose_tile(
        self,
        mode: Layout<S, D>,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError>;
}

#[diagnostic::do_not_recommend]
impl<S, D, T> ComposeTile<S, D> for T
where
    Layout<S, D>: Compose<T>,
{
    type Shape = <Layout<S, D> as Compose<T>>::Shape;
    type Stride = <Layout<S, D> as Compose<T>>::Stride;
    #[inline]
    fn compose_tile(
        self,
        mode: Layout<S, D>,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
        mode.composition(self)
    }
}

macro_rules! tiler {
    (0;) => {};
    ($rank:literal; $(($i:tt $X:ident $Y:ident $T:ident))*) => {
        // The first modes of `self`, one per tile (CuTe drops the others).
        #[diagnostic::do_not_recommend]
        impl<S: AsModes, D: AsModes, $($X: Copy, $Y: Copy, $T,)*> Compose<($($T,)*)>
            for Layout<S, D>
        where
            S::Modes: Take<0, $rank, D::Modes, Shape = ($($X,)*), Stride = ($($Y,)*)>,
            $($T: ComposeTile<$X, $Y>,)*
            Self: FitsCore,
            Layout<($(<$T as ComposeTile<$X, $Y>>::Shape,)*), ($(<$T as ComposeTile<$X, $Y>>::Stride,)*)>: FitsCore,
        {
            type Shape = ($(<$T as ComposeTile<$X, $Y>>::Shape,)*);
            type Stride = ($(<$T as ComposeTile<$X, $Y>>::Stride,)*);
            #[inline]
            fn composition(
                &self,
                tiler: ($($T,)*),
            ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
                // `A` whole and the result against the core's `i64`
                // (fits_value.rs; each mode's composition checks its tile).
                // The result's size is the tiles' product, which no
                // operand checked: read with it.
                let (shape, stride) = self.into_parts();
                let (shape, stride) = shape.as_modes().take(stride.as_modes());
                // Mode i of `self` with tile i (CuTe's by-mode `composition`).
                let parts = ($(
                    ok_or_return!(tiler.$i
                        .compose_tile(Layout::<$X, $Y>::from_parts(shape.$i, stride.$i)))
                    .into_parts(),
                )*);
                let result = Layout::from_parts(($(parts.$i.0,)*), ($(parts.$i.1,)*));
                gated_after::<_, _, _, 2, 2>("composition", self, &NOTHING, Role::Operand, result, Role::Result)
            }
        }
    };
}

for_each_rank!(tiler);

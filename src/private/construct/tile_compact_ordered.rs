//! `tile_to_shape(BLOCK, #S, (p0, p1, …))` after `type`, with a
//! written-out compact static block, a named target and static places
//! (CuTe's `Step<…>`): CuTe's nesting and static leaves, as
//! [`TileCompact`] gives them for `LayoutLeft`.
//!
//! CuTe's copies are `make_ordered_layout(target / block, order)`: mode
//! `i`'s stride is the product of the copies of the modes of a lower place
//! (`compact_order`). That is `LayoutLeft` over the modes sorted by place,
//! so the macro, which reads the places, writes the block's modes (padded
//! with `1:0` to the target's rank) in that order and the permutation
//! `P` that sorts the target's modes (a tuple of [`Ix`](crate::__private::Ix)):
//! [`TileCompact`] tiles the sorted target, and the select `Q` (`P`'s
//! inverse) puts each mode back in its place. Mode `i` is then `(A_i,
//! c_i):(D_i, s_i·N)` with `s_i` static where every copy of a lower place
//! is (CUTLASS 4.7 prints `((_2,4),(_2,_3)):((_1,_12),(_2,_4))` for
//! `tile_to_shape((2,2):(1,2), (m,6), Step<_1,_0>)`, m = 8: golden rows
//! `… Step(1,0)` of `tests/golden/cute_tile_to_shape.txt`). Equal places
//! sort by mode (CuTe gives tied modes one start stride, so where both
//! have more than one copy its copies overlap: refused, as the core and
//! `TileTargetOrdered` refuse them, `OrderTie`, checked first with the
//! run-time door's own check; where at most one does, the stable sort is
//! CuTe's layout, but for the stride of a run-time copy count of 1 after
//! its tie, an extent-1 mode).

use core::marker::PhantomData;

use crate::__private::algebra::AlgebraError;
use crate::__private::construct::copies;
use crate::__private::construct_values::{MAX_LEAVES, OrderOf, compact_order};
use crate::__private::edit::AsModes;
use crate::__private::edit::{Ix, Select};
use crate::__private::layout::Layout;
use crate::__private::list::IntoList;
use crate::__private::tile_compact::TileCompact;
use crate::__private::tile_to_shape::ModeSizesInto;
use crate::__private::tile_to_shape::TargetShape;
use crate::__private::tree::{Mode, Tree};

/// `tile_to_shape(BLOCK, #S, PLACES)` of a written-out compact static
/// block and a named target (`Self`), the places distinct: `layout!`
/// calls [`TileCompactOrdered::tile_compact_ordered`] at the target's
/// name, with the block's modes in the order of the places (`L`), the
/// permutation that sorts the target so (`P`) and its inverse (`Q`), so
/// that a target of another kind or rank is one error there. See the
/// module's documentation for the result.
#[diagnostic::on_unimplemented(
    message = "`tile_to_shape`: the named target `{Self}` is not a tuple of extents (`usize`, `C<N>`) or nested shapes with one mode per place of the order (CuTe's `static_assert` on the ranks)"
)]
pub trait TileCompactOrdered<B>: Sized {
    /// The tiled layout.
    type Out;
    /// `block` (its modes in the order of the places) tiled to `self`,
    /// the copies compact in `order`.
    fn tile_compact_ordered(self, block: &B) -> Result<Self::Out, AlgebraError>;
}

/// The block of a [`TileCompactOrdered`] call: the written-out block `L`,
/// its modes sorted by place, with the permutation `P` that sorts the
/// target so, its inverse `Q` and the places `O` (built before the call,
/// so that every type of the call is known when rustc checks it: one
/// error, not one per argument).
#[derive(Clone, Copy)]
pub struct SortedBlock<L, P, Q, O> {
    block: L,
    order: O,
    sort: PhantomData<(P, Q)>,
}

impl<L, P, Q, O> SortedBlock<L, P, Q, O> {
    /// The block, the permutations' values (`Ix`s are unit values) and
    /// the places.
    #[inline(always)]
    pub fn new(block: L, _: (P, Q), order: O) -> Self {
        SortedBlock {
            block,
            order,
            sort: PhantomData,
        }
    }
}

/// The shape and stride trees of a typed layout type.
#[doc(hidden)]
pub trait LayoutTrees {
    /// The shape tree.
    type S;
    /// The stride tree.
    type D;
    /// The layout, as the type these name.
    fn into_layout(self) -> Layout<Self::S, Self::D>;
}

impl<S, D> LayoutTrees for Layout<S, D> {
    type S = S;
    type D = D;
    #[inline(always)]
    fn into_layout(self) -> Self {
        self
    }
}

/// The mode indices of a permutation `(Ix<K0>, Ix<K1>, …)`: a refusal of
/// the sorted target's mode `k` names the target's mode `MODES[k]`.
#[doc(hidden)]
pub trait ModeIndices {
    /// The indices, in order.
    const MODES: &'static [usize];
}

macro_rules! mode_indices {
    ($rank:literal; $(($i:tt $K:ident $_d:ident $_c:ident))*) => {
        #[allow(non_upper_case_globals)]
        impl<$(const $K: usize),*> ModeIndices for ($(Ix<$K>,)*) {
            const MODES: &'static [usize] = &[$($K),*];
        }
    };
}

for_each_rank!(mode_indices);

/// Equal places where both modes have more than one copy: CuTe's copies
/// overlap, which the core refuses (`OrderTie`); this is the run-time
/// door's check (`compact_order`), its copies first (`BlockNotDividing`
/// in mode order). With no two places equal it returns before reading a
/// size.
#[inline(always)]
fn no_overlap<T, B, P>(
    target: T,
    block: B,
    order: &impl OrderOf<T::Copies>,
) -> Result<(), AlgebraError>
where
    T: TargetShape + AsModes<Modes: IntoList<List: ModeSizesInto>>,
    B: AsModes<Modes: IntoList<List: ModeSizesInto>>,
    P: ModeIndices,
{
    const F: &str = "tile_to_shape";
    let (mut place, mut part, mut parts) = ([0; MAX_LEAVES], [0; MAX_LEAVES], 0);
    order.parts(&mut place, &mut part, &mut 0, &mut parts);
    let n = P::MODES.len();
    let tied = (0..n).any(|i| (i + 1..n).any(|j| place[i] == place[j]));
    if !tied {
        return Ok(());
    }
    // The block's mode sizes, in the target's mode order.
    let (mut sorted, mut sizes, mut extent) = ([1; MAX_LEAVES], [1; MAX_LEAVES], [0; MAX_LEAVES]);
    block.as_modes().into_list().mode_sizes(&mut sorted);
    target.as_modes().into_list().mode_sizes(&mut sizes);
    for (k, &i) in P::MODES.iter().enumerate() {
        extent[i] = sorted[k];
    }
    for i in 0..n {
        extent[i] = copies(F, i, extent[i], sizes[i])?;
    }
    compact_order(F, &extent, &place, &part, (n, parts), true).map(|_| ())
}

/// The sorted target's tiling: `P`'s modes of `T` tiled by `L`.
type Sorted<T, L, P> = <<P as Select<T, T>>::Shape as TileCompact<L>>::Out;

#[diagnostic::do_not_recommend]
impl<B: CompactOrderedTiles<T>, T> TileCompactOrdered<B> for T {
    type Out = B::Out;
    #[inline(always)]
    fn tile_compact_ordered(self, block: &B) -> Result<B::Out, AlgebraError> {
        block.compact_ordered_tiles(self)
    }
}

/// The bounds of [`TileCompactOrdered`], asked of the block (`Self`), so
/// that rustc reports a failure once, with the block's type known.
#[doc(hidden)]
pub trait CompactOrderedTiles<T> {
    /// The tiled layout.
    type Out;
    /// `self` tiled to `target` in its order.
    fn compact_ordered_tiles(&self, target: T) -> Result<Self::Out, AlgebraError>;
}

#[diagnostic::do_not_recommend]
impl<S, D, O, P, Q, T> CompactOrderedTiles<T> for SortedBlock<Layout<S, D>, P, Q, O>
where
    T: TargetShape + Copy,
    // One place per target mode (CuTe's `static_assert` on the ranks).
    O: OrderOf<T::Copies>,
    P: Select<T, T> + ModeIndices,
    P::Shape: TileCompact<Layout<S, D>>,
    Layout<S, D>: Copy,
    S: Mode<D> + AsModes<Modes: IntoList<List: ModeSizesInto>>,
    D: Tree,
    T: AsModes<Modes: IntoList<List: ModeSizesInto>>,
    Sorted<T, Layout<S, D>, P>: LayoutTrees,
    <Sorted<T, Layout<S, D>, P> as LayoutTrees>::S:
        Mode<<Sorted<T, Layout<S, D>, P> as LayoutTrees>::D>,
    <Sorted<T, Layout<S, D>, P> as LayoutTrees>::D: Tree,
    Q: Select<
            <Sorted<T, Layout<S, D>, P> as LayoutTrees>::S,
            <Sorted<T, Layout<S, D>, P> as LayoutTrees>::D,
        >,
{
    type Out = Layout<
        <Q as Select<
            <Sorted<T, Layout<S, D>, P> as LayoutTrees>::S,
            <Sorted<T, Layout<S, D>, P> as LayoutTrees>::D,
        >>::Shape,
        <Q as Select<
            <Sorted<T, Layout<S, D>, P> as LayoutTrees>::S,
            <Sorted<T, Layout<S, D>, P> as LayoutTrees>::D,
        >>::Stride,
    >;
    #[inline]
    fn compact_ordered_tiles(&self, target: T) -> Result<Self::Out, AlgebraError> {
        ok_or_return!(no_overlap::<_, _, P>(
            target,
            self.block.shape(),
            &self.order
        ));
        // The target's modes in the order of the places (a shape is a
        // tree of `Int`s, so it selects as its own stride tree).
        let (sorted, _) = P::select(target, target);
        let tiled = match sorted.tile_compact(&self.block) {
            Ok(tiled) => tiled.into_layout(),
            // The refusal names the target's own mode.
            Err(AlgebraError::BlockNotDividing {
                function,
                mode,
                block,
                target,
            }) => {
                let mode = P::MODES[mode];
                return Err(AlgebraError::BlockNotDividing {
                    function,
                    mode,
                    block,
                    target,
                });
            }
            Err(e) => return Err(e),
        };
        Ok(tiled.select::<Q>())
    }
}

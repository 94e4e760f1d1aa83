//! `outer_partition`'s walk over a typed layout's modes (partition.rs
//! holds `local_tile`'s): per mode the rest of its division by the tile,
//! the base moved by the tile's offset at the coordinate, and the
//! partition's bound noted (`partition_bound.rs`).

use layout_core::Error;

use super::partition_bound::{ListReach, PartitionBound};
use crate::__private::divide_mode::{DivMode, div_error};
use crate::__private::layout::Layout;
use crate::__private::list::{Cons, Nil};
use crate::__private::partition::tiled_exactly;
use crate::__private::reach::Reach;
use crate::__private::threads::ModeIndex;
use crate::__private::tree::{Mode, Shape, Tree};

/// `outer_partition`'s walk: a tiler list (`Self`, per mode a static
/// extent or a tuple of them) with one coordinate per tile (`CL`: per mode
/// a `usize`, the index inside the tile, or a tuple nested like the tile,
/// [`ModeIndex`]) over the modes `SL:DL`; the modes past the tiler pass
/// through.
#[diagnostic::on_unimplemented(
    message = "the thread layout (or tiler) and the typed layout it partitions differ in rank",
    label = "one thread-layout mode per top-level mode of the tensor",
    note = "left unmatched: the tiler's extents `{Self}` against the layout's extents `{SL}` (`Nil`: none left); project a longer thread layout with a `Step`, as CuTe's `Step<_1,X>`"
)]
pub trait OuterModes<SL, DL, CL> {
    /// The rest modes' shapes.
    type S;
    /// Their strides.
    type D;
    /// The rest modes; `offset` grows by the tile's offset at `c` per mode.
    /// `bound` learns per mode whether every coordinate of the result is
    /// one of the layout's (a leaf: `c ≤ (s-1) mod T`, the last, perhaps
    /// partial, tile still holds column `c`; a tuple mode: tiled exactly)
    /// and the rest's reach ([`PartitionBound`]).
    fn outer(
        self,
        s: SL,
        d: DL,
        c: CL,
        offset: &mut usize,
        bound: &mut PartitionBound,
    ) -> Result<(Self::S, Self::D), Error>;
}

impl<SL: ListReach<DL>, DL> OuterModes<SL, DL, Nil> for Nil {
    type S = SL;
    type D = DL;
    #[inline(always)]
    fn outer(
        self,
        s: SL,
        d: DL,
        _: Nil,
        _: &mut usize,
        bound: &mut PartitionBound,
    ) -> Result<(SL, DL), Error> {
        bound.whole(s.list_reach(&d));
        Ok((s, d))
    }
}

impl<T, TL, S, SL, D, DL, Cd, CL> OuterModes<Cons<S, SL>, Cons<D, DL>, Cons<Cd, CL>> for Cons<T, TL>
where
    S: DivMode<D, T, TileS: Mode<S::TileD> + Shape, TileD: Tree, RestS: Shape + Reach<S::RestD>>
        + Shape,
    Cd: ModeIndex<S::TileS>,
    TL: OuterModes<SL, DL, CL>,
{
    type S = Cons<S::RestS, TL::S>;
    type D = Cons<S::RestD, TL::D>;
    #[inline(always)]
    fn outer(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        c: Cons<Cd, CL>,
        offset: &mut usize,
        bound: &mut PartitionBound,
    ) -> Result<(Self::S, Self::D), Error> {
        let (ts, td, rs, rd) = s.0.div_mode(d.0).map_err(div_error)?;
        let size = ts.size();
        // One integer, or a coordinate nested like the tile (CuTe's
        // hierarchical tile coordinate): its index in the tile, checked.
        let c0 = c.0.mode_index(&ts, "a coordinate in the tile")?;
        let mode = Shape::size(&s.0);
        let leaf = S::DEPTH == 0;
        let exact = if leaf {
            // Column `c` of every tile of a leaf, `c + size·j`, stays inside
            // the leaf iff the last (perhaps partial) tile holds it. An
            // empty leaf wraps to a large `mode - 1`; the result is empty.
            c0 <= mode.wrapping_sub(1) % size
        } else {
            tiled_exactly(mode, size, Shape::size(&rs))
        };
        let at: usize = Layout::from_parts(ts, td).at(c0);
        bound.mode(leaf, exact, at, rs.reach_wrapping(&rd), offset);
        let (rs2, rd2) = self.1.outer(s.1, d.1, c.1, offset, bound)?;
        Ok((Cons(rs, rs2), Cons(rd, rd2)))
    }
}

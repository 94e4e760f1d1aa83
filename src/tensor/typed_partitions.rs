//! The typed partitions and `_` slicing of `tensor::typed` (re-exported
//! there): each asks its argument traits (`typed_args.rs`) for the new
//! layout and offset, then rebuilds the tensor over the same engine,
//! checking the offsets against it only where a partial tile may reach
//! past the parent's (a partition: a few additions, relying on the
//! parent's check).

use layout_core::Error;

use super::Tensor;
use super::engine::Engine;
use super::partition_facts::{assume_facts, cold, with_facts};
use super::typed_args::{
    OuterTiler, SliceOf, ThreadIndex, ThreadsOf, ThreadsStep, Tiler, TilerStep,
};
use super::typed_checks::{
    LayoutShape, SliceCoordModes, ThreadCoordModes, ThreadModes, TilerModes,
};
use crate::__private::{Fits, PartitionBound, TileBy, partition_fits, tensor_share_fits};

/// The tensor over the same engine with the partition `layout` at
/// `offset` from `t`'s base, checked as `bound` allows: a few additions
/// that rely on `t` having been checked (`__private::PartitionBound`'s
/// argument), not a second walk over the layout; and refused where the
/// partition passes the core's `i64` (`t`'s own layout is one the core
/// holds, as every tensor's: `Tensor::new` checks it; but a share's
/// stride `T·d` of extent 1 is bounded by no offset, and an engine of
/// zero-sized elements bounds no offset): `tensor_share_fits` for a
/// thread's `share` (its strides against `i64::MAX`, exactly: its
/// extents, size and offsets are at most `t`'s), else `partition_fits` (a short `outer_partition` keeps whole
/// tiles, which reach past `t`'s offsets).
#[inline(always)]
fn rebase_outer<E: Engine, L, M: Fits>(
    t: Tensor<E, L>,
    (mut layout, offset, bound): (M, usize, PartitionBound),
    share: bool,
) -> Result<Tensor<E, M>, Error> {
    // Checked first, of the partition's layout taken out of its tuple
    // (the tuple's `&part.0`, 75.5 instructions a call, cute_paired's
    // `partition_read`, where this is 58.4), the exact check (cold)
    // returning only whether: returning the whole tensor from the cold
    // call merged the paths in memory (86.4), and checked after the
    // engine's bound, the operand's leaves lived across it (76.5).
    match share {
        true => tensor_share_fits(&layout)?,
        false => partition_fits(&(), &layout)?,
    }
    let len = t.engine.as_slice().len();
    if !bound.fits(t.base, offset, len) {
        layout = bound.refused(layout, t.base, offset, len)?;
    }
    Ok(Tensor {
        engine: t.engine,
        layout,
        base: t.base.wrapping_add(offset),
    })
}

/// The tensor over the same engine with `layout` at `offset` from `t`'s
/// base. When `within` (every coordinate of `layout` is one of `t`'s, so
/// every offset is one of `t`'s, which fit the engine since `t` was
/// built) there is nothing to check; otherwise (a partial tile) the
/// offsets are checked against the engine.
#[inline(always)]
pub(super) fn rebase<E: Engine, L, M: Fits>(
    t: Tensor<E, L>,
    (layout, offset, within): (M, usize, bool),
) -> Result<Tensor<E, M>, Error> {
    let base = t.base.wrapping_add(offset);
    if !within {
        // Named a partial tile, with the doors that predicate it (not the
        // extents: finding them needs the parent's extents kept alive to
        // this check, 3 more instructions a whole tile, callgrind).
        layout
            .check_fits(base, t.engine.as_slice().len())
            .map_err(|e| super::partition::partial_tile(e, None))?;
    }
    Ok(Tensor {
        engine: t.engine,
        layout,
        base,
    })
}

/// `local_tile` of `t` by the tiler and coordinate lists (the tuple
/// tilers' `tile_tensor`, with or without a `Step`): a tile picked whole in
/// every mode by the quick walk (`TileBy::tile_quick`) is rebased with no
/// check, its offsets being `t`'s; one picked partial (the last tile of a
/// mode the tiler does not divide) has its offsets checked against the
/// engine inline, as [`rebase`] checks them (no second walk, no call:
/// `tile_read` 35.9 -> 35.2 instructions an input, 1.44x -> 1.38x CuTe's time, benches/cute_paired,
/// where 3 inputs in 64 read the partial tile); where the quick walk
/// cannot answer the checked walk runs inline, where it declines (past
/// the grid), or the partial tile does not fit, out of line
/// ([`checked_tile`], which names the error).
#[inline(always)]
pub(super) fn tile_tensor_by<E: Engine, L: TileBy<TL, CL, Output: Fits>, TL, CL>(
    t: Tensor<E, L>,
    tiler: TL,
    coord: CL,
) -> Result<Tensor<E, L::Output>, Error> {
    if !L::QUICK {
        let part = t.layout.tile_within(tiler, coord)?;
        partition_fits(&(), &part.0)?;
        return rebase(t, part);
    }
    match t.layout.tile_quick(&coord) {
        Some((layout, offset, within))
            if within
                || layout
                    .check_fits(t.base.wrapping_add(offset), t.engine.as_slice().len())
                    .is_ok() =>
        {
            // A tile picked whole in every mode holds some of `t`'s
            // coordinates, at `t`'s strides: its size, offsets and leaves
            // are at most `t`'s, so it fits the core's `i64` as `t`'s
            // layout does (every tensor's layout is one the core holds:
            // `Tensor::new`'s check, and every partition's below): nothing
            // to check. A partial last tile reaches past `t` (checked
            // against the engine above, which does not bound an engine of
            // zero-sized elements): the tile itself is checked, as
            // `checked_tile` checks it.
            if !within {
                partition_fits(&(), &layout)?;
            }
            Ok(Tensor {
                engine: t.engine,
                layout,
                base: t.base.wrapping_add(offset),
            })
        }
        _ => checked_tile(t, tiler, coord),
    }
}

/// `local_tile` by the checked walk (`__private::TileBy::tile_within`),
/// then, for a partial tile, the engine check: out of line, what a tile
/// not taken by the quick walk (`TileBy::tile_quick`: partial, past the
/// grid, over a mode of extent 0, or kept by `X`) costs, so that the
/// whole picked tile's path stays short where it is inlined.
#[cold]
#[inline(never)]
fn checked_tile<E: Engine, L: TileBy<TL, CL, Output: Fits>, TL, CL>(
    t: Tensor<E, L>,
    tiler: TL,
    coord: CL,
) -> Result<Tensor<E, L::Output>, Error> {
    let part = t.layout.tile_within(tiler, coord)?;
    partition_fits(&(), &part.0)?;
    rebase(t, part)
}

/// CuTe's `local_tile(t, tiler, coord)`: the tile's modes (the static
/// `tiler`, one extent per mode of `t`, or fewer: the modes past it kept
/// whole), then the tile-grid modes where `coord` is [`X`](super::X); an
/// integer in `coord` picks that tile. The coordinate has its own rank, up
/// to `t`'s (CuTe's `append<R1>(coord, _)`): past a shorter tiler its
/// entries slice the modes kept whole, and a shorter coordinate is padded
/// with `X`. `coord` may also be one integer `k` (CuTe's
/// `local_tile(t, tiler, int)`): tile `k` of the grid, colexicographic over
/// its modes (the modes past a shorter tiler too), past the grid an error.
/// A partial tile (the tiler does not divide a dynamic extent)
/// that reaches past the storage is an error; predicate it with a
/// [`Residue`](super::Residue) instead.
///
/// ```
/// use layout_dsl::tensor::{Tensor, X, typed};
/// use layout_dsl::typed::C;
/// use layout_dsl::layout;
///
/// let (m, n, k) = (16, 32, 64);
/// let data = vec![0u8; m * n * k];
/// let t = Tensor::new(&data[..], layout!((m,n,k):(1,m,{m * n}))).unwrap();
/// // CuTe: local_tile(t, Shape<_2,_4>{}, (1,_,3)) is (_2,_4,8):(_1,16,64) at 1538.
/// let tile = typed::local_tile(t, (C::<2>, C::<4>), (1, X, 3)).unwrap();
/// assert_eq!((tile.layout().to_string(), tile.base()), ("(2,4,8):(1,16,64)".into(), 1538));
/// ```
///
/// A static tile that does not divide a nested static mode is CuTe's
/// `static_assert` in `shape_div`: an error when the code is built (not at
/// `cargo check`), which names this call (`__private`'s `tile_check.rs`):
///
/// ```compile_fail,E0080
/// use layout_dsl::layout;
/// use layout_dsl::tensor::{Tensor, typed};
/// use layout_dsl::typed::C;
/// let data = [0f32; 24];
/// let t = Tensor::new(&data[..], layout!(type ((2,3),4):((1,2),6))).unwrap();
/// // The tile 4 takes the mode's 2 and leaves 2, which does not divide its 3.
/// let _ = typed::local_tile(t, (C::<4>, C::<2>), (0, 0));
/// ```
#[inline(always)]
pub fn local_tile<E, L, T, Cd, K, O>(
    t: Tensor<E, L>,
    tiler: T,
    coord: Cd,
) -> Result<Tensor<E, O>, Error>
where
    E: Engine,
    L: LayoutShape,
    // `K` (`T` itself) rather than `T::Checked`, as `slice`'s.
    T: TilerModes<L::Shape, Cd, Checked = K>,
    K: Tiler<L, Cd, Output = O>,
    O: Fits,
{
    // A static tile that does not divide a nested static mode fails here,
    // when the code is built: rustc then names the caller's line
    // (`__private`'s tile_check.rs says why not at `cargo check`).
    const { K::STATIC_CHECK };
    // No facts (`with_facts!`): the tile's checks do not use them, and
    // the emptiness test costs (63.41 -> 67.41 instructions a call).
    tiler.checked().tile_tensor(t, coord)
}

/// CuTe's `inner_partition(t, tiler, coord)`: the same as [`local_tile`]
/// (CuTe defines `local_tile` by it): the tile's modes, then the tile-grid
/// modes where `coord` is [`X`](super::X).
#[inline(always)]
pub fn inner_partition<E, L, T, Cd, K, O>(
    t: Tensor<E, L>,
    tiler: T,
    coord: Cd,
) -> Result<Tensor<E, O>, Error>
where
    E: Engine,
    L: LayoutShape,
    // `K` (`T` itself) rather than `T::Checked`, as `slice`'s.
    T: TilerModes<L::Shape, Cd, Checked = K>,
    K: Tiler<L, Cd, Output = O>,
    O: Fits,
{
    const { K::STATIC_CHECK };
    local_tile(t, tiler, coord)
}

/// `local_tile` with CuTe's `Step` projection: only the modes of `tiler`
/// and `coord` whose `step` is `C<1>` (not [`X`](super::X)) take part, as
/// `local_tile(t, tiler, coord, Step<_1,X,_1>{})`.
#[inline(always)]
pub fn local_tile_step<E: Engine, L, T: TilerStep<L, Cd, St, Output = O>, Cd, St, O: Fits>(
    t: Tensor<E, L>,
    tiler: T,
    coord: Cd,
    _step: St,
) -> Result<Tensor<E, O>, Error> {
    const { T::STATIC_CHECK };
    // No facts, as `local_tile` (48.42 -> 55.48 instructions a call).
    tiler.tile_step_tensor(t, coord)
}

/// CuTe's `outer_partition(t, tiler, coord)`: element `coord` of every
/// tile, one mode per mode of `t` (the modes past the tiler whole).
#[inline(always)]
pub fn outer_partition<E: Engine, L: Fits, T: OuterTiler<L, Cd, Output = O>, Cd, O: Fits>(
    t: Tensor<E, L>,
    tiler: T,
    coord: Cd,
) -> Result<Tensor<E, O>, Error> {
    with_facts!(t => {
        let part = tiler.outer_of(&t.layout, coord)?;
        rebase_outer(t, part, false)
    })
}

/// CuTe's `local_partition(t, thr_layout, thr_idx)`: thread `thr_idx`'s
/// share when the threads of the static `thr_layout` (of any nesting)
/// tile `t`. The thread is CuTe's index (`usize`, decomposed by the thread
/// layout's strides: `get_flat_coord`) or a coordinate in the thread
/// layout's shape (`(1, (0, 1))`: one entry per top-level mode, an integer
/// or a tuple nested like the mode), see [`ThreadIndex`].
///
/// ```
/// use layout_dsl::tensor::{Tensor, typed};
/// use layout_dsl::layout;
///
/// let (m, n) = (16, 24);
/// let data: Vec<usize> = (0..m * n).collect();
/// let g = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
/// // Three levels: 8 threads down the rows, 6 across the columns.
/// let thr = layout!(type ((2,(2,2)),(3,2)):((1,(12,2)),(4,24)));
/// let by_index = typed::local_partition(g.by_ref(), &thr, 29).unwrap();
/// // CuTe: local_partition(g, thr, 29) is (2,4):(_8,96) from element 65.
/// assert_eq!(by_index.layout().to_string(), "(2,4):(8,96)");
/// assert_eq!(by_index[(0, 0)], 65);
/// // Thread ((1,(0,1)),(2,1)) is index thr(c) = 35.
/// let by_coord = typed::local_partition(g, &thr, ((1, (0, 1)), (2, 1))).unwrap();
/// assert_eq!(by_coord[(0, 0)], 85);
/// ```
// Always inlined (as the other partitions that call `with_facts`): with
// the emptiness test and the cold call the body is past the optimiser's
// threshold, and out of line it returns the tensor through memory (104
// instructions a call where 58 were).
#[inline(always)]
#[allow(clippy::multiple_bound_locations)] // `L: Fits` last (below)
pub fn local_partition<E: Engine, L: LayoutShape, P, Ix, O: Fits>(
    t: Tensor<E, L>,
    thr_layout: &P,
    thr_idx: Ix,
) -> Result<Tensor<E, O>, Error>
where
    P: LayoutShape + ThreadModes<L::Shape>,
    Ix: ThreadCoordModes<<P as LayoutShape>::Shape>,
    P::Checked: ThreadsOf<L, Output = O>,
    Ix::Checked: ThreadIndex<P::Checked>,
    // Last, so that the notes of the bounds above (ui-tests) stay as
    // they were: what `with_facts!` asks of the tensor's layout.
    L: Fits,
{
    let thr_layout = thr_layout.checked();
    let coord = thr_idx.checked().thread_coord(thr_layout)?;
    with_facts!(t => {
        let part = thr_layout.partition_at(&t.layout, coord)?;
        rebase_outer(t, part, true)
    })
}

/// `local_partition` with CuTe's `Step` projection: the thread layout's
/// modes under `X` do not tile `t` (`local_partition(sA, tC, i, Step<_1,X>{})`).
/// The thread (an index or a coordinate, [`ThreadIndex`]) is named in the
/// whole thread layout.
#[inline(always)]
pub fn local_partition_step<
    E: Engine,
    L: Fits,
    P: ThreadsStep<L, St, Output = O>,
    Ix: ThreadIndex<P>,
    St,
    O: Fits,
>(
    t: Tensor<E, L>,
    thr_layout: &P,
    thr_idx: Ix,
    _step: St,
) -> Result<Tensor<E, O>, Error> {
    let coord = thr_idx.thread_coord(thr_layout)?;
    with_facts!(t => {
        let part = thr_layout.partition_step_at(&t.layout, coord)?;
        rebase_outer(t, part, true)
    })
}

/// CuTe's `t(_, 3)`: the modes where `coord` is [`X`](super::X), at the
/// integers' position. A coordinate past its extent is an error.
#[inline]
pub fn slice<E, L, Cd, K, O>(t: Tensor<E, L>, coord: Cd) -> Result<Tensor<E, O>, Error>
where
    E: Engine,
    L: LayoutShape,
    // `K` (`Cd` itself) rather than `Cd::Checked`: rustc blames a failed
    // check of the nesting (`SliceNests`) on `coord` only when no
    // projection of the check is normalized in the bounds.
    Cd: SliceCoordModes<L::Shape, Checked = K>,
    K: SliceOf<L, O>,
{
    let (layout, offset) = coord.checked().slice_of(&t.layout)?;
    // A slice's offsets are some of `t`'s, which fit the engine: no check.
    Ok(Tensor {
        engine: t.engine,
        layout,
        base: t.base.wrapping_add(offset),
    })
}

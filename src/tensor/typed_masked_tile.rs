//! The tiling partitions as [`Masked`] shares: [`local_tile_masked`],
//! [`local_tile_step_masked`] and [`outer_partition_masked`], the
//! residue-carrying doors of [`local_tile`](super::typed::local_tile),
//! [`local_tile_step`](super::typed::local_tile_step) and
//! [`outer_partition`](super::typed::outer_partition) (the same layout
//! and base). A tile that keeps its grid modes (`X`) admits the tile's
//! `i` and the grid's `j` where `i + T·j < s`, a cut spanning two of its
//! modes; a picked tile and `outer_partition` cut each mode alone
//! (`__private`'s `tile_residue.rs`, and for `outer_partition` the
//! partition's own rule, `partition_residue.rs`).

use layout_core::Error;

use super::typed_args::{OuterTiler, Tiler, TilerStep};
use super::typed_checks::{LayoutShape, TilerModes};
use super::typed_masked::{Masked, no_count};
use super::{Engine, Tensor};
use crate::__private::{
    Dice, Fits, IntoList, Mode, ModeResidues, Offset, TileBy, TileCuts, TileResidues, Tree,
    partition_fits, tensor_tile_fits,
};
use crate::typed::Layout;

/// The list of a tuple diced by a `Step` tuple.
type Diced<St, T> = <<St as IntoList>::List as Dice<<T as IntoList>::List>>::Out;
/// The residue walk's cuts of a tiler list `TL` over `L` at `CL`.
type CutsOf<TL, S, D, CL> = TileCuts<
    <TL as TileResidues<<S as IntoList>::List, <D as IntoList>::List, CL>>::Tile,
    <TL as TileResidues<<S as IntoList>::List, <D as IntoList>::List, CL>>::Rest,
>;

/// A tiler (`Self`, static extents) whose tiles of `L` at `Cd` can be
/// masked: the tile as [`Tiler`] gives it, and its residue.
#[diagnostic::on_unimplemented(
    message = "the tiler `{Self}` at the coordinate `{Cd}` has no masked tile of the typed layout `{L}`",
    label = "a masked tile takes one static extent (`C<N>` or `UnitTile`) per tiled mode and a coordinate of integers and `X`; a tuple tiler entry, a tuple coordinate entry or one tile index needs the plain `local_tile`"
)]
pub trait TilerMasked<L: LayoutShape, Cd>: Tiler<L, Cd> {
    /// The tile's cuts ([`TileCuts`]).
    type Valid: Copy;
    /// The tile, the offset of its first element, its cuts, and whether
    /// no cut can say its residue (a tuple mode not tiled exactly).
    /// `layout` is a tensor's (one the core holds): the tile alone is
    /// checked past `i64`.
    #[allow(clippy::type_complexity)]
    fn masked_tile_of(
        self,
        layout: &L,
        coord: Cd,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error>;
}

#[diagnostic::do_not_recommend]
impl<T, Cd, S, D, I> TilerMasked<Layout<S, D, I>, Cd> for T
where
    T: Tiler<Layout<S, D, I>, Cd> + IntoList + Copy,
    Cd: IntoList + Copy,
    S: Mode<D> + IntoList,
    D: Tree + IntoList,
    I: Offset,
    T::List: TileResidues<S::List, D::List, Cd::List>,
    Layout<S, D, I>: TileBy<T::List, Cd::List, Output = T::Output>,
{
    type Valid = CutsOf<T::List, S, D, Cd::List>;
    #[inline(always)]
    fn masked_tile_of(
        self,
        layout: &Layout<S, D, I>,
        coord: Cd,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error> {
        // `tile_of`'s walk without the checks the cuts make in their
        // place (a picked leaf's grid and rest stride, `tile_masked`).
        let (tile, offset) = layout.tile_within_masked(self.into_list(), coord.into_list())?;
        // A masked tile's layout past its residue is bounded by no engine
        // (a mode of extent 1 and any stride, tiled by 4): checked alone,
        // `layout` being a tensor's, which the core holds (tile_fits.rs).
        tensor_tile_fits(&tile)?;
        let (s, d) = (layout.shape().into_list(), layout.stride().into_list());
        let mut general = false;
        let valid = self
            .into_list()
            .tile_residues(&s, &d, &coord.into_list(), &mut general);
        Ok((tile, offset, valid, general))
    }
}

/// CuTe's `local_tile(t, tiler, coord)` with the residue predicated:
/// [`local_tile`](super::typed::local_tile)'s layout and base as a
/// [`Masked`] share. Where a tile runs past `t` (the tiler does not divide
/// an extent) its elements there are masked, never read, and nothing is
/// checked against the storage. With the grid modes kept (`X`, or a
/// coordinate shorter than the tiler) the tile's coordinate `i` and the
/// grid's `j` of a mode are read only where `i + T·j < s`. The tiler's
/// entries are static extents (or [`UnitTile`](super::typed::UnitTile)),
/// the coordinate's integers or `X`. A leaf mode picked past its grid is
/// an empty tile (every coordinate cut), and a picked leaf's base `k·T·d`
/// wraps as CuTe's integers do (an admitted element proves it exact):
/// neither is checked, the cuts say it. An error where `local_tile`'s is
/// otherwise, and for a tuple mode of `t` the tile does not divide exactly (a
/// [`Residue`](super::Residue) masks it element by element).
/// [`Masked::residue`] and [`Masked::into_tensor`] are a partition's only
/// (a tile's residue is no count per mode).
///
/// ```
/// use layout_dsl::tensor::{Tensor, X, typed};
/// use layout_dsl::typed::C;
/// use layout_dsl::layout;
///
/// // 5 x 3 over exactly 15 elements, tiles of 4 x 2.
/// let (m, n) = (5, 3);
/// let data: Vec<u32> = (0..15).collect();
/// let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
/// // Tile (1, 1): rows 4..8, columns 2..4; only (4, 2) is the matrix's.
/// let tile = typed::local_tile_masked(t.by_ref(), (C::<4>, C::<2>), (1, 1)).unwrap();
/// assert_eq!((tile.layout().to_string(), tile.base()), ("(4,2):(1,5)".into(), 14));
/// assert_eq!((tile[(0, 0)], tile.get((1, 0)), tile.get((0, 1))), (14, None, None));
/// // Every tile, the grid kept: (4,2,2,2), element (i, j, p, q) is
/// // row i + 4p, column j + 2q.
/// let all = typed::local_tile_masked(t.by_ref(), (C::<4>, C::<2>), (X, X)).unwrap();
/// assert_eq!(all[(0, 0, 1, 1)], 4 + 2 * 5);
/// assert_eq!(all.get((1, 0, 1, 0)), None);
/// // The plain tile (1, 1) reaches past the storage, so it is refused.
/// assert!(typed::local_tile(t, (C::<4>, C::<2>), (1, 1)).is_err());
/// ```
#[inline(always)]
pub fn local_tile_masked<E, L, T, Cd, K, O, V>(
    t: Tensor<E, L>,
    tiler: T,
    coord: Cd,
) -> Result<Masked<E, O, V>, Error>
where
    E: Engine,
    L: LayoutShape,
    // `K` (`T` itself) rather than `T::Checked`, as `local_tile`'s.
    T: TilerModes<L::Shape, Cd, Checked = K>,
    K: TilerMasked<L, Cd, Output = O, Valid = V>,
    O: Fits,
{
    const { K::STATIC_CHECK };
    let (layout, offset, valid, general) = tiler.checked().masked_tile_of(&t.layout, coord)?;
    if general {
        return Err(no_count());
    }
    let base = t.base.wrapping_add(offset);
    Ok(Masked {
        engine: t.engine,
        layout,
        base,
        valid,
    })
}

/// A tiler (`Self`) projected by a `Step` tuple `St` whose tiles of `L` at
/// `Cd` can be masked: the tile as [`TilerStep`] gives it, and its residue.
#[diagnostic::on_unimplemented(
    message = "the tiler `{Self}` at the coordinate `{Cd}`, projected by the step `{St}`, has no masked tile of the typed layout `{L}`",
    label = "a masked tile takes one static extent (`C<N>` or `UnitTile`) per kept mode and a coordinate of integers and `X`"
)]
pub trait TilerStepMasked<L, Cd, St>: TilerStep<L, Cd, St> {
    /// The tile's cuts ([`TileCuts`]).
    type Valid: Copy;
    /// The tile, the offset of its first element, its cuts, and whether
    /// no cut can say its residue. `layout` is a tensor's, as
    /// [`TilerMasked::masked_tile_of`]'s.
    #[allow(clippy::type_complexity)]
    fn masked_tile_step_of(
        self,
        layout: &L,
        coord: Cd,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error>;
}

#[diagnostic::do_not_recommend]
impl<T, Cd, St, S, D, I> TilerStepMasked<Layout<S, D, I>, Cd, St> for T
where
    T: TilerStep<Layout<S, D, I>, Cd, St> + IntoList + Copy,
    Cd: IntoList + Copy,
    St: IntoList<List: Dice<T::List> + Dice<Cd::List>>,
    S: Mode<D> + IntoList,
    D: Tree + IntoList,
    I: Offset,
    Diced<St, T>: TileResidues<S::List, D::List, Diced<St, Cd>>,
    Layout<S, D, I>: TileBy<Diced<St, T>, Diced<St, Cd>, Output = T::Output>,
{
    type Valid = CutsOf<Diced<St, T>, S, D, Diced<St, Cd>>;
    #[inline(always)]
    fn masked_tile_step_of(
        self,
        layout: &Layout<S, D, I>,
        coord: Cd,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error> {
        let (s, d) = (layout.shape().into_list(), layout.stride().into_list());
        // The dice `tile_step_of` makes, then its walk as `masked_tile_of`'s.
        let tiler = <St::List as Dice<T::List>>::dice(self.into_list());
        let c = <St::List as Dice<Cd::List>>::dice(coord.into_list());
        let mut general = false;
        let valid = tiler.tile_residues(&s, &d, &c, &mut general);
        let (tile, offset) = layout.tile_within_masked(tiler, c)?;
        // As `masked_tile_of`'s: `layout` is a tensor's.
        tensor_tile_fits(&tile)?;
        Ok((tile, offset, valid, general))
    }
}

/// CuTe's `local_tile(t, tiler, coord, Step<_1,X,_1>{})` with the residue
/// predicated: [`local_tile_step`](super::typed::local_tile_step)'s layout
/// and base as a [`Masked`] share, cut as [`local_tile_masked`]'s (on the
/// diced tiler and coordinate).
///
/// ```
/// use layout_dsl::tensor::{Tensor, X, typed};
/// use layout_dsl::typed::C;
/// use layout_dsl::layout;
///
/// // CuTe's sgemm: A's tile of a (128,128,8) tiler, Step<_1,X,_1>, at
/// // (0, 0, X) over a 130 x 9 A: (128,8,2) tiles, the k-grid kept.
/// let (m, k) = (130, 9);
/// let a: Vec<f32> = (0..m * k).map(|x| x as f32).collect();
/// let t = Tensor::new(&a[..], layout!((m,k):(1,m))).unwrap();
/// let tiler = (C::<128>, C::<128>, C::<8>);
/// let step = (C::<1>, X, C::<1>);
/// let g = typed::local_tile_step_masked(t.by_ref(), tiler, (1, 0, X), step).unwrap();
/// assert_eq!(g.layout().to_string(), "(128,8,2):(1,130,1040)");
/// // Row 128 + 1, column 0 + 8 · 1: inside; row 128 + 2: past the matrix.
/// assert_eq!(g[(1, 0, 1)], (129 + 8 * 130) as f32);
/// assert_eq!((g.get((2, 0, 0)), g.get((0, 1, 1))), (None, None));
/// ```
#[inline(always)]
pub fn local_tile_step_masked<E, L, T, Cd, St, O, V>(
    t: Tensor<E, L>,
    tiler: T,
    coord: Cd,
    _step: St,
) -> Result<Masked<E, O, V>, Error>
where
    E: Engine,
    T: TilerStepMasked<L, Cd, St, Output = O, Valid = V>,
    O: Fits,
{
    const { T::STATIC_CHECK };
    let (layout, offset, valid, general) = tiler.masked_tile_step_of(&t.layout, coord)?;
    if general {
        return Err(no_count());
    }
    let base = t.base.wrapping_add(offset);
    Ok(Masked {
        engine: t.engine,
        layout,
        base,
        valid,
    })
}

/// A tiler (`Self`, static extents) whose element `Cd` (one integer per
/// tiled mode) of every tile of `L` can be masked: the partition as
/// [`OuterTiler`] gives it, and its residue (one cut per mode, the
/// partition's rule with the tile coordinate for the thread's).
#[diagnostic::on_unimplemented(
    message = "the tiler `{Self}` at the coordinate `{Cd}` has no masked `outer_partition` of the typed layout `{L}`",
    label = "a masked `outer_partition` takes one static extent (`C<N>`) and one integer per tiled mode"
)]
pub trait OuterMasked<L, Cd>: OuterTiler<L, Cd> {
    /// One cut per top-level mode of the partition.
    type Valid: Copy;
    /// The partition, the offset of its first element, its cuts, and
    /// whether no cut can say its residue.
    #[allow(clippy::type_complexity)]
    fn masked_outer_of(
        self,
        layout: &L,
        coord: Cd,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error>;
}

#[diagnostic::do_not_recommend]
impl<T, Cd, S, D, I, RS, RD> OuterMasked<Layout<S, D, I>, Cd> for T
where
    T: OuterTiler<Layout<S, D, I>, Cd, Output = Layout<RS, RD, I>> + IntoList + Copy,
    Cd: IntoList + Copy,
    S: Mode<D> + IntoList,
    D: Tree,
    I: Offset,
    RS: Mode<RD> + IntoList,
    RD: Tree,
    T::List: ModeResidues<S::List, RS::List, Cd::List>,
{
    type Valid = <T::List as ModeResidues<S::List, RS::List, Cd::List>>::Valid;
    #[inline(always)]
    fn masked_outer_of(
        self,
        layout: &Layout<S, D, I>,
        coord: Cd,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error> {
        // The bound goes unused, as `masked_at`'s.
        let (part, offset, _) = self.outer_of(layout, coord)?;
        // Not a share: a short coordinate keeps whole tiles.
        partition_fits(layout, &part)?;
        let (s, r) = (layout.shape().into_list(), part.shape().into_list());
        let mut general = false;
        let valid = self
            .into_list()
            .residues(&s, &r, &coord.into_list(), &mut general);
        Ok((part, offset, valid, general))
    }
}

/// CuTe's `outer_partition(t, tiler, coord)` with the residue predicated:
/// [`outer_partition`](super::typed::outer_partition)'s layout and base as
/// a [`Masked`] share (element `coord` of every tile; where the last tile
/// of a mode is partial and lacks it, masked). The tiler's entries are
/// static extents, the coordinate one integer per tiled mode. Errors as
/// [`local_partition_masked`](super::typed::local_partition_masked)'s.
///
/// ```
/// use layout_dsl::tensor::{Tensor, typed};
/// use layout_dsl::typed::C;
/// use layout_dsl::layout;
///
/// let (m, n) = (5, 3);
/// let data: Vec<u32> = (0..15).collect();
/// let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
/// // Element (1, 0) of every 4 x 2 tile: rows 1, 5 and columns 0, 2.
/// let part = typed::outer_partition_masked(t.by_ref(), (C::<4>, C::<2>), (1, 0)).unwrap();
/// assert_eq!(part.layout().to_string(), "(2,2):(4,10)");
/// assert_eq!(part.residue(), (1, 2));
/// assert_eq!((part[(0, 1)], part.get((1, 0))), (11, None));
/// assert!(typed::outer_partition(t, (C::<4>, C::<2>), (1, 0)).is_err());
/// ```
#[inline(always)]
pub fn outer_partition_masked<E, L, T, Cd, O, V>(
    t: Tensor<E, L>,
    tiler: T,
    coord: Cd,
) -> Result<Masked<E, O, V>, Error>
where
    E: Engine,
    T: OuterMasked<L, Cd, Output = O, Valid = V>,
    O: Fits,
{
    let (layout, offset, valid, general) = tiler.masked_outer_of(&t.layout, coord)?;
    if general {
        return Err(no_count());
    }
    let base = t.base.wrapping_add(offset);
    Ok(Masked {
        engine: t.engine,
        layout,
        base,
        valid,
    })
}

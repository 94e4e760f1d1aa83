//! Thread–value (TV) layouts: which thread holds which element of a tile.
//!
//! A TV layout maps `(thread, value)` to the index of an element of an
//! `(M,N)` tile (column-major in the tile, as CuTe's `make_layout(tile)`).
//! [`layout_tv`] is what CuTe's `make_tiled_copy(atom, thr, val)` builds,
//! [`tiled_mma_layout`] what a `TiledMMA`'s `get_layoutA_TV()` etc. give, and
//! [`tv_cells`] inverts either into the picture `print_latex` draws.

mod panels;

pub(crate) use panels::{COPY_LAYOUT, LAYOUT_TV, MMA_LAYOUT, TILED_MMA_LAYOUT};
pub use panels::{TvPanel, panels};

use alloc::vec;
use alloc::vec::Vec;

use crate::algebra::{
    Tiler, complement, composition, product_each, raked_product, right_inverse, tiled_product,
    zipped_divide,
};
use crate::atoms::{MmaAtom, Operand};
use crate::error::{DomainError, ErrorKind, Result, mul};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// The steps of [`layout_tv`], in the order CuTe's `make_tiled_copy`
/// computes them (what `layout explain` shows).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TvSteps {
    /// `raked_product(THR, VAL)`: `(m,n)` → `(thread, value)` index.
    pub raked: Layout,
    /// `right_inverse(raked)`: `(thread, value)` index → `(m,n)` index.
    pub inverse: Layout,
    /// The inverse reshaped to `(size THR, size VAL)`: the TV layout.
    pub result: Layout,
    /// The tile `product_each(shape(raked))`: `(M,N)` in elements.
    pub tile: IntTuple,
}

/// [`layout_tv`] step by step.
///
/// ```
/// use layout_core::{tv::layout_tv_steps, Layout};
/// let thr: Layout = "(4,8):(1,4)".parse().unwrap();
/// let val: Layout = "(2,2):(1,2)".parse().unwrap();
/// let s = layout_tv_steps(&thr, &val).unwrap();
/// assert_eq!(s.raked.to_string(), "((2,4),(2,8)):((32,1),(64,4))");
/// assert_eq!(s.inverse.to_string(), "(4,8,2,2):(2,16,1,8)");
/// assert_eq!(s.result.to_string(), "((4,8),(2,2)):((2,16),(1,8))");
/// assert_eq!(s.tile.to_string(), "(8,16)");
/// ```
pub fn layout_tv_steps(thr: &Layout, val: &Layout) -> Result<TvSteps> {
    let raked = raked_product(thr, val)?;
    let inverse = right_inverse(&raked)?;
    // CuTe's `with_shape`: composition with the compact (size THR, size VAL).
    let tv_shape = IntTuple::from([thr.size(), val.size()]);
    let result = composition(&inverse, &Tiler::from(Layout::column_major(tv_shape)?))?;
    let tile = product_each(raked.shape())?;
    Ok(TvSteps {
        raked,
        inverse,
        result,
        tile,
    })
}

/// The TV layout of `make_tiled_copy(atom, THR, VAL)`:
/// `right_inverse(raked_product(THR, VAL))` reshaped to `(size THR, size VAL)`.
///
/// ```
/// use layout_core::{tv::layout_tv, Layout};
/// let thr: Layout = "(32,8):(8,1)".parse().unwrap();
/// let val: Layout = "(1,4):(0,1)".parse().unwrap();
/// assert_eq!(layout_tv(&thr, &val).unwrap().to_string(), "((8,32),4):((128,1),32)");
/// ```
pub fn layout_tv(thr: &Layout, val: &Layout) -> Result<Layout> {
    layout_tv_steps(thr, val).map(|s| s.result)
}

/// The tile of `make_tiled_copy(atom, THR, VAL)`:
/// `product_each(shape(raked_product(THR, VAL)))`.
///
/// ```
/// use layout_core::{tv::layout_tv_tile, Layout};
/// let thr: Layout = "(32,8):(8,1)".parse().unwrap();
/// let val: Layout = "(1,4):(0,1)".parse().unwrap();
/// assert_eq!(layout_tv_tile(&thr, &val).unwrap().to_string(), "(32,32)");
/// ```
pub fn layout_tv_tile(thr: &Layout, val: &Layout) -> Result<IntTuple> {
    product_each(raked_product(thr, val)?.shape())
}

/// `make_tiled_mma(ATOM, ATOM_LAYOUT)`'s `get_layoutA_TV()`,
/// `get_layoutB_TV()` or `get_layoutC_TV()` (no permutation): the
/// `(thread, value)` → `(M,K)`, `(N,K)` or `(M,N)` index layout of the whole
/// tiled MMA. `ATOM_LAYOUT` lays the atoms out over `(M,N,K)` (missing
/// modes are `1:0`, as CuTe pads it).
///
/// ```
/// use layout_core::{atoms, tv::tiled_mma_layout, Layout};
/// let atom = atoms::mma("SM80_16x8x16_F16F16F16F16_TN").unwrap();
/// let tiling: Layout = "(2,2,1):(1,2,4)".parse().unwrap();
/// let c = tiled_mma_layout(atom, &tiling, atoms::Operand::Acc).unwrap();
/// assert_eq!(c.to_string(), "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))");
/// ```
pub fn tiled_mma_layout(atom: &MmaAtom, atom_layout: &Layout, operand: Operand) -> Result<Layout> {
    tiled_mma_steps(atom, atom_layout, operand).map(|s| s.result)
}

/// The steps of [`tiled_mma_layout`], as CuTe's `thrfrg_A/B/C` and
/// `get_layout*_TV` take them (what `layout explain` shows).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TiledMmaSteps {
    /// `tiled_product(ThrID, ATOM_LAYOUT)`: `(ThrV,ThrM,ThrN,ThrK)` → thread.
    pub threads: Layout,
    /// The operand's tile: the atom's extents times the atoms along each axis.
    pub tile: IntTuple,
    /// The tile cut into atoms, each atom's cells as `(ThrV,FrgV)`:
    /// `((ThrV,FrgV),(RestR,RestC))` → tile index.
    pub atoms: Layout,
    /// Thread index → index of `(ThrV,ThrM,ThrN,ThrK)`: the right inverse
    /// of `threads` (with its complement).
    pub thread_order: Layout,
    /// `(thread, value)` → tile index: the tiled MMA's TV layout.
    pub result: Layout,
}

/// [`tiled_mma_layout`] step by step.
///
/// ```
/// use layout_core::{atoms, tv::tiled_mma_steps, Layout};
/// let atom = atoms::mma("SM80_16x8x8_F16F16F16F16_TN").unwrap();
/// let tiling: Layout = "(2,2,1):(1,2,4)".parse().unwrap();
/// let s = tiled_mma_steps(atom, &tiling, atoms::Operand::Acc).unwrap();
/// assert_eq!(s.threads.to_string(), "(32,2,2,1):(1,32,64,128)");
/// assert_eq!(s.tile.to_string(), "(32,16)");
/// ```
pub fn tiled_mma_steps(
    atom: &MmaAtom,
    atom_layout: &Layout,
    operand: Operand,
) -> Result<TiledMmaSteps> {
    let (shape, threads) = (atom.shape()?, atom.threads()?);
    let mut modes = atom_layout.modes();
    if modes.len() > 3 {
        let rank = modes.len();
        return Err(DomainError::AtomLayoutRank { rank }.into());
    }
    while modes.len() < 3 {
        modes.push(Layout::leaf(1, 0)?);
    }
    let mnk = Layout::concat(modes)?;
    // (ThrV, ThrM, ThrN, ThrK) -> thread index.
    let vmnk = tiled_product(&threads, &Tiler::from(mnk))?;
    let thr_size = |i: usize| vmnk.mode(i).map_or(1, |m| m.size());
    let atom_ext = |i: usize| shape.mode(i).and_then(IntTuple::as_int).unwrap_or(1);
    // Which of (M,N,K) the operand's two axes are.
    let (r, c) = match operand {
        Operand::A => (0, 2),
        Operand::B => (1, 2),
        Operand::Acc => (0, 1),
        Operand::Src | Operand::Dst => return Err(operand.not_of_mma()),
    };
    let tile = IntTuple::from([
        mul(atom_ext(r), thr_size(r + 1))?,
        mul(atom_ext(c), thr_size(c + 1))?,
    ]);
    let reference = Layout::column_major(tile.clone())?;
    // ((AtomR,AtomC),(RestR,RestC)), the atom mode turned into (ThrV,FrgV).
    let atom_tile = IntTuple::from([atom_ext(r), atom_ext(c)]);
    let divided = zipped_divide(&reference, &Tiler::try_from(atom_tile)?)?;
    let (atom_mode, rest) = two_modes(&divided)?;
    let tv = composition(&atom_mode, &Tiler::from(atom.layout(operand)?))?;
    let tv_of_atoms = tv.clone();
    let (thr_v, frg_v) = two_modes(&tv)?;
    // Split the rest over the threads tiled in R and C.
    let thr_tile = IntTuple::from([thr_size(r + 1), thr_size(c + 1)]);
    let split = zipped_divide(&rest, &Tiler::try_from(thr_tile)?)?;
    let (thr_rc, rest_rc) = two_modes(&split)?;
    let (thr_r, thr_c) = two_modes(&thr_rc)?;
    // (ThrR,ThrC) widened to (ThrM,ThrN,ThrK): the thread axis the operand
    // does not use is broadcast (stride 0).
    let (m, n) = (thr_size(1), thr_size(2));
    let thr_rc = match operand {
        Operand::A => Layout::concat([
            composition(
                &thr_r,
                &Tiler::from(Layout::new(IntTuple::from([m, n]), IntTuple::from([1, 0]))?),
            )?,
            thr_c,
        ])?,
        Operand::B => Layout::concat([
            composition(
                &thr_r,
                &Tiler::from(Layout::new(IntTuple::from([m, n]), IntTuple::from([0, 1]))?),
            )?,
            thr_c,
        ])?,
        _ => Layout::concat([thr_r, thr_c])?,
    };
    let thr_mode = Layout::concat([thr_v, thr_rc])?;
    // thread index -> (ThrV,ThrM,ThrN,ThrK) index.
    let total = vmnk.size();
    let with_rest = Layout::concat([vmnk.clone(), complement(&vmnk, vmnk.cosize())?])?;
    let thr_of = composition(
        &Layout::new(IntTuple::from([total, 1]), IntTuple::from([1, 0]))?,
        &Tiler::from(right_inverse(&with_rest)?),
    )?;
    let thr_mode = composition(&thr_mode, &Tiler::from(thr_of.clone()))?;
    Ok(TiledMmaSteps {
        threads: vmnk,
        tile,
        atoms: Layout::concat([tv_of_atoms, rest])?,
        thread_order: thr_of,
        result: Layout::concat([thr_mode, Layout::concat([frg_v, rest_rc])?])?,
    })
}

/// The two top-level modes of a rank-2 layout.
fn two_modes(l: &Layout) -> Result<(Layout, Layout)> {
    match (l.mode(0), l.mode(1), l.rank()) {
        (Some(a), Some(b), 2) => Ok((a, b)),
        _ => Err(DomainError::RankMismatch {
            expected: 2,
            found: l.rank(),
        }
        .into()),
    }
}

/// Who holds each cell of an `(M,N)` tile under a TV layout: entry
/// `m + n·M` is `Some((thread, value))`, the first pair (thread-major) whose
/// image is that cell (as CuTe's `print_latex` keeps the first it draws),
/// or `None` when no pair reaches it. Pairs whose image lies outside the
/// tile are an error, and so are tiles or layouts of more than
/// [`TABLE_LIMIT`](crate::TABLE_LIMIT) entries.
///
/// ```
/// use layout_core::{tv::tv_cells, IntTuple, Layout};
/// let tv: Layout = "((4,8),(2,2)):((2,16),(1,8))".parse().unwrap();
/// let cells = tv_cells(&tv, &IntTuple::from([8, 16])).unwrap();
/// assert_eq!(cells[0], Some((0, 0)));
/// assert_eq!(cells[1], Some((0, 1))); // (m=1, n=0): thread 0, value 1
/// assert_eq!(cells[2], Some((1, 0)));
/// ```
pub fn tv_cells(tv: &Layout, tile: &IntTuple) -> Result<Vec<Option<(i64, i64)>>> {
    let cells = tile.size()?;
    // As `table`: a picture past a million cells is a mistake, not a request.
    let limit = crate::idioms::TABLE_LIMIT;
    if cells > limit || tv.size() > limit {
        let size = cells.max(tv.size());
        return Err(DomainError::TableTooLarge { size, limit }.into());
    }
    let threads = tv.mode(0).map_or(tv.size(), |m| m.size());
    let values = tv.mode(1).map_or(1, |m| m.size());
    let mut out = vec![
        None;
        usize::try_from(cells).map_err(|_| ErrorKind::Overflow(
            "the tile's size does not fit in memory"
        ))?
    ];
    for v in 0..values {
        for t in 0..threads {
            let i = tv.at(t + v * threads)?;
            let slot = usize::try_from(i).ok().and_then(|i| out.get_mut(i));
            let Some(slot) = slot else {
                let (what, index, size) = ("the tile index a TV layout gives", i, cells);
                return Err(DomainError::IndexOutOfRange { what, index, size }.into());
            };
            match slot {
                Some((t0, _)) if *t0 <= t => {}
                _ => *slot = Some((t, v)),
            }
        }
    }
    Ok(out)
}

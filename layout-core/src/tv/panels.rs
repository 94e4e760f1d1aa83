//! The pictures of TV layouts as plain data: for each cell of a tile, the
//! `(thread, value)` that holds it, laid out as CuTe's `print_latex` draws a
//! `TiledCopy` (one `(M,N)` panel) or an MMA (`A` as `M×K`, `B` as `K×N`,
//! `C` as `M×N`). The CLI only draws these.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{layout_tv_steps, tiled_mma_layout, tv_cells};
use crate::atoms::{Atom, CopyAtom, MmaAtom, Operand};
use crate::error::{CallError, ErrorKind, Result, mul};
use crate::eval;
use crate::expr::{Expr, ExprKind};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::Value;

/// One panel of a TV picture.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TvPanel {
    /// What is drawn: `C = ((4,8),(2,2)):((32,1),(16,8))`.
    pub title: String,
    /// What rows and columns index: `M`, `K`, …
    pub axes: (&'static str, &'static str),
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major: `cells[r * cols + c]` is the `(thread, value)` holding
    /// that element (the lowest thread when several hold it, as MMA
    /// operands shared by threads are), `None` when no thread does.
    pub cells: Vec<Option<(i64, i64)>>,
}

/// The panels of a TV expression: `layout_tv(THR, VAL)` (its tile),
/// `mma_layout(ATOM, A|B|C)`, `tiled_mma_layout(ATOM, L, A|B|C)`, an MMA
/// atom's bare name (its `A`, `B` and `C`), `copy_layout(ATOM, SRC|DST)` or
/// a copy atom's bare name (its `SRC` and `DST`, in 16-bit elements).
///
/// ```
/// use layout_core::{notation::parse, tv::panels};
/// let p = panels(&parse("layout_tv((4,8):(1,4), (2,2):(1,2))").unwrap()).unwrap();
/// assert_eq!((p[0].rows, p[0].cols), (8, 16));
/// assert_eq!(p[0].cells[1], Some((0, 2))); // (m=0, n=1): thread 0, value 2
/// ```
pub fn panels(expr: &Expr) -> Result<Vec<TvPanel>> {
    // An error of the picture itself (too large, a cell outside the tile)
    // is about the whole expression.
    panels_of(expr).map_err(|e| e.or_at(expr.span))
}

fn panels_of(expr: &Expr) -> Result<Vec<TvPanel>> {
    let value = eval(expr)?;
    // A call draws as its registry entry says (`Function::tv_panels`).
    let call = match &expr.kind {
        ExprKind::Call { name, args, .. } => {
            Some((crate::function(name).and_then(|f| f.tv_panels), args))
        }
        _ => None,
    };
    match (call, &value) {
        (None, Value::Atom(Atom::Mma(atom))) => [Operand::A, Operand::B, Operand::Acc]
            .into_iter()
            .map(|o| mma_panel(atom, None, o))
            .collect(),
        (None, Value::Atom(Atom::Copy(atom))) => [Operand::Src, Operand::Dst]
            .into_iter()
            .map(|o| copy_panel(atom, o))
            .collect(),
        (Some((Some(draw), args)), _) => {
            let values = args.iter().map(eval).collect::<Result<Vec<_>>>()?;
            draw(&value, &values).unwrap_or_else(|| Err(not_tv(&value, expr)))
        }
        _ => Err(not_tv(&value, expr)),
    }
}

type TvPanels = Option<crate::registry::TvPanels>;

/// `layout_tv(THR, VAL)`: its tile.
pub(crate) const LAYOUT_TV: TvPanels = Some(|value, args| match (value, args) {
    (Value::Layout(tv), [Value::Layout(thr), Value::Layout(val)]) => Some(
        layout_tv_steps(thr, val)
            .and_then(|s| panel(format!("{tv}"), ("M", "N"), tv, &s.tile, false))
            .map(|p| alloc::vec![p]),
    ),
    _ => None,
});

/// `mma_layout(ATOM, A|B|C)`: that operand's panel.
pub(crate) const MMA_LAYOUT: TvPanels = Some(|_, args| match args {
    [Value::Atom(Atom::Mma(atom)), Value::Operand(o)] => {
        Some(mma_panel(atom, None, *o).map(|p| alloc::vec![p]))
    }
    _ => None,
});

/// `copy_layout(ATOM, SRC|DST)`: that side's panel.
pub(crate) const COPY_LAYOUT: TvPanels = Some(|_, args| match args {
    [Value::Atom(Atom::Copy(atom)), Value::Operand(o)] => {
        Some(copy_panel(atom, *o).map(|p| alloc::vec![p]))
    }
    _ => None,
});

/// `tiled_mma_layout(ATOM, L, A|B|C)`: that operand's panel.
pub(crate) const TILED_MMA_LAYOUT: TvPanels = Some(|_, args| match args {
    [
        Value::Atom(Atom::Mma(atom)),
        Value::Layout(l),
        Value::Operand(o),
    ] => Some(mma_panel(atom, Some(l), *o).map(|p| alloc::vec![p])),
    _ => None,
});

/// The refusal of an expression that is no TV layout, pointing at it.
fn not_tv(value: &Value, expr: &Expr) -> crate::Error {
    let kind = CallError::WrongType {
        expected: "a TV layout: layout_tv(…), mma_layout(…), tiled_mma_layout(…), copy_layout(…), an MMA or a copy atom",
        found: value.describe(),
    };
    crate::Error::at(kind, expr.span)
}

/// Operand `o` of an atom, or of a tiled MMA when `tiling` is given.
fn mma_panel(atom: &MmaAtom, tiling: Option<&Layout>, o: Operand) -> Result<TvPanel> {
    let tv = match tiling {
        Some(l) => tiled_mma_layout(atom, l, o)?,
        None => atom.layout(o)?,
    };
    let shape = atom.shape()?;
    let ext = |i: usize| shape.mode(i).and_then(IntTuple::as_int).unwrap_or(1);
    // The tile grows with the atoms laid out along each axis.
    let times = |i: usize| tiling.and_then(|l| l.mode(i)).map_or(1, |m| m.size());
    let axis = |i: usize| mul(ext(i), times(i));
    let (m, n, k) = (axis(0)?, axis(1)?, axis(2)?);
    let (axes, tile, transpose) = match o {
        Operand::A => (("M", "K"), [m, k], false),
        // B is (N,K); CuTe draws it K×N, above C.
        Operand::B => (("K", "N"), [n, k], true),
        _ => (("M", "N"), [m, n], false),
    };
    let title = format!("{} = {tv}", o.name());
    panel(title, axes, &tv, &IntTuple::from(tile), transpose)
}

/// The element width a copy atom's picture counts in: `ldmatrix` moves
/// 8×8 matrices of 16-bit elements.
const COPY_ELEMENT_BITS: i64 = 16;

/// A copy atom's `SRC` or `DST`, its bits counted in 16-bit elements
/// (CuTe's `Copy_Atom<OP, half_t>`, whose value layouts are
/// `recast_layout<uint1_t, half_t>` of the traits'), drawn as the matrix
/// `ldmatrix` moves: one 16-byte row (8 elements) a line, so that `SRC`
/// shows the row each thread addresses and `DST` the fragment it receives.
fn copy_panel(atom: &CopyAtom, o: Operand) -> Result<TvPanel> {
    let tv = crate::algebra::upcast(&atom.layout(o)?, COPY_ELEMENT_BITS)?;
    let row = 128 / COPY_ELEMENT_BITS;
    let rows = (tv.cosize() + row - 1) / row;
    let title = format!("{} = {tv} (16-bit elements)", o.name());
    // Element e is at (e / row, e % row): the column-major (row, rows) tile, transposed.
    panel(
        title,
        ("row", "element"),
        &tv,
        &IntTuple::from([row, rows]),
        true,
    )
}

/// The panel of `tv` over the column-major `tile`, drawn transposed when
/// asked.
fn panel(
    title: String,
    axes: (&'static str, &'static str),
    tv: &Layout,
    tile: &IntTuple,
    transpose: bool,
) -> Result<TvPanel> {
    let cells = tv_cells(tv, tile)?;
    let size = |i: usize| tile.mode(i).map_or(Ok(1), IntTuple::size);
    let (m, n) = (size(0)?, size(1)?);
    let (m, n) = (to_usize(m)?, to_usize(n)?);
    let (rows, cols) = if transpose { (n, m) } else { (m, n) };
    let mut out = Vec::with_capacity(cells.len());
    for r in 0..rows {
        for c in 0..cols {
            // The tile is column-major: (i, j) is i + j·m.
            let (i, j) = if transpose { (c, r) } else { (r, c) };
            out.push(cells[i + j * m]);
        }
    }
    Ok(TvPanel {
        title,
        axes,
        rows,
        cols,
        cells: out,
    })
}

fn to_usize(n: i64) -> Result<usize> {
    usize::try_from(n)
        .map_err(|_| ErrorKind::Overflow("a tile extent does not fit in memory").into())
}

//! `layout print`: an expression's layout as a picture (terminal table, SVG,
//! HTML). Every offset comes from the core's `crd2idx`; for divides,
//! compositions and products the tile of each cell comes from running the
//! same core function on a layout of plain indices (see [`tiling`]).

use layout_core::algebra::{Form, zip_product_steps};
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::Tiling;
use layout_core::{
    IntTuple, Layout, Result, Tiler, Value, View, composition, eval, logical_divide,
    logical_product,
};

use crate::render::{Cell, Grid, Picture};
use crate::report::Failure;

/// The most cells a picture may have: 256×256 is already far past reading.
pub const MAX_CELLS: i64 = 1 << 16;

/// What `print` shows: a picture, or a value that is not a layout, as text.
pub enum Printed {
    Picture(Picture),
    Plain(Value),
}

/// Parse, evaluate and turn the result into a picture; a composed
/// (swizzled) layout gets a panel of its offsets before the swizzle first
/// when `pre_swizzle` is set (see `swizzled.rs`).
pub fn build_with(src: &str, pre_swizzle: bool) -> Result<Printed, Failure> {
    let expr = layout_core::notation::parse(src)?;
    let value = eval(&expr)?;
    let caption = src.trim().to_string();
    let (layout, base) = match value {
        Value::Layout(l) => (l, None),
        Value::View(v) => (v.layout().clone(), Some(v.base())),
        Value::Composed(c) => {
            check_size(c.inner(), &expr)?;
            let picture = crate::swizzled::picture(&c, caption, pre_swizzle)?;
            return Ok(Printed::Picture(picture));
        }
        other => return Ok(Printed::Plain(other)),
    };
    check_size(&layout, &expr)?;
    let tiling = tiling(src, &expr, &layout);
    let mut panels = Vec::new();
    let title = match &tiling {
        Some(t) => {
            if let Some(a) = &t.operand {
                let tile = |k: usize| t.operand_tiles.get(k).copied().flatten();
                panels.push(grid(a, format!("A = {a}"), None, &tile)?);
            }
            format!("{} = {layout}", t.call)
        }
        None => match base {
            Some(b) => format!("view({layout},{b}): offsets start at {b}"),
            None => layout.to_string(),
        },
    };
    let result_tile = |k: usize| {
        let t = tiling.as_ref()?;
        t.result_tiles.get(k).copied().flatten()
    };
    panels.push(grid(&layout, title, base, &result_tile)?);
    Ok(Printed::Picture(Picture {
        caption,
        panels,
        tiled: tiling.is_some(),
        tile_word: tiling.map_or("tile", |t| t.word),
    }))
}

pub(crate) fn check_size(layout: &Layout, expr: &Expr) -> Result<(), Failure> {
    if layout.size() > MAX_CELLS {
        let message = format!(
            "the layout has {} cells; `print` draws at most {MAX_CELLS} (use `layout eval` for its value)",
            layout.size()
        );
        return Err(Failure::new(message, Some(expr.span)));
    }
    Ok(())
}

/// CuTe's `print_layout` view of a layout as rows and columns: rank 2 as it
/// is; rank 1 (and rank 0) as a single row; rank > 2 as (mode 0, the other
/// modes grouped), the columns running colexicographically through them.
/// Returns the rank-2 layout and what its rows and columns are.
fn matrix(l: &Layout) -> Result<(Layout, String, String)> {
    let modes = l.modes();
    Ok(match modes.as_slice() {
        [] | [_] => (
            Layout::concat([Layout::leaf(1, 0)?, l.clone()])?,
            "a single row".into(),
            format!("the layout, {l}"),
        ),
        [m0, m1] => (l.clone(), format!("mode 0, {m0}"), format!("mode 1, {m1}")),
        [m0, rest @ ..] => {
            let rest = Layout::concat(rest.iter().cloned())?;
            let cols = format!("modes 1..{} grouped, {rest}", modes.len() - 1);
            (
                Layout::concat([m0.clone(), rest])?,
                format!("mode 0, {m0}"),
                cols,
            )
        }
    })
}

/// The grid of `l` (offsets from `base` for a view); `tile` maps a cell's
/// index in CuTe's colexicographic order to its tile.
pub(crate) fn grid(
    l: &Layout,
    title: String,
    base: Option<i64>,
    tile: &dyn Fn(usize) -> Option<usize>,
) -> Result<Grid> {
    let (m, row_label, col_label) = matrix(l)?;
    let view = View::new(m.clone(), base.unwrap_or(0))?;
    let rows = extent(&m, 0);
    let cols = extent(&m, 1);
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let coord = IntTuple::from([r as i64, c as i64]);
            cells.push(Cell {
                offset: view.crd2idx(&coord)?,
                tile: tile(r + rows * c),
            });
        }
    }
    Ok(Grid {
        title,
        row_label,
        col_label,
        rows,
        cols,
        cells,
    })
}

fn extent(m: &Layout, mode: usize) -> usize {
    m.mode(mode).map_or(1, |x| x.size().max(0) as usize)
}

/// The tile structure of a divide, composition or product.
struct Tiles {
    /// `name(A, T)` as shown over the result.
    call: String,
    /// `A`, drawn with its tiles (not for products: the copies are in the result).
    operand: Option<Layout>,
    /// Per index of the operand `A`: the tile it falls in.
    operand_tiles: Vec<Option<usize>>,
    /// Per index of the result.
    result_tiles: Vec<Option<usize>>,
    word: &'static str,
}

/// For `f(A, T)`, run `f` again on stand-ins for `A` whose offsets say where
/// things came from, so the tiles come from the core's own algebra:
///
/// - divides: on `I`, the compact layout of `A`'s shape (offset = index into
///   `A`), `f(I, T)` maps each result cell to an index of `A`, and
///   `zipped_divide(I, T)` maps (position in tile, tile) to an index of `A`;
/// - composition: `composition(I, T)` says which cells of `A` the result
///   picks; its tiles are the result's columns;
/// - products: on `Z`, `A`'s shape with stride 0, and `T'`, `T`'s shapes
///   with compact strides, every copy of `A` sits at one offset, `j`, its
///   index in `T` (by-mode tilers included).
///
/// Anything else (the registry says which calls tile), or a stand-in the
/// core refuses: no tiles.
fn tiling(src: &str, expr: &Expr, result: &Layout) -> Option<Tiles> {
    let ExprKind::Call { name, args, .. } = &expr.kind else {
        return None;
    };
    let how = layout_core::function(name)?.tiling?;
    let [a_expr, t_expr] = args.as_slice() else {
        return None;
    };
    let Ok(Value::Layout(a)) = eval(a_expr) else {
        return None;
    };
    // `A` is drawn (and indexed) cell by cell too.
    if a.size() > MAX_CELLS {
        return None;
    }
    let t_text = src.get(t_expr.span.start..t_expr.span.end)?;
    let t = Tiler::try_from(eval(t_expr).ok()?).ok()?;
    let call = format!("{name}(A, {t_text})");
    let (operand, operand_tiles, result_tiles, word) = match how {
        Tiling::Divide(form) => divide_tiles(&a, &t, result, form)?,
        Tiling::Composition => composition_tiles(&a, &t, result)?,
        _ => {
            let a_text = src.get(a_expr.span.start..a_expr.span.end)?;
            let tiles = product_tiles(how, &a, &t, result)?;
            return Some(Tiles {
                call: format!("{name}({a_text}, {t_text})"),
                operand: None,
                operand_tiles: Vec::new(),
                result_tiles: tiles,
                word: "copy",
            });
        }
    };
    Some(Tiles {
        call,
        operand: Some(operand),
        operand_tiles,
        result_tiles,
        word,
    })
}

/// `A` again, the tile of each of its indices, the tile of each result index, the word.
type OperandTiles = (Layout, Vec<Option<usize>>, Vec<Option<usize>>, &'static str);

fn divide_tiles(a: &Layout, t: &Tiler, result: &Layout, form: Form) -> Option<OperandTiles> {
    let index = Layout::column_major(a.shape().clone()).ok()?;
    let logical = logical_divide(&index, t).ok()?;
    let picked = form.regroup(logical.clone(), t).ok()?;
    let zipped = Form::Zipped.regroup(logical, t).ok()?;
    let mut operand_tiles = vec![None; usize::try_from(a.size()).ok()?];
    let (inner, tiles) = (extent(&zipped, 0), extent(&zipped, 1));
    for j in 0..tiles {
        for i in 0..inner {
            let k = zipped.crd2idx(&IntTuple::from([i as i64, j as i64])).ok()?;
            // A tiler that does not divide A evenly reaches past its end.
            let slot = usize::try_from(k)
                .ok()
                .and_then(|k| operand_tiles.get_mut(k));
            if let Some(slot) = slot {
                *slot = Some(j);
            }
        }
    }
    let result_tiles = (0..result.size())
        .map(|n| {
            let k = usize::try_from(picked.at(n).ok()?).ok()?;
            operand_tiles.get(k).copied().flatten()
        })
        .collect();
    Some((a.clone(), operand_tiles, result_tiles, "tile"))
}

fn composition_tiles(a: &Layout, t: &Tiler, result: &Layout) -> Option<OperandTiles> {
    let index = Layout::column_major(a.shape().clone()).ok()?;
    let picked = composition(&index, t).ok()?;
    // A rank-2 (or higher) result's columns are its tiles; a rank-1
    // result is one tile, showing which cells of A it picks.
    let rows = match result.rank() {
        0 | 1 => usize::MAX,
        _ => extent(&matrix(result).ok()?.0, 0).max(1),
    };
    let mut operand_tiles = vec![None; usize::try_from(a.size()).ok()?];
    let mut result_tiles = Vec::new();
    for n in 0..result.size() {
        let column = n as usize / rows;
        result_tiles.push(Some(column));
        let k = usize::try_from(picked.at(n).ok()?).ok();
        if let Some(slot) = k.and_then(|k| operand_tiles.get_mut(k)) {
            slot.get_or_insert(column);
        }
    }
    Some((a.clone(), operand_tiles, result_tiles, "result column"))
}

/// The copy of `A` each result index belongs to, from the same product of
/// two stand-ins: `Z`, `A`'s shape with stride 0, so that all cells of one
/// copy share an offset, and `T'` (see [`numbered`]), so that this offset is
/// the copy's index in `T`.
fn product_tiles(
    how: Tiling,
    a: &Layout,
    t: &Tiler,
    result: &Layout,
) -> Option<Vec<Option<usize>>> {
    let zero = Layout::new(a.shape().clone(), zeros(a.shape())).ok()?;
    let t = numbered(t)?;
    let copies = match (how, &t) {
        (Tiling::ZipProduct { raked }, Tiler::Layout(b)) => {
            zip_product_steps(&zero, b, raked).map(|steps| steps.result)
        }
        (Tiling::Product(form), _) => logical_product(&zero, &t).and_then(|l| form.regroup(l, &t)),
        _ => return None,
    }
    .ok()?;
    // Cell `n` is the same cell of both: the products differ only in how
    // the copy modes are factored (`6` against `(2,3)`), and refactoring a
    // mode keeps the colexicographic order.
    if copies.size() != result.size() {
        return None;
    }
    let tiles = (0..result.size())
        .map(|n| copies.at(n).ok().and_then(|c| usize::try_from(c).ok()))
        .collect();
    Some(tiles)
}

/// `T'`: `T` with the same shapes, its leaf layouts laid end to end as the
/// modes of one compact column-major layout, so that `T'` maps copy `j` to
/// `j`. `T` itself will not do: each element of a by-mode tiler starts at
/// offset 0, so copies along different modes would share offsets (and a
/// stride-0 `T` repeats them).
fn numbered(t: &Tiler) -> Option<Tiler> {
    fn shapes(t: &Tiler, out: &mut Vec<IntTuple>) {
        match t {
            Tiler::Layout(l) => out.push(l.shape().clone()),
            Tiler::ByMode(ts) => ts.iter().for_each(|t| shapes(t, out)),
        }
    }
    fn rebuild(t: &Tiler, modes: &mut std::vec::IntoIter<Layout>) -> Option<Tiler> {
        Some(match t {
            Tiler::Layout(_) => Tiler::Layout(modes.next()?),
            Tiler::ByMode(ts) => Tiler::ByMode(
                ts.iter()
                    .map(|t| rebuild(t, modes))
                    .collect::<Option<_>>()?,
            ),
        })
    }
    let mut all = Vec::new();
    shapes(t, &mut all);
    let index = Layout::column_major(IntTuple::Tuple(all)).ok()?;
    rebuild(t, &mut index.modes().into_iter())
}

/// A stride of 0 at every leaf of `shape`.
fn zeros(shape: &IntTuple) -> IntTuple {
    match shape {
        IntTuple::Int(_) => IntTuple::Int(0),
        IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(zeros).collect()),
    }
}

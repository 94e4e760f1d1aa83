//! A picture as a box-drawn table for the terminal, like CuTe's
//! `print_layout`: column coordinates on top, row coordinates on the left,
//! one offset per cell.
//!
//! Tile boundaries are heavy lines (`┃`, `━`) so the tile structure shows
//! without colour too (pipes, `NO_COLOR`, snapshots). Big grids leave out
//! the rules between rows, except at tile boundaries, so a 32×32 layout
//! still fits on a screen.

use std::fmt::Write;

use super::{ColorBy, Grid, Picture};
use crate::style::{Rgb, Styles};

/// Up to this many rows, every row gets a rule under it.
const RULED_ROWS: usize = 16;
/// Past this many columns, the table is drawn compact.
const WIDE_COLUMNS: usize = 16;

/// The whole picture: each panel, then a line saying what the colours mean.
pub fn render(picture: &Picture, by: ColorBy, color: bool) -> String {
    let styles = Styles::new(color);
    let colors = picture.colors(by);
    let mut out = String::new();
    for (i, (grid, colors)) in picture.panels.iter().zip(&colors).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let colors = if color { colors.as_slice() } else { &[] };
        panel(&mut out, grid, colors, picture.tiled, &styles);
    }
    if picture.tiled {
        let _ = writeln!(
            out,
            "{}heavy lines: {} boundaries{}",
            styles.dim.render(),
            picture.tile_word,
            styles.dim.render_reset()
        );
    }
    out
}

fn panel(out: &mut String, g: &Grid, colors: &[Option<Rgb>], tiled: bool, styles: &Styles) {
    let (bold, reset) = (styles.heading.render(), styles.heading.render_reset());
    let _ = writeln!(out, "{bold}{}{reset}", g.title);
    let _ = writeln!(out, "rows: {} · columns: {}", g.row_label, g.col_label);
    if g.cells.is_empty() {
        out.push_str("(no cells: the layout's size is 0)\n");
        return;
    }

    // Wide grids drop the padding and the bars between cells (a space
    // separates them, a heavy bar marks a tile boundary): 32 columns of
    // four-digit offsets then take 160 characters instead of 225.
    let compact = g.cols > WIDE_COLUMNS;
    let pad = usize::from(!compact);
    let inner = if compact { ' ' } else { '│' };
    let digits = |n: i64| n.to_string().len();
    let widest = g.cells.iter().map(|c| digits(c.offset));
    let width = widest
        .chain([digits(g.cols.saturating_sub(1) as i64)])
        .max()
        .unwrap_or(1)
        + 2 * pad;
    let label = digits(g.rows.saturating_sub(1) as i64);
    let margin = " ".repeat(label + 1);

    // Column coordinates, right-aligned over their cells' digits.
    let mut header = margin.clone();
    for c in 0..g.cols {
        let _ = write!(header, " {c:>w$}{}", " ".repeat(pad), w = width - pad);
    }
    out.push_str(header.trim_end());
    out.push('\n');

    let tile = |r: usize, c: usize| g.cell(r, c).tile;
    // Boundaries right of cell (r, c) and below it.
    let right = |r: usize, c: usize| tiled && c + 1 < g.cols && tile(r, c) != tile(r, c + 1);
    let below = |r: usize, c: usize| tiled && r + 1 < g.rows && tile(r, c) != tile(r + 1, c);
    // A horizontal rule under row `r` (`None`: the top or bottom edge).
    let rule = |out: &mut String, r: Option<usize>, ends: [char; 3]| {
        out.push_str(&margin);
        out.push(ends[0]);
        for c in 0..g.cols {
            let heavy = r.is_some_and(|r| below(r, c));
            let line = if heavy { '━' } else { '─' };
            out.extend(std::iter::repeat_n(line, width));
            if c + 1 == g.cols {
                out.push(ends[2]);
                continue;
            }
            let crossed = match r {
                Some(r) => right(r, c) || right(r + 1, c),
                None => (0..g.rows).any(|r| right(r, c)),
            };
            out.push(if !compact || crossed { ends[1] } else { line });
        }
        out.push('\n');
    };

    rule(out, None, ['┌', '┬', '┐']);
    for r in 0..g.rows {
        let _ = write!(out, "{r:>label$} │");
        for c in 0..g.cols {
            let text = format!(
                "{:>w$}{}",
                g.cell(r, c).offset,
                " ".repeat(pad),
                w = width - pad
            );
            match colors.get(r * g.cols + c).copied().flatten() {
                Some(rgb) => {
                    let bg = rgb.background();
                    let _ = write!(out, "{}{text}{}", bg.render(), bg.render_reset());
                }
                None => out.push_str(&text),
            }
            out.push(match () {
                _ if c + 1 == g.cols => '│',
                _ if right(r, c) => '┃',
                _ => inner,
            });
        }
        out.push('\n');
        if r + 1 == g.rows {
            break;
        }
        let boundary = (0..g.cols).any(|c| below(r, c));
        if boundary || (!compact && g.rows <= RULED_ROWS) {
            rule(out, Some(r), ['├', '┼', '┤']);
        }
    }
    rule(out, None, ['└', '┴', '┘']);
}

//! Thread–value pictures, as CuTe's `print_latex` of a `TiledCopy` or a
//! `TiledMMA` draws them: every cell of the tile shows `T{thread}V{value}`,
//! coloured by thread. The cells come from the core (`tv::panels`); this
//! module only draws them, as a terminal table or an SVG (which, unlike
//! LaTeX, does not give up at 64×64: one `rect` and one `text` per cell).
//! An MMA's three panels sit as CuTe places them: `B` (K×N) above `C`
//! (M×N), `A` (M×K) to the left of `C`; a copy's `SRC` and `DST` side by side.

use std::fmt::Write;

use layout_core::tv::TvPanel;

use super::svg::escape;
use crate::style::{self, Styles};

/// `T{t}V{v}`, or `·` for a cell no thread holds.
fn label(cell: Option<(i64, i64)>) -> String {
    cell.map_or_else(|| "·".into(), |(t, v)| format!("T{t}V{v}"))
}

/// The colour of thread `t`.
fn color(t: i64) -> style::Rgb {
    style::category(usize::try_from(t).unwrap_or(0))
}

/// The panels as text tables, one after the other.
pub fn text(caption: &str, panels: &[TvPanel], color_on: bool) -> String {
    let styles = Styles::new(color_on);
    let mut out = String::new();
    let (bold, reset) = (styles.heading.render(), styles.heading.render_reset());
    let _ = writeln!(out, "{bold}{caption}{reset}");
    for p in panels {
        let _ = writeln!(out, "\n{bold}{}{reset}", p.title);
        let _ = writeln!(out, "rows: {} · columns: {}", p.axes.0, p.axes.1);
        let labels: Vec<String> = p.cells.iter().map(|&c| label(c)).collect();
        let cell_w = labels
            .iter()
            .map(|l| l.chars().count())
            .chain([p.cols.saturating_sub(1).to_string().len()])
            .max()
            .unwrap_or(1);
        let row_w = p.rows.saturating_sub(1).to_string().len();
        let _ = write!(out, "{:row_w$} ", "");
        for c in 0..p.cols {
            let _ = write!(out, " {c:>cell_w$}");
        }
        out.push('\n');
        for r in 0..p.rows {
            let _ = write!(out, "{r:>row_w$} ");
            for c in 0..p.cols {
                let i = r * p.cols + c;
                let text = format!("{:>cell_w$}", labels[i]);
                match p.cells[i] {
                    Some((t, _)) if color_on => {
                        let bg = color(t).background();
                        let _ = write!(out, " {}{text}{}", bg.render(), bg.render_reset());
                    }
                    _ => {
                        let _ = write!(out, " {text}");
                    }
                }
            }
            out.push('\n');
        }
    }
    out
}

const MARGIN: usize = 16;
const CELL_H: usize = 18;
const GAP: usize = 32;
/// One character of the 10px monospace font, rounded up.
const CHAR_W: usize = 7;
/// Room above a panel's grid for its title and column numbers.
const HEAD: usize = 40;
/// Room left of a panel's grid for its row numbers.
const SIDE: usize = 32;
const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";

/// Width and height of a panel, its title and labels included.
fn size(p: &TvPanel, cell_w: usize) -> (usize, usize) {
    let grid_w = SIDE + p.cols * cell_w;
    let title_w = p.title.chars().count() * 8;
    (grid_w.max(title_w), HEAD + p.rows * CELL_H)
}

/// The panels as an SVG document.
pub fn svg(caption: &str, panels: &[TvPanel]) -> String {
    let widest = panels
        .iter()
        .flat_map(|p| p.cells.iter().map(|&c| label(c).chars().count()))
        .max()
        .unwrap_or(1);
    let cell_w = widest * CHAR_W + 6;
    let sizes: Vec<(usize, usize)> = panels.iter().map(|p| size(p, cell_w)).collect();
    let top = MARGIN + 28;
    // Where each panel goes: an MMA's A, B, C as CuTe places them, else a column.
    let origins: Vec<(usize, usize)> = match sizes.as_slice() {
        // A copy's SRC and DST side by side, as CuTe's print_latex of a TiledCopy.
        [s, _] => vec![(MARGIN, top), (MARGIN + s.0 + GAP, top)],
        [a, b, _] => vec![
            (MARGIN, top + b.1 + GAP),
            (MARGIN + a.0 + GAP, top),
            (MARGIN + a.0 + GAP, top + b.1 + GAP),
        ],
        _ => {
            let mut y = top;
            sizes
                .iter()
                .map(|s| {
                    let o = (MARGIN, y);
                    y += s.1 + GAP;
                    o
                })
                .collect()
        }
    };
    let width = origins
        .iter()
        .zip(&sizes)
        .map(|(o, s)| o.0 + s.0)
        .chain([caption.chars().count() * 9 + MARGIN])
        .max()
        .unwrap_or(0)
        + MARGIN;
    let height = origins
        .iter()
        .zip(&sizes)
        .map(|(o, s)| o.1 + s.1)
        .max()
        .unwrap_or(top)
        + MARGIN;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\">"
    );
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>");
    let _ = writeln!(
        s,
        "<text class=\"caption\" x=\"{MARGIN}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\">{}</text>",
        MARGIN + 14,
        escape(caption)
    );
    for (p, &(x0, y0)) in panels.iter().zip(&origins) {
        panel(&mut s, p, x0, y0, cell_w);
    }
    s.push_str("</svg>\n");
    s
}

fn panel(s: &mut String, p: &TvPanel, x0: usize, y0: usize, cell_w: usize) {
    let _ = writeln!(
        s,
        "<g class=\"panel\"><text x=\"{x0}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\">{}</text>",
        y0 + 12,
        escape(&p.title)
    );
    let _ = writeln!(
        s,
        "<text x=\"{x0}\" y=\"{}\" font-size=\"10\" fill=\"#555\">{}↓ {}→</text>",
        y0 + 26,
        p.axes.0,
        p.axes.1
    );
    let (gx, gy) = (x0 + SIDE, y0 + HEAD);
    for c in 0..p.cols {
        let x = gx + c * cell_w + cell_w / 2;
        let _ = writeln!(
            s,
            "<text x=\"{x}\" y=\"{}\" font-size=\"9\" fill=\"#555\" text-anchor=\"middle\">{c}</text>",
            gy - 4
        );
    }
    for r in 0..p.rows {
        let y = gy + r * CELL_H;
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"9\" fill=\"#555\" text-anchor=\"end\">{r}</text>",
            gx - 4,
            y + 12
        );
        for c in 0..p.cols {
            let cell = p.cells[r * p.cols + c];
            let x = gx + c * cell_w;
            let fill = cell.map_or_else(|| "#ffffff".into(), |(t, _)| color(t).hex());
            let _ = writeln!(
                s,
                "<rect class=\"cell\" x=\"{x}\" y=\"{y}\" width=\"{cell_w}\" height=\"{CELL_H}\" \
                 fill=\"{fill}\" stroke=\"#888\" stroke-width=\"0.5\"/>\
                 <text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
                x + cell_w / 2,
                y + 13,
                label(cell)
            );
        }
    }
    s.push_str("</g>\n");
}

/// An HTML page around the SVG.
pub fn html(caption: &str, panels: &[TvPanel]) -> String {
    let svg = svg(caption, panels);
    let caption = escape(caption);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>layout print --tv: {caption}</title>\n\
         <style>body {{ font-family: sans-serif; margin: 2em; }}</style>\n\
         </head>\n<body>\n<h1><code>{caption}</code></h1>\n\
         <p>Each cell shows which thread <code>T</code> holds that element as its value \
         <code>V</code>, as CuTe's <code>print_latex</code> draws it; colours follow the thread.</p>\n\
         {svg}</body>\n</html>\n"
    )
}

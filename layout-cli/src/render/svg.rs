//! A picture as a standalone SVG (and an HTML page around it): one
//! `<rect class="cell">` and one `<text class="offset">` per cell, column
//! coordinates above, row coordinates to the left, tile boundaries as thick
//! `<line class="tile-edge">`s. Hand-written strings: the format is small
//! and a dependency would not make it clearer.

use std::fmt::Write;

use super::{ColorBy, Grid, Picture};
use crate::style::Rgb;

const MARGIN: usize = 16;
const CELL_H: usize = 24;
const GAP: usize = 48;
/// Width of one character of the 12px monospace font, rounded up.
const CHAR_W: usize = 8;
const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";

/// Sizes of one panel, worked out before drawing so panels can sit side by side.
struct Frame {
    cell_w: usize,
    /// Room left of the grid for row coordinates.
    label_w: usize,
    width: usize,
}

fn frame(g: &Grid) -> Frame {
    let digits = |n: i64| n.to_string().len();
    let widest = g.cells.iter().map(|c| digits(c.offset)).max().unwrap_or(1);
    let cell_w = (widest * CHAR_W + 12).max(28);
    let label_w = digits(g.rows.saturating_sub(1) as i64) * CHAR_W + 10;
    let grid_w = label_w + g.cols * cell_w;
    // DejaVu Sans Mono advances 0.6 em: 8px a character at 13px, 7px at 11px.
    let chars = |t: &str| t.chars().count();
    let text_w = (chars(&g.title) * 8)
        .max((chars(&g.row_label) + 6) * 7)
        .max((chars(&g.col_label) + 9) * 7);
    Frame {
        cell_w,
        label_w,
        width: grid_w.max(text_w),
    }
}

/// The picture as an SVG document.
pub fn render(picture: &Picture, by: ColorBy) -> String {
    let colors = picture.colors(by);
    let frames: Vec<Frame> = picture.panels.iter().map(frame).collect();
    let caption_w = picture.caption.chars().count() * 10;
    let panels_w: usize =
        frames.iter().map(|f| f.width).sum::<usize>() + GAP * frames.len().saturating_sub(1);
    let width = 2 * MARGIN + panels_w.max(caption_w).max(260);
    // A lone panel whose title is the caption (a bare layout) needs no caption.
    let captioned = !matches!(picture.panels.as_slice(), [g] if g.title == picture.caption);
    let top = if captioned { MARGIN + 36 } else { MARGIN + 12 };
    let rows = picture.panels.iter().map(|g| g.rows).max().unwrap_or(0);
    let height = top + 62 + rows * CELL_H + 40;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&picture.caption));
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    if captioned {
        let _ = writeln!(
            s,
            r#"<text x="{MARGIN}" y="{}" font-size="15" font-weight="bold">{}</text>"#,
            MARGIN + 12,
            escape(&picture.caption)
        );
    }
    let mut x = MARGIN;
    for ((g, f), colors) in picture.panels.iter().zip(&frames).zip(&colors) {
        panel(&mut s, g, f, colors, picture.tiled, x, top);
        x += f.width + GAP;
    }
    let legend = match (by, picture.tiled) {
        (ColorBy::Tile, true) => {
            let word = picture.tile_word;
            format!("colour: {word} (thick lines: {word} boundaries)")
        }
        (ColorBy::Tile, false) | (ColorBy::Offset, _) => {
            "colour: offset, blue (low) to red (high)".to_string()
        }
        (ColorBy::Row, _) => "colour: row".to_string(),
        (ColorBy::Column, _) => "colour: column".to_string(),
    };
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{}" font-size="11" fill="#555555">{}</text>"##,
        height - 14,
        escape(&legend)
    );
    s.push_str("</svg>\n");
    s
}

fn panel(
    s: &mut String,
    g: &Grid,
    f: &Frame,
    colors: &[Option<Rgb>],
    tiled: bool,
    x0: usize,
    y0: usize,
) {
    let _ = writeln!(s, r#"<g class="panel">"#);
    let _ = writeln!(
        s,
        r#"<text x="{x0}" y="{y0}" font-size="13" font-weight="bold">{}</text>"#,
        escape(&g.title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{x0}" y="{}" font-size="11" fill="#555555">rows: {}</text>"##,
        y0 + 16,
        escape(&g.row_label)
    );
    let _ = writeln!(
        s,
        r##"<text x="{x0}" y="{}" font-size="11" fill="#555555">columns: {}</text>"##,
        y0 + 30,
        escape(&g.col_label)
    );
    let gx = x0 + f.label_w;
    let gy = y0 + 62;
    if g.cells.is_empty() {
        let _ = writeln!(
            s,
            r#"<text x="{x0}" y="{gy}" font-size="12">(no cells: the layout's size is 0)</text>"#
        );
        s.push_str("</g>\n");
        return;
    }
    for c in 0..g.cols {
        let _ = writeln!(
            s,
            r##"<text class="col" x="{}" y="{}" font-size="11" fill="#555555" text-anchor="middle">{c}</text>"##,
            gx + c * f.cell_w + f.cell_w / 2,
            gy - 8
        );
    }
    for r in 0..g.rows {
        let _ = writeln!(
            s,
            r##"<text class="row" x="{}" y="{}" font-size="11" fill="#555555" text-anchor="end">{r}</text>"##,
            gx - 6,
            gy + r * CELL_H + CELL_H / 2 + 4
        );
    }
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (x, y) = (gx + c * f.cell_w, gy + r * CELL_H);
            let fill = colors
                .get(r * g.cols + c)
                .copied()
                .flatten()
                .map_or_else(|| "#ffffff".to_string(), Rgb::hex);
            let _ = writeln!(
                s,
                r##"<rect class="cell" x="{x}" y="{y}" width="{}" height="{CELL_H}" fill="{fill}" stroke="#666666" stroke-width="0.5"/>"##,
                f.cell_w
            );
            let _ = writeln!(
                s,
                r#"<text class="offset" x="{}" y="{}" font-size="12" text-anchor="middle">{}</text>"#,
                x + f.cell_w / 2,
                y + CELL_H / 2 + 4,
                g.cell(r, c).offset
            );
        }
    }
    if tiled {
        tile_edges(s, g, f, gx, gy);
    }
    let _ = writeln!(
        s,
        r##"<rect x="{gx}" y="{gy}" width="{}" height="{}" fill="none" stroke="#000000" stroke-width="1.5"/>"##,
        g.cols * f.cell_w,
        g.rows * CELL_H
    );
    s.push_str("</g>\n");
}

/// A thick line wherever two neighbouring cells are in different tiles.
fn tile_edges(s: &mut String, g: &Grid, f: &Frame, gx: usize, gy: usize) {
    let mut line = |x1: usize, y1: usize, x2: usize, y2: usize| {
        let _ = writeln!(
            s,
            r##"<line class="tile-edge" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#000000" stroke-width="2.5"/>"##
        );
    };
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (x, y) = (gx + c * f.cell_w, gy + r * CELL_H);
            let here = g.cell(r, c).tile;
            if c + 1 < g.cols && g.cell(r, c + 1).tile != here {
                line(x + f.cell_w, y, x + f.cell_w, y + CELL_H);
            }
            if r + 1 < g.rows && g.cell(r + 1, c).tile != here {
                line(x, y + CELL_H, x + f.cell_w, y + CELL_H);
            }
        }
    }
}

/// A standalone HTML page showing the SVG, with a line on how to read it.
pub fn html(picture: &Picture, by: ColorBy) -> String {
    let svg = render(picture, by);
    let caption = escape(&picture.caption);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>layout print: {caption}</title>\n\
         <style>body {{ font-family: sans-serif; margin: 2em; }} code {{ font-size: 1.1em; }}</style>\n\
         </head>\n<body>\n<h1><code>{caption}</code></h1>\n\
         <p>Each cell shows the offset <code>L(row, column)</code>: rows index mode 0, \
         columns the remaining modes (colexicographically, as CuTe's <code>print_layout</code>).</p>\n\
         {svg}</body>\n</html>\n"
    )
}

/// Text for XML: the notation's `<…>` tilers and `&` would break the document.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

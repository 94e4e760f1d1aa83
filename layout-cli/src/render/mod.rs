//! Pictures of layouts as plain data, and how to colour them. `print.rs`
//! fills these from the core; `text.rs` and `svg.rs` draw them. Nothing here
//! knows any layout algebra.

pub mod svg;
pub mod text;
pub mod tv;

use crate::style::{self, Rgb};

/// One layout drawn as CuTe's `print_layout` draws it: row `r`, column `c`
/// holds the offset `L(r, c)`.
#[derive(Clone, Debug)]
pub struct Grid {
    /// What is drawn, e.g. `A = (4,6):(1,4)`.
    pub title: String,
    /// What the rows and columns index, e.g. `mode 0, (2,4):(3,6)`.
    pub row_label: String,
    pub col_label: String,
    pub rows: usize,
    pub cols: usize,
    /// Row-major: `cells[r * cols + c]`.
    pub cells: Vec<Cell>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub offset: i64,
    /// The tile (or copy) the cell belongs to, when the picture has tiles;
    /// `None` in a tiled picture means "in no tile" (not selected).
    pub tile: Option<usize>,
}

impl Grid {
    pub fn cell(&self, r: usize, c: usize) -> Cell {
        self.cells[r * self.cols + c]
    }
}

/// Everything `layout print` shows for one expression.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The expression as typed.
    pub caption: String,
    /// One grid, or the operand then the result for a divide, composition or product.
    pub panels: Vec<Grid>,
    /// Whether cells carry tile numbers.
    pub tiled: bool,
    /// What a tile is in this picture, for the legend ("tile", "copy of A").
    pub tile_word: &'static str,
}

/// `--color-by`: what decides a cell's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorBy {
    /// The offset's value, on a blue-to-red ramp (equal offsets, equal colours).
    Offset,
    /// The row (the coordinate in mode 0).
    Row,
    /// The column (the coordinate in the other modes).
    Column,
    /// The tile of a divide or composition, the copy of a product.
    Tile,
}

impl Picture {
    /// The colouring used when none is asked for: tiles when there are any.
    pub fn default_color_by(&self) -> ColorBy {
        if self.tiled {
            ColorBy::Tile
        } else {
            ColorBy::Offset
        }
    }

    /// Smallest and largest offset over all panels, so one offset has one
    /// colour everywhere in the picture.
    fn offset_range(&self) -> (i64, i64) {
        let all = self
            .panels
            .iter()
            .flat_map(|g| g.cells.iter().map(|c| c.offset));
        let lo = all.clone().min().unwrap_or(0);
        (lo, all.max().unwrap_or(0))
    }

    /// A colour for every cell of every panel (`None`: leave it white).
    pub fn colors(&self, by: ColorBy) -> Vec<Vec<Option<Rgb>>> {
        let (lo, hi) = self.offset_range();
        let by = if by == ColorBy::Tile && !self.tiled {
            ColorBy::Offset
        } else {
            by
        };
        self.panels
            .iter()
            .map(|g| {
                (0..g.rows * g.cols)
                    .map(|i| {
                        let (r, c) = (i / g.cols, i % g.cols);
                        let cell = g.cells[i];
                        match by {
                            ColorBy::Offset => Some(style::gradient(cell.offset, lo, hi)),
                            ColorBy::Row => Some(style::category(r)),
                            ColorBy::Column => Some(style::category(c)),
                            ColorBy::Tile => cell.tile.map(style::category),
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

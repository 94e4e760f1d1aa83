//! Colour: whether to use it (`--color`, a terminal, `NO_COLOR`) and which
//! colour a cell gets. One palette feeds both the terminal table and the SVG,
//! so the two pictures of a layout look alike.

use std::io::IsTerminal;

use anstyle::{Ansi256Color, AnsiColor, Color, Effects, RgbColor, Style};

/// `--color`: when to use ANSI colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and `NO_COLOR` is unset or empty.
    #[default]
    Auto,
    /// Always colour (even through a pipe, and despite `NO_COLOR`).
    Always,
    /// Never colour.
    Never,
}

/// Where an output goes, to decide `auto`.
#[derive(Clone, Copy)]
pub enum Stream {
    Stdout,
    Stderr,
}

impl ColorChoice {
    /// Whether to colour `stream`. An explicit `always` beats `NO_COLOR`, as
    /// the NO_COLOR convention allows for a user's explicit request.
    pub fn enabled(self, stream: Stream) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let terminal = match stream {
                    Stream::Stdout => std::io::stdout().is_terminal(),
                    Stream::Stderr => std::io::stderr().is_terminal(),
                };
                terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// Styles for the words around the pictures (errors, headings).
#[derive(Clone, Copy)]
pub struct Styles {
    pub error: Style,
    pub caret: Style,
    pub heading: Style,
    pub dim: Style,
}

impl Styles {
    pub fn new(enabled: bool) -> Styles {
        if !enabled {
            let plain = Style::new();
            return Styles {
                error: plain,
                caret: plain,
                heading: plain,
                dim: plain,
            };
        }
        let red = Some(Color::Ansi(AnsiColor::Red));
        Styles {
            error: Style::new().fg_color(red).effects(Effects::BOLD),
            caret: Style::new().fg_color(red).effects(Effects::BOLD),
            heading: Style::new().effects(Effects::BOLD),
            dim: Style::new().effects(Effects::DIMMED),
        }
    }
}

/// A colour as red, green, blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// Twelve light colours that stay apart from their neighbours and keep black
/// text readable (ColorBrewer's "Set3"): one per tile, row or column.
const CATEGORIES: [Rgb; 12] = [
    Rgb(0x8d, 0xd3, 0xc7),
    Rgb(0xff, 0xff, 0xb3),
    Rgb(0xbe, 0xba, 0xda),
    Rgb(0xfb, 0x80, 0x72),
    Rgb(0x80, 0xb1, 0xd3),
    Rgb(0xfd, 0xb4, 0x62),
    Rgb(0xb3, 0xde, 0x69),
    Rgb(0xfc, 0xcd, 0xe5),
    Rgb(0xd9, 0xd9, 0xd9),
    Rgb(0xbc, 0x80, 0xbd),
    Rgb(0xcc, 0xeb, 0xc5),
    Rgb(0xff, 0xed, 0x6f),
];

/// The colour of category `key` (a tile, a row, a column), cycling.
pub fn category(key: usize) -> Rgb {
    CATEGORIES[key % CATEGORIES.len()]
}

/// The colour of offset `v` on a light blue → green → yellow → red ramp
/// over `lo..=hi`: neighbouring offsets look alike, repeated offsets (a
/// broadcast, stride 0) have exactly the same colour.
pub fn gradient(v: i64, lo: i64, hi: i64) -> Rgb {
    let t = if hi > lo {
        (v - lo) as f64 / (hi - lo) as f64
    } else {
        0.0
    };
    hsl(220.0 * (1.0 - t), 0.75, 0.78)
}

fn hsl(h: f64, s: f64, l: f64) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let (r, g, b) = match h {
        h if h < 60.0 => (c, x, 0.0),
        h if h < 120.0 => (x, c, 0.0),
        h if h < 180.0 => (0.0, c, x),
        h if h < 240.0 => (0.0, x, c),
        h if h < 300.0 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(byte(r), byte(g), byte(b))
}

impl Rgb {
    /// `#rrggbb`, for SVG.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// A background style for a terminal cell: 24-bit colour where the
    /// terminal says it has it (`COLORTERM`), else the nearest of the 256.
    pub fn background(self) -> Style {
        let truecolor = std::env::var("COLORTERM")
            .is_ok_and(|v| v.contains("truecolor") || v.contains("24bit"));
        let color = if truecolor {
            Color::Rgb(RgbColor(self.0, self.1, self.2))
        } else {
            Color::Ansi256(Ansi256Color(self.ansi256()))
        };
        Style::new()
            .bg_color(Some(color))
            .fg_color(Some(Color::Ansi256(Ansi256Color(16))))
    }

    /// The nearest colour of the 6×6×6 cube of the 256-colour palette.
    fn ansi256(self) -> u8 {
        const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        let nearest = |v: u8| {
            (0..6u8)
                .min_by_key(|&i| LEVELS[i as usize].abs_diff(v))
                .unwrap_or(0)
        };
        16 + 36 * nearest(self.0) + 6 * nearest(self.1) + nearest(self.2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ramp_runs_from_blue_to_red() {
        let lo = gradient(0, 0, 10);
        let hi = gradient(10, 0, 10);
        assert!(lo.2 > lo.0, "{lo:?} should be bluish");
        assert!(hi.0 > hi.2, "{hi:?} should be reddish");
        assert_eq!(gradient(5, 5, 5), gradient(0, 0, 0));
    }

    #[test]
    fn cube_colours_are_in_range() {
        assert_eq!(Rgb(0, 0, 0).ansi256(), 16);
        assert_eq!(Rgb(255, 255, 255).ansi256(), 231);
    }
}

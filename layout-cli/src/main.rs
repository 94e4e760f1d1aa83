//! `layout`: a calculator for CuTe layout expressions. This file holds the
//! command line (clap derive) and hands each subcommand to its module.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

mod access;
mod completions;
mod eval;
mod explain;
mod expression;
mod output;
mod print;
mod render;
mod report;
mod style;
mod swizzled;

use output::{write_outputs, write_to};
use render::ColorBy;
use report::Failure;
use style::{ColorChoice, Stream, Styles};

const EXAMPLES: &str = "\
Examples:
  layout eval 'crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))'     # 129
  layout print '(4,8):(8,1)'
  layout explain 'logical_divide((4,2,3):(2,1,8), 4:2)'
  layout print --svg divide.svg 'zipped_divide((4,6):(1,4), (2,3))'";

#[derive(Parser)]
#[command(
    name = "layout",
    version,
    about = "Evaluate, draw and explain CuTe layout-algebra expressions",
    long_about = "Evaluate, draw and explain CuTe layout-algebra expressions.\n\n\
                  A layout is SHAPE:STRIDE, e.g. ((2,4),(3,5)):((3,6),(1,24)); functions use \
                  CuTe's names (composition, logical_divide, …; all listed below).",
    after_help = EXAMPLES
)]
struct Cli {
    /// When to use colours: auto (on a terminal, unless NO_COLOR is set), always
    /// (even through a pipe, and despite NO_COLOR), never.
    #[arg(
        long,
        global = true,
        value_enum,
        default_value_t = ColorChoice::Auto,
        hide_possible_values = true
    )]
    color: ColorChoice,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate an expression and print its canonical result.
    ///
    /// With no expression, read one expression per line from stdin and print
    /// exactly one line per input line: the result, or `error: at START..END: …`.
    #[command(after_help = "Examples:
  layout eval 'crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))'   # 129
  layout eval 'logical_divide((4,2,3):(2,1,8), 4:2)'
  layout eval --json 'coalesce((2,4):(1,2))'
  printf 'size(8:1)\\ncoalesce((2,4):(1,2))\\n' | layout eval")]
    Eval {
        /// The expression, e.g. `composition((6,2):(8,2), (4,3):(3,1))`.
        #[arg(value_parser = expression::Expression, hide_possible_values = true)]
        expr: Option<String>,
        /// Print JSON: kind, text, and for layouts shape, stride, rank, depth,
        /// size, cosize and (up to 1024 cells) the map of every offset. Errors
        /// become {"error": {"message", "start", "end"}}; in batch mode, one
        /// object per line.
        #[arg(long)]
        json: bool,
    },
    /// Draw a layout as a table of offsets, like CuTe's print_layout.
    ///
    /// Row r, column c holds the offset L(r, c). A rank-2 layout's rows are
    /// its mode 0 and its columns mode 1 (a hierarchical mode counts its
    /// coordinates colexicographically, leftmost fastest). A rank-1 layout
    /// is one row. A layout of rank 3 or more is drawn as CuTe groups it:
    /// rows = mode 0, columns = the other modes together.
    ///
    /// For divides, A is drawn too, each tile in its own colour (and heavy
    /// lines between tiles); for composition, A with the cells the result
    /// picks, coloured by the result's column; for products, each copy of A
    /// in its own colour. Results that are not layouts print as text.
    #[command(after_help = "Examples:
  layout print '((2,4),(3,5)):((3,6),(1,24))'
  layout print 'logical_divide((4,2,3):(2,1,8), 4:2)'
  layout print --color-by row '(8,8):(1,8)'
  layout print --svg tiles.svg --html tiles.html 'zipped_divide((4,6):(1,4), (2,3))'")]
    Print {
        /// The expression; its value must be a layout (or a view) to be drawn.
        #[arg(value_parser = expression::Expression, hide_possible_values = true)]
        expr: String,
        /// Write the picture as a standalone SVG file (`-` for stdout).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Write an HTML page embedding the SVG (`-` for stdout).
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// What colours the cells: offset (its value), row, column, or tile
        /// (default: tile for divides, compositions and products, else offset).
        #[arg(long, value_enum)]
        color_by: Option<ColorBy>,
        /// Draw a thread–value layout: every cell of the tile as
        /// `T{thread}V{value}`, coloured by thread, as CuTe's print_latex
        /// (layout_tv(…), mma_layout(…), tiled_mma_layout(…), an MMA
        /// atom's name for its A, B and C; copy_layout(…), or a copy atom's
        /// name for its SRC and DST in 16-bit elements).
        #[arg(long)]
        tv: bool,
        /// For a composed (swizzled) layout, also draw each cell's offset
        /// before the swizzle, in a panel beside the swizzled one.
        #[arg(long)]
        pre_swizzle: bool,
    },
    /// Analyse how a warp's threads read a tile: shared-memory bank
    /// conflicts, vector width, global-memory sectors.
    ///
    /// TV maps (thread, value) to an element index of DATA (a layout, or a
    /// swizzled one `Sw<B,M,S> o 0 o L`). Per warp access: bank = (byte
    /// address / 4) mod 32; a 16-byte access is served 8 threads a phase, an
    /// 8-byte one 16, narrower ones 32; each phase costs the most distinct
    /// 4-byte words any bank holds. Each access loads the widest aligned run
    /// of values every thread has (at most 16 bytes) unless --values says.
    #[command(after_help = "Examples:
  layout access '((8,4),8):((1,64),8)' '(8,64):(64,1)' --bytes 2           # ldmatrix.x4: 32 wavefronts, ideal 4
  layout access '((8,4),8):((1,64),8)' 'Sw<3,3,3> o 0 o (8,64):(64,1)' --bytes 2
  layout access '(32,32):(1,32)' '(32,32):(33,1)' --bytes 4 --values 1
  layout access --svg banks.svg '((8,4),8):((1,64),8)' 'Sw<3,3,3> o 0 o (8,64):(64,1)' --bytes 2")]
    Access {
        /// The TV layout: (thread, value) -> element index.
        tv: String,
        /// The data layout: element index -> offset in elements.
        data: String,
        /// Bytes per element (1, 2, 4, 8 or 16).
        #[arg(long)]
        bytes: i64,
        /// Values per load (default: the widest the layouts allow, up to 16 bytes).
        #[arg(long)]
        values: Option<i64>,
        /// Write the data tile coloured by bank as an SVG file (`-` for stdout).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Show the derivation step by step, in words and numbers.
    ///
    /// crd2idx: the coordinate split per mode, each leaf times its stride,
    /// the sum. coalesce, composition, complement, the inverses, divides and
    /// products: each intermediate layout CuTe computes. The seeds
    /// (broadcast, descriptor, diagonal, slice_axis, block, …): the axes,
    /// strides and offsets they combine. Nested calls are explained first.
    #[command(after_help = "Examples:
  layout explain 'crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))'
  layout explain 'coalesce((2,(1,6)):(1,(6,2)))'
  layout explain 'complement((2,2):(1,6), 24)'
  layout explain 'zipped_divide((4,6):(1,4), (2,3))'
  layout explain 'table(diagonal((3,4):(4,1),1))'")]
    Explain {
        /// The expression to explain.
        #[arg(value_parser = expression::Expression, hide_possible_values = true)]
        expr: String,
    },
    /// Propose the smallest swizzle Sw<B,M,S> that makes an access
    /// conflict-free, with the numbers before and after.
    ///
    /// Every Sw<B,M,S> whose bits lie inside the tile's power-of-two buffer
    /// is tried on the real access (by B, then M, then S); the first one that
    /// makes the same loads conflict-free, without leaving the buffer, wins.
    #[command(after_help = "Examples:
  layout swizzle-for '((8,4),8):((1,64),8)' '(8,64):(64,1)' --bytes 2          # Sw<3,3,3>
  layout swizzle-for '(32,32):(1,32)' '(32,32):(32,1)' --bytes 4 --values 1   # Sw<5,0,5>")]
    SwizzleFor {
        /// The TV layout: (thread, value) -> element index.
        tv: String,
        /// The unswizzled data layout: element index -> offset in elements.
        data: String,
        /// Bytes per element (1, 2, 4, 8 or 16).
        #[arg(long)]
        bytes: i64,
        /// Values per load (default: the widest the layout allows, up to 16 bytes).
        #[arg(long)]
        values: Option<i64>,
    },
    /// Print a shell completion script (e.g. `layout completions bash > /etc/bash_completion.d/layout`).
    ///
    /// Besides subcommands and options, the scripts complete an
    /// expression's function names in every shell.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `layout man | man -l -`.
    Man,
}

/// The command line, its long help closed by every function the notation
/// knows, from the core's registry.
fn command() -> clap::Command {
    let mut functions =
        String::from("Functions (CuTe's names; `[…]` marks optional arguments, `|` alternatives):");
    for f in layout_core::FUNCTIONS.iter() {
        functions.push_str(&format!("\n  {}\n          {}", f.usage, f.about));
    }
    Cli::command().after_long_help(format!("{functions}\n\n{EXAMPLES}"))
}

fn main() -> ExitCode {
    let matches = command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let color = cli.color;
    let err_styles = Styles::new(color.enabled(Stream::Stderr));
    let (src, result) = match cli.command {
        Command::Eval { expr: None, json } => {
            return match eval::lines(io::stdin().lock(), io::stdout().lock(), json) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&format!("cannot read or write: {e}"), &err_styles),
            };
        }
        Command::Eval {
            expr: Some(expr),
            json: true,
        } => {
            let result = layout_core::evaluate(&expr);
            println!("{}", eval::json_result(&expr, &result));
            return if result.is_ok() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
        Command::Eval {
            expr: Some(expr), ..
        } => {
            let result = layout_core::evaluate(&expr).map(|v| format!("{v}\n"));
            (expr, result.map_err(Failure::from))
        }
        Command::Print {
            expr,
            svg,
            html,
            color_by,
            tv,
            pre_swizzle,
        } => {
            let result = match tv {
                true => print_tv(&expr, svg, html, color),
                false => print_command(&expr, svg, html, color_by, color, pre_swizzle),
            };
            (expr, result)
        }
        Command::Access {
            tv,
            data,
            bytes,
            values,
            svg,
        } => {
            let src = access::call(&tv, &data, bytes, values);
            let result = match svg {
                None => access::report(&src),
                Some(path) => access::bank_picture(&src)
                    .and_then(|p| write_to(&path, &render::svg::render(&p, access::COLOR_BY))),
            };
            (src, result)
        }
        Command::SwizzleFor {
            tv,
            data,
            bytes,
            values,
        } => {
            let src = access::call(&tv, &data, bytes, values);
            let result = access::swizzle_for(&src);
            (src, result)
        }
        Command::Explain { expr } => {
            let styles = Styles::new(color.enabled(Stream::Stdout));
            let result = explain::explain(&expr, styles);
            (expr, result)
        }
        Command::Completions { shell } => {
            return match completions::write(shell, &mut command(), "layout", &mut io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&format!("cannot write the script: {e}"), &err_styles),
            };
        }
        Command::Man => {
            return match clap_mangen::Man::new(command()).render(&mut io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&format!("cannot write the man page: {e}"), &err_styles),
            };
        }
    };
    match result {
        Ok(text) => {
            let mut out = io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth reporting.
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            ExitCode::SUCCESS
        }
        Err(failure) => {
            if let Some(text) = &failure.shown {
                let mut out = io::stdout().lock();
                let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            }
            eprint!("{}", report::caret(&src, &failure, &err_styles));
            ExitCode::FAILURE
        }
    }
}

fn fail(message: &str, styles: &Styles) -> ExitCode {
    let failure = Failure::new(message, None);
    eprint!("{}", report::caret("", &failure, styles));
    ExitCode::FAILURE
}

/// `layout print`: the table on stdout, or the files asked for (then only a
/// note of what was written, on stderr).
fn print_command(
    src: &str,
    svg: Option<PathBuf>,
    html: Option<PathBuf>,
    color_by: Option<ColorBy>,
    color: ColorChoice,
    pre_swizzle: bool,
) -> Result<String, Failure> {
    let picture = match print::build_with(src, pre_swizzle)? {
        print::Printed::Picture(p) => p,
        print::Printed::Plain(value) if svg.is_none() && html.is_none() => {
            return Ok(format!("{value}\n"));
        }
        print::Printed::Plain(value) => {
            let message = format!(
                "only layouts can be drawn, but this is {} ({value})",
                value.describe()
            );
            return Err(Failure::new(message, Some(whole(src))));
        }
    };
    let by = color_by.unwrap_or_else(|| picture.default_color_by());
    if svg.is_none() && html.is_none() {
        return Ok(render::text::render(
            &picture,
            by,
            color.enabled(Stream::Stdout),
        ));
    }
    write_outputs([
        (svg, render::svg::render(&picture, by)),
        (html, render::svg::html(&picture, by)),
    ])
}

/// `layout print --tv`: the TV picture on stdout, or the files asked for.
fn print_tv(
    src: &str,
    svg: Option<PathBuf>,
    html: Option<PathBuf>,
    color: ColorChoice,
) -> Result<String, Failure> {
    let expr = layout_core::notation::parse(src)?;
    let panels = layout_core::tv::panels(&expr)?;
    let caption = src.trim();
    if svg.is_none() && html.is_none() {
        let on = color.enabled(Stream::Stdout);
        return Ok(render::tv::text(caption, &panels, on));
    }
    write_outputs([
        (svg, render::tv::svg(caption, &panels)),
        (html, render::tv::html(caption, &panels)),
    ])
}

/// The span of the whole expression, without surrounding blanks.
fn whole(src: &str) -> layout_core::Span {
    let start = src.len() - src.trim_start().len();
    layout_core::Span::new(start, src.trim_end().len().max(start))
}

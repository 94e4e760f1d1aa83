//! `layout`: a calculator for CuTe layout expressions.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod report;

#[derive(Parser)]
#[command(
    name = "layout",
    version,
    about = "Evaluate CuTe layout-algebra expressions"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate an expression and print its canonical result.
    ///
    /// With no expression, read one expression per line from stdin and print
    /// exactly one line per input line: the result, or `error: …`.
    #[command(
        after_help = "Examples:\n  layout eval 'crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))'   # 129\n  layout eval 'logical_divide((4,2,3):(2,1,8), 4:2)'\n  printf 'size(8:1)\\ncoalesce((2,4):(1,2))\\n' | layout eval"
    )]
    Eval {
        /// The expression, e.g. `composition((6,2):(8,2), (4,3):(3,1))`.
        expr: Option<String>,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Eval { expr: Some(expr) } => match layout_core::evaluate(&expr) {
            Ok(value) => {
                println!("{value}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprint!("{}", report::caret(&expr, &error));
                ExitCode::FAILURE
            }
        },
        Command::Eval { expr: None } => match eval_lines(io::stdin().lock(), io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Batch mode: one result line per input line, errors included, in order.
fn eval_lines(input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut out = BufWriter::new(output);
    for line in input.lines() {
        match layout_core::evaluate(&line?) {
            Ok(value) => writeln!(out, "{value}")?,
            Err(error) => writeln!(out, "{}", report::one_line(&error))?,
        }
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_keeps_one_line_per_input_line() {
        let input = "size(8:1)\n(4,8):(1\n\ncrd2idx((1,2,3), (3,4,5):(20,5,1))\n";
        let mut out = Vec::new();
        eval_lines(input.as_bytes(), &mut out).unwrap();
        let lines: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "8");
        assert_eq!(lines[1], "error: at 6..7: `(` is never closed");
        assert!(lines[2].starts_with("error: "), "{}", lines[2]);
        assert_eq!(lines[3], "33");
    }
}

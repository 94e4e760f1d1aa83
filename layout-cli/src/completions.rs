//! `layout completions SHELL`: clap_complete's script, plus for fish the
//! values of positional arguments (the registry's function names for an
//! expression), which clap_complete 4.6's fish generator leaves out (it
//! completes only options). Its elvish and powershell generators leave them
//! out too, and their scripts have no place to add them, so those shells
//! complete subcommands and options only.

use std::io::{self, Write};

use clap_complete::Shell;

/// Writes the completion script for `shell` of the command `cmd`, named `bin`.
pub fn write(
    shell: Shell,
    cmd: &mut clap::Command,
    bin: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    clap_complete::generate(shell, cmd, bin, out);
    if shell == Shell::Fish {
        write_fish_positionals(cmd, bin, out)?;
    }
    Ok(())
}

/// One fish `complete` line per possible value of each subcommand's
/// positional arguments, under the condition function clap_complete's
/// script defines (`__fish_<bin>_using_subcommand`).
fn write_fish_positionals(cmd: &clap::Command, bin: &str, out: &mut dyn Write) -> io::Result<()> {
    for sub in cmd.get_subcommands() {
        for arg in sub.get_positionals() {
            for value in arg.get_possible_values() {
                let mut line = format!(
                    "complete -c {bin} -n \"__fish_{bin}_using_subcommand {}\" -a '{}'",
                    sub.get_name(),
                    fish_quoted(value.get_name())
                );
                if let Some(help) = value.get_help() {
                    line.push_str(&format!(" -d '{}'", fish_quoted(&help.to_string())));
                }
                writeln!(out, "{line}")?;
            }
        }
    }
    Ok(())
}

/// Text inside fish single quotes, where only `\` and `'` are special.
fn fish_quoted(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\'', "\\'")
}

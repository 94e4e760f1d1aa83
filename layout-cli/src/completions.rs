//! `layout completions SHELL`: clap_complete's script, plus the values of
//! positional arguments (the registry's function names for an expression)
//! where clap_complete 4.6 leaves them out: fish (its generator completes
//! only options; lines are appended), elvish and powershell (their
//! generators ignore positionals; candidates are added to each
//! subcommand's block of the generated script).

use std::io::{self, Write};

use clap_complete::Shell;

/// Writes the completion script for `shell` of the command `cmd`, named `bin`.
pub fn write(
    shell: Shell,
    cmd: &mut clap::Command,
    bin: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    match shell {
        Shell::Elvish | Shell::PowerShell => {
            let mut script = Vec::new();
            clap_complete::generate(shell, cmd, bin, &mut script);
            let script = String::from_utf8(script).map_err(io::Error::other)?;
            out.write_all(with_positionals(shell, &script, cmd, bin).as_bytes())
        }
        Shell::Fish => {
            clap_complete::generate(shell, cmd, bin, out);
            write_fish_positionals(cmd, bin, out)
        }
        _ => {
            clap_complete::generate(shell, cmd, bin, out);
            Ok(())
        }
    }
}

/// Each subcommand's positional values and their help, in order.
fn positional_values(cmd: &clap::Command) -> Vec<(&str, Vec<(String, String)>)> {
    cmd.get_subcommands()
        .map(|sub| {
            let values = sub
                .get_positionals()
                .flat_map(|arg| arg.get_possible_values())
                .map(|v| {
                    let help = v.get_help().map(ToString::to_string).unwrap_or_default();
                    (v.get_name().to_string(), help)
                })
                .collect();
            (sub.get_name(), values)
        })
        .collect()
}

/// One fish `complete` line per possible value of each subcommand's
/// positional arguments, under the condition function clap_complete's
/// script defines (`__fish_<bin>_using_subcommand`).
fn write_fish_positionals(cmd: &clap::Command, bin: &str, out: &mut dyn Write) -> io::Result<()> {
    for (sub, values) in positional_values(cmd) {
        for (value, help) in values {
            let mut line = format!(
                "complete -c {bin} -n \"__fish_{bin}_using_subcommand {sub}\" -a '{}'",
                fish_quoted(&value)
            );
            if !help.is_empty() {
                line.push_str(&format!(" -d '{}'", fish_quoted(&help)));
            }
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// Text inside fish single quotes, where only `\` and `'` are special.
fn fish_quoted(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\'', "\\'")
}

/// clap_complete's elvish or powershell `script` with a candidate for each
/// positional value, first in the block of its subcommand. Both scripts
/// key a block by the words typed so far (`bin;sub`), which stop before the
/// word being completed, so the first positional is completed there; both
/// quote with `'`, doubled inside.
fn with_positionals(shell: Shell, script: &str, cmd: &clap::Command, bin: &str) -> String {
    let mut out = script.to_string();
    for (sub, values) in positional_values(cmd) {
        if values.is_empty() {
            continue;
        }
        let (header, indent) = match shell {
            Shell::Elvish => (format!("&'{bin};{sub}'= {{\n"), "            "),
            _ => (format!("'{bin};{sub}' {{\n"), "            "),
        };
        // The block's header, at the start of a line.
        let Some(at) = out.find(&format!(" {header}")) else {
            continue;
        };
        let mut lines = String::new();
        for (value, help) in values {
            let (value, help) = (quoted(&value), quoted(&help));
            lines.push_str(indent);
            lines.push_str(&match shell {
                Shell::Elvish => format!("cand '{value}' '{help}'\n"),
                _ => format!(
                    "[CompletionResult]::new('{value}', '{value}', [CompletionResultType]::ParameterValue, '{help}')\n"
                ),
            });
        }
        out.insert_str(at + 1 + header.len(), &lines);
    }
    out
}

/// Text inside elvish or powershell single quotes: `'` is doubled.
fn quoted(text: &str) -> String {
    text.replace('\'', "''")
}

//! The expression argument: any text (the core parses it), offering the
//! registry's function names to shell completion, each with its one-line
//! description (zsh and fish show it).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;

/// Takes every string; its possible values only feed completions, so they
/// are hidden from `--help` where the argument uses it.
#[derive(Clone, Copy, Debug)]
pub struct Expression;

impl TypedValueParser for Expression {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        value
            .to_str()
            .map(str::to_owned)
            .ok_or_else(|| clap::Error::new(ErrorKind::InvalidUtf8).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let names = layout_core::FUNCTIONS
            .iter()
            .map(|f| PossibleValue::new(f.name).help(f.about));
        Some(Box::new(names))
    }
}

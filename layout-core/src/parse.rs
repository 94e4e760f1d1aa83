//! `FromStr` for the core types: parse and evaluate the notation, then
//! insist on the kind of value asked for.

use core::str::FromStr;

use crate::error::{Error, ErrorKind, Span};
use crate::eval::evaluate;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::Value;

fn wrong(expected: &'static str, found: &Value, src: &str) -> Error {
    Error::at(
        ErrorKind::WrongType {
            expected,
            found: found.describe(),
        },
        Span::new(0, src.len()),
    )
}

impl FromStr for IntTuple {
    type Err = Error;

    fn from_str(src: &str) -> Result<IntTuple, Error> {
        match evaluate(src)? {
            Value::IntTuple(t) => Ok(t),
            v => Err(wrong("an integer or a tuple", &v, src)),
        }
    }
}

impl FromStr for Layout {
    type Err = Error;

    fn from_str(src: &str) -> Result<Layout, Error> {
        match evaluate(src)? {
            Value::Layout(l) => Ok(l),
            v => Err(wrong("a layout", &v, src)),
        }
    }
}

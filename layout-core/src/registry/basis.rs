//! Calls given a layout with scaled-basis strides (`make_identity_layout`'s
//! kind): the functions CuTe applies to identity layouts in kernels, each
//! exact, and a refusal naming the function for every other one.
//!
//! The structural functions run on the layout's proxy (its shape with the
//! strides `1, 2, …`, [`BasisLayout::proxy`]) through the integer
//! registry, so their checks and errors are the integer ones; their layout
//! results are read back leaf by leaf.

use alloc::format;

use super::Function;
use crate::algebra::Form;
use crate::basis::{BasisLayout, BasisTuple, algebra, refusal};
use crate::coerce::Args;
use crate::error::{Error, Result};
use crate::int_tuple::IntTuple;
use crate::value::Value;

/// What becomes of a structural function's result on the proxy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Finish {
    /// Kept: it depends on the shape alone (`size`, `rank`, …).
    Keep,
    /// A layout whose strides are the proxy's: read back.
    Layout,
    /// A stride tuple of the proxy's: read back (`stride`).
    Strides,
}

/// The structural functions, which argument is the layout, and their finish.
const STRUCTURAL: &[(&str, usize, Finish)] = &[
    ("size", 0, Finish::Keep),
    ("rank", 0, Finish::Keep),
    ("depth", 0, Finish::Keep),
    ("shape", 0, Finish::Keep),
    ("stride", 0, Finish::Strides),
    ("get", 0, Finish::Layout),
    ("take", 0, Finish::Layout),
    ("select", 0, Finish::Layout),
    ("group", 0, Finish::Layout),
    ("flatten", 0, Finish::Layout),
    ("unflatten", 0, Finish::Layout),
    ("slice", 1, Finish::Layout),
    ("dice", 1, Finish::Layout),
];

/// `f(args)` when an argument is a layout with scaled-basis strides (or a
/// scaled basis); `None` otherwise. `call` evaluates the integer function.
pub(crate) fn basis_call(
    f: &Function,
    args: &Args,
    call: impl FnOnce(&Args) -> Result<Value>,
) -> Option<Result<Value>> {
    let i = args.values.iter().position(|v| matches!(v, Value::BasisLayout(_)))?;
    let Value::BasisLayout(l) = &args.values[i] else {
        unreachable!("found above")
    };
    let form = |name: &str| match name {
        "logical_divide" => Some(Form::Logical),
        "zipped_divide" => Some(Form::Zipped),
        "tiled_divide" => Some(Form::Tiled),
        "flat_divide" => Some(Form::Flat),
        _ => None,
    };
    if let (Some(form), 0, 2) = (form(f.name), i, args.len()) {
        let divided = args.tiler(1).and_then(|t| algebra::divide(l, &t, form).map_err(args.at(1)));
        return Some(divided.and_then(BasisLayout::into_value));
    }
    let result = match (f.name, i, args.len()) {
        ("crd2idx", 1, 2) => args.int_tuple(0).and_then(|c| l.crd2idx(&c).map_err(args.at(0))),
        ("coalesce", 0, 1) => algebra::coalesce(l).and_then(BasisLayout::into_value),
        ("composition", 0, 2) => args
            .tiler(1)
            .and_then(|t| algebra::composition(l, &t).map_err(args.at(1)))
            .and_then(BasisLayout::into_value),
        (name, _, _) => match STRUCTURAL.iter().find(|(n, at, _)| *n == name && *at == i) {
            Some(&(_, _, finish)) => structural(l, args, i, finish, call),
            None => Err(refused(f, args, i)),
        },
    };
    Some(result)
}

fn structural(
    l: &BasisLayout,
    args: &Args,
    i: usize,
    finish: Finish,
    call: impl FnOnce(&Args) -> Result<Value>,
) -> Result<Value> {
    let proxied = args.with_value(i, Value::Layout(l.proxy().map_err(args.at(i))?));
    let value = call(&proxied)?;
    match (finish, value) {
        (Finish::Keep, v) => Ok(v),
        (Finish::Layout, Value::Layout(p)) => l.from_proxy(&p)?.into_value(),
        // CuTe's `slice` is the layout alone; its offset (an arithmetic
        // tuple here) is `crd2idx` of the coordinate with `_` as 0.
        (Finish::Layout, Value::View(v)) => l.from_proxy(v.layout())?.into_value(),
        (Finish::Strides, Value::IntTuple(t)) => strides(l, &t),
        (_, v) => Ok(v),
    }
}

/// A proxy stride tuple read back as the layout's strides.
fn strides(l: &BasisLayout, t: &IntTuple) -> Result<Value> {
    fn back(l: &BasisLayout, t: &IntTuple) -> Result<BasisTuple> {
        match t {
            IntTuple::Int(k) => l.proxy_stride(*k).map(BasisTuple::Leaf),
            IntTuple::Tuple(v) => v.iter().map(|t| back(l, t)).collect::<Result<_>>().map(BasisTuple::Tuple),
        }
    }
    Ok(Value::Basis(back(l, t)?))
}

fn refused(f: &Function, args: &Args, i: usize) -> Error {
    refusal(format!(
        "`{}` does not take a layout with scaled-basis strides here (those work in crd2idx, composition and the divides as the left operand, coalesce, and size, rank, depth, shape, stride, get, take, select, group, flatten, unflatten, slice and dice)",
        f.name
    ))
    .or_at(args.span(i))
}

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
use alloc::vec::Vec;

use crate::basis::{BasisLayout, BasisTuple, ScaledBasis, algebra, from_proxy, refusal};
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

/// The structural functions and their finish.
const STRUCTURAL: &[(&str, Finish)] = &[
    ("size", Finish::Keep),
    ("rank", Finish::Keep),
    ("depth", Finish::Keep),
    ("shape", Finish::Keep),
    ("stride", Finish::Strides),
    ("get", Finish::Layout),
    ("take", Finish::Layout),
    ("select", Finish::Layout),
    ("group", Finish::Layout),
    ("flatten", Finish::Layout),
    ("unflatten", Finish::Layout),
    ("append", Finish::Layout),
    ("prepend", Finish::Layout),
    ("replace", Finish::Layout),
    ("dice", Finish::Layout),
];

/// `f(args)` when an argument is a layout with scaled-basis strides (or a
/// scaled basis); `None` otherwise. `call` evaluates the integer function.
pub(crate) fn basis_call(
    f: &Function,
    args: &Args,
    call: impl FnOnce(&Args) -> Result<Value>,
) -> Option<Result<Value>> {
    if f.name == "view" {
        return view(args);
    }
    let i = args
        .values
        .iter()
        .position(|v| matches!(v, Value::BasisLayout(_)))?;
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
        let divided = args
            .tiler(1)
            .and_then(|t| algebra::divide(l, &t, form).map_err(args.at(1)));
        return Some(divided.and_then(BasisLayout::into_value));
    }
    let result = match (f.name, i, args.len()) {
        ("crd2idx", 1, 2) => args
            .int_tuple(0)
            .and_then(|c| l.crd2idx(&c).map_err(args.at(0))),
        ("slice", 1, 2) => f
            .accepts(0)
            .check(&args.values[0], args.span(0))
            .and_then(|()| {
                let coord = super::tensor::coord(args);
                crate::basis::slice_and_offset(&coord, l).map_err(args.at(0))
            })
            .map(Value::BasisView),
        ("coalesce", 0, 1) => algebra::coalesce(l).and_then(BasisLayout::into_value),
        ("filter", 0, 1) => algebra::filter(l).and_then(BasisLayout::into_value),
        ("filter_zeros", 0, 1) => algebra::filter_zeros(l).and_then(BasisLayout::into_value),
        ("coshape", 0, 1) => algebra::coshape(l).map(Value::IntTuple).map_err(args.at(0)),
        ("cosize", 0, 1) => algebra::coshape(l)
            .and_then(|c| c.size())
            .map(|n| Value::IntTuple(IntTuple::Int(n)))
            .map_err(args.at(0)),
        ("composition", 1, 2) => match &args.values[0] {
            Value::Layout(a) => algebra::composition_by_basis(a, l)
                .map(Value::Layout)
                .map_err(args.at(1)),
            _ => Err(refused(f, args, i)),
        },
        ("composition", 0, 2) if matches!(args.values[1], Value::BasisLayout(_)) => {
            let Value::BasisLayout(b) = &args.values[1] else {
                unreachable!("matched above")
            };
            algebra::composition_of_bases(l, b)
                .map_err(args.at(1))
                .and_then(BasisLayout::into_value)
        }
        ("composition", 0, 2) => args
            .composition_tiler(1)
            .and_then(|t| algebra::composition(l, &t).map_err(args.at(1)))
            .and_then(BasisLayout::into_value),
        (name, _, _) => match STRUCTURAL.iter().find(|(n, _)| *n == name) {
            Some(&(_, finish)) => structural(args, finish, call),
            None => Err(refused(f, args, i)),
        },
    };
    Some(result)
}

/// `view(L, OFFSET)` where `L` has scaled-basis strides or `OFFSET` is a
/// coordinate (a tuple) or a scaled basis: the view `slice` prints, read
/// back; `None` for the integer `view`.
fn view(args: &Args) -> Option<Result<Value>> {
    let layout = match args.values.first()? {
        Value::BasisLayout(l) => l.clone(),
        Value::Layout(l) => BasisLayout::from_layout(l),
        _ => return None,
    };
    let offset = match args.values.get(1)? {
        Value::Basis(t) => t.clone(),
        Value::IntTuple(t @ IntTuple::Tuple(_)) => BasisTuple::from(t.clone()),
        Value::IntTuple(IntTuple::Int(_)) if matches!(args.values[0], Value::Layout(_)) => {
            return None;
        }
        _ => {
            let why = "the offset of a view of a layout with scaled-basis strides is a coordinate: a tuple of integers or one scaled basis";
            return Some(Err(refusal(why.into()).or_at(args.span(1))));
        }
    };
    Some(
        crate::basis::BasisView::new(layout, offset)
            .map(Value::BasisView)
            .map_err(args.at(1)),
    )
}

/// `call` with every layout argument (scaled-basis or not) replaced by its
/// proxy, the proxies' strides numbered apart, and the result read back.
fn structural(
    args: &Args,
    finish: Finish,
    call: impl FnOnce(&Args) -> Result<Value>,
) -> Result<Value> {
    let mut proxied = Args::new(
        args.values.clone(),
        (0..args.len()).map(|i| args.span(i)).collect(),
        args.call_span(),
    );
    let mut table = Vec::new();
    for (i, v) in args.values.iter().enumerate() {
        let l = match v {
            Value::BasisLayout(l) => l.clone(),
            Value::Layout(l) => BasisLayout::from_layout(l),
            _ => continue,
        };
        let first = i64::try_from(table.len())
            .unwrap_or(i64::MAX)
            .saturating_add(1);
        proxied.values[i] = Value::Layout(l.proxy_from(first).map_err(args.at(i))?);
        table.extend_from_slice(l.leaf_strides());
    }
    match (finish, call(&proxied)?) {
        (Finish::Keep, v) => Ok(v),
        (Finish::Layout, Value::Layout(p)) => from_proxy(&table, &p)?.into_value(),
        // CuTe's `slice` is the layout alone; its offset (an arithmetic
        // tuple here) is `crd2idx` of the coordinate with `_` as 0.
        (Finish::Layout, Value::View(v)) => from_proxy(&table, v.layout())?.into_value(),
        (Finish::Strides, Value::IntTuple(t)) => strides(&table, &t),
        (_, v) => Ok(v),
    }
}

/// A proxy stride tuple read back as the layout's strides.
fn strides(table: &[ScaledBasis], t: &IntTuple) -> Result<Value> {
    fn back(table: &[ScaledBasis], t: &IntTuple) -> Result<BasisTuple> {
        match t {
            IntTuple::Int(k) => {
                let layout = from_proxy(table, &crate::Layout::leaf(1, *k)?)?;
                Ok(BasisTuple::Leaf(layout.leaf_strides()[0].clone()))
            }
            IntTuple::Tuple(v) => v
                .iter()
                .map(|t| back(table, t))
                .collect::<Result<_>>()
                .map(BasisTuple::Tuple),
        }
    }
    Ok(Value::Basis(back(table, t)?))
}

fn refused(f: &Function, args: &Args, i: usize) -> Error {
    refusal(format!(
        "`{}` does not take a layout with scaled-basis strides here (those work in crd2idx, coshape, cosize, composition (either side, or both) and the divides (as the left operand), coalesce, filter, filter_zeros, and size, rank, depth, shape, stride, get, take, select, group, flatten, unflatten, append, prepend, replace, dice; `slice` gives a view from a coordinate)",
        f.name
    ))
    .or_at(args.span(i))
}

//! Swizzles and composed layouts: their constructors, and how the layout
//! functions CuTe defines on a `ComposedLayout` (`layout_composed.hpp`)
//! reach one.
//!
//! A function listed in [`LIFTED`] given a composed layout where it takes a
//! layout is evaluated on the inner layout, and its result finished as
//! CuTe does: left as it is (`size`, `cosize`, `shape`, …), put back under
//! the outer function and offset (divides, products, `composition`,
//! `coalesce`, `get`, `take`, …), or sent through the outer function
//! (`crd2idx`, `table`); `slice` and the inverses are the composed layout's
//! own ([`ComposedLayout::slice`], [`ComposedLayout::right_inverse`]).
//! Every other function refuses a composed layout with the usual type error
//! (`dice`, `stride`, …: CuTe defines none of them on one).

use alloc::vec::Vec;

use super::{BASE, Function, Kind, Narration, Returns, calls};
use crate::coerce::Accepts::{Any, Int};
use crate::coerce::Args;
use crate::composed::{ComposedLayout, Outer, compose, compose_swizzle};
use crate::error::Result;
use crate::idioms::Table;
use crate::swizzle::Swizzle;
use crate::value::Value;

/// The constructors: `swizzle(B, M, S)` (written `Sw<B,M,S>`) and
/// `make_composed_layout(OUTER, OFFSET, INNER)` (written `OUTER o OFFSET o INNER`).
pub(super) const FUNCTIONS: &[Function] = &[
    Function {
        name: "swizzle",
        narration: Narration::Swizzle,
        usage: "swizzle(B, M, S)",
        arity: 3..=3,
        args: &[Int],
        returns: Returns::Always(Kind::Swizzle),
        about: "CuTe's Swizzle<B,M,S>, written Sw<B,M,S>: XOR the B bits at M+max(S,0) into those at M-min(S,0)",
        example: "swizzle(3, 4, 3)",
        apply: swizzle,
        ..BASE
    },
    Function {
        name: "make_composed_layout",
        narration: Narration::ComposedLayout,
        usage: "make_composed_layout(OUTER, OFFSET, INNER)",
        arity: 3..=3,
        args: &[Any, Int, crate::coerce::Accepts::Layout],
        returns: Returns::Always(Kind::Composed),
        about: "c -> OUTER(OFFSET + INNER(c)) (OUTER a swizzle or a layout), also written OUTER o OFFSET o INNER",
        example: "make_composed_layout(Sw<3,3,3>, 0, (8,64):(64,1))",
        apply: make_composed,
        ..BASE
    },
    Function {
        name: "access",
        narration: Narration::Access,
        usage: "access(TV, DATA, BYTES[, N])",
        arity: 3..=4,
        args: &[crate::coerce::Accepts::Layout, Any, Int, Int],
        returns: Returns::Always(Kind::IntTuple),
        static_only: true,
        about: "(wavefronts, ideal, vector, sectors, ideal sectors) of TV's warps reading DATA (N values a load)",
        example: "access(((8,4),8):((1,64),8), Sw<3,3,3> o 0 o (8,64):(64,1), 2)",
        apply: access,
        ..BASE
    },
];

/// The numbers of [`crate::access::analyse_with`] as a tuple.
fn access(a: &Args) -> Result<Value> {
    use crate::access::{AccessInput, Data, analyse_with};
    let data = match &a.values[1] {
        Value::Layout(l) => Data::Plain(l),
        Value::Composed(c) => Data::Composed(c),
        _ => return Err(a.wrong(1, "a layout or a composed layout")),
    };
    let bytes = a.int(2)?;
    let n = if a.len() == 4 { Some(a.int(3)?) } else { None };
    let r = analyse_with(a.layout(0)?, data, bytes, n).map_err(|e| {
        let blamed = match e.kind() {
            crate::ErrorKind::UnsupportedAccess { input, .. } => match input {
                AccessInput::Tv => 0,
                AccessInput::ElementBytes => 2,
                AccessInput::PerAccess => 3,
            },
            _ => 0,
        };
        e.or_at(a.span(blamed))
    })?;
    let numbers = [
        r.wavefronts,
        r.ideal_wavefronts,
        r.vector,
        r.sectors,
        r.ideal_sectors,
    ];
    Ok(Value::IntTuple(crate::IntTuple::Tuple(
        numbers.into_iter().map(crate::IntTuple::Int).collect(),
    )))
}

fn swizzle(a: &Args) -> Result<Value> {
    let (b, m, s) = (a.int(0)?, a.int(1)?, a.int(2)?);
    Swizzle::check(b, m, s)
        .map(Value::Swizzle)
        .map_err(|(i, e)| e.or_at(a.span(i)))
}

fn make_composed(a: &Args) -> Result<Value> {
    let outer: Outer = match &a.values[0] {
        Value::Swizzle(sw) => (*sw).into(),
        Value::Layout(l) => l.clone().into(),
        _ => return Err(a.wrong(0, "a swizzle or a layout")),
    };
    let inner = a.layout(2)?.clone();
    Ok(Value::Composed(ComposedLayout::new(
        outer,
        a.int(1)?,
        inner,
    )))
}

/// What becomes of a lifted function's result on the inner layout.
#[derive(Clone, Copy, Debug)]
enum Finish {
    /// Kept as it is: the composed layout's is the inner layout's.
    Keep,
    /// A layout put back under the outer function and the offset.
    Recompose,
    /// Offsets sent through `outer(offset + _)`.
    Swizzle,
    /// Not through the inner layout: the composed layout's own operation,
    /// given the composed layout and the call's arguments.
    Own(fn(&ComposedLayout, &Args) -> Result<Value>),
}

/// The functions CuTe defines on a composed layout, which argument is the
/// layout, and what becomes of the result.
const LIFTED: &[(&str, usize, Finish)] = &[
    ("size", 0, Finish::Keep),
    ("cosize", 0, Finish::Keep),
    ("rank", 0, Finish::Keep),
    ("depth", 0, Finish::Keep),
    ("shape", 0, Finish::Keep),
    ("complement", 0, Finish::Keep),
    ("crd2idx", 1, Finish::Swizzle),
    ("table", 0, Finish::Swizzle),
    ("composition", 0, Finish::Recompose),
    ("coalesce", 0, Finish::Recompose),
    ("filter", 0, Finish::Recompose),
    ("flatten", 0, Finish::Recompose),
    ("get", 0, Finish::Recompose),
    ("take", 0, Finish::Recompose),
    ("group", 0, Finish::Recompose),
    ("append", 0, Finish::Recompose),
    ("logical_divide", 0, Finish::Recompose),
    ("zipped_divide", 0, Finish::Recompose),
    ("tiled_divide", 0, Finish::Recompose),
    ("flat_divide", 0, Finish::Recompose),
    ("logical_product", 0, Finish::Recompose),
    ("zipped_product", 0, Finish::Recompose),
    ("tiled_product", 0, Finish::Recompose),
    ("flat_product", 0, Finish::Recompose),
    ("blocked_product", 0, Finish::Recompose),
    ("raked_product", 0, Finish::Recompose),
    ("tile_to_shape", 0, Finish::Recompose),
    ("make_fragment_like", 0, Finish::Keep),
    ("slice", 1, Finish::Own(slice)),
    (
        "right_inverse",
        0,
        Finish::Own(|c, _| composed(c.right_inverse()?)),
    ),
    (
        "left_inverse",
        0,
        Finish::Own(|c, _| composed(c.left_inverse()?)),
    ),
    (
        "upcast",
        0,
        Finish::Own(|c, a| composed(c.upcast(a.int(1)?)?)),
    ),
    (
        "downcast",
        0,
        Finish::Own(|c, a| composed(c.downcast(a.int(1)?)?)),
    ),
    (
        "recast_layout",
        0,
        Finish::Own(|c, a| composed(c.recast(a.int(1)?, a.int(2)?)?)),
    ),
];

/// CuTe's `slice_and_offset(c, composed)`: decayed to a view where CuTe
/// decays it (and that checks), else the coordinate folded into the offset.
fn slice(c: &ComposedLayout, a: &Args) -> Result<Value> {
    let coord = super::tensor::coord(a);
    Ok(match c.slice_and_offset(&coord)? {
        Ok(folded) => Value::Composed(folded),
        Err(view) => Value::View(view),
    })
}

fn composed(r: crate::Composed) -> Result<Value> {
    Ok(recomposed(r))
}

/// A call whose layout argument is a composed layout (or `composition` of
/// a swizzle and a layout), evaluated through `call` on the inner layout;
/// `None` when the call has no such argument and goes the usual way.
pub(crate) fn composed_call(
    f: &Function,
    args: &Args,
    call: impl FnOnce(&Args) -> Result<Value>,
) -> Option<Result<Value>> {
    if let Some(r) = special_call(f, args) {
        return Some(r);
    }
    let &(_, i, finish) = LIFTED.iter().find(|(name, _, _)| *name == f.name)?;
    if f.name == "crd2idx" && args.len() != 2 {
        return None; // crd2idx(C, SHAPE, STRIDE) has no layout argument
    }
    let Some(Value::Composed(c)) = args.values.get(i) else {
        return None;
    };
    if let Finish::Own(own) = finish {
        let checked = (0..args.len())
            .filter(|&j| j != i)
            .try_for_each(|j| f.accepts(j).check(&args.values[j], args.span(j)));
        return Some(checked.and_then(|()| own(c, args).map_err(|e| args.blame(f, e))));
    }
    let inner = args.with_value(i, Value::Layout(c.inner().clone()));
    let done = call(&inner).and_then(|v| finished(c, finish, v).map_err(|e| args.blame(f, e)));
    Some(done)
}

/// The calls on swizzles themselves: `composition` of a swizzle and a
/// layout, of two swizzles, of a layout and a swizzle or composed layout;
/// a swizzle's inverses (itself, as in CuTe).
fn special_call(f: &Function, args: &Args) -> Option<Result<Value>> {
    let first = args.values.first();
    let at = |r: Result<Value>| r.map_err(|e| e.or_at(args.call_span()));
    match (f.name, first, args.values.get(1)) {
        ("composition", Some(Value::Swizzle(sw)), Some(Value::Layout(l))) if args.len() == 2 => {
            Some(Ok(recomposed(compose(*sw, 0, l.clone()))))
        }
        ("composition", Some(Value::Swizzle(a)), Some(Value::Swizzle(b))) => {
            Some(a.compose(*b).map(Value::Swizzle))
        }
        ("composition", Some(Value::Layout(l)), Some(Value::Swizzle(sw))) => {
            Some(at(compose_swizzle(l, *sw).map(recomposed)))
        }
        ("composition", Some(Value::Layout(l)), Some(Value::Composed(c))) => {
            Some(at(super::composed_calls::layout_after_composed(l, c)))
        }
        ("logical_product", Some(Value::Layout(l)), Some(Value::Composed(c))) => Some(at(
            crate::composed::logical_product_swizzled(l, c).map(recomposed),
        )),
        ("right_inverse" | "left_inverse", Some(Value::Swizzle(sw)), None) => {
            Some(Ok(Value::Swizzle(*sw)))
        }
        ("max_common_vector" | "max_common_layout", Some(a), Some(b))
            if matches!(a, Value::Composed(_)) || matches!(b, Value::Composed(_)) =>
        {
            Some(at(super::composed_calls::max_common(
                f.name == "max_common_layout",
                a,
                b,
            )))
        }
        ("max_alignment", Some(Value::Swizzle(sw)), None) => Some(Ok(calls::int(1 << sw.base()))),
        ("max_alignment", Some(Value::Composed(c)), None) => {
            Some(at(super::composed_calls::max_alignment(c)))
        }
        ("upcast" | "downcast", Some(Value::Swizzle(sw)), Some(n)) => {
            let Value::IntTuple(crate::IntTuple::Int(n)) = n else {
                return Some(Err(args.wrong(1, "an integer")));
            };
            let r = if f.name == "upcast" {
                sw.upcast(*n)
            } else {
                sw.downcast(*n)
            };
            Some(at(r.map(Value::Swizzle)))
        }
        _ => None,
    }
}

pub(super) fn recomposed(r: core::result::Result<ComposedLayout, crate::Layout>) -> Value {
    r.map_or_else(Value::Layout, Value::Composed)
}

fn finished(c: &ComposedLayout, finish: Finish, v: Value) -> Result<Value> {
    let through = |o: i64| {
        let pre = o
            .checked_add(c.offset())
            .ok_or_else(crate::composed::overflow)?;
        c.outer().apply(pre)
    };
    Ok(match (finish, v) {
        (Finish::Recompose, Value::Layout(l)) => {
            recomposed(compose(c.outer().clone(), c.offset(), l))
        }
        (Finish::Swizzle, Value::IntTuple(crate::IntTuple::Int(o))) => calls::int(through(o)?),
        (Finish::Swizzle, Value::Table(t)) => {
            let swizzled: Result<Vec<i64>> = t.as_slice().iter().map(|&o| through(o)).collect();
            Value::Table(Table(swizzled?))
        }
        (_, v) => v,
    })
}

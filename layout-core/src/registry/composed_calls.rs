//! The calls on swizzled layouts that are not the inner layout's: the
//! vector functions `swizzle_layout.hpp` defines (`max_common_vector`,
//! `max_common_layout`, `max_alignment`) and `composition(L, A o 0 o B)`,
//! and the calls on swizzles themselves; each entry names its handler in
//! [`super::Function::on_swizzle`].

use super::calls;
use super::swizzle::recomposed;
use crate::coerce::Args;
use crate::composed::{ComposedLayout, Outer, compose, compose_swizzle};
use crate::error::Result;
use crate::swizzle::Swizzle;
use crate::value::Value;

/// The swizzle of a composed layout at offset 0, for the vector functions
/// CuTe defines only there (`swizzle_layout.hpp`, which "assumes that
/// Offset is in the YZ domain of the Swizzle"; at offset 0 the low `M` bits
/// pass the swizzle unchanged, so its results hold exactly).
fn zero_offset_swizzle<'c>(
    c: &'c ComposedLayout,
    what: &'static str,
) -> Result<(Swizzle, &'c crate::Layout)> {
    match (c.swizzle(), c.offset()) {
        (Some(sw), 0) => Ok((sw, c.inner())),
        (None, _) => Err(crate::composed::refuse(
            what,
            c,
            "CuTe defines it for a swizzle outside, not a layout".into(),
        )),
        (Some(_), o) => Err(crate::composed::refuse(
            what,
            c,
            alloc::format!(
                "CuTe assumes the offset is a pointer's, in the swizzle's YZ bits; only offset 0 is supported, not {o}"
            ),
        )),
    }
}

/// CuTe's `max_common_vector`/`max_common_layout` with a swizzled operand:
/// the inner layouts', cut to the `2^M` elements each swizzle keeps
/// together (not cut when both are the same swizzle).
pub(super) fn max_common(layout: bool, a: &Value, b: &Value) -> Result<Value> {
    const WHAT: &str = "common vector";
    let part = |v: &Value| -> Result<(Option<Swizzle>, crate::Layout)> {
        match v {
            Value::Layout(l) => Ok((None, l.clone())),
            Value::Composed(c) => zero_offset_swizzle(c, WHAT).map(|(sw, l)| (Some(sw), l.clone())),
            _ => Err(crate::CallError::WrongType {
                expected: "a layout or a composed layout",
                found: v.describe(),
            }
            .into()),
        }
    };
    let ((sa, la), (sb, lb)) = (part(a)?, part(b)?);
    let cap = match (sa, sb) {
        (Some(x), Some(y)) if x == y => None,
        (x, y) => [x, y]
            .into_iter()
            .flatten()
            .map(|sw| 1i64 << sw.base())
            .min(),
    };
    if !layout {
        let n = crate::algebra::max_common_vector(&la, &lb)?;
        return Ok(calls::int(cap.map_or(n, |c| n.min(c))));
    }
    let common = crate::algebra::max_common_layout(&la, &lb)?;
    Ok(Value::Layout(match cap {
        Some(c) if c < common.size() => {
            let base = crate::algebra::Tiler::Layout(crate::Layout::new(c.into(), 1.into())?);
            crate::algebra::composition(&common, &base)?
        }
        _ => common,
    }))
}

/// CuTe's `max_alignment` of a swizzled composed layout:
/// `gcd(2^M, offset, max_alignment(inner))`; 1 for a layout outside, as
/// CuTe's general composed layout.
pub(super) fn max_alignment(c: &ComposedLayout) -> Result<Value> {
    let Some(sw) = c.swizzle() else {
        return Ok(calls::int(1));
    };
    let inner = crate::algebra::max_alignment(c.inner())?;
    let g = crate::algebra::gcd(crate::algebra::gcd(1 << sw.base(), c.offset().abs()), inner);
    Ok(calls::int(g))
}

/// CuTe's `composition(L, A o 0 o B)` = `composition(composition(L, A), B)`
/// (CuTe requires the offset 0).
pub(super) fn layout_after_composed(l: &crate::Layout, c: &ComposedLayout) -> Result<Value> {
    if c.offset() != 0 {
        let why = alloc::format!(
            "CuTe requires the composed layout's offset 0, not {}",
            c.offset()
        );
        return Err(crate::composed::refuse("composition", &c, why));
    }
    let first = match c.outer() {
        Outer::Swizzle(sw) => compose_swizzle(l, *sw)?,
        Outer::Layout(a) => Err(crate::algebra::composition(
            l,
            &crate::algebra::Tiler::Layout(a.clone()),
        )?),
    };
    let tiler = crate::algebra::Tiler::Layout(c.inner().clone());
    Ok(match first {
        Ok(sc) => recomposed(sc.map_inner(|x| crate::algebra::composition(x, &tiler))?),
        Err(x) => Value::Layout(crate::algebra::composition(&x, &tiler)?),
    })
}

/// The field [`super::Function::on_swizzle`]: a call's own result when
/// an argument is a swizzle or a composed layout, `None` to go on.
type OnSwizzle = Option<super::OnSwizzle>;

/// An error without a span pointed at the whole call.
fn whole(args: &Args, r: Result<Value>) -> Result<Value> {
    r.map_err(|e| e.or_at(args.call_span()))
}

/// `composition` of a swizzle and a layout, of two swizzles, of a layout
/// and a swizzle or a composed layout.
pub(super) const COMPOSITION: OnSwizzle = Some(|args| match args.values.as_slice() {
    [Value::Swizzle(sw), Value::Layout(l)] => Some(Ok(recomposed(compose(*sw, 0, l.clone())))),
    [Value::Swizzle(a), Value::Swizzle(b)] => Some(a.compose(*b).map(Value::Swizzle)),
    [Value::Layout(l), Value::Swizzle(sw)] => {
        Some(whole(args, compose_swizzle(l, *sw).map(recomposed)))
    }
    [Value::Layout(l), Value::Composed(c)] => Some(whole(args, layout_after_composed(l, c))),
    _ => None,
});

/// `logical_product(L, C)` of a layout and a swizzled composed layout.
pub(super) const LOGICAL_PRODUCT: OnSwizzle = Some(|args| match args.values.as_slice() {
    [Value::Layout(l), Value::Composed(c)] => Some(whole(
        args,
        crate::composed::logical_product_swizzled(l, c).map(recomposed),
    )),
    _ => None,
});

/// A swizzle's inverses: itself, as in CuTe.
pub(super) const INVERSE: OnSwizzle = Some(|args| match args.values.as_slice() {
    [Value::Swizzle(sw)] => Some(Ok(Value::Swizzle(*sw))),
    _ => None,
});

fn either_composed(args: &Args, layout: bool) -> Option<Result<Value>> {
    match args.values.as_slice() {
        [a, b] if matches!(a, Value::Composed(_)) || matches!(b, Value::Composed(_)) => {
            Some(whole(args, max_common(layout, a, b)))
        }
        _ => None,
    }
}

/// `max_common_vector` with a swizzled operand.
pub(super) const MAX_COMMON_VECTOR: OnSwizzle = Some(|args| either_composed(args, false));
/// `max_common_layout` with a swizzled operand.
pub(super) const MAX_COMMON_LAYOUT: OnSwizzle = Some(|args| either_composed(args, true));

/// `max_alignment` of a swizzle or a composed layout.
pub(super) const MAX_ALIGNMENT: OnSwizzle = Some(|args| match args.values.as_slice() {
    [Value::Swizzle(sw)] => Some(Ok(calls::int(1 << sw.base()))),
    [Value::Composed(c)] => Some(whole(args, max_alignment(c))),
    _ => None,
});

fn cast(args: &Args, cast: fn(Swizzle, i64) -> Result<Swizzle>) -> Option<Result<Value>> {
    let (Some(Value::Swizzle(sw)), Some(n)) = (args.values.first(), args.values.get(1)) else {
        return None;
    };
    let Value::IntTuple(crate::IntTuple::Int(n)) = n else {
        return Some(Err(args.wrong(1, "an integer")));
    };
    Some(whole(args, cast(*sw, *n).map(Value::Swizzle)))
}

/// `upcast` of a swizzle.
pub(super) const UPCAST: OnSwizzle = Some(|args| cast(args, Swizzle::upcast));
/// `downcast` of a swizzle.
pub(super) const DOWNCAST: OnSwizzle = Some(|args| cast(args, Swizzle::downcast));

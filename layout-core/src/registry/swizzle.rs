//! Swizzles and composed layouts: their constructors, and how the layout
//! functions CuTe defines on a `ComposedLayout` (`layout_composed.hpp`)
//! reach one.
//!
//! A function whose entry has [`Function::on_composed`], given a composed
//! layout where it takes a layout, is evaluated on the inner layout, and
//! its result finished as CuTe does: left as it is (`size`, `cosize`,
//! `shape`, …), put back under the outer function and offset (divides,
//! products, `composition`, `coalesce`, `get`, `take`, …), or sent through
//! the outer function
//! (`crd2idx`, `table`); `slice` and the inverses are the composed layout's
//! own ([`ComposedLayout::slice`], [`ComposedLayout::right_inverse`]).
//! Every other function refuses a composed layout with the usual type error
//! (`dice`, `stride`, …: CuTe defines none of them on one).

use alloc::vec::Vec;

use super::TypedForm;
use super::{BASE, Function, Kind, Narration, Returns, calls};
use crate::coerce::Accepts::{Any, Int};
use crate::coerce::Args;
use crate::composed::{ComposedLayout, Outer, compose};
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
        typed: TypedForm::Composed,
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
            crate::ErrorKind::Idiom(crate::IdiomError::UnsupportedAccess { input, .. }) => {
                match input {
                    AccessInput::Tv => 0,
                    AccessInput::ElementBytes => 2,
                    AccessInput::PerAccess => 3,
                }
            }
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

/// How a function CuTe defines on a composed layout (`layout_composed.hpp`)
/// applies to one: which argument is the layout and what becomes of the
/// result on the inner layout. The field [`Function::on_composed`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Lifted {
    /// The argument that may be a composed layout.
    pub layout: usize,
    /// Only calls of this many arguments lift (`crd2idx(C, L)` does,
    /// `crd2idx(C, SHAPE, STRIDE)` has no layout argument); `None`: any.
    pub only_with: Option<usize>,
    /// What becomes of the result.
    pub finish: LiftedFinish,
}

/// What becomes of a lifted function's result on the inner layout.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum LiftedFinish {
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

const fn lifted(layout: usize, finish: LiftedFinish) -> Option<Lifted> {
    Some(Lifted {
        layout,
        only_with: None,
        finish,
    })
}

/// The result is the inner layout's (`size`, `shape`, …).
pub(super) const KEEP: Option<Lifted> = lifted(0, LiftedFinish::Keep);
/// The resulting layout goes back under the outer function (`get`, the divides, …).
pub(super) const RECOMPOSE: Option<Lifted> = lifted(0, LiftedFinish::Recompose);
/// `table(C)`: the inner layout's offsets through the outer function.
pub(super) const SWIZZLED_TABLE: Option<Lifted> = lifted(0, LiftedFinish::Swizzle);
/// `crd2idx(C, L)`: the inner layout's offset through the outer function.
pub(super) const SWIZZLED_OFFSET: Option<Lifted> = Some(Lifted {
    layout: 1,
    only_with: Some(2),
    finish: LiftedFinish::Swizzle,
});
/// `slice(COORD, C)`: the composed layout's own.
pub(super) const SLICE: Option<Lifted> = lifted(1, LiftedFinish::Own(slice));
/// `right_inverse(C)`: the composed layout's own.
pub(super) const RIGHT_INVERSE: Option<Lifted> =
    lifted(0, LiftedFinish::Own(|c, _| composed(c.right_inverse()?)));
/// `left_inverse(C)`: the composed layout's own.
pub(super) const LEFT_INVERSE: Option<Lifted> =
    lifted(0, LiftedFinish::Own(|c, _| composed(c.left_inverse()?)));
/// `upcast(C, N)`: the composed layout's own.
pub(super) const UPCAST: Option<Lifted> =
    lifted(0, LiftedFinish::Own(|c, a| composed(c.upcast(a.int(1)?)?)));
/// `downcast(C, N)`: the composed layout's own.
pub(super) const DOWNCAST: Option<Lifted> = lifted(
    0,
    LiftedFinish::Own(|c, a| composed(c.downcast(a.int(1)?)?)),
);
/// `recast_layout(C, OLD, NEW)`: the composed layout's own.
pub(super) const RECAST: Option<Lifted> = lifted(
    0,
    LiftedFinish::Own(|c, a| composed(c.recast(a.int(1)?, a.int(2)?)?)),
);

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
    if let Some(r) = f.on_swizzle.and_then(|own| own(args)) {
        return Some(r);
    }
    let Lifted {
        layout: i,
        only_with,
        finish,
    } = f.on_composed?;
    if only_with.is_some_and(|n| n != args.len()) {
        return None;
    }
    let Some(Value::Composed(c)) = args.values.get(i) else {
        return None;
    };
    if let LiftedFinish::Own(own) = finish {
        let checked = (0..args.len())
            .filter(|&j| j != i)
            .try_for_each(|j| f.accepts(j).check(&args.values[j], args.span(j)));
        return Some(checked.and_then(|()| own(c, args).map_err(|e| args.blame(f, e))));
    }
    let inner = args.with_value(i, Value::Layout(c.inner().clone()));
    let done = call(&inner).and_then(|v| finished(c, finish, v).map_err(|e| args.blame(f, e)));
    Some(done)
}

pub(super) fn recomposed(r: core::result::Result<ComposedLayout, crate::Layout>) -> Value {
    r.map_or_else(Value::Layout, Value::Composed)
}

fn finished(c: &ComposedLayout, finish: LiftedFinish, v: Value) -> Result<Value> {
    let through = |o: i64| {
        let pre = o
            .checked_add(c.offset())
            .ok_or_else(crate::composed::overflow)?;
        c.outer().apply(pre)
    };
    Ok(match (finish, v) {
        (LiftedFinish::Recompose, Value::Layout(l)) => {
            recomposed(compose(c.outer().clone(), c.offset(), l))
        }
        (LiftedFinish::Swizzle, Value::IntTuple(crate::IntTuple::Int(o))) => {
            calls::int(through(o)?)
        }
        (LiftedFinish::Swizzle, Value::Table(t)) => {
            let swizzled: Result<Vec<i64>> = t.as_slice().iter().map(|&o| through(o)).collect();
            Value::Table(Table(swizzled?))
        }
        (_, v) => v,
    })
}

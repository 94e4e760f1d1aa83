//! Calls given a layout with scaled-basis strides (`make_identity_layout`'s
//! kind): the functions CuTe applies to identity layouts in kernels, each
//! exact, and a refusal naming the function for every other one.
//!
//! The structural functions run on the layout's proxy (its shape with the
//! strides `1, 2, …`, [`BasisLayout::proxy`]) through the integer
//! registry, so their checks and errors are the integer ones; their layout
//! results are read back leaf by leaf. Which functions do what is each
//! entry's [`Function::on_basis`] (a constant of this module); the rest
//! refuse.

use alloc::format;
use alloc::vec::Vec;

use super::Function;

use crate::basis::{BasisLayout, BasisTuple, ScaledBasis, algebra, from_proxy, refusal};
use crate::coerce::Args;
use crate::error::{Error, Result};
use crate::int_tuple::IntTuple;
use crate::value::Value;

/// How a function applies to a layout with scaled-basis strides: the field
/// [`Function::on_basis`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum OnBasis {
    /// Refused, with a reason naming the function.
    Refused,
    /// Run on the layout's proxy through the integer function, the result
    /// finished as given.
    Proxy(ProxyFinish),
    /// Its own algebra: the result, or `None` when the call has no such
    /// argument and goes the integer way.
    Own(fn(&Function, &Args) -> Option<Result<Value>>),
}

/// What becomes of a structural function's result on the proxy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProxyFinish {
    /// Kept: it depends on the shape alone (`size`, `rank`, …).
    Keep,
    /// A layout whose strides are the proxy's: read back.
    Layout,
    /// A stride tuple of the proxy's: read back (`stride`).
    Strides,
}

/// The shape's functions (`size`, `rank`, …): the proxy's result.
pub(super) const KEEP: OnBasis = OnBasis::Proxy(ProxyFinish::Keep);
/// The mode editing (`get`, `take`, …): the proxy's layout read back.
pub(super) const LAYOUT: OnBasis = OnBasis::Proxy(ProxyFinish::Layout);
/// `stride`: the proxy's strides read back.
pub(super) const STRIDES: OnBasis = OnBasis::Proxy(ProxyFinish::Strides);

/// `f(args)` when an argument is a layout with scaled-basis strides (or a
/// scaled basis); `None` otherwise. `call` evaluates the integer function.
pub(crate) fn basis_call(
    f: &Function,
    args: &Args,
    call: impl FnOnce(&Args) -> Result<Value>,
) -> Option<Result<Value>> {
    if let OnBasis::Own(own) = f.on_basis {
        return own(f, args);
    }
    let (i, _) = basis_arg(args)?;
    Some(match f.on_basis {
        OnBasis::Proxy(finish) => structural(args, finish, call),
        _ => Err(refused(f, args, i)),
    })
}

/// The first argument with scaled-basis strides, and where it is.
fn basis_arg(args: &Args) -> Option<(usize, &BasisLayout)> {
    args.values.iter().enumerate().find_map(|(i, v)| match v {
        Value::BasisLayout(l) => Some((i, l)),
        _ => None,
    })
}

/// `body` of the scaled-basis layout when it is argument `at` of `n`;
/// refused when it is elsewhere; `None` when there is none.
fn own_at(
    f: &Function,
    args: &Args,
    (at, n): (usize, usize),
    body: impl FnOnce(&BasisLayout) -> Result<Value>,
) -> Option<Result<Value>> {
    let (i, l) = basis_arg(args)?;
    Some(if (i, args.len()) == (at, n) {
        body(l)
    } else {
        let how = format!("as argument {} of {n}", at + 1);
        Err(refused_here(f, args, i, &how))
    })
}

/// The divides of the layout (their form from the entry's `tiling`).
pub(super) const DIVIDE: OnBasis = OnBasis::Own(|f, args| {
    let Some(super::Tiling::Divide(form)) = f.tiling else {
        return basis_arg(args).map(|(i, _)| Err(refused(f, args, i)));
    };
    own_at(f, args, (0, 2), |l| {
        args.tiler(1)
            .and_then(|t| algebra::divide(l, &t, form).map_err(args.at(1)))
            .and_then(BasisLayout::into_value)
    })
});

/// `crd2idx(C, L)`: the coordinate's arithmetic tuple.
pub(super) const CRD2IDX: OnBasis = OnBasis::Own(|f, args| {
    own_at(f, args, (1, 2), |l| {
        args.int_tuple(0)
            .and_then(|c| l.crd2idx(&c).map_err(args.at(0)))
    })
});

/// `slice(COORD, L)`: a view.
pub(super) const SLICE: OnBasis = OnBasis::Own(|f, args| {
    own_at(f, args, (1, 2), |l| {
        f.accepts(0)
            .check(&args.values[0], args.span(0))
            .and_then(|()| {
                let coord = super::tensor::coord(args);
                crate::basis::slice_and_offset(&coord, l).map_err(args.at(0))
            })
            .map(Value::BasisView)
    })
});

/// `coalesce(L)`.
pub(super) const COALESCE: OnBasis = OnBasis::Own(|f, args| {
    own_at(f, args, (0, 1), |l| {
        algebra::coalesce(l).and_then(BasisLayout::into_value)
    })
});

/// `filter(L)`.
pub(super) const FILTER: OnBasis = OnBasis::Own(|f, args| {
    own_at(f, args, (0, 1), |l| {
        algebra::filter(l).and_then(BasisLayout::into_value)
    })
});

/// `filter_zeros(L)`.
pub(super) const FILTER_ZEROS: OnBasis = OnBasis::Own(|f, args| {
    own_at(f, args, (0, 1), |l| {
        algebra::filter_zeros(l).and_then(BasisLayout::into_value)
    })
});

/// `coshape(L)`.
pub(super) const COSHAPE: OnBasis = OnBasis::Own(|f, args| {
    own_at(f, args, (0, 1), |l| {
        algebra::coshape(l).map(Value::IntTuple).map_err(args.at(0))
    })
});

/// `cosize(L)`.
pub(super) const COSIZE: OnBasis = OnBasis::Own(|f, args| {
    own_at(f, args, (0, 1), |l| {
        algebra::coshape(l)
            .and_then(|c| c.size())
            .map(|n| Value::IntTuple(IntTuple::Int(n)))
            .map_err(args.at(0))
    })
});

/// `composition` with a scaled-basis layout on either side, or both.
pub(super) const COMPOSITION: OnBasis = OnBasis::Own(|f, args| {
    let (i, l) = basis_arg(args)?;
    Some(match (i, args.values.as_slice()) {
        (1, [Value::Layout(a), _]) => algebra::composition_by_basis(a, l)
            .map(Value::Layout)
            .map_err(args.at(1)),
        (0, [_, Value::BasisLayout(b)]) => algebra::composition_of_bases(l, b)
            .map_err(args.at(1))
            .and_then(BasisLayout::into_value),
        (0, [_, _]) => args
            .composition_tiler(1)
            .and_then(|t| algebra::composition(l, &t).map_err(args.at(1)))
            .and_then(BasisLayout::into_value),
        (_, [a, _]) => {
            let how = format!("on the right of a layout, not of {}", a.describe());
            Err(refused_here(f, args, i, &how))
        }
        _ => Err(refused_here(f, args, i, "in a call with two arguments")),
    })
});

/// `view(L, OFFSET)` with scaled-basis strides or a coordinate offset.
pub(super) const VIEW: OnBasis = OnBasis::Own(|_, args| view(args));

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
    finish: ProxyFinish,
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
        (ProxyFinish::Keep, v) => Ok(v),
        (ProxyFinish::Layout, Value::Layout(p)) => from_proxy(&table, &p)?.into_value(),
        // CuTe's `slice` is the layout alone; its offset (an arithmetic
        // tuple here) is `crd2idx` of the coordinate with `_` as 0.
        (ProxyFinish::Layout, Value::View(v)) => from_proxy(&table, v.layout())?.into_value(),
        (ProxyFinish::Strides, Value::IntTuple(t)) => strides(&table, &t),
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
    let strides = back(table, t)?;
    // A part with no basis in it (`()`, or integer strides only) is an
    // integer tuple, as its text reads back: `stride` of mode 1 of
    // `make_identity_layout((2,(),4))` is the `()` that `stride((2,(),4):(1,(),2), 1)` is.
    Ok(match plain(&strides) {
        Some(ints) => Value::IntTuple(ints),
        None => Value::Basis(strides),
    })
}

/// The integer tuple `t` is when none of its strides is a basis.
fn plain(t: &BasisTuple) -> Option<IntTuple> {
    match t {
        BasisTuple::Leaf(d) => (!d.is_basis()).then(|| IntTuple::Int(d.value())),
        BasisTuple::Tuple(v) => v
            .iter()
            .map(plain)
            .collect::<Option<_>>()
            .map(IntTuple::Tuple),
    }
}

/// The refusal of a function whose entry refuses scaled-basis strides:
/// it names the functions that take them, read from the table.
fn refused(f: &Function, args: &Args, i: usize) -> Error {
    let takers: Vec<&str> = super::FUNCTIONS
        .iter()
        .filter(|g| !matches!(g.on_basis, OnBasis::Refused))
        .map(|g| g.name)
        .collect();
    refusal(format!(
        "`{}` does not take a layout with scaled-basis strides (the functions that do: {})",
        f.name,
        takers.join(", ")
    ))
    .or_at(args.span(i))
}

/// The refusal of a function that takes scaled-basis strides, but not
/// where argument `i` has them: `how` says where it does.
fn refused_here(f: &Function, args: &Args, i: usize, how: &str) -> Error {
    refusal(format!(
        "`{}` takes a layout with scaled-basis strides only {how}",
        f.name
    ))
    .or_at(args.span(i))
}

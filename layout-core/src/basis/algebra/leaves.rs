//! The leaf-by-leaf functions on [`BasisLayout`]s: CuTe's `coalesce`,
//! `filter`, `filter_zeros` and `coshape`, each reading the layout's leaves
//! (extent and scaled-basis stride) in order.

use alloc::format;
use alloc::vec::Vec;

use crate::basis::{BasisLayout, refusal};
use crate::error::{Result, mul};
use crate::int_tuple::IntTuple::{self, Int, Tuple};

/// CuTe's `coalesce`: extent-1 leaves dropped, neighbours where one
/// continues the other (`(2,4):(1@0,2@0)` is `8:1@0`) merged, the result
/// flat (`1:0` when nothing is left).
///
/// ```
/// use layout_core::{basis, BasisLayout, IntTuple};
/// let id = BasisLayout::identity(&"((2,3),(1,4))".parse::<IntTuple>().unwrap()).unwrap();
/// assert_eq!(basis::algebra::coalesce(&id).unwrap().to_string(), "(2,3,4):(1@0@0,1@1@0,1@1@1)");
/// ```
///
/// # Errors
///
/// None in practice: the result's offsets are the operand's.
pub fn coalesce(a: &BasisLayout) -> Result<BasisLayout> {
    let leaves = super::coalesced_leaves(a);
    let shape = match leaves.as_slice() {
        [(s, _)] => Int(*s),
        _ => Tuple(leaves.iter().map(|(s, _)| Int(*s)).collect()),
    };
    BasisLayout::from_leaves(shape, leaves.into_iter().map(|(_, d)| d).collect())
}

/// CuTe's `filter`: the stride-0 and extent-1 leaves dropped, then [`coalesce`].
///
/// ```
/// use layout_core::{basis, evaluate, Value};
/// let Ok(Value::BasisLayout(l)) = evaluate("(4,(1,2),3):(0,(1@0,2@1),1@0)") else { panic!() };
/// assert_eq!(basis::algebra::filter(&l).unwrap().to_string(), "(2,3):(2@1,1@0)");
/// ```
///
/// # Errors
///
/// None in practice: the kept leaves are the operand's.
pub fn filter(a: &BasisLayout) -> Result<BasisLayout> {
    let (mut shape, mut strides) = (Vec::new(), Vec::new());
    for (s, d) in a.shape.leaves().zip(&a.strides) {
        if d.is_basis() && s != 1 {
            shape.push(Int(s));
            strides.push(d.clone());
        }
    }
    coalesce(&BasisLayout::from_leaves(Tuple(shape), strides)?)
}

/// CuTe's `coshape`: one past the largest coordinate, component by
/// component (`crd2idx` of the last coordinate, plus 1), every basis path
/// of the layout present; `cosize` is its product. Refused for negative
/// scales and empty layouts, where that is not the extent of the offsets.
///
/// ```
/// use layout_core::{basis, BasisLayout, IntTuple};
/// let id = BasisLayout::identity(&"((2,3),4)".parse::<IntTuple>().unwrap()).unwrap();
/// assert_eq!(basis::algebra::coshape(&id).unwrap().to_string(), "((2,3),4)");
/// ```
///
/// # Errors
///
/// [`ScaledBasis`](crate::AlgebraRefusal::ScaledBasis) for a negative scale or an
/// empty layout; [`Overflow`](crate::ErrorKind::Overflow).
pub fn coshape(a: &BasisLayout) -> Result<IntTuple> {
    if a.size() == 0 || a.strides.iter().any(|d| d.value < 0) {
        return Err(refusal(format!(
            "coshape of {a}: defined here for non-empty layouts with non-negative scales"
        )));
    }
    let mut last = a.shape.leaves().map(|s| s - 1);
    let coord = a.shape.with_leaves(&mut last);
    let mut sum = Tuple(Vec::new());
    for (c, d) in crate::layout::natural_coord(&coord, &a.shape)?
        .leaves()
        .zip(&a.strides)
    {
        if d.is_basis() {
            crate::basis::accumulate(&mut sum, &d.modes, mul(c, d.value)?)?;
        }
    }
    Ok(plus_one(&sum))
}

fn plus_one(t: &IntTuple) -> IntTuple {
    match t {
        Int(n) => Int(n.saturating_add(1)),
        Tuple(v) => Tuple(v.iter().map(plus_one).collect()),
    }
}

/// CuTe's `filter_zeros`: extent 1 at every leaf of stride `0`.
///
/// # Errors
///
/// None in practice: the strides are the operand's.
pub fn filter_zeros(a: &BasisLayout) -> Result<BasisLayout> {
    let mut extents = a
        .shape
        .leaves()
        .zip(&a.strides)
        .map(|(s, d)| if d.is_basis() { s } else { 1 });
    let shape = a.shape.with_leaves(&mut extents);
    BasisLayout::from_leaves(shape, a.strides.clone())
}

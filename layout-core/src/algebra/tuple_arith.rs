//! CuTe's integer-tuple arithmetic: `product_each`, `shape_div`,
//! `ceil_div`, `filter_zeros`.

use alloc::vec::Vec;

use crate::error::{DomainError, Result};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;

/// CuTe's `product_each(T)`: the size of each top-level mode, as a tuple
/// (an integer is wrapped: `product_each(7)` is `(7)`).
///
/// # Errors
///
/// [`Overflow`](crate::ErrorKind::Overflow) when a product does not fit.
///
/// ```
/// use layout_core::{product_each, IntTuple};
/// let t: IntTuple = "(2,(3,4),5)".parse().unwrap();
/// assert_eq!(product_each(&t).unwrap().to_string(), "(2,12,5)");
/// ```
pub fn product_each(t: &IntTuple) -> Result<IntTuple> {
    let sizes = t.modes().iter().map(|m| m.size().map(Int));
    sizes.collect::<Result<Vec<_>>>().map(Tuple)
}

/// Which of CuTe's two divisions: `shape_div` insists one extent divide the other.
#[derive(Clone, Copy, PartialEq)]
enum Division {
    Shape,
    Ceil,
}

fn divide(a: &IntTuple, b: &IntTuple, how: Division) -> Result<IntTuple> {
    let function = match how {
        Division::Shape => "shape_div",
        Division::Ceil => "ceil_div",
    };
    match (a, b) {
        (Tuple(x), Tuple(y)) => {
            // ceil_div pads a shorter divisor with 1s; shape_div needs equal ranks.
            let fits = match how {
                Division::Shape => x.len() == y.len(),
                Division::Ceil => x.len() >= y.len(),
            };
            if !fits {
                let need = match how {
                    Division::Shape => "tuples of equal rank",
                    Division::Ceil => "a divisor of at most the dividend's rank",
                };
                let (left, right) = (x.len(), y.len());
                return Err(DomainError::TupleRanks {
                    function,
                    need,
                    left,
                    right,
                }
                .into());
            }
            let one = Int(1);
            let modes = x
                .iter()
                .enumerate()
                .map(|(i, xi)| divide(xi, y.get(i).unwrap_or(&one), how));
            modes.collect::<Result<Vec<_>>>().map(Tuple)
        }
        // Fold the divisor across the modes: each takes what it can.
        (Tuple(x), Int(_)) => {
            let mut rest = b.clone();
            let mut out = Vec::with_capacity(x.len());
            for xi in x {
                out.push(divide(xi, &rest, how)?);
                rest = divide(&rest, xi, how)?;
            }
            Ok(Tuple(out))
        }
        (Int(_), Tuple(_)) => divide(a, &Int(b.size()?), how),
        (Int(x), Int(y)) => {
            if *x < 0 {
                return Err(DomainError::NegativeExtent(*x).into());
            }
            if *y < 1 {
                let what = "a divisor";
                return Err(DomainError::OutOfRange {
                    what,
                    min: 1,
                    found: *y,
                }
                .into());
            }
            if how == Division::Shape && x % y != 0 && (*x == 0 || y % x != 0) {
                return Err(DomainError::NotDivisible { a: *x, b: *y }.into());
            }
            // Both non-negative, y ≥ 1: rounding up cannot overflow this way.
            Ok(Int(x / y + i64::from(x % y != 0)))
        }
    }
}

/// CuTe's `shape_div(A, B)`: `A` divided by `B`, mode by mode for two
/// tuples, and a divisor integer folded across the modes (`(4,5,6)/40` is
/// `(1,1,3)`); each pair of extents must divide one way or the other,
/// and the quotient is rounded up (`4/12` is 1).
///
/// # Errors
///
/// [`NotDivisible`](crate::DomainError::NotDivisible) (CuTe's static assertion),
/// [`TupleRanks`](crate::DomainError::TupleRanks), a divisor below 1, a negative extent.
///
/// ```
/// use layout_core::{shape_div, IntTuple};
/// let s = |t: &str| t.parse::<IntTuple>().unwrap();
/// assert_eq!(shape_div(&s("(4,5,6)"), &s("40")).unwrap(), s("(1,1,3)"));
/// assert!(shape_div(&s("12"), &s("5")).is_err());
/// ```
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    divide(a, b, Division::Shape)
}

/// CuTe's `ceil_div(A, B)`: `A` divided by `B` rounding up, mode by mode
/// (missing modes of `B` are 1), an integer divisor folded across the modes.
///
/// # Errors
///
/// [`TupleRanks`](crate::DomainError::TupleRanks) when `B` is longer than `A`, a
/// divisor below 1, a negative extent.
///
/// ```
/// use layout_core::{ceil_div, IntTuple};
/// let s = |t: &str| t.parse::<IntTuple>().unwrap();
/// assert_eq!(ceil_div(&s("(7,9,5)"), &s("(2,4)")).unwrap(), s("(4,3,5)"));
/// ```
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    divide(a, b, Division::Ceil)
}

/// CuTe's `filter_zeros(L)`: the layout with the extent of every stride-0
/// leaf set to 1 (same offsets, fewer indices).
///
/// ```
/// use layout_core::{filter_zeros, Layout};
/// let l: Layout = "(2,3,4):(0,1,0)".parse().unwrap();
/// assert_eq!(filter_zeros(&l).to_string(), "(1,3,1):(0,1,0)");
/// ```
#[must_use]
pub fn filter_zeros(l: &Layout) -> Layout {
    let mut extents = l.leaf_modes().map(|(s, d)| if d == 0 { 1 } else { s });
    let shape = l.shape().with_leaves(&mut extents);
    Layout::from_valid(shape, l.stride().clone())
}

/// CuTe's `filter_zeros(L, PROFILE)`: extent 1 throughout every mode of `L`
/// that sits at a 0 leaf of `PROFILE` (a profile leaf that is not 0 keeps
/// the mode under it whole).
///
/// # Errors
///
/// [`TupleRanks`](crate::DomainError::TupleRanks) where the profile is a tuple and
/// the shape there is not one of the same rank.
///
/// ```
/// use layout_core::{filter_zeros_by, Layout};
/// let l: Layout = "((2,3),4):((1,2),6)".parse().unwrap();
/// let f = filter_zeros_by(&l, &"(0,1)".parse().unwrap()).unwrap();
/// assert_eq!(f.to_string(), "((1,1),4):((1,2),6)");
/// ```
pub fn filter_zeros_by(l: &Layout, profile: &IntTuple) -> Result<Layout> {
    fn by(profile: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
        match (profile, shape) {
            (Int(0), s) => Ok(s.with_leaves(&mut core::iter::repeat(1))),
            (Int(_), s) => Ok(s.clone()),
            (Tuple(p), Tuple(s)) if p.len() == s.len() => p
                .iter()
                .zip(s)
                .map(|(p, s)| by(p, s))
                .collect::<Result<_>>()
                .map(Tuple),
            (Tuple(p), s) => Err(DomainError::TupleRanks {
                function: "filter_zeros",
                need: "a profile of the shape's rank where it is a tuple",
                left: s.rank(),
                right: p.len(),
            }
            .into()),
        }
    }
    Ok(Layout::from_valid(
        by(profile, l.shape())?,
        l.stride().clone(),
    ))
}

/// CuTe's `filter_zeros(T)` of an integer tuple: every 0 replaced by 1.
///
/// ```
/// use layout_core::{filter_zeros_of, IntTuple};
/// let t: IntTuple = "(0,3,(0,4))".parse().unwrap();
/// assert_eq!(filter_zeros_of(&t).to_string(), "(1,3,(1,4))");
/// ```
#[must_use]
pub fn filter_zeros_of(t: &IntTuple) -> IntTuple {
    t.with_leaves(&mut t.leaves().map(|n| if n == 0 { 1 } else { n }))
}

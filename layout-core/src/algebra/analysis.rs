//! CuTe's questions about layouts and shapes: `coshape`, `nullspace`,
//! `max_common_vector`, `max_common_layout`, `max_alignment`, and the
//! relations `compatible`, `congruent`, `weakly_congruent`,
//! `evenly_divides`; and `crd2crd`, a coordinate carried between shapes.

use alloc::vec::Vec;

use super::{Tiler, coalesce, composition, logical_divide, right_inverse};
use crate::error::{DomainError, Result, mul};
use crate::int_tuple::IntTuple;
use crate::layout::{Layout, crd2idx, idx2crd};

/// CuTe's `coshape(L)`: the codomain's extent, `1 + Σ (s-1)·|d|` over the
/// leaves (0 for an empty layout), so `size(coshape(L)) = cosize(L)`.
///
/// ```
/// use layout_core::{coshape, Layout};
/// let l: Layout = "(4,3):(3,-1)".parse().unwrap();
/// assert_eq!(coshape(&l).to_string(), "12");
/// ```
#[must_use]
pub fn coshape(l: &Layout) -> IntTuple {
    IntTuple::Int(l.cosize())
}

/// CuTe's `nullspace(L)`: the indices `L` maps to 0, as a layout into `L`'s
/// index space (its stride-0 leaves with their compact strides); `1:0` when
/// there are none.
///
/// ```
/// use layout_core::{nullspace, Layout};
/// let l: Layout = "(2,3,4):(0,1,0)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "(2,4):(1,6)");
/// ```
///
/// # Errors
///
/// [`Overflow`](crate::ErrorKind::Overflow) when the index space does not fit.
pub fn nullspace(l: &Layout) -> Result<Layout> {
    let index_strides = l.shape().flatten().compact_col_major()?;
    let zeros: Vec<(i64, i64)> = l
        .leaf_modes()
        .zip(index_strides.leaves())
        .filter(|((_, d), _)| *d == 0)
        .map(|((s, _), e)| (s, e))
        .collect();
    Layout::from_leaf_modes(&zeros)
}

/// Up to how many offsets the common prefix is counted rather than derived.
const COUNT_LIMIT: i64 = 1 << 20;

/// `(right_inverse(b), n)`: `n` the largest count with `a(R(j)) = j` for
/// every `j < n`, `R = right_inverse(b)` (at least 1, as `a(R(0)) = 0`).
/// Up to 2^20 offsets it is counted, which is exact by definition; past
/// that, CuTe's formula: the stride-1 first mode of `coalesce(a ∘ R)`.
fn common_prefix(a: &Layout, b: &Layout) -> Result<(Layout, i64)> {
    let inv_b = right_inverse(b)?;
    if inv_b.size() <= COUNT_LIMIT {
        let mut n = 1;
        while n < inv_b.size() && a.at(inv_b.at(n)?)? == n {
            n += 1;
        }
        return Ok((inv_b, n));
    }
    let common = coalesce(&composition(a, &Tiler::Layout(inv_b.clone()))?);
    let n = match common.leaf_modes().next() {
        Some((s, 1)) => s,
        _ => 1,
    };
    Ok((inv_b, n))
}

/// CuTe's `max_common_vector(A, B)`: the largest `n` such that offsets
/// `0..n` are reached by `A` and `B` at the same indices, in order (the
/// widest vector both can move at once).
///
/// # Errors
///
/// When the prefix is too long to count (over 2^20 offsets) and
/// `A ∘ right_inverse(B)` is refused.
///
/// ```
/// use layout_core::{max_common_vector, Layout};
/// let a: Layout = "(8,4):(1,8)".parse().unwrap();
/// let b: Layout = "(2,4,4):(1,2,8)".parse().unwrap();
/// assert_eq!(max_common_vector(&a, &b).unwrap(), 32);
/// let t: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(max_common_vector(&"(4,8):(1,4)".parse().unwrap(), &t).unwrap(), 1);
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64> {
    common_prefix(a, b).map(|(_, n)| n)
}

/// CuTe's `max_common_layout(A, B)`: the indices of the common vector,
/// `right_inverse(B) ∘ n:1` for `n = max_common_vector(A, B)` (`1:0` when
/// `n` is 1), so `A(R(i)) = B(R(i)) = i`.
///
/// # Errors
///
/// As [`max_common_vector`]; and `NotAdmissible` when the indices where
/// `B` reads `0..n` are no layout (e.g. `A = (3,1):(1,0)`, `B =
/// ((7),1,(2,4,3)):((24),168,(1,6,2))`: `n = 3` at indices 0, 7, 56).
///
/// ```
/// use layout_core::{max_common_layout, Layout};
/// let a: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(max_common_layout(&a, &a).unwrap().to_string(), "(8,4):(4,1)");
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let (inv_b, n) = common_prefix(a, b)?;
    if n == 1 {
        return Layout::leaf(1, 0);
    }
    composition(&inv_b, &Tiler::Layout(Layout::leaf(n, 1)?))
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

/// CuTe's `max_alignment(L)`: the largest `n` such that `L`'s offsets come
/// in aligned runs of `n` (`upcast<n>` applies): the contiguous prefix
/// `size(right_inverse(L))`, and the gcd of it with the strides of the rest.
///
/// # Errors
///
/// When the divide of `L` by its right inverse is refused.
///
/// ```
/// use layout_core::{max_alignment, Layout};
/// assert_eq!(max_alignment(&"(6,2):(1,12)".parse().unwrap()).unwrap(), 6);
/// assert_eq!(max_alignment(&"(4,2):(2,1)".parse().unwrap()).unwrap(), 8);
/// ```
pub fn max_alignment(l: &Layout) -> Result<i64> {
    let flat = coalesce(l);
    let inv = right_inverse(&flat)?;
    let permuted = logical_divide(&flat, &Tiler::Layout(inv))?;
    let (tile, rest) = match permuted.modes().as_slice() {
        [tile, rest] => (tile.size(), rest.clone()),
        _ => (permuted.size(), Layout::leaf(1, 0)?),
    };
    Ok(rest.stride().leaves().fold(tile, gcd))
}

/// CuTe's `compatible(A, B)`: every coordinate of shape `A` is one of `B`:
/// same size, and at each leaf of `A` the mode of `B` there has its size.
///
/// ```
/// use layout_core::{compatible, IntTuple};
/// let s = |t: &str| t.parse::<IntTuple>().unwrap();
/// assert!(compatible(&s("(2,12)"), &s("(2,(3,4))")));
/// assert!(!compatible(&s("(2,(3,4))"), &s("(2,12)")));
/// ```
#[must_use]
pub fn compatible(a: &IntTuple, b: &IntTuple) -> bool {
    match (a, b) {
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| compatible(x, y))
        }
        (IntTuple::Int(n), b) => b.size().is_ok_and(|s| s == *n),
        (IntTuple::Tuple(_), IntTuple::Int(_)) => false,
    }
}

/// CuTe's `congruent(A, B)`: the same nesting (profile), any numbers.
///
/// ```
/// use layout_core::{congruent, IntTuple};
/// let s = |t: &str| t.parse::<IntTuple>().unwrap();
/// assert!(congruent(&s("(2,3)"), &s("(3,2)")));
/// assert!(!congruent(&s("6"), &s("(2,3)")));
/// ```
#[must_use]
pub fn congruent(a: &IntTuple, b: &IntTuple) -> bool {
    a.is_congruent(b)
}

/// CuTe's `weakly_congruent(A, B)`: `B`'s nesting refines `A`'s (an
/// integer of `A` may stand for any mode of `B`).
///
/// ```
/// use layout_core::{weakly_congruent, IntTuple};
/// let s = |t: &str| t.parse::<IntTuple>().unwrap();
/// assert!(weakly_congruent(&s("(1,1)"), &s("((2,3),(4,5))")));
/// assert!(!weakly_congruent(&s("(2,3)"), &s("6")));
/// ```
#[must_use]
pub fn weakly_congruent(a: &IntTuple, b: &IntTuple) -> bool {
    match (a, b) {
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| weakly_congruent(x, y))
        }
        (IntTuple::Int(_), _) => true,
        (IntTuple::Tuple(_), IntTuple::Int(_)) => false,
    }
}

/// CuTe's `evenly_divides(SHAPE, TILER)`: whether the tiler cuts the shape
/// into whole tiles (by mode when the tiler is a tuple; a tiler longer than
/// the shape does not).
///
/// # Errors
///
/// As [`ceil_div`](super::ceil_div): a divisor below 1.
///
/// ```
/// use layout_core::{evenly_divides, IntTuple};
/// let s = |t: &str| t.parse::<IntTuple>().unwrap();
/// assert!(evenly_divides(&s("(8,6)"), &s("(4,3)")).unwrap());
/// assert!(!evenly_divides(&s("(8,6)"), &s("(4,4)")).unwrap());
/// ```
pub fn evenly_divides(shape: &IntTuple, tiler: &IntTuple) -> Result<bool> {
    match tiler {
        IntTuple::Tuple(ts) => {
            if ts.len() > shape.rank() {
                return Ok(false);
            }
            for (t, s) in ts.iter().zip(shape.modes()) {
                if !evenly_divides(s, t)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        IntTuple::Int(_) => {
            let tiles = super::ceil_div(shape, tiler)?.size()?;
            Ok(shape.size()? == mul(tiler.size()?, tiles)?)
        }
    }
}

/// CuTe's `crd2crd(C, FROM, TO)`: the coordinate of shape `TO` at the same
/// (colexicographic) index as coordinate `C` of shape `FROM`, mode by mode
/// where all three are tuples.
///
/// # Errors
///
/// [`TupleRanks`](crate::DomainError::TupleRanks) when the tuples' ranks differ,
/// and the errors of `crd2idx`/`idx2crd`. As in CuTe the shapes need not
/// have one size (an integer coordinate between integer shapes stays).
///
/// ```
/// use layout_core::{crd2crd, IntTuple};
/// let s = |t: &str| t.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2crd(&s("5"), &s("(2,3)"), &s("(3,2)")).unwrap(), s("(2,1)"));
/// ```
pub fn crd2crd(coord: &IntTuple, from: &IntTuple, to: &IntTuple) -> Result<IntTuple> {
    if let (IntTuple::Tuple(c), IntTuple::Tuple(f), IntTuple::Tuple(t)) = (coord, from, to) {
        for other in [f.len(), t.len()] {
            if other != c.len() {
                return Err(DomainError::TupleRanks {
                    function: "crd2crd",
                    need: "a coordinate and shapes of one rank",
                    left: c.len(),
                    right: other,
                }
                .into());
            }
        }
        let modes = (0..c.len()).map(|i| crd2crd(&c[i], &f[i], &t[i]));
        return modes.collect::<Result<Vec<_>>>().map(IntTuple::Tuple);
    }
    let index = crd2idx(coord, from, &from.compact_col_major()?)?;
    idx2crd(&IntTuple::Int(index), to)
}

//! Where a composition is refused but CuTe returns a layout: the first
//! index at which CuTe's layout is not `A(B(i))`, the refusal's evidence.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::basis::{BasisLayout, BasisTuple, ScaledBasis};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;
use crate::value::Value;

/// CuTe's answer and the first index where it is wrong.
pub(super) struct Witness {
    /// CuTe's layout for the composition.
    pub cute: BasisLayout,
    /// The first index `i` where it is not `A(B(i))`.
    pub index: i64,
    /// CuTe's layout at `index`.
    pub got: String,
    /// `A(B(index))`.
    pub want: String,
}

/// The indices checked for a witness: past them the refusal gives none.
const SEARCH_LIMIT: i64 = 1 << 20;

/// CuTe's `A ∘ B` (its steps without the exactness checks) and the first
/// index where it is not `A(B(i))`; `None` where CuTe refuses too (or is
/// right up to [`SEARCH_LIMIT`]).
pub(super) fn cute_differs(a: &BasisLayout, b: &Layout) -> Option<Witness> {
    let cute = super::compose_with(a, b, false).ok()?;
    for i in 0..b.size().min(SEARCH_LIMIT) {
        let want = components(&a.crd2idx(&Int(b.at(i).ok()?)).ok()?);
        let got = components(&cute.crd2idx(&Int(i)).ok()?);
        if want != got {
            return Some(Witness {
                cute,
                index: i,
                got: show(&got),
                want: show(&want),
            });
        }
    }
    None
}

/// A coordinate (`crd2idx`'s value) as its nonzero components by basis path.
fn components(v: &Value) -> BTreeMap<Vec<usize>, i64> {
    fn walk(t: &IntTuple, path: &mut Vec<usize>, out: &mut BTreeMap<Vec<usize>, i64>) {
        match t {
            Int(n) => *out.entry(path.clone()).or_default() += n,
            Tuple(v) => {
                for (i, t) in v.iter().enumerate() {
                    path.push(i);
                    walk(t, path, out);
                    path.pop();
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    match v {
        Value::IntTuple(t) => walk(t, &mut Vec::new(), &mut out),
        Value::Basis(BasisTuple::Leaf(d)) => {
            *out.entry(d.modes.clone()).or_default() += d.value;
        }
        _ => {}
    }
    out.retain(|_, x| *x != 0);
    out
}

/// Components as a sum of scaled bases (`0` when there are none).
fn show(c: &BTreeMap<Vec<usize>, i64>) -> String {
    let terms: Vec<String> = c
        .iter()
        .map(|(p, v)| format!("{}", ScaledBasis::new(*v, p.iter().copied())))
        .collect();
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join("+")
    }
}

//! CuTe's composition of two layouts with scaled-basis strides: `B`'s
//! offsets are coordinates of `A`, and `A(B(i))` is `A` read at them, the
//! sum over `A`'s modes of each mode read at its component.
//!
//! CuTe composes leaf by leaf: a leaf `n:v@P` of `B` composes mode `P` of
//! `A` with `n:v`. Here the leaves of `B` that step through the same mode
//! `P` are composed with it together, as one integer layout, by
//! [`compose_layout`](super::compose_layout), whose carry check then sees
//! their sum: where their offsets would carry inside mode `P`, CuTe's
//! leaf-by-leaf answer is not `A(B(i))` and the composition is refused,
//! naming an index where CuTe's answer differs.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::vec::Vec;

use super::{BasisLayout, ScaledBasis, compose_layout, refusal, with_leaves_of};
use crate::error::{Error, Result};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;

/// What one leaf of `B` becomes: its extents (one or several) and strides.
type Piece = (IntTuple, Vec<ScaledBasis>);

/// `A ∘ B` for two layouts with scaled-basis strides, exact: every result
/// `R` has `R(i) = A(B(i))` for all `i < size(B)`, with the shape CuTe
/// gives (`B`'s, its leaves refined).
///
/// ```
/// use layout_core::{basis, evaluate, Value};
/// let Ok(Value::BasisLayout(a)) = evaluate("zipped_divide(make_identity_layout((8,8)), (2,4))") else { panic!() };
/// let Ok(Value::BasisLayout(b)) = evaluate("(4,2):(1@1@0,1@0@1)") else { panic!() };
/// let r = basis::algebra::composition_of_bases(&a, &b).unwrap();
/// assert_eq!(r.to_string(), "(4,2):(1@1,2@0)");
/// // CuTe returns (2,2):(1@0@0,1@0@0), which is ((2,0),0) at index 3, not ((0,1),0).
/// let Ok(Value::BasisLayout(a)) = evaluate("make_identity_layout(((2,3),4))") else { panic!() };
/// let Ok(Value::BasisLayout(b)) = evaluate("(2,2):(1@0,1@0)") else { panic!() };
/// assert!(basis::algebra::composition_of_bases(&a, &b).is_err());
/// ```
///
/// # Errors
///
/// [`ScaledBasis`](crate::AlgebraRefusal::ScaledBasis) for a stride of `B`
/// naming a mode `A` does not have, for leaves of `B` whose offsets carry
/// inside a mode of `A` (with the index where CuTe's answer is wrong), and
/// those of [`composition`](super::composition) for one mode.
pub fn composition_of_bases(a: &BasisLayout, b: &BasisLayout) -> Result<BasisLayout> {
    let extents: Vec<i64> = b.shape.leaves().collect();
    let mut pieces: Vec<Option<Piece>> = alloc::vec![None; extents.len()];
    // The leaves of B by the mode of A they step through, in order.
    let mut groups: BTreeMap<&[usize], Vec<usize>> = BTreeMap::new();
    for (k, d) in b.strides.iter().enumerate() {
        if d.is_basis() {
            groups.entry(&d.modes).or_default().push(k);
        } else {
            pieces[k] = Some((Int(extents[k]), alloc::vec![ScaledBasis::int(0)]));
        }
    }
    for (path, leaves) in groups {
        let mode = mode_at(a, path, b)?;
        let group: Vec<(i64, i64)> = leaves
            .iter()
            .map(|&k| (extents[k], b.strides[k].value))
            .collect();
        for (k, piece) in leaves.iter().zip(compose_group(&mode, &group, b, &leaves)?) {
            pieces[*k] = Some(piece);
        }
    }
    let mut shapes = Vec::new();
    let mut strides = Vec::new();
    for (shape, mut s) in pieces.into_iter().flatten() {
        shapes.push(shape);
        strides.append(&mut s);
    }
    let shape = with_leaves_of(&b.shape, &mut shapes.into_iter());
    BasisLayout::from_leaves(shape, strides)
}

/// Mode `path` of `a` (outermost first), as a layout of its own.
fn mode_at(a: &BasisLayout, path: &[usize], b: &BasisLayout) -> Result<BasisLayout> {
    let mut proxy = a.proxy()?;
    for &i in path {
        let next = match proxy.shape() {
            Tuple(v) if i < v.len() => proxy.mode(i),
            // CuTe's get<0> of an integer is the integer.
            Int(_) if i == 0 => Some(proxy.clone()),
            _ => None,
        };
        proxy = next.ok_or_else(|| {
            refusal(format!(
                "a stride of {b} names the mode {} of {a}, which it does not have",
                ScaledBasis::new(1, path.iter().copied())
            ))
        })?;
    }
    a.read_proxy(&proxy)
}

/// The leaves `group` (extent, scale) of `B` that step through `mode`,
/// composed with it together: one piece per leaf.
fn compose_group(
    mode: &BasisLayout,
    group: &[(i64, i64)],
    b: &BasisLayout,
    leaves: &[usize],
) -> Result<Vec<Piece>> {
    if let (Int(_), [d]) = (&mode.shape, mode.strides.as_slice()) {
        // A leaf of A is linear in its coordinate, out of range too.
        return group
            .iter()
            .map(|&(n, v)| Ok((Int(n), alloc::vec![d.times(v)?])))
            .collect();
    }
    let together = Layout::from_leaf_modes(group)?;
    match compose_layout(mode, &together) {
        Ok(r) => Ok(split(&r, group.len())),
        Err(e) => Err(witness(mode, group, b, leaves).unwrap_or_else(|| {
            let kind = match e.kind() {
                crate::ErrorKind::Algebra(crate::AlgebraRefusal::ScaledBasis(why)) => why.clone(),
                other => format!("{other}"),
            };
            refusal(format!(
                "the leaves of {b} stepping through {mode} (one mode of the left layout) are {together} there: {kind}"
            ))
        })),
    }
}

/// `r`, a composition with a flat layout of `n` leaves, as one piece per leaf.
fn split(r: &BasisLayout, n: usize) -> Vec<Piece> {
    let shapes: Vec<IntTuple> = match (&r.shape, n) {
        (s, 1) => alloc::vec![s.clone()],
        (Tuple(v), _) => v.clone(),
        (s, _) => alloc::vec![s.clone()],
    };
    let mut strides = r.strides.iter().cloned();
    shapes
        .into_iter()
        .map(|s| {
            let taken = strides.by_ref().take(s.leaves().count()).collect();
            (s, taken)
        })
        .collect()
}

/// Where composing the leaves together is refused but CuTe's leaf-by-leaf
/// answer exists: the error naming the first index of `B` where that
/// answer is not `A(B(i))`. `None` where CuTe refuses as well.
fn witness(
    mode: &BasisLayout,
    group: &[(i64, i64)],
    b: &BasisLayout,
    leaves: &[usize],
) -> Option<Error> {
    let together = Layout::from_leaf_modes(group).ok()?;
    let w = super::witness::cute_differs(mode, &together)?;
    // B's index of the group's coordinate (B's other leaves at 0).
    let mut place = Vec::new();
    let mut product = 1i64;
    for (k, s) in b.shape.leaves().enumerate() {
        if leaves.contains(&k) {
            place.push(product);
        }
        product = product.checked_mul(s)?;
    }
    let natural = crate::layout::natural_coord(&Int(w.index), together.shape()).ok()?;
    let i: i64 = natural.leaves().zip(&place).map(|(c, p)| c * p).sum();
    Some(refusal(format!(
        "composition is not exact: the leaves of {b} stepping through {mode} (one mode of the left layout) are {together} there, and no layout of this shape is A(B(i)); CuTe composes them leaf by leaf into {}, which gives {} at index {i} of B, where A(B({i})) is {}",
        w.cute, w.got, w.want
    )))
}

//! The algebra on [`BasisLayout`]s that kernels use on identity layouts:
//! composition with an integer-strided layout (and so the divides),
//! coalesce, and the structural functions (through
//! `BasisLayout::proxy`, the layout of its integer strides). Each result is exact or refused; the proof of
//! composition's is in ARCHITECTURE.md ("Scaled-basis strides").

use alloc::format;
use alloc::vec::Vec;

use super::{BasisLayout, ScaledBasis, refusal};
use crate::algebra::{Form, Tiler, complement};
use crate::error::{AlgebraRefusal, DomainError, ErrorKind, Result, mul};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;

mod both;
mod by_basis;
mod decide;
mod leaves;
mod witness;

pub use both::composition_of_bases;
pub use by_basis::composition_by_basis;
pub use leaves::{coalesce, coshape, filter, filter_zeros};

/// One mode of a result: extent, stride, and (for composition's carry
/// check) which of `A`'s coalesced leaves it steps through, by how much.
struct Piece {
    extent: i64,
    stride: ScaledBasis,
    digit: Option<(usize, i64)>,
}

/// `A ∘ B` for `A` with scaled-basis strides and `B` an integer-strided
/// layout, or a by-mode tiler of them: CuTe's `composition`, refused where
/// CuTe's answer would not be `A(B(i))` for every `i`.
///
/// `B`'s strides must be non-negative. CuTe's composition walks `A`'s
/// coalesced leaves for every leaf of `B`; beyond CuTe's two divisibility
/// checks this requires that a leaf of `B` crossing from one leaf of `A`
/// into the next does so at a multiple of its stride, and that the leaves
/// of `B` landing in one leaf of `A` never carry out of it together.
///
/// ```
/// use layout_core::{basis, BasisLayout, IntTuple, Layout, Tiler};
/// let id = BasisLayout::identity(&"(4,8)".parse::<IntTuple>().unwrap()).unwrap();
/// let b: Layout = "(4,8):(8,1)".parse().unwrap();
/// let r = basis::algebra::composition(&id, &Tiler::from(b)).unwrap();
/// assert_eq!(r.to_string(), "(4,(4,2)):(2@1,(1@0,1@1))");
/// // CuTe returns (2,2):(1@0,3@0), which is (4,0) at index 3, not A(B(3)) = (0,1).
/// let bad: Layout = "(2,2):(1,3)".parse().unwrap();
/// assert!(basis::algebra::composition(&id, &Tiler::from(bad)).is_err());
/// ```
///
/// # Errors
///
/// [`ScaledBasis`](crate::AlgebraRefusal::ScaledBasis) naming the leaf of `B` and the
/// numbers where no exact result follows; those of a by-mode tiler.
pub fn composition(a: &BasisLayout, b: &Tiler) -> Result<BasisLayout> {
    match b {
        Tiler::Layout(b) => compose_layout(a, b),
        Tiler::ByMode(tilers) => by_mode(a, tilers, composition),
    }
}

/// CuTe's `composition(A, B)` for an integer-strided `B`: its steps and
/// divisibility checks without ours, so right or wrong (what a refusal's
/// witness quotes, and what the tests count CuTe's answers by).
///
/// # Errors
///
/// Where CuTe's own checks refuse.
pub fn cute_composition(a: &BasisLayout, b: &Layout) -> Result<BasisLayout> {
    compose_with(a, b, false)
}

/// `A ∘ B`, exact, or refused; where CuTe returns a layout that is not
/// `A(B(i))`, the refusal names the first index where it differs.
fn compose_layout(a: &BasisLayout, b: &Layout) -> Result<BasisLayout> {
    let exact = compose_with(a, b, true).or_else(|e| {
        if !decidable(a, b) {
            return Err(e);
        }
        // Too large to decide: the walk's own reason stands.
        decide::decide(a, b).map_err(|undecided| match undecided.kind() {
            ErrorKind::Algebra(AlgebraRefusal::CompositionUndecided { .. }) => e,
            _ => undecided,
        })
    });
    exact.map_err(|e| match witness::cute_differs(a, b) {
        Some(w) => refusal(format!(
            "{}; CuTe returns {}, which gives {} at index {}, where A(B({})) is {}",
            why(&e),
            w.cute,
            w.got,
            w.index,
            w.index,
            w.want
        )),
        None => e,
    })
}

/// Whether a composition CuTe's walk refuses (or cannot prove) is decided
/// point by point (decide.rs): both operands have offsets, `B`'s strides
/// are non-negative, and `B` stays inside `A` or `A`'s last leaf, which
/// extends past it, has an extent above 1.
fn decidable(a: &BasisLayout, b: &Layout) -> bool {
    let reach = b
        .leaf_modes()
        .map(|(n, r)| (n - 1).saturating_mul(r))
        .fold(0, i64::saturating_add);
    a.size() > 0
        && b.size() > 0
        && b.leaf_modes().all(|(_, r)| r >= 0)
        && (reach < a.size() || a.shape.leaves().last() != Some(1))
}

/// The sentence of a refusal (the kind's words for another error).
fn why(e: &crate::error::Error) -> alloc::string::String {
    match e.kind() {
        ErrorKind::Algebra(AlgebraRefusal::ScaledBasis(why)) => why.clone(),
        other => format!("{other}"),
    }
}

/// CuTe's composition steps; with `exact`, also the checks that make the
/// result `A(B(i))` (without, CuTe's answer, right or wrong).
fn compose_with(a: &BasisLayout, b: &Layout, exact: bool) -> Result<BasisLayout> {
    if a.size() == 0 || b.size() == 0 {
        return Err(refusal(format!(
            "composition of {a} with {b}: an empty operand has no offsets to compose"
        )));
    }
    // Past A's domain CuTe extends A's last coalesced leaf; that is the
    // last mode's extension (CuTe's crd2idx) unless trailing extent-1
    // leaves were dropped, which would extend another mode instead.
    let reach: i64 = b
        .leaf_modes()
        .map(|(n, r)| (n - 1).saturating_mul(r.max(0)))
        .fold(0, i64::saturating_add);
    if exact && reach >= a.size() && a.shape.leaves().last() == Some(1) {
        return Err(refusal(format!(
            "composition of {a} with {b}: B reaches offset {reach}, past A's size {}, and A's last leaf has extent 1, so no mode of A extends there",
            a.size()
        )));
    }
    let leaves = coalesced_leaves(a);
    let mut shape_leaves = Vec::new();
    let mut strides = Vec::new();
    let mut reach = alloc::vec![0i64; leaves.len()];
    for (m, (n, r)) in b.leaf_modes().enumerate() {
        let pieces = match compose_leaf(&leaves, (m, n, r), exact) {
            // An extent-1 leaf has one offset, A(0 + …) = 0 in its own
            // terms: any stride is exact where CuTe's checks refuse it.
            Err(_) if n == 1 => alloc::vec![Piece {
                extent: 1,
                stride: ScaledBasis::int(0),
                digit: None
            }],
            other => other?,
        };
        for p in &pieces {
            if let Some((j, k)) = p.digit {
                reach[j] = mul(p.extent - 1, k).and_then(|x| crate::error::add(reach[j], x))?;
            }
        }
        shape_leaves.push(match pieces.as_slice() {
            [p] => Int(p.extent),
            _ => Tuple(pieces.iter().map(|p| Int(p.extent)).collect()),
        });
        strides.extend(pieces.into_iter().map(|p| p.stride));
    }
    // Every leaf of A but the last (which extends, as in CuTe) must hold
    // the sum of what B's leaves put in it, or B(i) carries into the next
    // leaf and the sum of the bases is not A(B(i)).
    for (j, (&(s, _), &r)) in leaves.iter().zip(&reach).enumerate() {
        if exact && j + 1 < leaves.len() && r >= s {
            return Err(refusal(format!(
                "composition is not exact: the right layout's leaves together reach {r} in leaf {j} of the left layout, which has extent {s}, so their offsets carry into the next leaf and no layout of this shape is A(B(i))"
            )));
        }
    }
    let mut leaves_iter = shape_leaves.into_iter();
    let shape = with_leaves_of(b.shape(), &mut leaves_iter);
    BasisLayout::from_leaves(shape, strides)
}

/// `A`'s leaves with extent-1 leaves dropped and neighbours that continue
/// one another merged (CuTe coalesces the left operand first).
fn coalesced_leaves(a: &BasisLayout) -> Vec<(i64, ScaledBasis)> {
    let mut out: Vec<(i64, ScaledBasis)> = Vec::new();
    for (s, d) in a.shape.leaves().zip(&a.strides) {
        if s == 1 {
            continue;
        }
        if let Some((ps, pd)) = out.last_mut() {
            if pd.modes == d.modes && pd.value.checked_mul(*ps) == Some(d.value) {
                *ps *= s;
                continue;
            }
        }
        out.push((s, d.clone()));
    }
    if out.is_empty() {
        out.push((1, ScaledBasis::int(0)));
    }
    out
}

/// CuTe's `composition_impl` for one leaf `n:r` of `B` against `A`'s leaves.
fn compose_leaf(
    leaves: &[(i64, ScaledBasis)],
    (m, n, r): (usize, i64, i64),
    exact: bool,
) -> Result<Vec<Piece>> {
    if r == 0 {
        let stride = ScaledBasis::int(0);
        return Ok(alloc::vec![Piece {
            extent: n,
            stride,
            digit: None
        }]);
    }
    if r < 0 {
        return Err(refusal(format!(
            "leaf {m} of the right layout ({n}:{r}) has a negative stride; composing into scaled-basis strides needs non-negative ones"
        )));
    }
    let (mut n, mut r) = (n, r);
    let mut out = Vec::new();
    let last = leaves.len() - 1;
    for (j, (s, d)) in leaves[..last].iter().enumerate() {
        let s = *s;
        if r % s != 0 && r >= s {
            return Err(refusal(format!(
                "leaf {m} of the right layout ({n}:{r}) fails CuTe's stride divisibility: stride {r} neither divides by nor is below extent {s} of the left layout's leaf {j}"
            )));
        }
        let (next_shape, next_stride) = (ceil_div(s, r), ceil_div(r, s));
        if next_shape == 1 || n == 1 {
            r = next_stride;
            continue;
        }
        let new = next_shape.min(n);
        if n % new != 0 {
            return Err(refusal(format!(
                "leaf {m} of the right layout fails CuTe's shape divisibility: extent {n} does not divide by {new}, the part of it leaf {j} of the left layout (extent {s}) holds"
            )));
        }
        if exact && n / new > 1 && s % r != 0 {
            return Err(refusal(format!(
                "leaf {m} of the right layout runs past leaf {j} of the left layout (extent {s}) with stride {r}, which does not divide {s}: no layout of this shape is A(B(i))"
            )));
        }
        out.push(Piece {
            extent: new,
            stride: d.times(r)?,
            digit: Some((j, r)),
        });
        n /= new;
        r = next_stride;
    }
    if out.is_empty() || n != 1 {
        let stride = leaves[last].1.times(r)?;
        out.push(Piece {
            extent: n,
            stride,
            digit: None,
        });
    }
    Ok(out)
}

fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

/// `A ⊘ T = A ∘ (T, complement(T, size A))`, by mode for a by-mode tiler,
/// regrouped by `form` (CuTe's `logical_`, `zipped_`, `tiled_` and `flat_divide`).
///
/// ```
/// use layout_core::{algebra::Form, basis, BasisLayout, IntTuple, Tiler};
/// let id = BasisLayout::identity(&"(4,8)".parse::<IntTuple>().unwrap()).unwrap();
/// let t = Tiler::try_from(IntTuple::from([2, 4])).unwrap();
/// let z = basis::algebra::divide(&id, &t, Form::Zipped).unwrap();
/// assert_eq!(z.to_string(), "((2,4),(2,2)):((1@0,1@1),(2@0,4@1))");
/// ```
///
/// # Errors
///
/// Those of [`composition`] and of the complement.
pub fn divide(a: &BasisLayout, tiler: &Tiler, form: Form) -> Result<BasisLayout> {
    let logical = logical_divide(a, tiler)?;
    let regrouped = form.regroup(logical.proxy()?, tiler)?;
    logical.read_proxy(&regrouped)
}

fn logical_divide(a: &BasisLayout, tiler: &Tiler) -> Result<BasisLayout> {
    match tiler {
        Tiler::ByMode(tilers) => by_mode(a, tilers, logical_divide),
        Tiler::Layout(t) => {
            let rest = complement(t, a.size())?;
            compose_layout(a, &Layout::concat([t.clone(), rest])?)
        }
    }
}

/// `f` on mode `i` of `a` and element `i` of the tiler, `a`'s further modes kept.
fn by_mode(
    a: &BasisLayout,
    tilers: &[Tiler],
    f: fn(&BasisLayout, &Tiler) -> Result<BasisLayout>,
) -> Result<BasisLayout> {
    let modes = modes(a)?;
    if tilers.len() > modes.len() {
        return Err(DomainError::TilerTooLong {
            tiler: tilers.len(),
            layout: modes.len(),
        }
        .into());
    }
    let mut out = Vec::with_capacity(modes.len());
    for (i, mode) in modes.into_iter().enumerate() {
        out.push(match tilers.get(i) {
            Some(t) => f(&mode, t)?,
            None => mode,
        });
    }
    concat(out)
}

/// The top-level modes of `a`, each a layout of its own.
pub(crate) fn modes(a: &BasisLayout) -> Result<Vec<BasisLayout>> {
    a.proxy()?.modes().iter().map(|m| a.read_proxy(m)).collect()
}

/// The layout whose modes are `modes` (one mode stays as it is).
fn concat(modes: Vec<BasisLayout>) -> Result<BasisLayout> {
    if modes.len() == 1 {
        return Ok(modes.into_iter().next().expect("one mode"));
    }
    let shape = Tuple(modes.iter().map(|m| m.shape.clone()).collect());
    let strides = modes.into_iter().flat_map(|m| m.strides).collect();
    BasisLayout::from_leaves(shape, strides)
}

/// `t`'s structure with each leaf replaced by a tuple from `leaves`.
fn with_leaves_of(t: &IntTuple, leaves: &mut impl Iterator<Item = IntTuple>) -> IntTuple {
    match t {
        Int(_) => leaves.next().unwrap_or(Int(1)),
        Tuple(v) => Tuple(v.iter().map(|t| with_leaves_of(t, leaves)).collect()),
    }
}

//! Composition decided point by point, where CuTe's divisibility walk
//! proves nothing: the only layout that can be `A ∘ B`, or a witness that
//! none is. See `ARCHITECTURE.md`, "Exact composition".

use alloc::string::ToString;
use alloc::vec::Vec;

use super::Modes;
use super::composition::{LeafModes, Piece, coalesce_keeping_last, compose_parts};
use crate::error::{AlgebraRefusal, DomainError, ErrorKind, Result, add, mul};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// The most indices of `B` that composition reads one by one to decide a
/// case that divisibility does not settle (about a millisecond).
pub const COMPOSITION_CHECK_LIMIT: i64 = 1 << 20;

/// How a composition's result was established.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// CuTe's walk divided every extent it crossed and the leaves' pieces
    /// add up in each mode of `A` without a carry: exact by construction.
    Divisibility,
    /// Checked against `A(B(i))` at every one of these indices of `B`.
    Checked {
        /// `size(B)`.
        indices: i64,
    },
}

/// The steps of `composition(A, B)` for `layout explain`: the flattened
/// `A`, how each leaf of `B` walks it (the mutual refinement of the two
/// shapes), and the result with its proof, or the error with its witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refinement {
    /// `A` flattened and coalesced, as `(extent, stride)`; its last mode is
    /// unbounded (it reads indices past `size(A)`).
    pub left: Vec<(i64, i64)>,
    /// The leaves `(extent, stride)` of `B`, left to right.
    pub leaves: Vec<(i64, i64)>,
    /// CuTe's walk of each leaf of `B` over `left`, piece by piece.
    pub pieces: Vec<Piece>,
    /// The composition and how it was proven, or why there is none (the
    /// error names the witness index).
    pub outcome: Result<(Layout, Proof)>,
}

/// The refinement behind `composition(a, b)` (for a layout `b`), step by step.
///
/// ```
/// use layout_core::algebra::{composition_refinement, Proof};
/// let a = "(8,5):(4,2)".parse().unwrap();
/// let b = "4:5".parse().unwrap();
/// let r = composition_refinement(&a, &b);
/// assert_eq!(r.left, [(8, 4), (5, 2)]);
/// // CuTe's walk: 2 values 5 apart in mode 0 (5 does not divide 8), then 2 in mode 1.
/// let walk: Vec<_> = r.pieces.iter().map(|p| (p.mode, p.step, p.extent)).collect();
/// assert_eq!(walk, [(0, 5, 2), (1, 1, 2)]);
/// // CuTe's (2,2):(20,2) is wrong at index 2; the only layout that is right:
/// let (layout, proof) = r.outcome.unwrap();
/// assert_eq!(layout.to_string(), "(2,2):(20,10)");
/// assert_eq!(proof, Proof::Checked { indices: 4 });
/// ```
#[must_use]
pub fn composition_refinement(a: &Layout, b: &Layout) -> Refinement {
    let mut pieces = Vec::new();
    let outcome = compose_parts(a, &[b], false, &mut |p| pieces.push(p));
    Refinement {
        left: coalesce_keeping_last(a).to_vec(),
        leaves: b.leaf_modes().collect(),
        pieces,
        outcome,
    }
}

/// `A(j)` for the flattened `a`, its last mode unbounded (CuTe's `crd2idx`
/// of an integer, truncating division for negative `j` as C++ does).
fn at(a: &[(i64, i64)], j: i64) -> Result<i64> {
    let (mut rest, mut sum) = (j, 0);
    for (k, &(s, d)) in a.iter().enumerate() {
        if k + 1 == a.len() {
            return add(sum, mul(rest, d)?);
        }
        if s == 0 {
            let shape = Layout::from_leaf_modes(a).map_or_else(|_| "?".into(), |l| l.to_string());
            return Err(DomainError::ZeroSizeMode { mode: k, shape }.into());
        }
        sum = add(sum, mul(rest % s, d)?)?;
        rest /= s;
    }
    Ok(sum)
}

/// The value at `c` of the layout with these leaf modes (`c` below its
/// size; wide, as a candidate's strides are not yet known to fit).
fn value(modes: &[(i64, i64)], mut c: i64) -> i128 {
    let mut sum = 0;
    for &(s, d) in modes {
        sum += i128::from(c % s) * i128::from(d);
        c /= s;
    }
    sum
}

/// The layout of extent `f.len()` whose values are `f`, if there is one:
/// its coalesced form is unique, so build it greedily and check it. A mode
/// runs while the values stay on a line; it must divide what is left.
/// `Err(c)`: no layout of that extent (or of a refinement of it) agrees with
/// `f` on `0..=c`.
fn layout_of_values(f: &[i64]) -> core::result::Result<Modes, usize> {
    let n = f.len();
    let mut modes = Modes::new();
    let mut block = 1; // the product of the modes found so far
    while block < n {
        let step = f[block];
        let mut t = 1;
        while t < n / block && Some(f[block * t]) == step.checked_mul(t as i64) {
            t += 1;
        }
        // Any layout agreeing up to `block·t` has a mode of extent `t` here.
        if (n / block) % t != 0 {
            return Err(block * t);
        }
        modes.push((t as i64, step));
        block *= t;
    }
    if modes.is_empty() {
        modes.push((n as i64, 0));
    }
    match (0..n).find(|&c| value(&modes, c as i64) != i128::from(f[c])) {
        Some(c) => Err(c),
        None => Ok(modes),
    }
}

/// Decide `a ∘ B` for the leaves of `B` (`walked`: CuTe's walk, when it
/// completed): keep CuTe's modes of each leaf where they are right, else
/// the only layout that matches that leaf, then check the leaves add up.
pub(super) fn decide(
    a: &[(i64, i64)],
    leaves: &[(i64, i64)],
    walked: Option<&LeafModes>,
    shape: impl Fn() -> IntTuple,
) -> Result<(LeafModes, Proof)> {
    let mut size: i64 = 1;
    for &(s, _) in leaves {
        size = size.saturating_mul(s);
    }
    if size == 0 {
        // Nothing to agree with: CuTe's walk, or each leaf read at stride 0.
        if let Some(cute) = walked {
            let modes = (0..leaves.len()).flat_map(|m| cute.leaf(m).iter().copied());
            return Ok((
                leaf_modes(modes, cute.ends.iter().copied()),
                Proof::Checked { indices: 0 },
            ));
        }
        let ends = 1..=leaves.len();
        return Ok((
            leaf_modes(leaves.iter().map(|&(s, _)| (s, 0)), ends),
            Proof::Checked { indices: 0 },
        ));
    }
    // Each leaf alone is cheap to decide (its extent in reads); the leaves
    // together cost `size(B)` reads.
    let limit = COMPOSITION_CHECK_LIMIT;
    let reads = leaves.iter().fold(0i64, |n, &(s, _)| n.saturating_add(s));
    if reads > limit {
        return Err(AlgebraRefusal::CompositionUndecided { size: reads, limit }.into());
    }
    // Each leaf alone: f_m(c) = A(c·d_m).
    let mut tables = Vec::with_capacity(leaves.len());
    for &(s, d) in leaves {
        let f = (0..s)
            .map(|c| at(a, mul(c, d)?))
            .collect::<Result<Vec<i64>>>()?;
        tables.push(f);
    }
    let mut result = LeafModes::new();
    let mut index_stride = 1; // colexicographic: the index of coordinate 1 of this leaf
    for (m, (&(s, d), f)) in leaves.iter().zip(&tables).enumerate() {
        let cute = walked.map(|w| w.leaf(m)).filter(|modes| {
            modes.iter().try_fold(1i64, |n, &(e, _)| n.checked_mul(e)) == Some(s)
                && (0..s).all(|c| value(modes, c) == i128::from(f[c as usize]))
        });
        let modes = match cute {
            Some(modes) => {
                let mut copy = Modes::new();
                modes.iter().for_each(|&m| copy.push(m));
                copy
            }
            None => layout_of_values(f).map_err(|c| {
                ErrorKind::Algebra(AlgebraRefusal::NotAdmissible {
                    mode: m,
                    leaf: alloc::format!("{s}:{d}"),
                    extent: s,
                    index: c as i64 * index_stride,
                    value: f[c],
                })
            })?,
        };
        for &mode in modes.iter() {
            result.modes.push(mode);
        }
        result.ends.push(result.modes.len());
        index_stride *= s;
    }
    if size > limit {
        return Err(AlgebraRefusal::CompositionUndecided { size, limit }.into());
    }
    // The leaves together: A(B(i)) must be the sum over the leaves.
    let mut coord = alloc::vec![0i64; leaves.len()];
    let mut j = 0; // B(i)
    for i in 0..size {
        let sum: i128 = coord
            .iter()
            .zip(&tables)
            .map(|(&c, f)| i128::from(f[c as usize]))
            .sum();
        let value = at(a, j)?;
        if i128::from(value) != sum {
            let sum = i64::try_from(sum).unwrap_or(if sum < 0 { i64::MIN } else { i64::MAX });
            let coord = shape().with_leaves(&mut coord.iter().copied()).to_string();
            return Err(AlgebraRefusal::NotAdditive {
                coord,
                index: i,
                value,
                sum,
            }
            .into());
        }
        // Step the odometer; `j` stays B(i) (it fits: every B(i) was read above).
        for (c, &(s, d)) in coord.iter_mut().zip(leaves) {
            if *c + 1 < s {
                *c += 1;
                j += d;
                break;
            }
            j -= (s - 1) * d;
            *c = 0;
        }
    }
    Ok((result, Proof::Checked { indices: size }))
}

fn leaf_modes(
    modes: impl Iterator<Item = (i64, i64)>,
    ends: impl Iterator<Item = usize>,
) -> LeafModes {
    let mut out = LeafModes::new();
    for m in modes {
        out.modes.push(m);
    }
    for e in ends {
        out.ends.push(e);
    }
    out
}

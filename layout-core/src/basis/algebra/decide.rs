//! Composition into scaled-basis strides where CuTe's walk refuses or is
//! not exact, decided point by point as the integer composition's
//! `refine::decide` does (ARCHITECTURE.md, "Exact composition"): each leaf
//! `n:r` of `B` forces its sub-layout to be `f(c) = A(c·r)` on `[0, n)`;
//! `R` exists iff every `f` is a layout function with scaled-basis strides
//! (its coalesced form is unique, found greedily) and the leaves add up at
//! every index. A leaf keeps CuTe's pieces where they equal `f`, so the
//! shape is CuTe's wherever CuTe's answer for that leaf is right.

use alloc::format;
use alloc::vec::Vec;

use super::{BasisLayout, Piece, ScaledBasis, coalesced_leaves, compose_leaf, refusal};
use crate::error::{AlgebraRefusal, Result};
use crate::int_tuple::IntTuple::{Int, Tuple};
use crate::layout::{Layout, natural_coord};

/// The most reads of `A` a decision takes (tables and the check over `B`).
const READ_LIMIT: i64 = 1 << 20;

/// `A` read at integer offsets: one entry per basis path of its coordinate.
struct Reader<'a> {
    a: &'a BasisLayout,
    slots: Vec<Option<usize>>,
    paths: Vec<Vec<usize>>,
}

impl<'a> Reader<'a> {
    fn new(a: &'a BasisLayout) -> Result<Reader<'a>> {
        let (_, slots) = a.coordinate_slots()?;
        let mut paths = alloc::vec![Vec::new(); slots.iter().flatten().count()];
        for (d, slot) in a.strides.iter().zip(&slots) {
            if let Some(k) = *slot {
                if k >= paths.len() {
                    paths.resize(k + 1, Vec::new());
                }
                paths[k] = d.modes.clone();
            }
        }
        Ok(Reader { a, slots, paths })
    }

    /// `A(x)`: `x` split colexicographically over `A`'s leaves, the last
    /// keeping the rest (CuTe's `crd2idx` of an integer).
    fn read(&self, x: i64) -> Result<Vec<i64>> {
        let natural = natural_coord(&Int(x), &self.a.shape)?;
        let mut out = alloc::vec![0i64; self.paths.len()];
        for ((c, d), slot) in natural.leaves().zip(&self.a.strides).zip(&self.slots) {
            if let Some(k) = *slot {
                out[k] = crate::error::add(out[k], crate::error::mul(c, d.value)?)?;
            }
        }
        Ok(out)
    }

    /// The scaled basis whose value is `v` (at most one entry nonzero).
    fn stride(&self, v: &[i64]) -> Option<ScaledBasis> {
        let mut nonzero = v.iter().enumerate().filter(|&(_, &x)| x != 0);
        match (nonzero.next(), nonzero.next()) {
            (None, _) => Some(ScaledBasis::int(0)),
            (Some((k, &x)), None) => Some(ScaledBasis::new(x, self.paths[k].iter().copied())),
            _ => None,
        }
    }

    /// `d` as a vector of entries.
    fn entries(&self, d: &ScaledBasis, times: i64) -> Vec<i64> {
        let mut out = alloc::vec![0i64; self.paths.len()];
        if let Some(k) = self.paths.iter().position(|p| *p == d.modes) {
            out[k] = d.value.saturating_mul(times);
        }
        out
    }
}

/// `A ∘ B` decided point by point, or the reason no layout of `B`'s shape
/// (its leaves refined) is `A(B(i))`, with an index of `B` that shows it.
pub(super) fn decide(a: &BasisLayout, b: &Layout) -> Result<BasisLayout> {
    let reads = b
        .leaf_modes()
        .map(|(n, _)| n)
        .fold(b.size(), i64::saturating_add);
    if reads > READ_LIMIT {
        return Err(AlgebraRefusal::CompositionUndecided {
            size: reads,
            limit: READ_LIMIT,
        }
        .into());
    }
    let reader = Reader::new(a)?;
    let leaves = coalesced_leaves(a);
    let mut index_stride = 1i64;
    let mut tables = Vec::new();
    let (mut shapes, mut strides) = (Vec::new(), Vec::new());
    for (m, (n, r)) in b.leaf_modes().enumerate() {
        let table = (0..n)
            .map(|c| reader.read(c * r))
            .collect::<Result<Vec<_>>>()?;
        let cute = compose_leaf(&leaves, (m, n, r), false).ok();
        let pieces = match cute.filter(|p| agrees(&reader, p, &table)) {
            Some(p) => p,
            None => greedy(&reader, &table).map_err(|c| {
                refusal(format!(
                    "composition is not exact: leaf {m} of the right layout ({n}:{r}) reads A at multiples of {r}, which no layout with scaled-basis strides follows past coordinate {c} of the leaf (index {} of B, where A(B) is {}); no layout of B's shape is A(B(i))",
                    c * index_stride,
                    show(&reader, &table[c as usize])
                ))
            })?,
        };
        shapes.push(match pieces.as_slice() {
            [p] => Int(p.extent),
            _ => Tuple(pieces.iter().map(|p| Int(p.extent)).collect()),
        });
        let sub: Vec<(i64, ScaledBasis)> =
            pieces.into_iter().map(|p| (p.extent, p.stride)).collect();
        strides.extend(sub.iter().map(|(_, d)| d.clone()));
        tables.push(table);
        index_stride = index_stride.saturating_mul(n);
    }
    // The leaves add up: A(B(i)) is the sum of each leaf's value at its digit.
    for i in 0..b.size() {
        let want = reader.read(b.at(i)?)?;
        let natural = natural_coord(&Int(i), b.shape())?;
        let mut sum = alloc::vec![0i64; want.len()];
        for (c, table) in natural.leaves().zip(&tables) {
            for (s, v) in sum.iter_mut().zip(&table[c as usize]) {
                *s = crate::error::add(*s, *v)?;
            }
        }
        if sum != want {
            return Err(refusal(format!(
                "composition is not exact: at index {i} of B (coordinate {natural}) A(B(i)) is {}, but the leaves of B alone give {} there; no layout of B's shape is A(B(i))",
                show(&reader, &want),
                show(&reader, &sum)
            )));
        }
    }
    let shape = super::with_leaves_of(b.shape(), &mut shapes.into_iter());
    BasisLayout::from_leaves(shape, strides)
}

/// Whether CuTe's pieces for a leaf give its table.
fn agrees(reader: &Reader, pieces: &[Piece], table: &[Vec<i64>]) -> bool {
    table.iter().enumerate().all(|(c, want)| {
        let mut rest = c as i64;
        let mut sum = alloc::vec![0i64; want.len()];
        for (k, p) in pieces.iter().enumerate() {
            let digit = if k + 1 == pieces.len() {
                rest
            } else {
                rest % p.extent.max(1)
            };
            rest = if k + 1 == pieces.len() {
                0
            } else {
                rest / p.extent.max(1)
            };
            for (s, v) in sum.iter_mut().zip(reader.entries(&p.stride, digit)) {
                *s = s.saturating_add(v);
            }
        }
        sum == *want
    })
}

/// The coalesced form of the leaf's function, greedily: each mode's extent
/// is the first multiple where the values stop being linear; `Err(c)`, the
/// leaf coordinate where no layout with scaled-basis strides follows.
fn greedy(reader: &Reader, table: &[Vec<i64>]) -> core::result::Result<Vec<Piece>, i64> {
    let n = table.len() as i64;
    let mut pieces = Vec::new();
    let (mut step, mut rest) = (1i64, n);
    while rest > 1 {
        let at = |c: i64| &table[(c * step) as usize];
        let Some(stride) = reader.stride(at(1)) else {
            return Err(step);
        };
        let unit = reader.entries(&stride, 1);
        let linear = |c: i64| at(c).iter().zip(&unit).all(|(v, u)| *v == u * c);
        let t = (2..rest).find(|&c| !linear(c)).unwrap_or(rest);
        if rest % t != 0 {
            return Err(t * step);
        }
        pieces.push(Piece {
            extent: t,
            stride,
            digit: None,
        });
        step *= t;
        rest /= t;
    }
    if pieces.is_empty() {
        pieces.push(Piece {
            extent: n,
            stride: ScaledBasis::int(0),
            digit: None,
        });
    }
    if agrees(reader, &pieces, table) {
        Ok(pieces)
    } else {
        let first = (0..n)
            .find(|&c| !agrees(reader, &pieces, &table[..=c as usize]))
            .unwrap_or(0);
        Err(first)
    }
}

/// A coordinate as the sum of its scaled bases (`2@0+1@1`), `0` when none.
fn show(reader: &Reader, v: &[i64]) -> alloc::string::String {
    let parts: Vec<alloc::string::String> = v
        .iter()
        .enumerate()
        .filter(|&(_, &x)| x != 0)
        .map(|(k, &x)| format!("{}", ScaledBasis::new(x, reader.paths[k].iter().copied())))
        .collect();
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join("+")
    }
}

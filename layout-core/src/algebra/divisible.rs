//! Composition's common case, first: when CuTe's walk proves itself (every
//! step divides, no carry between leaves, one sign; see `compose_parts`),
//! the result is CuTe's, built in one pass over `B` as composition was built
//! before it became exact. Anything else (a step that does not divide, a
//! carry, an error in the walk, a result that needs checking level by
//! level) returns `None`, and `compose_parts` decides it from the start, so
//! the answer is the same either way; this only skips the bookkeeping
//! refinement needs (the list of `B`'s leaves, the walk kept per leaf).

use alloc::vec::Vec;

use super::Modes;
use super::compose_build::leaf_parts;
use super::composition::{coalesce_keeping_last, walk_leaf};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::{Layout, fits_without_zero};

/// The most bounded modes of the flattened `A` the fast path tracks.
const MAX_BOUNDED: usize = 8;

/// `a ∘ (parts…)` (a tuple of the parts if `tuple`, else the lone part)
/// when divisibility proves CuTe's walk exact, else `None`.
pub(super) fn compose_divisible(a: &Layout, parts: &[&Layout], tuple: bool) -> Option<Layout> {
    let flat = coalesce_keeping_last(a);
    let bounded = flat.len() - 1;
    if bounded > MAX_BOUNDED {
        return None;
    }
    let mut walk = Walk {
        flat: &flat,
        bounded,
        reach: [0; MAX_BOUNDED],
        up: false,
        down: false,
    };
    let (shape, stride) = if tuple {
        let (mut shapes, mut strides) = (
            Vec::with_capacity(parts.len()),
            Vec::with_capacity(parts.len()),
        );
        for part in parts {
            let (s, d) = walk.part(part.shape(), part.stride())?;
            shapes.push(s);
            strides.push(d);
        }
        (Tuple(shapes), Tuple(strides))
    } else {
        walk.part(parts[0].shape(), parts[0].stride())?
    };
    let no_carry = walk.reach[..bounded]
        .iter()
        .zip(flat.iter())
        .all(|(r, m)| *r < m.0);
    let one_sign = !(walk.up && walk.down) || bounded == 0;
    (no_carry && one_sign && fits_without_zero(&shape, &stride))
        .then(|| Layout::from_valid(shape, stride))
}

/// CuTe's walk of each leaf of `B` over the flattened `A`, with what the
/// proof needs: the largest coordinate each bounded mode of `A` receives,
/// summed over the leaves, and the signs of the leaves' strides.
struct Walk<'a> {
    flat: &'a [(i64, i64)],
    bounded: usize,
    reach: [i64; MAX_BOUNDED],
    up: bool,
    down: bool,
}

impl Walk<'_> {
    /// The result's shape and stride for one part of `B`, built unchecked.
    fn part(&mut self, shape: &IntTuple, stride: &IntTuple) -> Option<(IntTuple, IntTuple)> {
        match (shape, stride) {
            (Int(s), Int(d)) => {
                let (s, d) = (*s, *d);
                let mut modes = Modes::new();
                let (reach, bounded) = (&mut self.reach, self.bounded);
                let divides = walk_leaf(self.flat, s, d, &mut modes, &mut |mode, step, extent| {
                    if mode < bounded {
                        let r = &mut reach[mode];
                        *r = r.saturating_add((extent - 1).saturating_mul(step));
                    }
                })
                .ok()?;
                if !divides {
                    return None;
                }
                self.up |= s > 1 && d > 0;
                self.down |= s > 1 && d < 0;
                leaf_parts(&modes, false).ok()
            }
            (Tuple(shapes), Tuple(strides)) => {
                let (mut s, mut d) = (
                    Vec::with_capacity(shapes.len()),
                    Vec::with_capacity(shapes.len()),
                );
                for (shape, stride) in shapes.iter().zip(strides) {
                    let (sm, dm) = self.part(shape, stride)?;
                    s.push(sm);
                    d.push(dm);
                }
                Some((Tuple(s), Tuple(d)))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::composition::compose_parts;
    use super::super::refine::Proof;
    use super::*;

    /// Every layout of rank 1 or 2 over these extents and strides.
    fn layouts(extents: &[i64], strides: &[i64]) -> Vec<Layout> {
        let mut out = Vec::new();
        for &s0 in extents {
            for &d0 in strides {
                out.push(Layout::from_leaf_modes(&[(s0, d0)]).unwrap());
                for &s1 in extents {
                    for &d1 in strides {
                        out.push(Layout::from_leaf_modes(&[(s0, d0), (s1, d1)]).unwrap());
                    }
                }
            }
        }
        out
    }

    /// The fast path answers exactly when the general path proves CuTe's
    /// walk by divisibility, and with the same layout.
    #[test]
    fn the_fast_path_is_the_divisible_case_of_the_general_one() {
        let lefts = layouts(&[1, 2, 3, 4], &[0, 1, 2, 3, 6]);
        let rights = layouts(&[1, 2, 3, 4, 6], &[0, 1, -1, 2, 3, 4]);
        let (mut fast, mut total) = (0, 0);
        for a in &lefts {
            for b in &rights {
                total += 1;
                let general = compose_parts(a, &[b], false, &mut |_| {});
                let quick = compose_divisible(a, &[b], false);
                match (&general, &quick) {
                    (Ok((l, Proof::Divisibility)), Some(q)) => {
                        assert_eq!(l, q, "{a} o {b}");
                        fast += 1;
                    }
                    (_, Some(q)) => panic!("{a} o {b}: fast {q}, general {general:?}"),
                    // A valid result with an extent 0 is rebuilt level by level.
                    (Ok((l, Proof::Divisibility)), None) => {
                        assert!(l.size() == 0, "{a} o {b}: {l} missed the fast path");
                    }
                    _ => {}
                }
            }
        }
        // Most small compositions are divisible ones.
        assert!(fast * 2 > total, "{fast} of {total}");
    }
}

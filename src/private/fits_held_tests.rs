//! `StaticFit::held_by_core` against the core's own constructor
//! (`layout_core::Layout::new`), over every pair and many triples of
//! static leaves at the edges of `i64`: what the infallible conversion of
//! an all-static layout (convert_static.rs) asserts while compiling must
//! never hold where the core refuses (the conversion would then panic),
//! and holds everywhere else but at a stride of `i64::MIN`.

use alloc::vec::Vec;

use layout_core::{IntTuple, Layout};

use super::StaticFit;
use super::tests::{static_fit, values};

/// The core's verdict on the flat layout of `leaves`.
fn core_holds(leaves: &[(i64, i64)]) -> bool {
    let shape = IntTuple::Tuple(leaves.iter().map(|&(e, _)| IntTuple::Int(e)).collect());
    let stride = IntTuple::Tuple(leaves.iter().map(|&(_, d)| IntTuple::Int(d)).collect());
    Layout::new(shape, stride).is_ok()
}

#[test]
fn held_by_core_is_the_constructor() {
    let v = values();
    let leaves: Vec<(i64, i64)> = v
        .iter()
        .flat_map(|&e| v.iter().map(move |&d| (e, d)))
        .collect();
    let (mut held, mut refused, mut min_stride) = (0usize, 0usize, 0usize);
    for (i, &a) in leaves.iter().enumerate() {
        for &b in leaves.iter().skip(i % 211).step_by(211) {
            for c in [(0, 1), (2, 1), (4, 1 << 61), (3, i64::MAX / 3)] {
                for l in [&[a][..], &[a, b], &[a, b, c], &[c, b, a]] {
                    let (want, got) = (core_holds(l), static_fit(l).held_by_core());
                    // Sound: never "held" where the core refuses.
                    assert!(!got || want, "{l:?}: held, the core refuses");
                    if want && !got {
                        // The one kept difference: a stride of `i64::MIN`
                        // (its magnitude `2^63`), which the core reads
                        // as `i64::MAX`.
                        assert!(l.iter().any(|&(_, d)| d == i64::MIN), "{l:?}");
                        min_stride += 1;
                    }
                    held += usize::from(got);
                    refused += usize::from(!want);
                }
            }
        }
    }
    // Both verdicts are read many times.
    assert!(
        held > 10_000 && refused > 10_000,
        "{held} held, {refused} refused"
    );
    assert!(min_stride > 0);
}

/// A run-time leaf holds nothing: the conversion is `TryFrom`'s.
#[test]
fn a_dynamic_leaf_is_not_held() {
    let small = StaticFit::leaf(Some(4), Some(1));
    assert!(small.held_by_core());
    assert!(!small.then(StaticFit::leaf(None, Some(1))).held_by_core());
}

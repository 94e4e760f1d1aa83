//! `max_common_vector` and `max_alignment` on typed layouts with dynamic
//! leaves (the facade's `analysis.rs`) against the core's functions, on
//! every layout of small ranges: the same count, or both refused.

use layout_dsl::layout;
use layout_dsl::typed::TypedLayout;

fn core<L: TypedLayout>(l: L) -> layout_core::Layout
where
    layout_core::Layout: TryFrom<L, Error = layout_core::Error>,
{
    layout_core::Layout::try_from(l).unwrap()
}

/// The typed answer and the core's, as comparable values.
fn same(typed: Result<usize, layout_core::Error>, core: layout_core::Result<i64>) -> bool {
    match (typed, core) {
        (Ok(t), Ok(c)) => t as i64 == c,
        (Err(t), Err(c)) => t == c,
        _ => false,
    }
}

#[test]
fn max_alignment_agrees_with_the_core() {
    let mut checked = 0;
    for s0 in 0..=4usize {
        for s1 in 0..=4usize {
            for s2 in 1..=3usize {
                for d0 in 0..=9usize {
                    for d1 in 0..=9usize {
                        for d2 in [0, 1, 2, 4, 6, 12, 24] {
                            let l = layout!((s0,(s1,s2)):(d0,(d1,d2)));
                            let expected = layout_core::max_alignment(&core(l));
                            assert!(same(l.max_alignment(), expected), "{l}");
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, 5 * 5 * 3 * 10 * 10 * 7);
}

#[test]
fn max_common_vector_agrees_with_the_core() {
    let mut checked = 0;
    let (extents, strides) = ([1usize, 2, 3, 4], [0usize, 1, 2, 3, 4, 6, 8]);
    for a0 in extents {
        for a1 in extents {
            for e0 in strides {
                for e1 in strides {
                    let a = layout!((a0,a1):(e0,e1));
                    for b0 in [1usize, 2, 4] {
                        for b1 in [1usize, 2, 4] {
                            for d0 in strides {
                                for d1 in strides {
                                    let b = layout!((b0,b1):(d0,d1));
                                    let expected =
                                        layout_core::max_common_vector(&core(a), &core(b));
                                    assert!(same(a.max_common_vector(&b), expected), "{a} {b}");
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, 16 * 49 * 9 * 49);
}

/// Compact layouts in every order of their modes: long common vectors,
/// nested against flat, and sizes past the core's counting limit (2^20).
#[test]
fn permuted_compact_layouts_agree_with_the_core() {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let compact = |s: [usize; 3], order: [usize; 3]| {
        let mut d = [0usize; 3];
        let mut product = 1;
        for &k in &order {
            d[k] = product;
            product *= s[k];
        }
        d
    };
    let mut checked = 0;
    for s in [
        [2usize, 3, 4],
        [4, 4, 2],
        [8, 1, 6],
        [16, 8, 32],
        [3, 128, 5],
        [1024, 64, 32],
    ] {
        for oa in orders {
            for ob in orders {
                let [s0, s1, s2] = s;
                let ([a0, a1, a2], [b0, b1, b2]) = (compact(s, oa), compact(s, ob));
                let a = layout!(((s0,s1),s2):((a0,a1),a2));
                let b = layout!((s0,s1,s2):(b0,b1,b2));
                let expected = layout_core::max_common_vector(&core(a), &core(b));
                assert!(same(a.max_common_vector(&b), expected), "{a} {b}");
                let expected = layout_core::max_alignment(&core(b));
                assert!(same(b.max_alignment(), expected), "{b}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * 36);
    // Two equal layouts share every offset: the whole size (counted by the
    // core past 2^20 through its composition).
    let n = 1 << 21;
    let big = layout!((n,2):(1,n));
    assert_eq!(big.max_common_vector(&big).unwrap(), 1 << 22);
}

//! Products of typed values whose left layout has dynamic strides over
//! several leaves (the holes ordered at run time, `product_holes.rs`):
//! exhaustive sweeps against the core, which answers exactly where the
//! typed path answers, with the same offset at every index.

use layout_dsl::layout;
use layout_dsl::typed::Product;

mod agrees;

use agrees::{agrees, core, same};

/// Every flat rank-2 `A = (m,n):(s,t)` of dynamic strides (`m`, `n` in
/// 1..=3, `s`, `t` in 0..=5: the holes sorted at run time, ties by index)
/// by every `B = (p,q):(u,v)` (`p`, `q` in 1..=2, `u`, `v` in 0..=3),
/// 9 · 36 · 4 · 16 = 20,736 pairs: the typed `logical_product` answers
/// exactly where the core does, with the core's offset at every index.
#[test]
fn exhaustive_dynamic_strides() {
    let mut counts = [0; 2];
    for (m, n, s, t) in (1..=3usize).flat_map(|m| {
        (1..=3).flat_map(move |n| (0..=5).flat_map(move |s| (0..=5).map(move |t| (m, n, s, t))))
    }) {
        let a = layout!((m,n):(s,t));
        for (p, q, u, v) in (1..=2usize).flat_map(|p| {
            (1..=2).flat_map(move |q| (0..=3).flat_map(move |u| (0..=3).map(move |v| (p, q, u, v))))
        }) {
            let text = format!("logical_product({a}, {})", layout!((p,q):(u,v)));
            match (core(&text), a.logical_product(layout!((p,q):(u,v)))) {
                (Some(_), typed) => {
                    assert!(agrees(typed, &text), "{text}: the typed value differs");
                    counts[0] += 1;
                }
                (None, Ok(l)) => panic!("{text}: typed gives {l}, the core refuses"),
                (None, Err(_)) => counts[1] += 1,
            }
        }
    }
    println!("exhaustive_dynamic_strides: {counts:?}");
    assert_eq!(counts[0] + counts[1], 9 * 36 * 4 * 16, "{counts:?}");
    assert!(counts[0] > counts[1], "{counts:?}");
}

/// Rank-3 `A = (m,n,k):(s,t,w)` (`m`, `n` in 1..=3, `k` in 1..=2, strides
/// from {1,2,3,4,6} × {0,2,3,4,6,8,12} × {1,4,8,12,16,24}, so any of them
/// may be smallest) by six rank-2 `B`: 18 · 210 · 6 = 22,680 pairs, whose
/// complements have four modes (three or more groups for `Compose`): the
/// typed `logical_product` answers exactly where the core does.
#[test]
fn exhaustive_rank_3() {
    let mut counts = [0; 2];
    let tiles = [
        (2, 2, 1, 2),
        (2, 3, 1, 2),
        (3, 2, 2, 1),
        (2, 2, 0, 1),
        (4, 1, 1, 0),
        (2, 2, 3, 1),
    ];
    for (m, n, k) in
        (1..=3usize).flat_map(|m| (1..=3).flat_map(move |n| (1..=2).map(move |k| (m, n, k))))
    {
        for (s, t, w) in [1usize, 2, 3, 4, 6].into_iter().flat_map(|s| {
            [0usize, 2, 3, 4, 6, 8, 12]
                .into_iter()
                .flat_map(move |t| [1usize, 4, 8, 12, 16, 24].map(|w| (s, t, w)))
        }) {
            let a = layout!((m,n,k):(s,t,w));
            for (p, q, u, v) in tiles {
                let b = layout!((p,q):(u,v));
                let text = format!("logical_product({a}, {b})");
                match (core(&text), a.logical_product(b)) {
                    (Some(_), typed) => {
                        assert!(agrees(typed, &text), "{text}: the typed value differs");
                        counts[0] += 1;
                    }
                    (None, Ok(l)) => panic!("{text}: typed gives {l}, the core refuses"),
                    (None, Err(_)) => counts[1] += 1,
                }
            }
        }
    }
    println!("exhaustive_rank_3: {counts:?}");
    assert_eq!(counts[0] + counts[1], 18 * 210 * 6, "{counts:?}");
    assert!(counts[0] > 10_000, "{counts:?}");
}

/// `A` compact but for its largest stride, a padded leading dimension
/// `ld` (`product_holes.rs` folds the inner holes of 1 there):
/// `(m,n):(1,ld)`, `(m,n):(ld,1)`, `(m,n,k):(1,m,ld)` and `(m,n,k):(ld,1,n)`
/// with `ld` from 0 to 2·(the span below) + 3 (below the span, equal:
/// compact, above: padded, rounded or not), by every `B = (p,q):(u,v)`
/// (`p`, `q` in 1..=2, `u`, `v` in 0..=4), through `logical_product`, and
/// `blocked_product` at rank 2: the typed answer is the core's at every
/// index, and a refusal where the core refuses.
#[test]
fn padded_leading_dimension_against_the_core() {
    use layout_dsl::typed::RankedProduct;
    let tiles: Vec<_> = (1..=2usize)
        .flat_map(|p| {
            (1..=2).flat_map(move |q| (0..=4).flat_map(move |u| (0..=4).map(move |v| (p, q, u, v))))
        })
        .map(|(p, q, u, v)| layout!((p,q):(u,v)))
        .collect();
    // A run-time 1 (a literal would be the static `C<1>`): every stride dynamic.
    let one = 1usize;
    let mut answered = 0;
    for (m, n) in (1..=4usize).flat_map(|m| (1..=4).map(move |n| (m, n))) {
        let columns = (0..=2 * m + 3).map(|ld| layout!((m,n):(one,ld)));
        let rows = (0..=2 * n + 3).map(|ld| layout!((m,n):(ld,one)));
        for a in columns.chain(rows) {
            for &b in &tiles {
                answered += usize::from(same(
                    a.logical_product(b),
                    &format!("logical_product({a}, {b})"),
                ));
                answered += usize::from(same(
                    a.blocked_product(b),
                    &format!("blocked_product({a}, {b})"),
                ));
            }
        }
    }
    for (m, n, k) in
        (1..=3usize).flat_map(|m| (1..=3).flat_map(move |n| (1..=2).map(move |k| (m, n, k))))
    {
        let columns = (0..=2 * m * n + 3).map(|ld| layout!((m,n,k):(one,m,ld)));
        let rows = (0..=2 * m * n + 3).map(|ld| layout!((m,n,k):(ld,one,n)));
        for a in columns.chain(rows) {
            for &b in &tiles {
                answered += usize::from(same(
                    a.logical_product(b),
                    &format!("logical_product({a}, {b})"),
                ));
            }
        }
    }
    println!("padded_leading_dimension_against_the_core: {answered} answered");
    assert!(answered > 10_000, "{answered}");
}

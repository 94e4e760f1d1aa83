//! `complement(A, M)` over every small layout and cotarget: a result makes
//! `(A, C)` a bijection onto `[0, N)` for some `N ≥ M`, with `C` increasing;
//! a refusal is right because no set of offsets tiles an interval with
//! `A`'s image at all.

use std::collections::BTreeSet;

use layout_core::{AlgebraRefusal, ErrorKind, Layout, complement, filter};

use super::exhaustive::layouts;

/// Whether translates of `image` (which holds 0) can tile `[0, N)` exactly
/// for some `N ≥ at_least`, searching up to `limit`. The tiling is forced:
/// the smallest point not yet covered must be a translate's 0.
fn tiles(image: &[i64], at_least: i64, limit: i64) -> bool {
    let mut covered = BTreeSet::new();
    for p in 0..limit {
        if covered.contains(&p) {
            continue;
        }
        if p >= at_least && covered.range(p..).next().is_none() {
            return true; // [0, p) exactly
        }
        for &x in image {
            if !covered.insert(p + x) {
                return false; // two translates overlap
            }
        }
    }
    panic!("no verdict below {limit} for {image:?}");
}

/// Every layout from `lefts` against every cotarget up to twice its cosize.
fn sweep(lefts: &[Layout]) -> (u64, u64) {
    let (mut made, mut refused) = (0, 0);
    for a in lefts {
        let live = filter(a).unwrap();
        let image: Vec<i64> = (0..live.size()).map(|i| live.at(i).unwrap()).collect();
        for m in 1..=2 * a.cosize() + 2 {
            let at = format!("complement({a}, {m})");
            match complement(a, m) {
                Ok(c) => {
                    made += 1;
                    let offsets: Vec<i64> = (0..c.size()).map(|i| c.at(i).unwrap()).collect();
                    assert!(
                        offsets.windows(2).all(|w| w[0] < w[1]),
                        "{at} = {c}: not increasing"
                    );
                    let mut all: Vec<i64> = offsets
                        .iter()
                        .flat_map(|o| image.iter().map(move |x| o + x))
                        .collect();
                    all.sort_unstable();
                    let n = all.len() as i64;
                    assert!(
                        all.iter().copied().eq(0..n),
                        "{at} = {c}: (A, C) is not onto [0, {n}) one to one"
                    );
                    assert!(n >= m, "{at} = {c}: covers only [0, {n})");
                }
                Err(e) => {
                    refused += 1;
                    assert!(
                        matches!(
                            e.kind(),
                            ErrorKind::Algebra(AlgebraRefusal::NotInjective { .. })
                                | ErrorKind::Algebra(AlgebraRefusal::NotComplementable { .. })
                        ),
                        "{at}: {e}"
                    );
                    assert!(
                        !tiles(&image, m, 64 * (a.cosize() + m)),
                        "{at}: refused ({e}) but A's image tiles an interval"
                    );
                }
            }
        }
    }
    (made, refused)
}

#[test]
fn every_small_complement_is_exact() {
    let (made, refused) = sweep(&layouts(2, 8, 8));
    println!("complements: {made} made, {refused} refused");
    assert!(made > 0 && refused > 0);
}

/// `cargo test --release -p layout-core --test composition -- --ignored --nocapture`.
#[test]
#[ignore = "minutes in release; run by hand"]
fn every_complement_up_to_size_16_is_exact() {
    let (made, refused) = sweep(&layouts(3, 16, 8));
    println!("complements up to size 16: {made} made, {refused} refused");
}

/// The smallest case of each refusal, with its reason.
#[test]
fn complement_refusals_name_the_mode() {
    let a: Layout = "(2,2):(1,3)".parse().unwrap();
    // {0,1,3,4}: 2 can only be covered by a translate that also covers 3.
    let e = complement(&a, 8).unwrap_err();
    assert_eq!(
        *e.kind(),
        ErrorKind::Algebra(AlgebraRefusal::NotComplementable {
            mode: 1,
            stride: 3,
            span: 2
        })
    );
    let a: Layout = "(3,2):(1,2)".parse().unwrap();
    let e = complement(&a, 8).unwrap_err();
    assert_eq!(
        *e.kind(),
        ErrorKind::Algebra(AlgebraRefusal::NotInjective {
            mode: 1,
            stride: 2,
            span: 3
        })
    );
}

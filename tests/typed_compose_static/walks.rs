//! The `const fn` copy of the composition walk against the run-time walk:
//! every small rank-2 and rank-3 left layout (rank 4 ignored by default),
//! and larger values by proptest.

use super::*;
use layout_dsl::__private::ComposeRun;

/// The run-time walk of one right leaf `n:r` over a flat left layout of
/// `usize` leaves, merging its leaves on their values as the static path
/// does (`ComposeRun`, what an all-static composition checks its folded
/// leaves against): the sub-modes, or its refusal.
pub(crate) fn run_time_walk(
    extents: &[usize],
    strides: &[usize],
    n: usize,
    r: usize,
) -> Result<Vec<(usize, usize)>, AlgebraError> {
    let b = Layout::new(n, r);
    let pairs = |s: &[usize], d: &[usize]| s.iter().copied().zip(d.iter().copied()).collect();
    match (extents, strides) {
        (&[m, k], &[s, t]) => Layout::new((m, k), (s, t))
            .compose_run(b)
            .map(|c| pairs(&[c.shape().0, c.shape().1], &[c.stride().0, c.stride().1])),
        (&[m, k, j], &[s, t, w]) => Layout::new((m, k, j), (s, t, w)).compose_run(b).map(|c| {
            let (x, y) = (c.shape(), c.stride());
            pairs(&[x.0, x.1, x.2], &[y.0, y.1, y.2])
        }),
        (&[m, k, j, h], &[s, t, w, v]) => Layout::new((m, k, j, h), (s, t, w, v))
            .compose_run(b)
            .map(|c| {
                let (x, y) = (c.shape(), c.stride());
                pairs(&[x.0, x.1, x.2, x.3], &[y.0, y.1, y.2, y.3])
            }),
        _ => unreachable!("ranks 2 to 4"),
    }
}

/// The two walks agree: the run-time walk's answer is the copy's, and a
/// refusal of the copy is one of the run-time walk's. Returns whether the
/// run-time walk answered.
fn agree(extents: &[usize], strides: &[usize], n: usize, r: usize) -> bool {
    agree_decided(extents, strides, n, r).0
}

/// [`agree`], and whether the copy's answer is its point-by-point
/// decision (the walk refused; `compose_decide.rs`).
fn agree_decided(extents: &[usize], strides: &[usize], n: usize, r: usize) -> (bool, bool) {
    let (folded, decided) = layout_dsl::__private::static_walk_decided(extents, strides, n, r);
    let answered = match run_time_walk(extents, strides, n, r) {
        Ok(walked) => {
            let folded = folded.unwrap_or_else(|e| {
                panic!("{extents:?}:{strides:?} o {n}:{r}: the copy refuses ({e}), the walk gives {walked:?}")
            });
            assert_eq!(
                &folded[..walked.len()],
                &walked[..],
                "{extents:?}:{strides:?} o {n}:{r}"
            );
            true
        }
        Err(_) => {
            // The run-time walk also refuses carries and empty modes over
            // all of the right layout's leaves, which the copy leaves to it.
            false
        }
    };
    (answered, decided)
}

#[test]
fn the_copy_refuses_only_what_the_walk_refuses() {
    // Where the copy refuses, the run-time walk of the same leaf refuses.
    let mut refused = 0;
    for m in 1..=4 {
        for k in 1..=4 {
            for s in 0..=8 {
                for t in 0..=8 {
                    for n in 1..=8 {
                        for r in 0..=8 {
                            let copy = layout_dsl::__private::static_walk(&[m, k], &[s, t], n, r);
                            if copy.is_err() {
                                refused += 1;
                                assert!(run_time_walk(&[m, k], &[s, t], n, r).is_err());
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(refused > 1000, "{refused}");
}

#[test]
fn the_walks_agree_on_every_small_rank_2_left_layout() {
    let (mut answered, mut all) = (0, 0);
    for m in 0..=4 {
        for k in 0..=4 {
            for s in 0..=8 {
                for t in 0..=9 {
                    for n in 0..=8 {
                        for r in 0..=9 {
                            all += 1;
                            answered += agree(&[m, k], &[s, t], n, r) as usize;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(all, 25 * 9 * 10 * 9 * 10);
    assert!(answered > all / 2, "{answered} of {all}");
}

#[test]
fn the_walks_agree_on_every_small_rank_3_left_layout() {
    let (mut answered, mut all, mut decided) = (0, 0, 0);
    for m in 1..=3 {
        for k in 1..=3 {
            for j in 1..=3 {
                for s in 0..=6 {
                    for t in 0..=6 {
                        for w in 0..=9 {
                            for n in 1..=6 {
                                for r in 0..=6 {
                                    all += 1;
                                    let (e, d) = ([m, k, j], [s, t, w]);
                                    let (yes, cold) = agree_decided(&e, &d, n, r);
                                    answered += yes as usize;
                                    decided += cold as usize;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(answered > all / 3, "{answered} of {all}");
    // The copy's point-by-point decision is taken, and agrees.
    assert!(decided > 100, "{decided} decided");
}

#[test]
#[ignore = "a wider sweep (7,705,152 cases), 2 s in release: cargo test --release --test typed_compose_static -- --ignored"]
fn the_walks_agree_on_rank_4_left_layouts() {
    let (mut answered, mut decided) = (0, 0);
    for m in 1..=3 {
        for k in 1..=3 {
            for j in 1..=2 {
                for h in 1..=2 {
                    for s in [0, 1, 2, 3, 4, 6] {
                        for t in [0, 1, 2, 3, 4, 6, 8] {
                            for w in [0, 1, 2, 4, 6, 9, 12] {
                                for v in [0, 1, 4, 8, 12, 18, 24] {
                                    for n in 1..=8 {
                                        for r in 0..=12 {
                                            let (e, d) = ([m, k, j, h], [s, t, w, v]);
                                            let (yes, cold) = agree_decided(&e, &d, n, r);
                                            answered += yes as usize;
                                            decided += cold as usize;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        answered > 0 && decided > 0,
        "{answered} answered, {decided} decided"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Larger numbers than the sweeps: left layouts of 2 to 4 leaves with
    /// extents to 16 and strides to 256, leaves to 64 elements.
    #[test]
    fn the_walks_agree_on_larger_values(
        leaves in proptest::collection::vec((1usize..=16, 0usize..=256), 2..=4),
        n in 1usize..=64,
        r in 0usize..=64,
    ) {
        let (extents, strides): (Vec<usize>, Vec<usize>) = leaves.into_iter().unzip();
        agree(&extents, &strides, n, r);
    }
}

//! The masked shares against the core past `i64` (issue 13 §2, "never a
//! wrong answer"), as tests/typed_named_partition_overflow.rs sweeps the
//! plain partitions: a masked share's layout (`local_tile_masked`,
//! `local_partition_masked`, `outer_partition_masked`, the `Step` form),
//! which the core's `local_tile` / `local_partition` gives whole (its
//! residue aside), at every pair of values around `i64::MAX` (the sweep and
//! what counts as agreeing: tests/overflow_sweep/partition.rs).

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;
use overflow_sweep::partition::report;
use overflow_sweep::zst;

/// A masked tile's view; where it admits no coordinate (a tile picked
/// past its grid, every coordinate cut: `local_tile_masked`'s docs), the
/// refusal it stands for, as the core refuses that tile coordinate (the
/// grid of a mode of extent 0 has no tile 0). The tile is static: its
/// coordinates are walked.
macro_rules! masked_tile {
    ($m:expr) => {
        $m.map_err(|e| e.to_string()).and_then(|m| {
            if m.size() > 0 && m.iter().all(|x| x.is_none()) {
                Err("a masked tile past its grid admits nothing".to_string())
            } else {
                Ok((*m.layout(), m.base()))
            }
        })
    };
}

#[test]
fn masked_shares() {
    let z = zst();
    let thr = layout!(type (4,2):(1,4));
    let (thr3, step) = (layout!(type (4,2,3):(1,4,8)), (C::<1>, C::<1>, X));
    let counts = report(&[
        family!(
            "local_tile(({a},{b}):(1,{a}), <4,8>, (0,0))",
            "({a},{b}):(1,{a})",
            |a, b| {
                masked_tile!(
                    Tensor::new(&z[..], layout!((a, b):(1, a)))
                        .and_then(|t| typed::local_tile_masked(t, (C::<4>, C::<8>), (0, 0)))
                )
            }
        ),
        family!(
            "local_tile(({a},2):({b},1), <4,2>, (0,0))",
            "({a},2):({b},1)",
            |a, b| {
                masked_tile!(
                    Tensor::new(&z[..], layout!((a, 2):(b, 1)))
                        .and_then(|t| typed::local_tile_masked(t, (C::<4>, C::<2>), (0, 0)))
                )
            }
        ),
        family!(
            "outer_partition(({a},{b}):(1,{a}), <4,8>, (1,1))",
            "({a},{b}):(1,{a})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, b):(1, a)))
                    .and_then(|t| typed::outer_partition_masked(t, (C::<4>, C::<8>), (1, 1)))
                    .map(|m| (*m.layout(), m.base()))
            }
        ),
        family!(
            "local_partition(({a},{b}):(1,{a}), (4,2):(1,4), 3)",
            "({a},{b}):(1,{a})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, b):(1, a)))
                    .and_then(|t| typed::local_partition_masked(t, &thr, 3))
                    .map(|m| (*m.layout(), m.base()))
            }
        ),
        family!(
            "local_partition(({a},2):({b},1), (4,2):(1,4), 3)",
            "({a},2):({b},1)",
            |a, b| {
                Tensor::new(&z[..], layout!((a, 2):(b, 1)))
                    .and_then(|t| typed::local_partition_masked(t, &thr, 3))
                    .map(|m| (*m.layout(), m.base()))
            }
        ),
        // The `Step` form (its share checked as the masked share's, by its
        // strides): thread 3 of `(4,2,3)` projected by `(1,1,X)` is
        // thread 3 of `(4,2)`.
        family!(
            "local_partition(({a},{b}):(1,{a}), (4,2):(1,4), 3)",
            "({a},{b}):(1,{a})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, b):(1, a)))
                    .and_then(|t| typed::local_partition_step_masked(t, &thr3, 3, step))
                    .map(|m| (*m.layout(), m.base()))
            }
        ),
        family!(
            "local_partition(({a},2):({b},1), (4,2):(1,4), 3)",
            "({a},2):({b},1)",
            |a, b| {
                Tensor::new(&z[..], layout!((a, 2):(b, 1)))
                    .and_then(|t| typed::local_partition_step_masked(t, &thr3, 3, step))
                    .map(|m| (*m.layout(), m.base()))
            }
        ),
    ]);
    assert_eq!(
        counts,
        [
            (164, 92),
            (267, 21),
            (233, 92),
            (346, 107),
            (263, 21),
            (346, 107),
            (263, 21)
        ]
    );
}

//! An identity tensor's `layout()` on a mode of extent 1 after
//! `local_tile` / `local_partition`, against CuTe C++'s own prints
//! (`tests/golden/cute_identity_unit_modes.txt`, g++ with CUTLASS's
//! headers; harness outside the repository). CuTe keeps the stride of a
//! *dynamic* extent that happens to be 1 (`(_4,_3,1):(_1@0,_1@1,_3@1)`)
//! and gives a *static* `_1` the stride `_0`. The typed door knows which
//! extents are static and prints CuTe's answer for each; the run-time
//! door's integers do not say, and its algebra (the core's) treats every
//! integer as CuTe treats a static one, so it prints CuTe's answer for the
//! same extents made static. The two doors therefore differ exactly on a
//! mode whose extent is dynamic and 1, and only in that mode's stride
//! (offsets are the same: the coordinate there is 0).

use std::collections::HashMap;

use layout_dsl::tensor::{self, X, typed};
use layout_dsl::typed::C;
use layout_dsl::{BasisLayout, Layout as CoreLayout, layout};

/// CuTe's prints by case name, without the `_` that marks static integers.
fn cute() -> HashMap<&'static str, String> {
    include_str!("golden/cute_identity_unit_modes.txt")
        .lines()
        .map(|l| {
            let (name, print) = l.split_once(' ').unwrap();
            (name, print.replace('_', ""))
        })
        .collect()
}

/// The run-time door: identity tensor of `[m, n]`, tile `(4,3)` at `(1, _)`,
/// then `(2,3)` threads, thread 1.
fn run_time_small(m: usize, n: usize) -> [BasisLayout; 2] {
    let c = tensor::make_identity_tensor([m, n]).unwrap();
    let g = tensor::local_tile(c, (4, 3), (1, X)).unwrap();
    let threads: CoreLayout = "(2,3):(1,2)".parse().unwrap();
    let p = tensor::local_partition(g.clone(), &threads, 1).unwrap();
    [g.layout().unwrap(), p.layout().unwrap()]
}

/// The same calls through the typed door, on a shape of any static-ness.
macro_rules! typed_small {
    ($shape:expr) => {{
        let g = typed::make_identity_tensor($shape)
            .local_tile((C::<4>, C::<3>), (1, X))
            .unwrap();
        let p = g.local_partition(&layout!(type (2,3):(1,2)), 1).unwrap();
        [g.layout().unwrap(), p.layout().unwrap()]
    }};
}

/// The tutorial's `tAcA`: (128,128,8) tiles with `Step<_1,X,_1>`, CTA
/// `(0,0,_)`, then (32,8) threads, thread 0.
fn run_time_tutorial(m: usize, k: usize) -> BasisLayout {
    let c = tensor::make_identity_tensor([m, k]).unwrap();
    let g = tensor::local_tile_step(c, (128, 128, 8), (0, 0, X), (1, X, 1)).unwrap();
    let threads: CoreLayout = "(32,8):(1,32)".parse().unwrap();
    tensor::local_partition(g, &threads, 0)
        .unwrap()
        .layout()
        .unwrap()
}

macro_rules! typed_tutorial {
    ($shape:expr) => {{
        let g = typed::make_identity_tensor($shape)
            .local_tile_step(
                (C::<128>, C::<128>, C::<8>),
                (0, 0, X),
                (C::<1>, X, C::<1>),
            )
            .unwrap();
        g.local_partition(&layout!(type (32,8):(1,32)), 0)
            .unwrap()
            .layout()
            .unwrap()
    }};
}

#[test]
fn typed_door_prints_cutes_layout_for_each_static_ness() {
    let cute = cute();
    let s = |l: &BasisLayout| l.to_string();
    let (five, two, seven) = (5usize, 2usize, 7usize);
    for (case, [tile, part]) in [
        ("5x2_dynamic", typed_small!((five, two))),
        ("5x2_static", typed_small!((C::<5>, C::<2>))),
        ("5x2_m_dynamic", typed_small!((five, C::<2>))),
        ("5x7_dynamic", typed_small!((five, seven))),
        ("5x7_static", typed_small!((C::<5>, C::<7>))),
    ] {
        assert_eq!(s(&tile), cute[&*format!("tile_{case}")], "{case}");
        assert_eq!(s(&part), cute[&*format!("part_{case}")], "{case}");
    }
    let (m, k8, k80) = (128usize, 8usize, 80usize);
    for (case, l) in [
        ("128x8_dynamic", typed_tutorial!((m, k8))),
        ("128x8_static", typed_tutorial!((C::<128>, C::<8>))),
        ("128x80_dynamic", typed_tutorial!((m, k80))),
        ("128x80_static", typed_tutorial!((C::<128>, C::<80>))),
    ] {
        assert_eq!(s(&l), cute[&*format!("tutorial_{case}")], "{case}");
    }
}

/// The run-time door prints CuTe's layout for the same extents made
/// static; so it agrees with the typed door (and CuTe) on dynamic extents
/// except where a dynamic extent is 1.
#[test]
fn run_time_door_prints_cutes_layout_for_static_extents() {
    let cute = cute();
    for (m, n, case) in [(5, 2, "5x2"), (5, 7, "5x7")] {
        let [tile, part] = run_time_small(m, n);
        assert_eq!(tile.to_string(), cute[&*format!("tile_{case}_static")]);
        assert_eq!(part.to_string(), cute[&*format!("part_{case}_static")]);
    }
    for (m, k, case) in [(128, 8, "128x8"), (128, 80, "128x80")] {
        let l = run_time_tutorial(m, k);
        assert_eq!(l.to_string(), cute[&*format!("tutorial_{case}_static")]);
    }
}

/// Where the doors differ: exactly where CuTe's dynamic and static prints
/// differ, which is a mode of extent 1 whose stride is `0` in one and not
/// in the other; at every other mode the strides are equal.
#[test]
fn the_doors_differ_only_on_a_dynamic_extent_of_one() {
    let cute = cute();
    let differs =
        |case: &str| cute[&*format!("{case}_dynamic")] != cute[&*format!("{case}_static")];
    let unit_strides_zeroed = |l: &BasisLayout| {
        let strides: Vec<String> = l
            .shape()
            .leaves()
            .zip(l.leaf_strides())
            .map(|(e, d)| if e == 1 { "0".into() } else { d.to_string() })
            .collect();
        (l.shape().clone(), strides)
    };
    let mut seen = [0; 2];
    for (m, n, case) in [(5usize, 2usize, "5x2"), (5, 7, "5x7"), (9, 3, "9x3")] {
        let typed = typed_small!((m, n));
        let run_time = run_time_small(m, n);
        for (i, what) in ["tile", "part"].into_iter().enumerate() {
            let agree = typed[i] == run_time[i];
            if case == "9x3" {
                // No golden row: one tile column of a dynamic n, extent 1.
                assert!(!agree, "{what} {case}");
            } else {
                assert_eq!(agree, !differs(&format!("{what}_{case}")), "{what} {case}");
            }
            assert_eq!(
                unit_strides_zeroed(&typed[i]),
                unit_strides_zeroed(&run_time[i])
            );
            seen[agree as usize] += 1;
        }
    }
    for (m, k, case) in [(128usize, 8usize, "128x8"), (128, 80, "128x80")] {
        let (typed, run_time) = (typed_tutorial!((m, k)), run_time_tutorial(m, k));
        assert_eq!(
            typed == run_time,
            !differs(&format!("tutorial_{case}")),
            "{case}"
        );
        assert_eq!(unit_strides_zeroed(&typed), unit_strides_zeroed(&run_time));
    }
    assert!(
        seen[0] > 0 && seen[1] > 0,
        "both outcomes exercised: {seen:?}"
    );
}

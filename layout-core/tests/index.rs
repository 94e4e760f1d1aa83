//! The allocation-free index paths (`Layout::offset`, `idx2crd_into`,
//! `crd2idx_leaves`) against the general ones (`at`, `idx2crd`, `crd2idx`),
//! at every index of random layouts and a few past either end.

mod common;

use common::*;
use layout_core::{IntTuple, Layout};
use proptest::prelude::*;

const CASES: u32 = 512;

/// Checks every fast path at `index` against the general path.
fn agree(l: &Layout, index: i64, buf: &mut Vec<i64>) -> Result<(), TestCaseError> {
    let inside = (0..l.size()).contains(&index);
    let fast = l.offset(index);
    let filled = l.idx2crd_into(index, buf);
    prop_assert_eq!(filled, inside, "{} at {}", l, index);
    if !inside {
        prop_assert_eq!(fast, None, "{} at {}", l, index);
        return Ok(());
    }
    prop_assert_eq!(fast, Some(l.at(index).unwrap()), "{} at {}", l, index);
    let coord: IntTuple = l.idx2crd(index).unwrap();
    prop_assert_eq!(&buf[..], &coord.leaves().collect::<Vec<_>>()[..]);
    prop_assert_eq!(l.crd2idx_leaves(buf), Some(l.crd2idx(&coord).unwrap()));
    Ok(())
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn fast_paths_equal_the_general_ones(l in layout()) {
        let mut buf = Vec::new();
        for i in -2..l.size() + 2 {
            agree(&l, i, &mut buf)?;
        }
    }

    /// A reused buffer's earlier contents never show: whatever length and
    /// entries it holds (left by a longer, shorter or nested layout, or by
    /// a refused index), `idx2crd_into` leaves exactly `idx2crd`'s leaves.
    #[test]
    fn idx2crd_into_ignores_what_the_buffer_held(
        l in layout(),
        junk in prop::collection::vec(-9i64..9, 0..12),
        index in 0i64..64,
    ) {
        let index = index % l.size().max(1);
        let mut buf = junk;
        let inside = l.idx2crd_into(index, &mut buf);
        prop_assert_eq!(inside, index < l.size(), "{} at {}", l, index);
        if inside {
            let coord: IntTuple = l.idx2crd(index).unwrap();
            prop_assert_eq!(&buf[..], &coord.leaves().collect::<Vec<_>>()[..], "{} at {}", l, index);
        }
    }

    /// Out-of-range leaf coordinates and wrong lengths are refused.
    #[test]
    fn crd2idx_leaves_checks_each_leaf(l in layout(), leaf in 0usize..8, past in prop::bool::ANY) {
        let extents: Vec<i64> = l.shape().leaves().collect();
        let mut coord = vec![0; extents.len()];
        if let Some(&e) = extents.get(leaf) {
            coord[leaf] = if past { e } else { -1 };
            prop_assert_eq!(l.crd2idx_leaves(&coord), None);
        }
        coord.fill(0);
        coord.push(0);
        prop_assert_eq!(l.crd2idx_leaves(&coord), None);
    }
}

/// Empty domains, extent-1 leaves and the edges of `i64`, which the
/// generated layouts do not reach.
#[test]
fn edge_layouts() {
    let mut buf = Vec::new();
    for text in [
        "():()",
        "0:1",
        "(2,0,3):(1,5,7)",
        "(3,0):(1,3)",
        "(1,1):(0,0)",
        "(2,3):(-1,-2)",
        "(2,2):(4611686018427387903,-4611686018427387903)",
        "(4294967296,3):(1,4294967296)",
        // The last leaf takes what is left (no division): ending in an
        // empty tuple, nested, or a power of two (shift and mask before it).
        "(4,()):(1,())",
        "((),4):((),1)",
        "(3,(5,())):(1,(3,()))",
        "(8,(16,4)):(1,(8,128))",
        "(4294967296,4):(1,4294967296)",
        "(1,1,8):(0,0,1)",
        // An empty or nested mode after flat ones, and the reverse.
        "(0,(2,3)):(1,(2,4))",
        "(2,(0,3),4):(1,(2,2),8)",
        "(2,3,(4,5)):(1,2,(6,24))",
        "((2,3),4,5):((1,2),6,24)",
        "(5,7,(3,0)):(1,5,(35,0))",
    ] {
        let l: Layout = text.parse().unwrap();
        for i in [-1, 0, 1, 2, 5, l.size() - 1, l.size(), i64::MAX] {
            agree(&l, i, &mut buf).unwrap();
        }
    }
}

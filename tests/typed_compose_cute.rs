//! Composition of typed values (`Compose`) against CuTe C++: golden
//! strings CuTe printed (the C++ harness is outside the repository), and a
//! case where CuTe's dynamic walk is wrong and the typed one is not.

use layout_dsl::typed::Compose;
use layout_dsl::{IntTuple, layout};

/// CuTe's `composition` of a layout of dynamic ints with a static one, as
/// CuTe C++ printed it (CUTLASS `include/cute`, g++ 12, `int` leaves
/// `m, n, ld, k = 8, 6, 10, 3` read from `volatile`s; `_N` is static):
/// `(left, right, CuTe's result)`. The typed result has CuTe's shape and
/// CuTe's offset at every index (strides of extent-1 modes may differ).
const CUTE: [(&str, &str, &str); 4] = [
    (
        "(8,6):(1,10)",
        "(_4,_3):(_1,_16)",
        "((4,1),(1,3)):((1,10),(16,20))",
    ),
    (
        "(8,6):(1,10)",
        "((_2,_2),_2):((_1,_16),_4)",
        "(((2,1),(1,2)),(2,1)):(((1,10),(16,20)),(4,10))",
    ),
    (
        "(8,6):(1,8)",
        "(_2,_4):(_4,_1)",
        "((2,1),(4,1)):((4,8),(1,8))",
    ),
    (
        "(8,3,6):(1,10,30)",
        "(_4,_6):(_2,_8)",
        "((4,1,1),(1,3,2)):((2,10,30),(8,10,30))",
    ),
];

#[test]
fn static_right_layouts_match_cute() {
    let (m, n, ld, k) = (8usize, 6usize, 10usize, 3usize);
    let padded = layout!((m,n):(1,ld));
    let compact = layout!((m,n):(1,m));
    let three = layout!((m,k,n):(1,ld,{ld * k}));
    let results = [
        (
            padded.to_string(),
            padded
                .composition(layout!(type (4,3):(1,16)))
                .unwrap()
                .to_string(),
        ),
        (
            padded.to_string(),
            (padded.composition(layout!(type ((2,2),2):((1,16),4))))
                .unwrap()
                .to_string(),
        ),
        (
            compact.to_string(),
            compact
                .composition(layout!(type (2,4):(4,1)))
                .unwrap()
                .to_string(),
        ),
        (
            three.to_string(),
            three
                .composition(layout!(type (4,6):(2,8)))
                .unwrap()
                .to_string(),
        ),
    ];
    for (i, ((a, b, cute), (left, ours))) in CUTE.iter().zip(&results).enumerate() {
        assert_eq!(left, a);
        let cute: layout_dsl::Layout = cute.parse().unwrap();
        let ours: layout_dsl::Layout = ours.parse().unwrap();
        if i < 3 {
            assert_eq!(ours.shape(), cute.shape(), "{a} o {b}");
        } else {
            // The leaves 3:10 and 6:30 continue one another: walked as one
            // mode, the leaf 6:8 lands whole at its first leaf, where CuTe
            // splits it (3,2) over both; the same offsets.
            assert_eq!(ours.shape().to_string(), "((4,1,1),(1,6,1))");
        }
        for i in 0..cute.size() {
            let at = |l: &layout_dsl::Layout| l.crd2idx(&IntTuple::Int(i)).unwrap();
            assert_eq!(at(&ours), at(&cute), "{a} o {b} at {i}: {ours} vs {cute}");
        }
    }
}

/// Where CuTe's dynamic walk gives a layout that is not `a ∘ b` (CuTe C++,
/// `int` leaves: `(2,1):(1,2) o (2):(3) = ((1,2)):((3,4))`, offset 4 at
/// index 1), the merged walk answers right.
#[test]
fn a_continuing_left_layout_is_walked_as_one_mode() {
    let (two, one, three) = (2usize, 1usize, 3usize);
    let a = layout!((two,one):(one,two));
    let c = a.composition(layout!(two:three)).unwrap();
    assert_eq!(c.at(1), a.at(3));
    assert_eq!(c.at(1), 3);
    assert_eq!(c.to_string(), "(2,1):(3,0)");
}

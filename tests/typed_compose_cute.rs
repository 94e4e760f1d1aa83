//! Composition of typed values (`Compose`) against CuTe C++: golden
//! strings CuTe printed (the C++ harness is outside the repository), and a
//! case where CuTe's dynamic walk is wrong and the typed one is not.

use layout_dsl::typed::Compose;
use layout_dsl::{IntTuple, layout};

/// CuTe's `composition` of a layout of dynamic ints with a static one, as
/// CuTe C++ printed it (CUTLASS `include/cute`, g++ 12, `int` leaves
/// `m, n, ld, k = 8, 6, 10, 3` read from `volatile`s; `_N` is static):
/// `(left, right, CuTe's result)`. The typed result has CuTe's shape and
/// CuTe's offset at every index (strides of extent-1 modes may differ);
/// tests/typed_compose_method_leaves/ sweeps small dynamic operands.
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
    for ((a, b, cute), (left, ours)) in CUTE.iter().zip(&results) {
        assert_eq!(left, a);
        let cute: layout_dsl::Layout = cute.parse().unwrap();
        let ours: layout_dsl::Layout = ours.parse().unwrap();
        // The leaves 3:10 and 6:30 of the fourth continue one another on
        // their (dynamic) values: CuTe's walk steps over each and splits
        // 6:8 as (3,2) over both, and so does the method's first walk.
        assert_eq!(ours.shape(), cute.shape(), "{a} o {b}");
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

/// CuTe's `composition` of a rank-3 layout of `int` leaves with a static
/// one, as CuTe C++ printed it (CUTLASS `include/cute`, g++ 12; the C++
/// harness is outside the repository), and the first index where CuTe's
/// layout is not `a(b(i))` (-1: none), which the harness computed:
/// `(left, right, CuTe's result, first wrong index)`. The left layouts have
/// three groups; each right leaf takes the exact step where CuTe's step
/// does not divide.
const CUTE_RANK3: [(&str, &str, &str, i64); 6] = [
    ("(3,8,2):(1,4,64)", "_2:_5", "(1,2,1):(5,8,64)", 1),
    ("(9,4,3):(1,20,200)", "_4:_5", "(2,2,1):(5,20,200)", 2),
    (
        "(2,2,1):(0,1,0)",
        "(_1,_2):(_0,_3)",
        "(_1,(1,1,2)):(_0,(0,2,0))",
        1,
    ),
    (
        "(2,2,1):(1,1,3)",
        "(_2,_2):(_1,_3)",
        "((2,1,1),(1,1,2)):((1,1,3),(3,2,3))",
        2,
    ),
    (
        "(6,4,5):(1,10,100)",
        "(_3,_4):(_2,_6)",
        "((3,1,1),(1,4,1)):((2,10,100),(6,10,100))",
        -1,
    ),
    (
        "(4,3,5):(1,5,20)",
        "(_2,_6):(_2,_4)",
        "((2,1,1),(1,3,2)):((2,5,20),(4,5,20))",
        -1,
    ),
];

/// Each row: the typed result is `a(b(i))` at every index (read through
/// the core, independently of the walk); where CuTe's layout is right, the
/// typed one has its offsets; where it is not, CuTe's printed layout is off
/// at the index the harness names.
#[test]
fn rank3_left_layouts_against_cute() {
    // Dynamic leaves (`usize` variables) named by their values.
    let [x0, x1, x2, x3, x4, x5, x6, x8, x9, x10] = [0usize, 1, 2, 3, 4, 5, 6, 8, 9, 10];
    let results = [
        (
            layout!((x3,x8,x2):(1,x4,64)).to_string(),
            layout!((x3,x8,x2):(1,x4,64))
                .composition(layout!(type 2:5))
                .map(|c| c.to_string()),
        ),
        (
            layout!((x9,x4,x3):(1,20,200)).to_string(),
            layout!((x9,x4,x3):(1,20,200))
                .composition(layout!(type 4:5))
                .map(|c| c.to_string()),
        ),
        (
            layout!((x2,x2,x1):(x0,x1,x0)).to_string(),
            layout!((x2,x2,x1):(x0,x1,x0))
                .composition(layout!(type (1,2):(0,3)))
                .map(|c| c.to_string()),
        ),
        (
            layout!((x2,x2,x1):(1,x1,x3)).to_string(),
            layout!((x2,x2,x1):(1,x1,x3))
                .composition(layout!(type (2,2):(1,3)))
                .map(|c| c.to_string()),
        ),
        (
            layout!((x6,x4,x5):(1,x10,100)).to_string(),
            layout!((x6,x4,x5):(1,x10,100))
                .composition(layout!(type (3,4):(2,6)))
                .map(|c| c.to_string()),
        ),
        (
            layout!((x4,x3,x5):(1,x5,20)).to_string(),
            layout!((x4,x3,x5):(1,x5,20))
                .composition(layout!(type (2,6):(2,4)))
                .map(|c| c.to_string()),
        ),
    ];
    for ((a, b, cute, wrong), (left, ours)) in CUTE_RANK3.iter().zip(&results) {
        assert_eq!(left, a);
        let ours: layout_dsl::Layout = ours.as_ref().unwrap().parse().unwrap();
        let cute: layout_dsl::Layout = cute.replace('_', "").parse().unwrap();
        let left: layout_dsl::Layout = a.parse().unwrap();
        let right: layout_dsl::Layout = b.replace('_', "").parse().unwrap();
        let at = |l: &layout_dsl::Layout, i: i64| l.crd2idx(&IntTuple::Int(i)).unwrap();
        for i in 0..right.size() {
            let truth = at(&left, at(&right, i));
            assert_eq!(at(&ours, i), truth, "{a} o {b} at {i}: {ours}");
            let cute_right = *wrong < 0 || i < *wrong;
            assert_eq!(
                at(&cute, i) == truth,
                cute_right,
                "{a} o {b} at {i}: CuTe's {cute}"
            );
            if i == *wrong {
                break;
            }
        }
    }
}

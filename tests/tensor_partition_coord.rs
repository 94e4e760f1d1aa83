//! The run-time `tensor::local_partition` (and `local_partition_step`)
//! naming its thread by a coordinate in the thread layout's shape, as the
//! typed door's `ThreadIndex` and the notation take it: against the
//! definition (the thread at coordinate `c` is the thread of index
//! `thr(c)`, so both give the same share), in both coordinate forms (nested
//! like the shape, or one index per top-level mode), with and without a
//! step; and the same errors as the notation's `local_partition`.

use layout_dsl::tensor::{Tensor, X, local_partition, local_partition_step};
use layout_dsl::{IntTuple, Layout};

fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

/// Thread layouts: flat, row-major, nested to three levels, with an
/// extent-1 mode (the step cases drop the middle mode).
const THREADS: [&str; 5] = [
    "(2,4):(1,2)",
    "(3,2):(2,1)",
    "((2,(2,2)),(3,2)):((1,(12,2)),(4,24))",
    "(((2,2),2),3):(((1,6),12),2)",
    "(4,1):(1,0)",
];

const STEPPED: [&str; 2] = [
    "((2,(2,2)),(3,2),(2,2)):((1,(2,4)),(8,24),(48,96))",
    "(2,2,1):(2,1,0)",
];

/// Every thread of `thr` by coordinate: its nested coordinate, the same
/// as one index per top-level mode, and its index `thr(c)`.
fn threads(thr: &Layout) -> Vec<(IntTuple, IntTuple, usize)> {
    (0..thr.size())
        .map(|j| {
            let nested = thr.idx2crd(j).unwrap();
            let index = usize::try_from(thr.crd2idx(&nested).unwrap()).unwrap();
            let per_mode = match (&nested, thr.rank()) {
                (c, 1) => IntTuple::Int(
                    Layout::column_major(thr.shape().clone())
                        .unwrap()
                        .crd2idx(c)
                        .unwrap(),
                ),
                (IntTuple::Tuple(cs), _) => IntTuple::Tuple(
                    cs.iter()
                        .zip(thr.modes())
                        .map(|(c, m)| {
                            let colex = Layout::column_major(m.shape().clone()).unwrap();
                            IntTuple::Int(colex.crd2idx(c).unwrap())
                        })
                        .collect(),
                ),
                _ => unreachable!("a layout of rank above 1 has a tuple coordinate"),
            };
            (nested, per_mode, index)
        })
        .collect()
}

fn data() -> Vec<u32> {
    (0..24 * 36).collect()
}

fn tensor(data: &[u32]) -> Tensor<&[u32], Layout> {
    Tensor::new(data, layout("(24,36):(1,24)")).unwrap()
}

fn elements(t: &Tensor<&[u32], Layout>) -> Vec<u32> {
    t.iter().copied().collect()
}

#[test]
fn a_coordinate_names_the_thread_of_its_index() {
    let data = data();
    for thr in THREADS.map(layout) {
        for (nested, per_mode, index) in threads(&thr) {
            let by_index = local_partition(tensor(&data), &thr, index).unwrap();
            for c in [&nested, &per_mode] {
                let by_coord = local_partition(tensor(&data), &thr, c.clone()).unwrap();
                assert_eq!(by_coord.layout(), by_index.layout(), "{thr} at {c}");
                assert_eq!(by_coord.base(), by_index.base(), "{thr} at {c}");
                assert_eq!(elements(&by_coord), elements(&by_index), "{thr} at {c}");
            }
        }
    }
    // Rust tuples, as `local_tile` takes them.
    let thr = layout("(3,2):(2,1)");
    let a = local_partition(tensor(&data), &thr, (2usize, 1usize)).unwrap();
    let b = local_partition(tensor(&data), &thr, 5).unwrap();
    assert_eq!((a.layout(), a.base()), (b.layout(), b.base()));
}

#[test]
fn a_coordinate_names_the_thread_through_a_step() {
    let data = data();
    for thr in STEPPED.map(layout) {
        for (nested, per_mode, index) in threads(&thr) {
            let step = (1usize, X, 1usize);
            let by_index = local_partition_step(tensor(&data), &thr, index, step).unwrap();
            for c in [&nested, &per_mode] {
                let by_coord = local_partition_step(tensor(&data), &thr, c.clone(), step).unwrap();
                assert_eq!(by_coord.layout(), by_index.layout(), "{thr} at {c}");
                assert_eq!(by_coord.base(), by_index.base(), "{thr} at {c}");
            }
        }
    }
}

/// The notation's error for `local_partition(L, THR, C[, STEP])`.
fn notation_error(thr: &str, c: &str, step: Option<&str>) -> layout_dsl::ErrorKind {
    let step = step.map_or(String::new(), |s| format!(", {s}"));
    let text = format!("local_partition((24,36):(1,24), {thr}, {c}{step})");
    layout_dsl::evaluate(&text).unwrap_err().kind().clone()
}

#[test]
fn bad_coordinates_are_the_notations_errors() {
    let data = data();
    let cases = [
        ("(3,2):(2,1)", "(3,0)"),
        ("(3,2):(2,1)", "(0,2)"),
        ("(3,2):(2,1)", "(0,0,0)"),
        ("(3,2):(2,1)", "((0,1),0)"),
        ("((2,(2,2)),(3,2)):((1,(12,2)),(4,24))", "((2,(0,0)),0)"),
        ("((2,(2,2)),(3,2)):((1,(12,2)),(4,24))", "((0,(0,2)),0)"),
        ("((2,(2,2)),(3,2)):((1,(12,2)),(4,24))", "((0,0,0),0)"),
        ("((2,(2,2)),(3,2)):((1,(12,2)),(4,24))", "(8,0)"),
        ("(3,2):(2,1)", "6"),
    ];
    for (thr, c) in cases {
        let coord: IntTuple = c.parse().unwrap();
        let err = local_partition(tensor(&data), &layout(thr), coord).unwrap_err();
        assert_eq!(
            err.kind(),
            &notation_error(thr, c, None),
            "{thr} at {c}: {err}"
        );
    }
    // A `_` names no thread.
    let thr = "(3,2):(2,1)";
    let err = local_partition(tensor(&data), &layout(thr), (X, 0usize)).unwrap_err();
    assert_eq!(err.kind(), &notation_error(thr, "(_,0)", None), "{err}");
    let thr = "(2,2,1):(2,1,0)";
    for c in ["(2,0,0)", "(0,0)", "4"] {
        let coord: IntTuple = c.parse().unwrap();
        let err = local_partition_step(tensor(&data), &layout(thr), coord, (1usize, X, 1usize))
            .unwrap_err();
        assert_eq!(
            err.kind(),
            &notation_error(thr, c, Some("(1,X,1)")),
            "{thr} at {c}: {err}"
        );
    }
}

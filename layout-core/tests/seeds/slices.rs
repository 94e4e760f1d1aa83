//! Sort stripes, UniqueConsecutive splits, dice blocks, and name suggestions.

use super::*;

#[test]
fn stripes_along_an_axis() {
    assert_eq!(eval("stripes((2,3,4):(12,4,1), 1)"), "(3,(2,4)):(4,(12,1))");
    assert_eq!(
        eval("stripes((2,3,4):(12,4,1), -1)"),
        "(4,(2,3)):(1,(12,4))"
    );
    assert_eq!(eval("stripes((2,3):(3,1), 0)"), "(2,3):(3,1)");
    assert_eq!(eval("stripes(8:1, 0)"), "(8,1):(1,0)");
    assert_eq!(
        eval("stripes(view((2,3):(3,1),5), 1)"),
        "view((3,2):(1,3),5)"
    );
    // Every stripe of a (2,3,4) row-major tensor along axis 1, as the seed reads them.
    let s = stripes(&layout("(2,3,4):(12,4,1)"), 1).unwrap();
    let (stripe, which) = (s.mode(0).unwrap(), s.mode(1).unwrap());
    let mut seen: Vec<i64> = Vec::new();
    for base in which.offsets() {
        let got: Vec<i64> = stripe.offsets().map(|o| base + o).collect();
        assert_eq!(got, [base, base + 4, base + 8]);
        seen.extend(got);
    }
    seen.sort_unstable();
    assert_eq!(seen, (0..24).collect::<Vec<_>>());

    let (kind, at) = fails("stripes((2,3,4):(12,4,1), 3)");
    assert_eq!(
        kind,
        ErrorKind::Domain(DomainError::AxisOutOfRange { axis: 3, rank: 3 })
    );
    assert_eq!(at, "3");
}

#[test]
fn sub_tensors_along_an_axis() {
    assert_eq!(
        eval("slice_axis((2,3,4):(12,4,1), 1, 2)"),
        "view((2,4):(12,1),8)"
    );
    assert_eq!(eval("table(slice_axis((2,3):(3,1), 0, 1))"), "[3,4,5]");
    assert_eq!(eval("slice_axis(8:1, 0, 5)"), "view(1:0,5)");
    let views = split_axis(&layout("(2,3,4):(12,4,1)"), 0).unwrap();
    assert_eq!(views.len(), 2);
    // UniqueConsecutive's split: sub-tensor i holds the elements with index i on the axis.
    for (i, v) in views.iter().enumerate() {
        let mut got: Vec<i64> = v.offsets().collect();
        got.sort_unstable();
        let want: Vec<i64> = (0..12).map(|k| 12 * i as i64 + k).collect();
        assert_eq!(got, want);
    }
    let v = slice_axis(&layout("((2,2),3):((1,6),2)"), 0, 3).unwrap();
    assert_eq!(v.to_string(), "view(3:2,7)");

    let (kind, at) = fails("slice_axis((2,3):(3,1), 1, 3)");
    assert_eq!(
        kind,
        ErrorKind::Domain(DomainError::CoordOutOfRange {
            what: "index",
            coord: 3,
            axis: 1,
            extent: 3
        })
    );
    assert_eq!(at, "3");
    let (kind, at) = fails("slice_axis((2,3):(3,1), -3, 0)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::AxisOutOfRange { axis: -3, rank: 2 })
    ));
    assert_eq!(at, "-3");
}

#[test]
fn blocks_cut_at_the_edges() {
    let l = layout("(5,4):(4,1)");
    assert_eq!(
        eval("block((5,4):(4,1), (2,3), (2,1))"),
        "view((1,1):(4,1),19)"
    );
    assert_eq!(eval("block((5,4):(4,1), (2,3), 5)"), "view((1,1):(4,1),19)");
    assert_eq!(eval("block((5,4):(4,1), (2,3), 0)"), "view((2,3):(4,1),0)");
    assert_eq!(eval("table(block((5,4):(4,1), (2,3), 3))"), "[3,7]");
    assert_eq!(eval("block(5:1, 2, 2)"), "view((1):(1),4)");
    // Untiled modes stay in the grid.
    assert_eq!(
        eval("block((4,6,5):(1,4,24), (3,4), (1,1,4))"),
        "view((1,2):(1,4),115)"
    );

    // The blocks tile the tensor: every element exactly once.
    let all = blocks(&l, &IntTuple::from([2, 3])).unwrap();
    assert_eq!(all.len(), 6);
    let mut seen: Vec<i64> = all
        .iter()
        .flat_map(|b| b.offsets().collect::<Vec<_>>())
        .collect();
    seen.sort_unstable();
    assert_eq!(seen, (0..20).collect::<Vec<_>>());

    // When the tile divides the tensor, a block is a slice of zipped_divide.
    let l = layout("(4,6):(1,4)");
    let zipped = eval("zipped_divide((4,6):(1,4), (2,3))");
    assert_eq!(zipped, "((2,3),(2,2)):((1,4),(2,12))");
    for i in 0..4 {
        let b = block(&l, &IntTuple::from([2, 3]), &IntTuple::Int(i)).unwrap();
        let grid = layout("(2,2):(2,12)");
        assert_eq!(b.base(), grid.at(i).unwrap());
        assert_eq!(b.layout().to_string(), "(2,3):(1,4)");
    }
}

#[test]
fn block_errors() {
    let (kind, at) = fails("block((5,4):(4,1), (0,3), 0)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::OutOfRange { found: 0, .. })
    ));
    assert_eq!(at, "(0,3)");
    let (kind, at) = fails("block((5,4):(4,1), (2,(3)), 0)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::NotFlat { .. })
    ));
    assert_eq!(at, "(2,(3))");
    let (kind, at) = fails("block((5,4):(4,1), (2,3,4), 0)");
    assert_eq!(
        kind,
        ErrorKind::Domain(DomainError::TilerTooLong {
            tiler: 3,
            layout: 2
        })
    );
    assert_eq!(at, "(2,3,4)");
    let (kind, at) = fails("block((5,4):(4,1), (2,3), 6)");
    assert_eq!(
        kind,
        ErrorKind::Domain(DomainError::IndexOutOfRange {
            what: "block",
            index: 6,
            size: 6
        })
    );
    assert_eq!(at, "6");
    let (kind, at) = fails("block((5,4):(4,1), (2,3), (3,0))");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::CoordOutOfRange {
            coord: 3,
            axis: 0,
            extent: 3,
            ..
        })
    ));
    assert_eq!(at, "(3,0)");
    let (kind, at) = fails("block((5,4):(4,1), (2,3), (1,0,0))");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::RankMismatch { .. })
    ));
    assert_eq!(at, "(1,0,0)");
    let (kind, at) = fails("block(((2,3),4):((1,2),6), (2,2), 0)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::ModeNotLeaf {
            function: "block",
            mode: 0,
            ..
        })
    ));
    assert_eq!(at, "((2,3),4):((1,2),6)");
}

#[test]
fn unknown_names_suggest_the_seed_functions() {
    let (kind, at) = fails("diagnal((3,4):(4,1))");
    assert_eq!(
        kind,
        ErrorKind::Call(CallError::UnknownFunction {
            name: "diagnal".into(),
            suggestion: Some("diagonal")
        })
    );
    assert_eq!(at, "diagnal");
    let (kind, _) = fails("diagonal((3,4):(4,1), 0, 0, 1, 1)");
    assert_eq!(
        kind,
        ErrorKind::Call(CallError::WrongArgumentCount {
            name: "diagonal",
            expected: "1 to 4 arguments".into(),
            found: 5
        })
    );
    let (kind, at) = fails("ColumMajor");
    assert!(matches!(
        kind,
        ErrorKind::Call(CallError::UnknownName {
            suggestion: Some("ColumnMajor"),
            ..
        })
    ));
    assert_eq!(at, "ColumMajor");
}

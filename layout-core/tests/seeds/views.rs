//! CANN Diagonal, views and tables.

use super::*;

#[test]
fn diagonals() {
    assert_eq!(eval("table(diagonal((3,4):(4,1), 1, 0, 1))"), "[1,6,11]");
    assert_eq!(
        eval("table(diagonal((2,3,3):(9,3,1), -1, 1, 2))"),
        "[3,12,7,16]"
    );
    assert_eq!(
        eval("diagonal((2,3,3):(9,3,1), -1, 1, 2)"),
        "view((2,2):(9,4),3)"
    );
    assert_eq!(eval("diagonal((3,4):(4,1))"), "view(3:5,0)");
    assert_eq!(eval("diagonal((3,4):(4,1), 0, 1, 0)"), "view(3:5,0)");
    assert_eq!(eval("table(diagonal((3,4):(4,1), 0, -1, -2))"), "[0,5,10]");
    // Empty diagonals (torch gives a zero-length last dimension).
    assert_eq!(eval("diagonal((3,4):(4,1), 4)"), "view(0:5,0)");
    assert_eq!(eval("table(diagonal((3,4):(4,1), -3))"), "[]");
    // The other modes keep their nesting and order.
    assert_eq!(
        eval("diagonal((3,(2,2),3):(1,(3,6),12), 0, 0, 2)"),
        "view(((2,2),3):((3,6),13),0)"
    );
    // A view of a view adds the bases.
    assert_eq!(
        eval("table(diagonal(view((3,4):(4,1),100), 1))"),
        "[101,106,111]"
    );

    let d = diagonal(&layout("(3,4):(4,1)"), 1, 0, 1).unwrap();
    assert_eq!((d.layout().to_string(), d.base()), ("3:5".into(), 1));
}

#[test]
fn diagonals_match_a_naive_loop() {
    let l = layout("(3,4,5):(20,5,1)");
    for offset in -5..=6 {
        for (d1, d2) in [(0, 1), (1, 0), (0, 2), (2, 1), (1, 2)] {
            let v = diagonal(&l, offset, d1, d2).unwrap();
            let batch = 3 - d1 - d2;
            let dims = [3i64, 4, 5];
            let strides = [20i64, 5, 1];
            let mut naive = Vec::new();
            // CuTe order: the batch mode fastest, then the diagonal.
            for i in 0..dims[d1 as usize] {
                let j = i + offset;
                if !(0..dims[d2 as usize]).contains(&j) {
                    continue;
                }
                for b in 0..dims[batch as usize] {
                    naive.push(
                        b * strides[batch as usize]
                            + i * strides[d1 as usize]
                            + j * strides[d2 as usize],
                    );
                }
            }
            let got = v.table().unwrap();
            assert_eq!(got.as_slice(), naive, "offset {offset} dims {d1},{d2}");
        }
    }
}

#[test]
fn diagonal_errors() {
    let (kind, at) = fails("diagonal((2,3,3):(9,3,1), 0, 1, -2)");
    assert_eq!(
        kind,
        ErrorKind::Idiom(IdiomError::SameDiagonalDims { dim: 1 })
    );
    assert_eq!(at, "-2");
    let (kind, at) = fails("diagonal((2,3,3):(9,3,1), 0, 3, 1)");
    assert_eq!(
        kind,
        ErrorKind::Domain(DomainError::AxisOutOfRange { axis: 3, rank: 3 })
    );
    assert_eq!(at, "3");
    let (kind, at) = fails("diagonal((2,3,3):(9,3,1), 0, 0, -4)");
    assert_eq!(
        kind,
        ErrorKind::Domain(DomainError::AxisOutOfRange { axis: -4, rank: 3 })
    );
    assert_eq!(at, "-4");
    let (kind, at) = fails("diagonal(8:1)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::AxisOutOfRange { axis: 1, rank: 1 })
    ));
    assert_eq!(at, "diagonal(8:1)");
    let (kind, at) = fails("diagonal(((2,2),4):((1,2),4))");
    assert_eq!(
        kind,
        ErrorKind::Domain(DomainError::ModeNotLeaf {
            function: "diagonal",
            mode: 0,
            shape: "(2,2)".into()
        })
    );
    assert_eq!(at, "((2,2),4):((1,2),4)");
    let (kind, at) = fails("diagonal((3,4), 1, 0, 1)");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "(3,4)");
    let (kind, at) = fails("diagonal((3,4):(4,1), (1), 0, 1)");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "(1)");
}

#[test]
fn tables_and_views() {
    assert_eq!(eval("table((2,4):(4,1))"), "[0,4,1,5,2,6,3,7]");
    assert_eq!(eval("table(8:2)"), "[0,2,4,6,8,10,12,14]");
    assert_eq!(eval("table(0:1)"), "[]");
    assert_eq!(eval("table(view((2,2):(1,2),-3))"), "[-3,-2,-1,0]");
    assert_eq!(
        table(&layout("(2,4):(4,1)")).unwrap().as_slice(),
        [0, 4, 1, 5, 2, 6, 3, 7]
    );
    assert_eq!(
        layout("(2,2):(2,1)").table().unwrap().to_string(),
        "[0,2,1,3]"
    );
    // A view prints as the call that builds it.
    let v = View::new(layout("(2,2):(9,4)"), 3).unwrap();
    assert_eq!(v.to_string(), "view((2,2):(9,4),3)");
    assert_eq!(eval(&v.to_string()), v.to_string());
    assert_eq!(v.crd2idx(&IntTuple::from([1, 1])).unwrap(), 16);
    assert!(View::new(layout("2:1"), i64::MAX).is_err());

    let (kind, at) = fails("table((4096,4096):(1,4096))");
    assert_eq!(
        kind,
        ErrorKind::Domain(DomainError::TableTooLarge {
            size: 1 << 24,
            limit: 1 << 20
        })
    );
    assert_eq!(at, "(4096,4096):(1,4096)");
    let (kind, at) = fails("table((2,4))");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "(2,4)");
    let (kind, at) = fails("view((2,4), 1)");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "(2,4)");
    let (kind, _) = fails("view(2:1, 9223372036854775807)");
    assert!(matches!(kind, ErrorKind::Overflow(_)));
}

//! InfiniTensor operator utils: broadcasting, axes, row-major indices, device strings.

use super::*;

#[test]
fn broadcast_shapes() {
    assert_eq!(eval("broadcast((2,3,4),(3,1))"), "(2,3,4)");
    assert_eq!(eval("broadcast((2,1),(1,3))"), "(2,3)");
    assert_eq!(eval("broadcast((2,1,3),(1,4,3))"), "(2,4,3)");
    assert_eq!(eval("broadcast((0,3),(1,1))"), "(0,3)");
    assert_eq!(eval("broadcast((1,0),(5,1))"), "(5,0)");
    assert_eq!(eval("broadcast(3,(2,1),(4,1,1))"), "(4,2,3)");
    assert_eq!(eval("broadcast((2,3))"), "(2,3)");
    assert_eq!(eval("broadcast((),(2))"), "(2)");
    let s = broadcast(&[tuple("(2,1,3)"), tuple("(1,4,3)")]).unwrap();
    assert_eq!(s, IntTuple::from([2, 4, 3]));
}

#[test]
fn broadcast_errors() {
    let (kind, at) = fails("broadcast((2,3,4),(3,5))");
    assert_eq!(
        kind,
        ErrorKind::Idiom(IdiomError::CannotBroadcast {
            left: 4,
            right: 5,
            axis: 2,
            operand: 1
        })
    );
    assert_eq!(at, "(3,5)");
    assert_eq!(
        kind.to_string(),
        "cannot broadcast extent 4 with extent 5 at axis 2"
    );
    let (kind, at) = fails("broadcast((2,1),(1,3),(4,3))");
    assert!(matches!(
        kind,
        ErrorKind::Idiom(IdiomError::CannotBroadcast {
            left: 2,
            right: 4,
            axis: 0,
            operand: 2
        })
    ));
    assert_eq!(at, "(4,3)");
    let (kind, at) = fails("broadcast((0,3),(2,3))");
    assert!(matches!(
        kind,
        ErrorKind::Idiom(IdiomError::CannotBroadcast {
            left: 0,
            right: 2,
            ..
        })
    ));
    assert_eq!(at, "(2,3)");
    let (kind, at) = fails("broadcast((2,3),((2,3)))");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::NotFlat { .. })
    ));
    assert_eq!(at, "((2,3))");
    let (kind, at) = fails("broadcast((2,-3),(3))");
    assert_eq!(kind, ErrorKind::Domain(DomainError::NegativeExtent(-3)));
    assert_eq!(at, "(2,-3)");
    let (kind, at) = fails("broadcast(2:1)");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "2:1");
}

#[test]
fn broadcast_layouts() {
    assert_eq!(
        eval("broadcast_to((3,1):(1,1), (2,3,4))"),
        "(2,3,4):(0,1,0)"
    );
    assert_eq!(eval("broadcast_to(4:1, (2,3,4))"), "(2,3,4):(0,0,1)");
    assert_eq!(eval("broadcast_to(1:0, 5)"), "5:0");
    assert_eq!(eval("broadcast_to((2,3):(3,1), (2,3))"), "(2,3):(3,1)");
    // A size-1 mode broadcasts to a nested target mode with congruent zeros.
    assert_eq!(
        eval("broadcast_to((1,3):(0,1), ((2,2),3))"),
        "((2,2),3):((0,0),1)"
    );
    let b = broadcast_to(&layout("(3,1):(1,1)"), &IntTuple::from([2, 3, 4])).unwrap();
    assert_eq!(b.to_string(), "(2,3,4):(0,1,0)");

    let (kind, at) = fails("broadcast_to((3,2):(1,3), (2,3,4))");
    assert_eq!(
        kind,
        ErrorKind::Idiom(IdiomError::NotBroadcastable {
            from: "2".into(),
            to: "4".into(),
            axis: 2
        })
    );
    assert_eq!(at, "(3,2):(1,3)");
    let (kind, at) = fails("broadcast_to((2,3,4):(12,4,1), (3,4))");
    assert_eq!(
        kind,
        ErrorKind::Idiom(IdiomError::BroadcastRank { from: 3, to: 2 })
    );
    assert_eq!(at, "(2,3,4):(12,4,1)");
    let (kind, at) = fails("broadcast_to((2,3), (3,4))");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "(2,3)");
}

#[test]
fn real_axes() {
    assert_eq!(real_axis(2, 4).unwrap(), 2);
    assert_eq!(real_axis(-1, 4).unwrap(), 3);
    assert_eq!(real_axis(-4, 4).unwrap(), 0);
    assert_eq!(eval("real_axis(-1, 4)"), "3");
    for (src, axis) in [("real_axis(4, 4)", 4), ("real_axis(-5, 4)", -5)] {
        let (kind, at) = fails(src);
        assert_eq!(
            kind,
            ErrorKind::Domain(DomainError::AxisOutOfRange { axis, rank: 4 })
        );
        assert_eq!(at, axis.to_string());
    }
    assert!(real_axis(0, 0).is_err());
    let (kind, at) = fails("real_axis(0, -1)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::OutOfRange { found: -1, .. })
    ));
    assert_eq!(at, "-1");
}

#[test]
fn row_major_indices() {
    assert_eq!(eval("idx2crd(5, (2,3), LayoutRight)"), "(1,2)");
    // locate_index(10, {2,3,4}) and delocate_index back.
    assert_eq!(eval("idx2crd(10, (2,3,4), LayoutRight)"), "(0,2,2)");
    assert_eq!(eval("crd2idx((0,2,2), (2,3,4), (12,4,1))"), "10");
    assert_eq!(eval("idx2crd(10, (2,3,4), (12,4,1))"), "(0,2,2)");
    assert_eq!(eval("idx2crd(10, (2,3,4), LayoutLeft)"), "(0,2,1)");
    assert_eq!(eval("idx2crd(10, (2,3,4))"), "(0,2,1)");
    assert_eq!(eval("idx2crd(7, 5, LayoutRight)"), "2");
    assert_eq!(eval("idx2crd(5, (2,1,3), LayoutRight)"), "(1,0,2)");
    assert_eq!(
        eval("crd2idx(idx2crd(7, (2,3,4), LayoutRight), broadcast_to((3,1):(1,1), (2,3,4)))"),
        "1"
    );
    let shape = IntTuple::from([2, 3, 4]);
    for i in 0..24 {
        let c = idx2crd_row_major(i, &shape).unwrap();
        let row_major = Layout::row_major(shape.clone()).unwrap();
        assert_eq!(row_major.crd2idx(&c).unwrap(), i);
    }
}

#[test]
fn row_major_index_errors() {
    let (kind, at) = fails("idx2crd(5, (2,3), (3,0))");
    assert_eq!(
        kind,
        ErrorKind::Algebra(AlgebraRefusal::NonPositiveStride {
            mode: 1,
            extent: 3,
            stride: 0
        })
    );
    assert_eq!(at, "(3,0)");
    let (kind, at) = fails("idx2crd(-1, (2,3), LayoutRight)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::OutOfRange { found: -1, .. })
    ));
    assert_eq!(at, "-1");
    let (kind, at) = fails("idx2crd(1, (2,0), LayoutRight)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::ZeroSizeMode { mode: 1, .. })
    ));
    assert_eq!(at, "(2,0)");
    let (kind, at) = fails("idx2crd(1, (2,3), (1,(2,3)))");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::NotCongruent { .. })
    ));
    assert_eq!(at, "(1,(2,3))");
    let (kind, at) = fails("idx2crd(1, (2,3), RowMajor)");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "RowMajor");
}

#[test]
fn broadcast_offsets_match_a_naive_modulo() {
    // delocate_index: each output coordinate taken modulo the input's extent
    // on that axis, times the input's stride.
    let out = IntTuple::from([2, 3, 4]);
    let input = layout("(3,1):(1,1)");
    for i in 0..24 {
        let coord = [(i / 12) % 2, (i / 4) % 3, i % 4];
        // The input is right-aligned: its axes are the output's axes 1 and 2.
        let naive: i64 = [(3, 1), (1, 1)]
            .iter()
            .zip(&coord[1..])
            .map(|(&(extent, stride), &c)| (c % extent) * stride)
            .sum();
        assert_eq!(broadcast_offset(i, &out, &input).unwrap(), naive);
    }
    assert!(broadcast_offset(0, &out, &layout("(3,2):(1,3)")).is_err());
}

#[test]
fn device_strings() {
    assert_eq!(Device::Cpu.to_string(), "CPU");
    let attrs = KernelAttrs {
        device: Device::Cpu,
        op: OpType::MatMul,
    };
    assert_eq!(attrs.to_string(), "CPU, MatMul");
}

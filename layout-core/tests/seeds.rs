//! The seeds (InfiniTensor operator utils, Composable Kernel's host tensor
//! descriptor, CANN's position iterator and Diagonal) on their own numbers,
//! through the Rust API and the notation, every bad input with its error
//! kind and the text it points at.

use layout_core::{
    Device, ErrorKind, IntTuple, KernelAttrs, Layout, OpType, Positions, TensorDescriptor,
    TensorLayout, View, block, blocks, broadcast, broadcast_offset, broadcast_to, diagonal,
    evaluate, idx2crd_row_major, real_axis, select, split_axis, stripes, table,
};

fn eval(src: &str) -> String {
    match evaluate(src) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{src}: {e}"),
    }
}

/// The error's kind and the source text its span covers.
fn fails(src: &str) -> (ErrorKind, &str) {
    let e = evaluate(src).expect_err(src);
    let span = e
        .span
        .unwrap_or_else(|| panic!("{src}: error without a span: {e}"));
    (e.kind, &src[span.start..span.end])
}

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

fn tuple(s: &str) -> IntTuple {
    s.parse().unwrap()
}

// ---- InfiniTensor operator utils ----

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
        ErrorKind::CannotBroadcast {
            left: 4,
            right: 5,
            axis: 2,
            operand: 1
        }
    );
    assert_eq!(at, "(3,5)");
    assert_eq!(
        kind.to_string(),
        "cannot broadcast extent 4 with extent 5 at axis 2"
    );
    let (kind, at) = fails("broadcast((2,1),(1,3),(4,3))");
    assert!(matches!(
        kind,
        ErrorKind::CannotBroadcast {
            left: 2,
            right: 4,
            axis: 0,
            operand: 2
        }
    ));
    assert_eq!(at, "(4,3)");
    let (kind, at) = fails("broadcast((0,3),(2,3))");
    assert!(matches!(
        kind,
        ErrorKind::CannotBroadcast {
            left: 0,
            right: 2,
            ..
        }
    ));
    assert_eq!(at, "(2,3)");
    let (kind, at) = fails("broadcast((2,3),((2,3)))");
    assert!(matches!(kind, ErrorKind::NotFlat { .. }));
    assert_eq!(at, "((2,3))");
    let (kind, at) = fails("broadcast((2,-3),(3))");
    assert_eq!(kind, ErrorKind::NegativeExtent(-3));
    assert_eq!(at, "(2,-3)");
    let (kind, at) = fails("broadcast(2:1)");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
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
        ErrorKind::NotBroadcastable {
            from: "2".into(),
            to: "4".into(),
            axis: 2
        }
    );
    assert_eq!(at, "(3,2):(1,3)");
    let (kind, at) = fails("broadcast_to((2,3,4):(12,4,1), (3,4))");
    assert_eq!(kind, ErrorKind::BroadcastRank { from: 3, to: 2 });
    assert_eq!(at, "(2,3,4):(12,4,1)");
    let (kind, at) = fails("broadcast_to((2,3), (3,4))");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
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
        assert_eq!(kind, ErrorKind::AxisOutOfRange { axis, rank: 4 });
        assert_eq!(at, axis.to_string());
    }
    assert!(real_axis(0, 0).is_err());
    let (kind, at) = fails("real_axis(0, -1)");
    assert!(matches!(kind, ErrorKind::OutOfRange { found: -1, .. }));
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
        ErrorKind::NonPositiveStride {
            mode: 1,
            extent: 3,
            stride: 0
        }
    );
    assert_eq!(at, "(3,0)");
    let (kind, at) = fails("idx2crd(-1, (2,3), LayoutRight)");
    assert!(matches!(kind, ErrorKind::OutOfRange { found: -1, .. }));
    assert_eq!(at, "-1");
    let (kind, at) = fails("idx2crd(1, (2,0), LayoutRight)");
    assert!(matches!(kind, ErrorKind::ZeroSizeMode { mode: 1, .. }));
    assert_eq!(at, "(2,0)");
    let (kind, at) = fails("idx2crd(1, (2,3), (1,(2,3)))");
    assert!(matches!(kind, ErrorKind::NotCongruent { .. }));
    assert_eq!(at, "(1,(2,3))");
    let (kind, at) = fails("idx2crd(1, (2,3), RowMajor)");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
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

// ---- Composable Kernel HostTensorDescriptor ----

#[test]
fn descriptors() {
    assert_eq!(eval("descriptor((2,3,4), RowMajor)"), "(2,3,4):(12,4,1)");
    assert_eq!(eval("descriptor((2,3,4), ColumnMajor)"), "(2,3,4):(12,1,3)");
    assert_eq!(eval("descriptor((3,3), ColumnMajor)"), "(3,3):(1,3)");
    assert_eq!(
        eval("descriptor((2,3,4), (100,0,0), RowMajor)"),
        "(2,3,4):(100,4,1)"
    );
    assert_eq!(
        eval("descriptor((2,3,4), (100,0,0), ColumnMajor)"),
        "(2,3,4):(100,1,3)"
    );
    assert_eq!(
        eval("descriptor((2,3,4), (100,-1,-1), RowMajor)"),
        "(2,3,4):(100,4,1)"
    );
    assert_eq!(
        eval("descriptor((2,3,4), (0,0,0), RowMajor)"),
        "(2,3,4):(12,4,1)"
    );
    assert_eq!(
        eval("descriptor((2,3,4), (0,0,0), Bypass)"),
        "(2,3,4):(0,0,0)"
    );
    assert_eq!(
        eval("descriptor((2,3,4), (1,-2,5), Bypass)"),
        "(2,3,4):(1,-2,5)"
    );
    assert_eq!(eval("descriptor((2,3,4), Bypass)"), "(2,3,4):(12,4,1)");
    assert_eq!(eval("descriptor(8, RowMajor)"), "(8):(1)");
    assert_eq!(eval("descriptor((8), (0), ColumnMajor)"), "(8):(1)");
    assert_eq!(eval("descriptor((8), (3), RowMajor)"), "(8):(3)");
    assert_eq!(eval("descriptor((2,0,4), RowMajor)"), "(2,0,4):(4,4,1)");

    let d = TensorDescriptor::new(&[2, 3, 4, 5], TensorLayout::RowMajor).unwrap();
    assert_eq!(d.strides(), [60, 20, 5, 1]);
    assert_eq!(d.offset(&[1, 2, 1, 3]).unwrap(), 108);
    assert_eq!(
        (d.rank(), d.element_size(), d.element_space_size()),
        (4, 120, 120)
    );
    let d = TensorDescriptor::with_strides(&[2, 3], &[8, 1], TensorLayout::RowMajor).unwrap();
    assert_eq!((d.element_size(), d.element_space_size()), (6, 11));
    assert_eq!(d.offset(&[1, 2]).unwrap(), 10);
    assert_eq!(d.tag(), TensorLayout::RowMajor);
}

#[test]
fn descriptors_print_and_convert() {
    let d = TensorDescriptor::with_strides(&[2, 3, 4], &[100, 0, 0], TensorLayout::ColumnMajor)
        .unwrap();
    assert_eq!(d.to_string(), "descriptor((2,3,4),(100,1,3),ColumnMajor)");
    // The printed form evaluates back to the descriptor's layout.
    assert_eq!(eval(&d.to_string()), d.layout().to_string());
    let l: Layout = d.clone().into();
    assert_eq!(l.to_string(), "(2,3,4):(100,1,3)");
    let back = TensorDescriptor::try_from(&l).unwrap();
    assert_eq!((back.lengths(), back.strides()), (d.lengths(), d.strides()));
    assert_eq!(back.tag(), TensorLayout::Bypass);
    let nested = TensorDescriptor::try_from(&layout("((2,2),3):((1,2),4)")).unwrap_err();
    assert!(matches!(nested.kind, ErrorKind::NotFlat { .. }));
}

#[test]
fn descriptor_errors() {
    let (kind, at) = fails("descriptor((2,3,4), (12,1,4), RowMajor)");
    assert_eq!(
        kind,
        ErrorKind::DescriptorStrideTooSmall {
            tag: "RowMajor",
            dim: 1,
            stride: 1,
            needed: 16,
            inner: 2,
            extent: 4,
            inner_stride: 4
        }
    );
    assert_eq!(at, "(12,1,4)");
    assert_eq!(
        kind.to_string(),
        "RowMajor needs stride 1 of dimension 1 to be at least 16, extent 4 times stride 4 of dimension 2 inside it"
    );
    // The batch dimension must step over the whole matrix.
    let (kind, at) = fails("descriptor((2,3,4), (5,4,1), RowMajor)");
    assert!(matches!(
        kind,
        ErrorKind::DescriptorStrideTooSmall {
            dim: 0,
            needed: 12,
            ..
        }
    ));
    assert_eq!(at, "(5,4,1)");
    let (kind, _) = fails("descriptor((3,4), (1,2), ColumnMajor)");
    assert!(matches!(
        kind,
        ErrorKind::DescriptorStrideTooSmall {
            dim: 1,
            needed: 3,
            ..
        }
    ));
    // Only the innermost two strides are computed; a 0 elsewhere is an error.
    let (kind, at) = fails("descriptor((2,3,4), (0,0,16), RowMajor)");
    assert!(matches!(
        kind,
        ErrorKind::DescriptorStrideNotPositive {
            dim: 0,
            stride: 0,
            ..
        }
    ));
    assert_eq!(at, "(0,0,16)");
    let (kind, at) = fails("descriptor((2,3,4), (0,4,1), RowMajor)");
    assert_eq!(
        kind,
        ErrorKind::DescriptorStrideNotPositive {
            tag: "RowMajor",
            dim: 0,
            stride: 0
        }
    );
    assert_eq!(at, "(0,4,1)");
    let (kind, at) = fails("descriptor((2,3,4), (4,1), RowMajor)");
    assert_eq!(
        kind,
        ErrorKind::DescriptorRank {
            lengths: 3,
            strides: 2
        }
    );
    assert_eq!(at, "(4,1)");
    let (kind, at) = fails("descriptor((2,-3), RowMajor)");
    assert_eq!(kind, ErrorKind::NegativeExtent(-3));
    assert_eq!(at, "(2,-3)");
    let (kind, at) = fails("descriptor((2,(3,4)), RowMajor)");
    assert!(matches!(kind, ErrorKind::NotFlat { .. }));
    assert_eq!(at, "(2,(3,4))");
    let (kind, at) = fails("descriptor((2,3), (3,(1)), RowMajor)");
    assert!(matches!(kind, ErrorKind::NotFlat { .. }));
    assert_eq!(at, "(3,(1))");
    let (kind, at) = fails("descriptor((2,3), LayoutRight)");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
    assert_eq!(at, "LayoutRight");
    let (kind, at) = fails("descriptor((2,3), RowMajr)");
    assert_eq!(
        kind,
        ErrorKind::UnknownName {
            name: "RowMajr".into(),
            suggestion: Some("RowMajor")
        }
    );
    assert_eq!(at, "RowMajr");
    let (kind, at) = fails("descriptor((2,3))");
    assert!(matches!(
        kind,
        ErrorKind::WrongArgumentCount { found: 1, .. }
    ));
    assert_eq!(at, "descriptor((2,3))");
}

// ---- CANN PositionIterator ----

#[test]
fn positions_walk_row_major_from_any_start() {
    // The seed's stride example: (1,2,1,3) in (2,3,4,5) is offset 108.
    let l = layout("(2,3,4,5):(60,20,5,1)");
    let p = Positions::new(&l, &[1, 2, 1, 3]).unwrap();
    assert_eq!(p.offset(), 108);
    assert_eq!(p.len(), 120 - 108);
    let rest: Vec<(Vec<i64>, i64)> = p.collect();
    assert_eq!(rest[0], (vec![1, 2, 1, 3], 108));
    assert_eq!(rest[2], (vec![1, 2, 2, 0], 110));
    assert_eq!(rest.last().unwrap(), &(vec![1, 2, 3, 4], 119));

    // Against a naive row-major loop under a non-compact layout.
    let l = layout("(3,2,4):(1,24,3)");
    let walked: Vec<(Vec<i64>, i64)> = Positions::from_origin(&l).collect();
    let mut naive = Vec::new();
    for a in 0..3 {
        for b in 0..2 {
            for c in 0..4 {
                naive.push((vec![a, b, c], a + 24 * b + 3 * c));
            }
        }
    }
    assert_eq!(walked, naive);
    assert_eq!(eval("positions((2,4):(4,1))"), "[0,1,2,3,4,5,6,7]");
    assert_eq!(eval("positions((2,4):(1,2), (1,2))"), "[5,7]");
    assert_eq!(eval("positions(view((2,2):(1,2),10), (0,1))"), "[12,11,13]");

    // Coordinates are per leaf; a nested layout walks its leaves row-major.
    let nested: Vec<i64> = Positions::from_origin(&layout("((2,2),3):((1,2),4)"))
        .map(|(_, o)| o)
        .collect();
    assert_eq!(nested, [0, 4, 8, 2, 6, 10, 1, 5, 9, 3, 7, 11]);
    // Rank 0 has one position; an empty domain none.
    assert_eq!(Positions::from_origin(&layout("():()")).count(), 1);
    assert_eq!(
        Positions::new(&layout("(2,0):(1,2)"), &[0, 0])
            .unwrap()
            .count(),
        0
    );
}

#[test]
fn position_errors() {
    let l = layout("(2,3):(3,1)");
    let e = Positions::new(&l, &[0, 3]).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::CoordOutOfRange {
            what: "start coordinate",
            coord: 3,
            axis: 1,
            extent: 3
        }
    );
    assert!(Positions::new(&l, &[-1, 0]).is_err());
    let e = Positions::new(&l, &[0]).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::RankMismatch {
            expected: 2,
            found: 1
        }
    );
    let (kind, at) = fails("positions((2,3):(3,1), (2,0))");
    assert!(matches!(
        kind,
        ErrorKind::CoordOutOfRange {
            coord: 2,
            axis: 0,
            ..
        }
    ));
    assert_eq!(at, "(2,0)");
    let (kind, at) = fails("positions((2,3):(3,1), (0,0,0))");
    assert!(matches!(kind, ErrorKind::RankMismatch { .. }));
    assert_eq!(at, "(0,0,0)");
    let (kind, at) = fails("positions((2,3), (0,0))");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
    assert_eq!(at, "(2,3)");
    let (kind, at) = fails("positions(2000000:1)");
    assert!(matches!(kind, ErrorKind::TableTooLarge { .. }));
    assert_eq!(at, "2000000:1");
}

// ---- CANN Diagonal, views and tables ----

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
    assert_eq!(kind, ErrorKind::SameDiagonalDims { dim: 1 });
    assert_eq!(at, "-2");
    let (kind, at) = fails("diagonal((2,3,3):(9,3,1), 0, 3, 1)");
    assert_eq!(kind, ErrorKind::AxisOutOfRange { axis: 3, rank: 3 });
    assert_eq!(at, "3");
    let (kind, at) = fails("diagonal((2,3,3):(9,3,1), 0, 0, -4)");
    assert_eq!(kind, ErrorKind::AxisOutOfRange { axis: -4, rank: 3 });
    assert_eq!(at, "-4");
    let (kind, at) = fails("diagonal(8:1)");
    assert!(matches!(
        kind,
        ErrorKind::AxisOutOfRange { axis: 1, rank: 1 }
    ));
    assert_eq!(at, "diagonal(8:1)");
    let (kind, at) = fails("diagonal(((2,2),4):((1,2),4))");
    assert_eq!(
        kind,
        ErrorKind::ModeNotLeaf {
            function: "diagonal",
            mode: 0,
            shape: "(2,2)".into()
        }
    );
    assert_eq!(at, "((2,2),4):((1,2),4)");
    let (kind, at) = fails("diagonal((3,4), 1, 0, 1)");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
    assert_eq!(at, "(3,4)");
    let (kind, at) = fails("diagonal((3,4):(4,1), (1), 0, 1)");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
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
        ErrorKind::TableTooLarge {
            size: 1 << 24,
            limit: 1 << 20
        }
    );
    assert_eq!(at, "(4096,4096):(1,4096)");
    let (kind, at) = fails("table((2,4))");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
    assert_eq!(at, "(2,4)");
    let (kind, at) = fails("view((2,4), 1)");
    assert!(matches!(kind, ErrorKind::WrongType { .. }));
    assert_eq!(at, "(2,4)");
    let (kind, _) = fails("view(2:1, 9223372036854775807)");
    assert!(matches!(kind, ErrorKind::Overflow(_)));
}

// ---- Sort stripes, UniqueConsecutive splits, dice ----

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
    assert_eq!(kind, ErrorKind::AxisOutOfRange { axis: 3, rank: 3 });
    assert_eq!(at, "3");
}

#[test]
fn sub_tensors_along_an_axis() {
    assert_eq!(
        eval("select((2,3,4):(12,4,1), 1, 2)"),
        "view((2,4):(12,1),8)"
    );
    assert_eq!(eval("table(select((2,3):(3,1), 0, 1))"), "[3,4,5]");
    assert_eq!(eval("select(8:1, 0, 5)"), "view(1:0,5)");
    let views = split_axis(&layout("(2,3,4):(12,4,1)"), 0).unwrap();
    assert_eq!(views.len(), 2);
    // UniqueConsecutive's split: sub-tensor i holds the elements with index i on the axis.
    for (i, v) in views.iter().enumerate() {
        let mut got: Vec<i64> = v.offsets().collect();
        got.sort_unstable();
        let want: Vec<i64> = (0..12).map(|k| 12 * i as i64 + k).collect();
        assert_eq!(got, want);
    }
    let v = select(&layout("((2,2),3):((1,6),2)"), 0, 3).unwrap();
    assert_eq!(v.to_string(), "view(3:2,7)");

    let (kind, at) = fails("select((2,3):(3,1), 1, 3)");
    assert_eq!(
        kind,
        ErrorKind::CoordOutOfRange {
            what: "index",
            coord: 3,
            axis: 1,
            extent: 3
        }
    );
    assert_eq!(at, "3");
    let (kind, at) = fails("select((2,3):(3,1), -3, 0)");
    assert!(matches!(
        kind,
        ErrorKind::AxisOutOfRange { axis: -3, rank: 2 }
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
    assert!(matches!(kind, ErrorKind::OutOfRange { found: 0, .. }));
    assert_eq!(at, "(0,3)");
    let (kind, at) = fails("block((5,4):(4,1), (2,(3)), 0)");
    assert!(matches!(kind, ErrorKind::NotFlat { .. }));
    assert_eq!(at, "(2,(3))");
    let (kind, at) = fails("block((5,4):(4,1), (2,3,4), 0)");
    assert_eq!(
        kind,
        ErrorKind::TilerTooLong {
            tiler: 3,
            layout: 2
        }
    );
    assert_eq!(at, "(2,3,4)");
    let (kind, at) = fails("block((5,4):(4,1), (2,3), 6)");
    assert_eq!(
        kind,
        ErrorKind::IndexOutOfRange {
            what: "block",
            index: 6,
            size: 6
        }
    );
    assert_eq!(at, "6");
    let (kind, at) = fails("block((5,4):(4,1), (2,3), (3,0))");
    assert!(matches!(
        kind,
        ErrorKind::CoordOutOfRange {
            coord: 3,
            axis: 0,
            extent: 3,
            ..
        }
    ));
    assert_eq!(at, "(3,0)");
    let (kind, at) = fails("block((5,4):(4,1), (2,3), (1,0,0))");
    assert!(matches!(kind, ErrorKind::RankMismatch { .. }));
    assert_eq!(at, "(1,0,0)");
    let (kind, at) = fails("block(((2,3),4):((1,2),6), (2,2), 0)");
    assert!(matches!(
        kind,
        ErrorKind::ModeNotLeaf {
            function: "block",
            mode: 0,
            ..
        }
    ));
    assert_eq!(at, "((2,3),4):((1,2),6)");
}

#[test]
fn unknown_names_suggest_the_seed_functions() {
    let (kind, at) = fails("diagnal((3,4):(4,1))");
    assert_eq!(
        kind,
        ErrorKind::UnknownFunction {
            name: "diagnal".into(),
            suggestion: Some("diagonal")
        }
    );
    assert_eq!(at, "diagnal");
    let (kind, _) = fails("diagonal((3,4):(4,1), 0, 0, 1, 1)");
    assert_eq!(
        kind,
        ErrorKind::WrongArgumentCount {
            name: "diagonal",
            expected: "1 to 4 arguments",
            found: 5
        }
    );
    let (kind, at) = fails("ColumMajor");
    assert!(matches!(
        kind,
        ErrorKind::UnknownName {
            suggestion: Some("ColumnMajor"),
            ..
        }
    ));
    assert_eq!(at, "ColumMajor");
}

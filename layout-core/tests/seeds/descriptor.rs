//! Composable Kernel's HostTensorDescriptor as layouts.

use super::*;

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
    assert!(matches!(
        nested.kind(),
        ErrorKind::Domain(DomainError::NotFlat { .. })
    ));
}

#[test]
fn descriptor_errors() {
    let (kind, at) = fails("descriptor((2,3,4), (12,1,4), RowMajor)");
    assert_eq!(
        kind,
        ErrorKind::Idiom(IdiomError::DescriptorStrideTooSmall {
            tag: "RowMajor",
            dim: 1,
            stride: 1,
            needed: 16,
            inner: 2,
            extent: 4,
            inner_stride: 4
        })
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
        ErrorKind::Idiom(IdiomError::DescriptorStrideTooSmall {
            dim: 0,
            needed: 12,
            ..
        })
    ));
    assert_eq!(at, "(5,4,1)");
    let (kind, _) = fails("descriptor((3,4), (1,2), ColumnMajor)");
    assert!(matches!(
        kind,
        ErrorKind::Idiom(IdiomError::DescriptorStrideTooSmall {
            dim: 1,
            needed: 3,
            ..
        })
    ));
    // Only the innermost two strides are computed; a 0 elsewhere is an error.
    let (kind, at) = fails("descriptor((2,3,4), (0,0,16), RowMajor)");
    assert!(matches!(
        kind,
        ErrorKind::Idiom(IdiomError::DescriptorStrideNotPositive {
            dim: 0,
            stride: 0,
            ..
        })
    ));
    assert_eq!(at, "(0,0,16)");
    let (kind, at) = fails("descriptor((2,3,4), (0,4,1), RowMajor)");
    assert_eq!(
        kind,
        ErrorKind::Idiom(IdiomError::DescriptorStrideNotPositive {
            tag: "RowMajor",
            dim: 0,
            stride: 0
        })
    );
    assert_eq!(at, "(0,4,1)");
    let (kind, at) = fails("descriptor((2,3,4), (4,1), RowMajor)");
    assert_eq!(
        kind,
        ErrorKind::Idiom(IdiomError::DescriptorRank {
            lengths: 3,
            strides: 2
        })
    );
    assert_eq!(at, "(4,1)");
    let (kind, at) = fails("descriptor((2,-3), RowMajor)");
    assert_eq!(kind, ErrorKind::Domain(DomainError::NegativeExtent(-3)));
    assert_eq!(at, "(2,-3)");
    let (kind, at) = fails("descriptor((2,(3,4)), RowMajor)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::NotFlat { .. })
    ));
    assert_eq!(at, "(2,(3,4))");
    let (kind, at) = fails("descriptor((2,3), (3,(1)), RowMajor)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::NotFlat { .. })
    ));
    assert_eq!(at, "(3,(1))");
    let (kind, at) = fails("descriptor((2,3), LayoutRight)");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "LayoutRight");
    let (kind, at) = fails("descriptor((2,3), RowMajr)");
    assert_eq!(
        kind,
        ErrorKind::Call(CallError::UnknownName {
            name: "RowMajr".into(),
            suggestion: Some("RowMajor")
        })
    );
    assert_eq!(at, "RowMajr");
    let (kind, at) = fails("descriptor((2,3))");
    assert!(matches!(
        kind,
        ErrorKind::Call(CallError::WrongArgumentCount { found: 1, .. })
    ));
    assert_eq!(at, "descriptor((2,3))");
}

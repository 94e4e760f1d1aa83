//! The rows of `CASES` for the notation itself: text, layouts, scaled-basis
//! strides, names and arguments, arithmetic overflow, coordinates.

/// `(input, ErrorKind variant, span start, span end)`.
pub const NOTATION: &[(&str, &str, usize, usize)] = &[
    // ---- text ----
    ("(2,3", "Unclosed", 0, 1),
    ("size(()", "Unclosed", 4, 5),
    ("<2:1,3:1", "Unclosed", 0, 1),
    ("x(", "Unclosed", 1, 2),
    ("(2,3))", "Unmatched", 5, 6),
    ("<2:1,(3,4)>)", "Unmatched", 11, 12),
    ("2$3", "BadCharacter", 1, 2),
    ("(2,3) 4", "TrailingInput", 6, 7),
    ("(2,3):(1,2):(3,4)", "TrailingInput", 11, 12),
    ("99999999999999999999", "IntegerTooLarge", 0, 20),
    ("-9223372036854775809", "IntegerTooLarge", 1, 20),
    ("-(2)", "UnexpectedToken", 1, 2),
    ("8:-", "UnexpectedEnd", 3, 3),
    ("", "UnexpectedEnd", 0, 0),
    ("  ", "UnexpectedEnd", 2, 2),
    ("(1,,2)", "UnexpectedToken", 3, 4),
    ("(2,3>", "UnexpectedToken", 4, 5),
    ("8:", "UnexpectedEnd", 2, 2),
    (":8", "UnexpectedToken", 0, 1),
    // ---- layouts ----
    ("(2,3):4", "NotCongruent", 6, 7),
    ("(2,-3):(1,2)", "NegativeExtent", 0, 6),
    ("make_layout((2,-3),(1,2))", "NegativeExtent", 12, 18),
    ("crd2idx(1,(2,-3),(1,2))", "NegativeExtent", 10, 16),
    ("idx2crd(1,(2,-3),(1,2))", "NegativeExtent", 10, 16),
    ("size(make_layout((2,3), (1,2,3)))", "NotCongruent", 24, 31),
    // A tiler's integer `n` is the layout `n:1`.
    ("composition(8:1, -3)", "NegativeExtent", 17, 19),
    ("logical_divide(8:1, (2,-2))", "NegativeExtent", 20, 26),
    // ---- scaled-basis strides ----
    ("1@", "UnexpectedEnd", 2, 2),
    ("1@x", "UnexpectedToken", 2, 3),
    ("1@-1", "UnexpectedToken", 2, 3),
    ("(2,2):(1@256,1@0)", "ScaledBasis", 9, 12),
    ("(4,8):(1,1@1)", "ScaledBasis", 6, 13),
    ("(4,8):(1@0,1@0@0)", "ScaledBasis", 6, 17),
    ("(4,8):(1@0)", "NotCongruent", 6, 11),
    ("(1@0,2):(1,2)", "WrongType", 0, 7),
    ("size(1@0)", "WrongType", 5, 8),
    (
        "(2,2):(4611686018427387904@0,4611686018427387904@0)",
        "Overflow",
        6,
        51,
    ),
    ("make_identity_layout((2,-3))", "NegativeExtent", 0, 28),
    ("make_identity_layout(8:1)", "WrongType", 21, 24),
    ("cosize((4,8):(-1@0,1@1))", "ScaledBasis", 7, 23),
    ("composition((4,8):(8,1), 4:1@2)", "ScaledBasis", 25, 30),
    (
        "composition(((2,2),8):((1,16),2), (2,2):(1@0,1@0))",
        "ScaledBasis",
        34,
        49,
    ),
    (
        "right_inverse(make_identity_layout((4,8)))",
        "ScaledBasis",
        14,
        41,
    ),
    (
        "complement(make_identity_layout((4,8)), 64)",
        "ScaledBasis",
        11,
        38,
    ),
    (
        "composition(8:1, make_identity_layout((4,8)))",
        "ScaledBasis",
        17,
        44,
    ),
    // A view of a basis layout starts at a coordinate or a scaled basis.
    ("view((4):(1@0),3)", "ScaledBasis", 15, 16),
    ("view((4):(1@0),(1@0,2))", "ScaledBasis", 15, 22),
    (
        "slice((_,3,1), make_identity_layout((4,8)))",
        "RankMismatch",
        6,
        13,
    ),
    (
        "slice(LayoutLeft, make_identity_layout((4,8)))",
        "WrongType",
        6,
        16,
    ),
    // Two basis layouts: CuTe returns (2,2):(1@0@0,1@0@0), ((2,0),0) at index 3, not ((0,1),0).
    (
        "composition(make_identity_layout(((2,3),4)), (2,2):(1@0,1@0))",
        "ScaledBasis",
        45,
        60,
    ),
    (
        "composition(make_identity_layout((4,8)), (2,2):(1@2,1@0))",
        "ScaledBasis",
        41,
        56,
    ),
    (
        "composition(make_identity_layout((4,8)), (2,2):(1@1@0,1@1))",
        "ScaledBasis",
        41,
        58,
    ),
    // CuTe returns (2,2):(1@0,3@0), which is (4,0) at index 3, not (0,1).
    (
        "composition(make_identity_layout((4,8)), (2,2):(1,3))",
        "ScaledBasis",
        41,
        52,
    ),
    (
        "composition(make_identity_layout((4,8)), 4:-1)",
        "ScaledBasis",
        41,
        45,
    ),
    (
        "composition(make_identity_layout((4,8)), 6:1)",
        "ScaledBasis",
        41,
        44,
    ),
    (
        "logical_divide(make_identity_layout((4,8)), 3:1)",
        "ScaledBasis",
        44,
        47,
    ),
    (
        "crd2idx((1,2,3), make_identity_layout((4,8)))",
        "RankMismatch",
        8,
        15,
    ),
    (
        "get(make_identity_layout((4,8)), 2)",
        "ModeOutOfRange",
        33,
        34,
    ),
    (
        "zipped_divide(make_identity_layout((4,8)), <2,4,2>)",
        "TilerTooLong",
        43,
        50,
    ),
    // Found by the `eval` fuzz target: an integer stride brought among
    // scaled bases by the call, which neither argument has alone, had no span.
    (
        "append(make_identity_layout((4,8)), 2:4)",
        "ScaledBasis",
        0,
        40,
    ),
    (
        "prepend(2:4, make_identity_layout((4,8)))",
        "ScaledBasis",
        0,
        41,
    ),
    (
        "append(make_identity_layout((4,8)), 2:1@1@0)",
        "ScaledBasis",
        0,
        44,
    ),
    // ---- names and arguments ----
    ("crd2ix(1, 8:1)", "UnknownFunction", 0, 6),
    ("frobnicate(2)", "UnknownFunction", 0, 10),
    ("size(foo)", "UnknownName", 5, 8),
    ("size(LayoutRigth)", "UnknownName", 5, 16),
    ("shape(8:1, 0, 0, 1, 2)", "ModeOutOfRange", 17, 18),
    ("size()", "WrongArgumentCount", 0, 6),
    ("size(LayoutRight)", "WrongType", 5, 16),
    ("composition(LayoutLeft, 2)", "WrongType", 12, 22),
    ("complement(4:1, 2:1)", "WrongType", 16, 19),
    ("coalesce(8:1, 2:1)", "WrongType", 14, 17),
    ("blocked_product(2:1, 3)", "WrongType", 21, 22),
    ("shape(2)", "WrongType", 6, 7),
    ("make_layout(2:1, (2,3))", "WrongType", 17, 22),
    ("make_layout((2,3), 2:1)", "WrongType", 19, 22),
    // ---- arithmetic overflow ----
    // A composed layout's offset: scaled by a downcast, or plus an offset
    // of the inner layout (in a table, at the composed layout).
    (
        "downcast(Sw<3,3,3> o 4611686018427387904 o 2:1, 2)",
        "Overflow",
        0,
        50,
    ),
    (
        "table(Sw<3,3,3> o 9223372036854775807 o 2:1)",
        "Overflow",
        6,
        43,
    ),
    ("size((4294967296,4294967296))", "Overflow", 0, 29),
    ("make_layout((4294967296,4294967296))", "Overflow", 12, 35),
    ("(4294967296,4294967296):(0,0)", "Overflow", 0, 23),
    (
        "(2,2):(9223372036854775807,9223372036854775807)",
        "Overflow",
        0,
        47,
    ),
    (
        "crd2idx(1,(2,2),(9223372036854775807,9223372036854775807))",
        "Overflow",
        10,
        57,
    ),
    ("crd2idx(4611686018427387904, 8:2)", "Overflow", 8, 27),
    (
        "logical_product(4:1, 4611686018427387904:1)",
        "Overflow",
        0,
        43,
    ),
    // Empty (extent 0), but `filter` drops the stride-0 zero mode as CuTe
    // does: the two 2^40 extents left multiply past i64.
    (
        "filter((1099511627776,(4,2,0),1099511627776):(-1,(0,0,0),1))",
        "Overflow",
        0,
        60,
    ),
    // ---- coordinates ----
    ("crd2idx((1,2,3), (2,3):(1,2))", "RankMismatch", 8, 15),
    (
        "crd2idx((1,(2,3)), (2,3):(1,2))",
        "CoordinateTooDeep",
        8,
        17,
    ),
    ("crd2idx(5, (2,0,3):(1,2,3))", "ZeroSizeMode", 8, 9),
    ("idx2crd(5, (2,0,3))", "ZeroSizeMode", 11, 18),
    ("idx2crd((1,2), (2,3,4))", "RankMismatch", 8, 13),
    ("idx2crd(-1, (2,3), LayoutRight)", "OutOfRange", 8, 10),
];

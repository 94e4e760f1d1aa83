//! Every way `evaluate` can refuse an input: the error's kind, the exact
//! bytes its span covers, and a message in words. One row per input, so a
//! changed span or kind shows up as one failing row with its input.

use layout_core::notation::MAX_DEPTH;
use layout_core::{ErrorKind, evaluate};

/// `(input, ErrorKind variant, span start, span end)`.
const CASES: &[(&str, &str, usize, usize)] = &[
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
    // ---- algebra preconditions: the operand at fault ----
    // CuTe answers (2,7):(7,1), but A(B(3)) = A(8) = 100, not 7 + 1: no layout of shape (2,7) is A∘B.
    (
        "composition((8,2):(1,100), (2,7):(7,1))",
        "NotAdditive",
        27,
        38,
    ),
    ("composition((4,3):(1,8), 3:3)", "NotAdmissible", 25, 28),
    ("composition((4,2):(1,8), 6:1)", "NotAdmissible", 25, 28),
    ("complement((2,2):(1,1))", "NotInjective", 11, 22),
    ("left_inverse((2,2):(1,1))", "NotInjective", 13, 24),
    ("complement((2,2):(1,3), 12)", "NotComplementable", 11, 22),
    ("complement((2,2):(1,-4), 16)", "NegativeStride", 11, 23),
    ("complement((2,2):(1,-4))", "NegativeStride", 11, 23),
    ("complement(4:1, -1)", "OutOfRange", 16, 18),
    ("complement((2,0):(1,2))", "ZeroSizeMode", 11, 22),
    // A divide complements the tiler, a product the layout: each blames its own.
    ("logical_divide(8:1, (2,2):(1,1))", "NotInjective", 20, 31),
    ("zipped_divide(8:1, (2,2):(1,-1))", "NegativeStride", 19, 31),
    ("logical_product((2,2):(1,1), 2:1)", "NotInjective", 16, 27),
    (
        "logical_divide((4,4):(1,4), <2,2,2>)",
        "TilerTooLong",
        28,
        35,
    ),
    ("composition(8:1, <2,2>)", "TilerTooLong", 17, 22),
    // CuTe's complement rounds the hole 64/18 down to 3; B's 4 copies reach past it.
    (
        "logical_product((2,(9,3)):(1,(2,64)), 4:1)",
        "ProductPastHole",
        38,
        41,
    ),
    (
        "tile_to_shape((2,3):(1,5), (4,6))",
        "ProductPastHole",
        0,
        33,
    ),
    ("coalesce((2,2):(1,2), (1,1,1))", "TilerTooLong", 22, 29),
    // ---- constructors and recasts ----
    ("make_ordered_layout(2:1, (0,1))", "WrongType", 20, 23),
    ("make_ordered_layout((2,3), 2:1)", "WrongType", 27, 30),
    (
        "make_ordered_layout((2,3), (0,1,2))",
        "OrderMismatch",
        27,
        34,
    ),
    ("make_ordered_layout(4, (0,1))", "OrderMismatch", 23, 28),
    ("make_ordered_layout((2,3), (0,0))", "OrderTie", 27, 32),
    (
        "make_ordered_layout((2,-3), (0,1))",
        "NegativeExtent",
        20,
        26,
    ),
    ("make_layout_like((2,3))", "WrongType", 17, 22),
    ("make_fragment_like(LayoutLeft)", "WrongType", 19, 29),
    (
        "tile_to_shape((2,2,2):(1,2,4), (4,4))",
        "BlockRankTooHigh",
        14,
        29,
    ),
    (
        "tile_to_shape((3,2):(1,3), (4,6))",
        "BlockNotDividing",
        27,
        32,
    ),
    (
        "tile_to_shape((2,2):(1,2), (4,4), (0,0))",
        "OrderTie",
        34,
        39,
    ),
    (
        "tile_to_shape((2,2):(1,2), (4,4), (0,1,2))",
        "OrderMismatch",
        34,
        41,
    ),
    (
        "tile_to_shape((2,2):(1,2), (4,4), 2:1)",
        "WrongType",
        34,
        37,
    ),
    ("tile_to_shape((2,2):(1,2), 4:1)", "WrongType", 27, 30),
    ("upcast(8:3, 4)", "RecastNotDivisible", 7, 10),
    ("upcast(8:1, 0)", "OutOfRange", 12, 13),
    ("upcast(8:1, (2,2))", "WrongType", 12, 17),
    ("downcast((4,2):(2,8), 2)", "NoUnitStride", 9, 20),
    ("downcast(8:1, -2)", "OutOfRange", 14, 16),
    (
        "downcast((2,2):(1,4611686018427387904), 4)",
        "Overflow",
        0,
        42,
    ),
    (
        "recast_layout((4,2):(1,6), 8, 32)",
        "RecastNotDivisible",
        14,
        25,
    ),
    ("recast_layout(8:1, 0, 32)", "OutOfRange", 19, 20),
    ("recast_layout(8:1, 16, -8)", "OutOfRange", 23, 25),
    ("complement(4:1, (2,0))", "OutOfRange", 16, 21),
    ("complement((2,2):(1,1), (4,4))", "NotInjective", 11, 22),
    ("complement(4:1, LayoutLeft)", "WrongType", 16, 26),
    // ---- errors inside arguments point inside ----
    (
        "size(composition((4,2):(1,8), (2,(3)):(1,2)))",
        "NotCongruent",
        38,
        43,
    ),
    (
        "logical_divide(8:1, <2, complement(1:1,x)>)",
        "UnknownName",
        39,
        40,
    ),
    ("rank(flatten(complement(6:1, 4:1)))", "WrongType", 29, 32),
    // ---- modes, analysis, integer-tuple arithmetic: one row or more each ----
    ("size(8:1, 2)", "ModeOutOfRange", 10, 11),
    ("get((2,3):(1,2), 2)", "ModeOutOfRange", 17, 18),
    ("get(2:1, LayoutLeft)", "WrongType", 9, 19),
    ("get((2,3), -1)", "OutOfRange", 11, 13),
    ("size((2,3), 1, 0, 1)", "ModeOutOfRange", 18, 19),
    ("shape((2,3):(1,2), 5)", "ModeOutOfRange", 19, 20),
    ("stride(8:1, 1)", "ModeOutOfRange", 12, 13),
    ("rank(<2:1,3:1>, 0)", "WrongType", 5, 14),
    ("depth((2,(3,4)), 1, 2)", "ModeOutOfRange", 20, 21),
    ("cosize((2,3), 0)", "WrongType", 7, 12),
    ("take((2,3,4):(1,2,6), 2, 2)", "ModeRangeOutOfRange", 22, 26),
    ("take((2,3):(1,2), 0, 3)", "ModeRangeOutOfRange", 18, 22),
    ("select((2,3):(1,2), 0, 2)", "ModeOutOfRange", 23, 24),
    ("group((2,3,4), 2, 1)", "ModeRangeOutOfRange", 15, 19),
    ("append((2,3):(1,2), (4,5))", "WrongType", 20, 25),
    ("append((2,3,4), 1, 2)", "OutOfRange", 19, 20),
    ("append((2,3), 1, 100000000000)", "RankTooLarge", 17, 29),
    ("prepend(2:1, 1:0, 5000)", "RankTooLarge", 18, 22),
    ("prepend((2,3), 4:1)", "WrongType", 15, 18),
    ("replace((2,3), 2, 7)", "ModeOutOfRange", 15, 16),
    ("replace(4:1, 0, 7)", "WrongType", 16, 17),
    ("unflatten((2,(3,4)):(1,(2,6)), (1,1,1))", "NotFlat", 10, 29),
    ("unflatten((2,3,4), (1,1))", "ProfileMismatch", 19, 24),
    ("with_shape((4,8):(8,1), (3,2))", "NotAdditive", 24, 29),
    ("with_shape(8:1, 2:1)", "WrongType", 16, 19),
    ("with_shape(8:1, (2,-4))", "NegativeExtent", 16, 22),
    ("coshape((2,3))", "WrongType", 8, 13),
    ("coshape(8:1, 1)", "ModeOutOfRange", 13, 14),
    ("nullspace((2,3))", "WrongType", 10, 15),
    ("max_common_vector(8:1)", "WrongArgumentCount", 0, 22),
    ("max_common_vector(8:1, 8)", "WrongType", 23, 24),
    ("max_common_layout((2,3), 6:1)", "WrongType", 18, 23),
    ("max_alignment(8)", "WrongType", 14, 15),
    ("max_alignment((4,2):(-1,4))", "NegativeStride", 14, 26),
    ("compatible(LayoutLeft, 2)", "WrongType", 11, 21),
    ("congruent((2,3))", "WrongArgumentCount", 0, 16),
    ("weakly_congruent(<2:1>, 2)", "WrongType", 17, 22),
    ("evenly_divides((8,6), 0)", "OutOfRange", 22, 23),
    ("evenly_divides((8,6), 4:1)", "WrongType", 22, 25),
    ("crd2crd((1,2), (2,3), (6,1,1))", "TupleRanks", 0, 30),
    ("product_each(2:1)", "WrongType", 13, 16),
    ("shape_div(12, 5)", "NotDivisible", 0, 16),
    ("shape_div((2,3), (1,2,3))", "TupleRanks", 0, 25),
    ("ceil_div(7, 0)", "OutOfRange", 12, 13),
    ("ceil_div((7,9), (2,4,1))", "TupleRanks", 0, 24),
    ("ceil_div(-7, 2)", "NegativeExtent", 9, 11),
    ("filter_zeros(LayoutLeft)", "WrongType", 13, 23),
    (
        "filter_zeros(((2,3),4):((1,2),6), (1,(0,1)))",
        "TupleRanks",
        34,
        43,
    ),
    ("filter_zeros((2,3), (0,1))", "WrongType", 13, 18),
    // ---- partitioning: the coordinate, step, thread index or tiler at fault ----
    ("local_tile(8:1,4,2)", "IndexOutOfRange", 17, 18),
    ("local_tile((8,8):(1,8),4,16)", "IndexOutOfRange", 25, 27),
    ("local_tile(8:1,(4),(1,0))", "RankMismatch", 19, 24),
    ("local_tile(8:1,(4),((1,0)))", "CoordinateTooDeep", 19, 26),
    ("local_tile(8:1,(4,2),0,(1,X,1))", "TupleRanks", 23, 30),
    ("local_tile(8:1,4,0,LayoutLeft)", "WrongType", 19, 29),
    ("local_tile((6,2):(1,8),4:1,0)", "NotAdmissible", 23, 26),
    ("local_tile(8:1,4)", "WrongArgumentCount", 0, 17),
    ("local_partition(8:1,2:1,4)", "IndexOutOfRange", 24, 25),
    ("local_partition(8:1,4:1,-1)", "IndexOutOfRange", 24, 26),
    ("local_partition(8:1,2:0,1)", "NonPositiveStride", 20, 23),
    ("local_partition(8:1,(2,2),1)", "WrongType", 20, 25),
    ("local_partition(8:1,2:1,1,(1,X))", "TupleRanks", 26, 31),
    ("inner_partition(8:1,(2,2),0)", "TilerTooLong", 20, 25),
    ("outer_partition(8:1,(2),(2))", "IndexOutOfRange", 24, 27),
];

/// The variant's name, from its `Debug` form (`Overflow("…")` → `Overflow`).
fn variant(kind: &ErrorKind) -> String {
    let debug = format!("{kind:?}");
    let end = debug.find([' ', '(', '{']).unwrap_or(debug.len());
    debug[..end].to_owned()
}

/// What is wrong with a message meant for a person: it should be words
/// (`unmatched `)`` is the shortest), with no leftovers of `Debug` output.
fn unreadable(message: &str) -> Option<String> {
    if message.split_whitespace().count() < 2 {
        return Some("is not words".into());
    }
    ["Some(", "None", "\"", "{", "}"]
        .iter()
        .find(|leftover| message.contains(*leftover))
        .map(|leftover| format!("has `{leftover}`"))
}

#[test]
fn every_bad_input_has_its_kind_span_and_message() {
    let mut failures = Vec::new();
    for &(src, expected, start, end) in CASES {
        let e = match evaluate(src) {
            Ok(v) => {
                failures.push(format!("{src:?}: evaluated to {v}"));
                continue;
            }
            Err(e) => e,
        };
        let found = (variant(e.kind()), e.span().map(|s| (s.start, s.end)));
        if found != (expected.to_owned(), Some((start, end))) {
            let covered = e.span().and_then(|s| src.get(s.start..s.end));
            failures.push(format!(
                "{src:?}: expected {expected} at {start}..{end} ({:?}), got {found:?} ({covered:?}): {e}",
                &src[start..end]
            ));
        }
        if let Some(why) = unreadable(&e.to_string()) {
            failures.push(format!("{src:?}: message \"{e}\" {why}"));
        }
    }
    assert!(CASES.len() >= 35);
    eprintln!("errors: {} bad inputs", CASES.len());
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn argument_counts_are_words_from_the_numbers() {
    for (src, message) in [
        (
            "logical_divide(8:1)",
            "`logical_divide` takes 2 arguments, but 1 was given",
        ),
        (
            "nullspace(1, 2)",
            "`nullspace` takes 1 argument, but 2 were given",
        ),
        ("take(1, 2)", "`take` takes 3 arguments, but 2 were given"),
        (
            "coalesce()",
            "`coalesce` takes 1 or 2 arguments, but 0 were given",
        ),
        (
            "make_layout()",
            "`make_layout` takes at least 1 argument, but 0 were given",
        ),
        (
            "diagonal(8:1, 0, 0, 1, 1)",
            "`diagonal` takes 1 to 4 arguments, but 5 were given",
        ),
    ] {
        assert_eq!(evaluate(src).unwrap_err().to_string(), message);
    }
}

#[test]
fn suggestions_are_close_names_only() {
    let e = evaluate("crd2ix(1, 8:1)").unwrap_err();
    assert!(matches!(
        e.kind(),
        ErrorKind::UnknownFunction {
            suggestion: Some("crd2idx"),
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "unknown function `crd2ix`; did you mean `crd2idx`?"
    );
    let e = evaluate("frobnicate(2)").unwrap_err();
    assert!(matches!(
        e.kind(),
        ErrorKind::UnknownFunction {
            suggestion: None,
            ..
        }
    ));
    let e = evaluate("size(LayoutRigth)").unwrap_err();
    assert!(e.to_string().ends_with("did you mean `LayoutRight`?"));
}

#[test]
fn bad_characters_are_escaped_in_messages() {
    // A NUL or an escape byte printed raw would garble a terminal or the
    // one-line protocol of `layout eval`'s batch mode.
    for (src, shown) in [
        ("8\0:1", "\\0"),
        ("8:\u{1b}1", "\\u{1b}"),
        ("8\u{200b}:1", "\\u{200b}"),
        ("8:1\t!", "!"),
    ] {
        let message = evaluate(src).unwrap_err().to_string();
        assert_eq!(
            message,
            format!("unexpected character `{shown}`"),
            "{src:?}"
        );
    }
}

#[test]
fn nesting_is_limited_not_a_stack_overflow() {
    // The limit itself parses and evaluates; one more level is refused at
    // the bracket that crosses it.
    let at_limit = format!("{}1{}", "size(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert_eq!(evaluate(&at_limit).unwrap().to_string(), "1");
    for (open, close) in [("(", ")"), ("<", ">"), ("size(", ")")] {
        let src = format!(
            "{}1{}",
            open.repeat(MAX_DEPTH + 1),
            close.repeat(MAX_DEPTH + 1)
        );
        let e = evaluate(&src).unwrap_err();
        let start = open.len() * (MAX_DEPTH + 1) - 1;
        assert_eq!(e.kind(), &ErrorKind::TooDeep { limit: MAX_DEPTH });
        assert_eq!(e.span().map(|s| (s.start, s.end)), Some((start, start + 1)));
    }
    let e = evaluate(&"(".repeat(100_000)).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TooDeep { limit: MAX_DEPTH });
}

#[test]
fn empty_layouts_with_huge_extents_do_not_overflow() {
    // Size 0 (the first extent), so the extents after it may multiply past
    // i64: coalescing keeps those modes apart instead of overflowing.
    let huge = "(0,3,1099511627776,1099511627776):(1,7,0,0)";
    for (call, want) in [
        ("coalesce", "(0,3,1099511627776,1099511627776):(1,7,0,0)"),
        ("filter", "(0,3):(1,7)"),
        ("right_inverse", "0:1"),
    ] {
        let got = evaluate(&format!("{call}({huge})")).unwrap();
        assert_eq!(got.to_string(), want, "{call}");
    }
    // As in CuTe, the filter of an empty layout drops a stride-0 zero mode.
    assert_eq!(evaluate("filter((0,2):(0,1))").unwrap().to_string(), "2:1");
    // Merging still happens where the product fits.
    let fits = evaluate("coalesce((0,3,4,5):(1,7,0,0))").unwrap();
    assert_eq!(fits.to_string(), "(0,3,20):(1,7,0)");
    // The offsets walker merges modes too (found by a longer fuzz run: an
    // overflow panic in debug builds); an empty layout walks nothing.
    let walked = "((0,1099511627776),(1099511627776,1099511627776,22)):((0,1),(0,0,0))";
    assert_eq!(
        evaluate(&format!("table({walked})")).unwrap().to_string(),
        "[]"
    );
    let layout: layout_core::Layout = walked.parse().unwrap();
    assert_eq!(layout.offsets().count(), 0);
}

#[test]
fn coalescing_a_mode_of_an_empty_layout_keeps_what_does_not_fit() {
    // Found by the fuzz: mode 2 alone has a size past i64 (mode 1 makes the
    // whole layout empty). Coalesced by mode, it used to become a wrong
    // `1:0` in release builds (a debug assertion in debug builds).
    let empty = "(1,(0,6,17),(1,1099511627776,5,1099511627776)):(0,(0,0,0),(0,0,0,0))";
    for (profile, want) in [
        ("(1,1,1)", "(1,0,(5497558138880,1099511627776)):(0,0,(0,0))"),
        (
            "(1,1)",
            "(1,0,(1,1099511627776,5,1099511627776)):(0,0,(0,0,0,0))",
        ),
    ] {
        let got = evaluate(&format!("coalesce({empty}, {profile})")).unwrap();
        assert_eq!(got.to_string(), want, "profile {profile}");
    }
}

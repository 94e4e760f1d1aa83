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
    ("2@3", "BadCharacter", 1, 2),
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
    // ---- names and arguments ----
    ("crd2ix(1, 8:1)", "UnknownFunction", 0, 6),
    ("frobnicate(2)", "UnknownFunction", 0, 10),
    ("size(foo)", "UnknownName", 5, 8),
    ("size(LayoutRigth)", "UnknownName", 5, 16),
    ("size(8:1, 2)", "WrongArgumentCount", 0, 12),
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
    (
        "logical_divide((4,4):(1,4), <2,2,2>)",
        "TilerTooLong",
        28,
        35,
    ),
    ("composition(8:1, <2,2>)", "TilerTooLong", 17, 22),
    ("coalesce((2,2):(1,2), (1,1,1))", "TilerTooLong", 22, 29),
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
        let found = (variant(&e.kind), e.span.map(|s| (s.start, s.end)));
        if found != (expected.to_owned(), Some((start, end))) {
            let covered = e.span.and_then(|s| src.get(s.start..s.end));
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
fn suggestions_are_close_names_only() {
    let e = evaluate("crd2ix(1, 8:1)").unwrap_err();
    assert!(matches!(
        e.kind,
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
        e.kind,
        ErrorKind::UnknownFunction {
            suggestion: None,
            ..
        }
    ));
    let e = evaluate("size(LayoutRigth)").unwrap_err();
    assert!(e.to_string().ends_with("did you mean `LayoutRight`?"));
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
        assert_eq!(e.kind, ErrorKind::TooDeep { limit: MAX_DEPTH });
        assert_eq!(e.span.map(|s| (s.start, s.end)), Some((start, start + 1)));
    }
    let e = evaluate(&"(".repeat(100_000)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooDeep { limit: MAX_DEPTH });
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
}

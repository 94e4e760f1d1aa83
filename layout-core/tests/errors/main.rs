//! Every way `evaluate` can refuse an input: the error's kind, the exact
//! bytes its span covers, and a message in words. One row per input, so a
//! changed span or kind shows up as one failing row with its input.

use layout_core::notation::MAX_DEPTH;
use layout_core::{CallError, ErrorKind, SyntaxError, evaluate};

mod algebra_cases;
mod notation_cases;

/// Every bad input: `(input, ErrorKind variant, span start, span end)`.
const CASES: [&[(&str, &str, usize, usize)]; 2] =
    [notation_cases::NOTATION, algebra_cases::ALGEBRA];

/// The variant's name, from its `Debug` form, inside its family
/// (`Shape(NotCongruent { … })` → `NotCongruent`; `Overflow("…")` → `Overflow`).
fn variant(kind: &ErrorKind) -> String {
    let debug = format!("{kind:?}");
    let name_end = |s: &str| s.find([' ', '(', '{']).unwrap_or(s.len());
    let outer = &debug[..name_end(&debug)];
    let inner = debug[outer.len()..].strip_prefix('(');
    match inner {
        Some(inner) if inner.starts_with(char::is_uppercase) => inner[..name_end(inner)].to_owned(),
        _ => outer.to_owned(),
    }
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
    for &(src, expected, start, end) in CASES.concat().iter() {
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
    let count = CASES.iter().map(|rows| rows.len()).sum::<usize>();
    assert!(count >= 35);
    eprintln!("errors: {count} bad inputs");
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
        ErrorKind::Call(CallError::UnknownFunction {
            suggestion: Some("crd2idx"),
            ..
        })
    ));
    assert_eq!(
        e.to_string(),
        "unknown function `crd2ix`; did you mean `crd2idx`?"
    );
    let e = evaluate("frobnicate(2)").unwrap_err();
    assert!(matches!(
        e.kind(),
        ErrorKind::Call(CallError::UnknownFunction {
            suggestion: None,
            ..
        })
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
        assert_eq!(
            e.kind(),
            &ErrorKind::Syntax(SyntaxError::TooDeep { limit: MAX_DEPTH })
        );
        assert_eq!(e.span().map(|s| (s.start, s.end)), Some((start, start + 1)));
    }
    let e = evaluate(&"(".repeat(100_000)).unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::Syntax(SyntaxError::TooDeep { limit: MAX_DEPTH })
    );
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

#[test]
fn overflow_messages_are_sentences_naming_the_number() {
    for src in [
        "downcast(Sw<3,3,3> o 4611686018427387904 o 2:1, 2)",
        "table(Sw<3,3,3> o 9223372036854775807 o 2:1)",
    ] {
        let e = evaluate(src).unwrap_err();
        assert_eq!(
            e.to_string(),
            "an offset of the composed layout does not fit in 64 bits",
            "{src}"
        );
    }
    let e = evaluate("size((4294967296,4294967296))").unwrap_err();
    assert_eq!(e.to_string(), "a product does not fit in 64 bits");
}

#[test]
fn a_long_token_is_quoted_by_its_start_and_length() {
    let long = "9".repeat(65);
    let e = evaluate(&long).unwrap_err();
    let start = "9".repeat(32);
    assert_eq!(
        e.to_string(),
        format!("integer `{start}…` (65 characters) does not fit in 64 bits")
    );
    // Up to 64 characters, whole.
    let e = evaluate(&"9".repeat(64)).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("integer `{}` does not fit in 64 bits", "9".repeat(64))
    );
    let e = evaluate(&format!("{}(1)", "é".repeat(70))).unwrap_err();
    let start = "é".repeat(32);
    assert_eq!(
        e.to_string(),
        format!("unknown function `{start}…` (70 characters)")
    );
}

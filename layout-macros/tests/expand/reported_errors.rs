//! Which `compile_error!`s an expansion reports, read as text rather
//! than snapshotted: every independent mistake once, nested tilers that
//! are not mistakes, and the swizzle parameters blamed one by one.

use proc_macro2::TokenStream;

use super::expand;
use super::support::expansion;

/// The `compile_error!` messages of an expansion, in order.
fn errors(input: &str) -> Vec<String> {
    let input: TokenStream = input.parse().expect("valid Rust tokens");
    let text = expand::expand(input).to_string();
    text.split("compile_error !")
        .skip(1)
        .map(|e| e.split('"').nth(1).unwrap_or_default().to_string())
        .collect()
}

#[test]
fn tilers_nest_even_when_angle_brackets_touch() {
    let by_mode = expansion("logical_divide((4,8):(8,1), <2:1,<4:1>>)");
    assert!(!by_mode.contains("compile_error"), "{by_mode}");
    let shifted = expansion("logical_divide((4,8):(8,1), <<2:1>,4:1>)");
    assert!(!shifted.contains("compile_error"), "{shifted}");
}

#[test]
fn every_independent_error_is_reported() {
    // Parse errors first (the core only sees a tree that parsed)…
    let found = errors("make_layout(crd2ix(1, 8:1), (4 8):(8,1), <2:1)");
    assert_eq!(
        found,
        ["expected `,` or `)`, found `8`", "`<` is never closed"]
    );
    // …then every evaluation error.
    let found = errors("make_layout(crd2ix(1, 8:1), (4,8):(8,1,0), complement((2,2):(1,1)))");
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].contains("did you mean `crd2idx`"));
    assert!(found[1].contains("not congruent"));
    assert!(found[2].contains("injective"));
}

#[test]
fn a_mode_index_out_of_range_is_an_error() {
    let found = errors("size((m,4):(1,m), 2)");
    assert_eq!(found.len(), 1, "{found:?}");
}

#[test]
fn a_bad_call_and_its_bad_argument_are_both_reported() {
    let found = errors("crd2ix((1,2,3), (4,8):(8,1,0))");
    assert_eq!(found.len(), 2, "{found:?}");
}

#[test]
fn swizzle_parameters_are_blamed_one_by_one() {
    assert_eq!(
        errors("(Sw<-1,3,3>, Sw<3,-1,3>, Sw<3,4,2>)"),
        [
            "a swizzle's BBits must be at least 0, got -1",
            "a swizzle's MBase must be at least 0, got -1",
            "the size |SShift| of a swizzle's shift must be at least 3, got 2",
        ]
    );
}

/// `type` of a slice with a dynamic leaf, a dynamic coordinate or a named
/// layout is the typed slice (`SliceOf::slice_of`, slice.rs), not an
/// error (a negative static stride's too, its base an `isize`); `type` of
/// a view the core still computes at run time (`view` with a dynamic
/// leaf) is refused, naming the typed door, rather than silently ignored.
#[test]
fn type_of_a_run_time_slice_is_refused() {
    let input = "type view((m,8):(8,1), 3)";
    let found = errors(input);
    assert_eq!(found.len(), 1, "{input}: {found:?}");
    assert!(
        found[0].contains("a view computed at run time"),
        "{input}: {found:?}"
    );
    assert!(found[0].contains("SliceOf::slice_of"), "{input}: {found:?}");
    for input in [
        "type slice((_,j), (4,8):(8,1))",
        "type slice((_,3), (m,8):(8,1))",
        "type slice((_,3), #A)",
        "type slice((_,3), (m,8):(8,-1))",
        "type dice((_,j), (m,8):(8,1))",
        "type dice((_,j), #A)",
        "type slice((_,3), (4,8):(8,1))",
        "slice((_,j), (4,8):(8,1))",
        "type local_tile((m,64):(1,m), (4,8), (1,_))",
    ] {
        assert_eq!(errors(input), Vec::<String>::new(), "{input}");
    }
    // The typed slice of a written-out layout checks the coordinate's rank
    // while compiling, as the static fold does.
    for input in ["slice((_,j,1), (4,8):(8,1))", "dice((_,3,_), (m,8):(8,1))"] {
        let found = errors(input);
        assert_eq!(found.len(), 1, "{input}: {found:?}");
        assert!(
            found[0].contains("coordinate has rank 3"),
            "{input}: {found:?}"
        );
    }
}

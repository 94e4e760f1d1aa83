//! Each function's entry says how it applies to a composed layout and to a
//! layout with scaled-basis strides (`on_composed`, `on_basis`); these
//! tests hold those fields to CuTe's lists, written out here independently
//! of the registry.

use layout_core::FUNCTIONS;
use layout_core::registry::{LiftedFinish, OnBasis, ProxyFinish};

/// The finish of a lifted function, in words (fn pointers do not compare).
fn finish_words(f: LiftedFinish) -> &'static str {
    match f {
        LiftedFinish::Keep => "keep",
        LiftedFinish::Recompose => "recompose",
        LiftedFinish::Swizzle => "swizzle",
        LiftedFinish::Own(_) => "own",
        _ => "unknown",
    }
}

/// The functions CuTe defines on a `ComposedLayout<A,O,B>`
/// (`include/cute/layout_composed.hpp`: `shape`, `size`, `rank`, `depth`,
/// `cosize`, `get`, `take`, `flatten`, `append`, `group`, `slice`,
/// `composition`, `complement`, `right_inverse`, `left_inverse`, the
/// divides and products, `tile_to_shape`, `filter`, `coalesce`, `upcast`,
/// `downcast`, `recast_layout`; its `operator()` is our `crd2idx(C, L)`
/// and, over every coordinate, `table`; `make_fragment_like` is
/// `layout.hpp`'s, of the inner layout), which argument is the composed
/// layout, and what becomes of the inner layout's result: kept (shape
/// functions), put back under the outer function (`recompose`: CuTe's
/// `composition(a.layout_a(), a.offset(), f(a.layout_b(), …))`), sent
/// through the outer function (`swizzle`: `operator()`), or the composed
/// layout's own (`slice_and_offset`, the inverses, the recasts).
/// `stride` is `= delete` there, and is not lifted.
const CUTE_COMPOSED: &[(&str, usize, &str)] = &[
    ("size", 0, "keep"),
    ("cosize", 0, "keep"),
    ("rank", 0, "keep"),
    ("depth", 0, "keep"),
    ("shape", 0, "keep"),
    ("complement", 0, "keep"),
    ("crd2idx", 1, "swizzle"),
    ("table", 0, "swizzle"),
    ("composition", 0, "recompose"),
    ("coalesce", 0, "recompose"),
    ("filter", 0, "recompose"),
    ("flatten", 0, "recompose"),
    ("get", 0, "recompose"),
    ("take", 0, "recompose"),
    ("group", 0, "recompose"),
    ("append", 0, "recompose"),
    ("logical_divide", 0, "recompose"),
    ("zipped_divide", 0, "recompose"),
    ("tiled_divide", 0, "recompose"),
    ("flat_divide", 0, "recompose"),
    ("logical_product", 0, "recompose"),
    ("zipped_product", 0, "recompose"),
    ("tiled_product", 0, "recompose"),
    ("flat_product", 0, "recompose"),
    ("blocked_product", 0, "recompose"),
    ("raked_product", 0, "recompose"),
    ("tile_to_shape", 0, "recompose"),
    ("make_fragment_like", 0, "keep"),
    ("slice", 1, "own"),
    ("right_inverse", 0, "own"),
    ("left_inverse", 0, "own"),
    ("upcast", 0, "own"),
    ("downcast", 0, "own"),
    ("recast_layout", 0, "own"),
];

#[test]
fn the_lifted_functions_are_cutes_composed_layout_functions() {
    let mut ours: Vec<(&str, usize, &str)> = FUNCTIONS
        .iter()
        .filter_map(|f| {
            let l = f.on_composed?;
            Some((f.name, l.layout, finish_words(l.finish)))
        })
        .collect();
    let mut cute = CUTE_COMPOSED.to_vec();
    ours.sort_unstable();
    cute.sort_unstable();
    assert_eq!(ours, cute);
}

#[test]
fn only_crd2idx_lifts_at_one_argument_count() {
    for f in FUNCTIONS {
        let only = f.on_composed.and_then(|l| l.only_with);
        // crd2idx(C, L) has a layout; crd2idx(C, SHAPE, STRIDE) has none.
        let expected = (f.name == "crd2idx").then_some(2);
        assert_eq!(only, expected, "{}", f.name);
    }
}

/// The functions CuTe's kernels apply to an identity layout
/// (`make_identity_layout`, strides `E<i>` in `stride.hpp`/
/// `int_tuple.hpp`'s `ArithmeticTuple`) that depend on the shape alone or
/// move modes about: evaluated on the proxy layout and read back.
const PROXIED: &[(&str, ProxyFinish)] = &[
    ("size", ProxyFinish::Keep),
    ("rank", ProxyFinish::Keep),
    ("depth", ProxyFinish::Keep),
    ("shape", ProxyFinish::Keep),
    ("stride", ProxyFinish::Strides),
    ("get", ProxyFinish::Layout),
    ("take", ProxyFinish::Layout),
    ("select", ProxyFinish::Layout),
    ("group", ProxyFinish::Layout),
    ("flatten", ProxyFinish::Layout),
    ("unflatten", ProxyFinish::Layout),
    ("append", ProxyFinish::Layout),
    ("prepend", ProxyFinish::Layout),
    ("replace", ProxyFinish::Layout),
    ("dice", ProxyFinish::Layout),
];

/// The ones with their own scaled-basis algebra (`registry/basis.rs`).
const OWN_BASIS: &[&str] = &[
    "view",
    "crd2idx",
    "slice",
    "coalesce",
    "filter",
    "filter_zeros",
    "coshape",
    "cosize",
    "composition",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
];

#[test]
fn the_basis_fields_are_the_identity_layout_functions() {
    for f in FUNCTIONS {
        let proxied = PROXIED.iter().find(|(n, _)| *n == f.name).map(|p| p.1);
        let own = OWN_BASIS.contains(&f.name);
        match f.on_basis {
            OnBasis::Proxy(finish) => assert_eq!(Some(finish), proxied, "{}", f.name),
            OnBasis::Own(_) => assert!(own, "{}", f.name),
            OnBasis::Refused => assert!(proxied.is_none() && !own, "{}", f.name),
            _ => panic!("{}: a new kind of basis handling", f.name),
        }
    }
    // Every listed name is a function (a rename would otherwise pass).
    for name in PROXIED.iter().map(|p| p.0).chain(OWN_BASIS.iter().copied()) {
        assert!(layout_core::function(name).is_some(), "{name}");
    }
}

/// The refusal for a scaled-basis layout names the functions that take
/// one (read from the table): exactly those of this file's lists, each
/// once, in the table's order.
#[test]
fn the_basis_refusal_names_the_functions_that_take_one() {
    let err = layout_core::evaluate("complement(make_identity_layout((4,8)))").unwrap_err();
    let message = err.to_string();
    let (head, listed) = message
        .split_once(" (the functions that do: ")
        .expect("the list");
    assert_eq!(
        head,
        "`complement` does not take a layout with scaled-basis strides"
    );
    let named: Vec<&str> = listed.trim_end_matches(')').split(", ").collect();
    let mut expected: Vec<&str> = PROXIED
        .iter()
        .map(|p| p.0)
        .chain(OWN_BASIS.iter().copied())
        .collect();
    let position = |name: &&str| FUNCTIONS.iter().position(|f| f.name == *name);
    expected.sort_by_key(position);
    assert_eq!(named, expected, "{message}");
    // The span is the refused argument's, the whole layout.
    let span = err.span().expect("a span");
    assert_eq!((span.start, span.end), (11, 38));
}

/// A function that takes scaled-basis strides in one place says where,
/// at the argument that has them elsewhere.
#[test]
fn the_basis_refusal_of_a_taker_says_where_it_takes_one() {
    for (src, message, at) in [
        (
            "crd2idx(make_identity_layout((4,8)), (1,2))",
            "`crd2idx` takes a layout with scaled-basis strides only as argument 2 of 2",
            8..35,
        ),
        (
            "logical_divide(8:1, make_identity_layout((2,2)))",
            "`logical_divide` takes a layout with scaled-basis strides only as argument 1 of 2",
            20..47,
        ),
        (
            "composition((2,3), make_identity_layout((2,3)))",
            "`composition` takes a layout with scaled-basis strides only on the right of a layout, not of a tuple",
            19..46,
        ),
    ] {
        let err = layout_core::evaluate(src).unwrap_err();
        assert_eq!(err.to_string(), message, "{src}");
        let span = err.span().expect("a span");
        assert_eq!(&src[span.start..span.end], &src[at], "{src}");
    }
}

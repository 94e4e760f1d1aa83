//! `Product` from generic code, each product kind: a caller bound only by
//! `L: Product<B>` (the trait's four methods and four result types) gets
//! the results a concrete call gets, `tiled_product` and `flat_product`
//! included, whose regrouping (`Regroup`, one impl per pair of ranks) is
//! no bound of `logical_product`'s. Each regrouping is checked against the
//! logical product's text regrouped here (top modes: `A`, then the copies'
//! modes; flat: `A`'s modes, then the copies'; a leaf or a tuple of one
//! kept whole, as CuTe's plain `_`), and every result against the core at
//! every index.

use layout_dsl::layout;
use layout_dsl::typed::{C, Product, TypedLayout};

mod agrees;

use agrees::product::product_agrees;

/// The top-level elements of a tuple's text `(x,y,…)` (a leaf: itself).
fn elements(text: &str) -> Vec<&str> {
    let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
        return vec![text];
    };
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&inner[start..]);
    out
}

/// The top modes a part gives when lifted: its elements, or the part
/// whole when it is a leaf or a tuple of one.
fn modes(text: &str) -> Vec<&str> {
    match elements(text) {
        m if m.len() >= 2 => m,
        _ => vec![text],
    }
}

/// A layout's text split at its top-level `:` into shape and stride.
fn parts(text: &str) -> (&str, &str) {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ':' if depth == 0 => return (&text[..i], &text[i + 1..]),
            _ => {}
        }
    }
    panic!("no top-level `:` in {text}")
}

/// `tiled_product`'s and `flat_product`'s texts from `logical_product`'s
/// `(A, X)`: `(A, X's modes…)` and `(A's modes…, X's modes…)`.
fn regrouped(logical: &str) -> (String, String) {
    let group = |part: &str, flat: bool| {
        let [a, x] = elements(part)[..] else {
            panic!("{part}: not (A, copies)")
        };
        let mut top = if flat { modes(a) } else { vec![a] };
        top.extend(modes(x));
        format!("({})", top.join(","))
    };
    let (shape, stride) = parts(logical);
    (
        format!("{}:{}", group(shape, false), group(stride, false)),
        format!("{}:{}", group(shape, true), group(stride, true)),
    )
}

/// The four products of `a` by `b`, from a caller that knows only
/// `L: Product<B>`: each agrees with the core, `zipped_product` by one
/// tile is `logical_product`, and the regroupings are the logical
/// product's top modes regrouped. Their texts, logical first.
fn generic<L, B>(a: &L, b: B, bt: &str) -> [String; 4]
where
    L: Product<B> + TypedLayout,
    B: Copy,
    L::Logical: TypedLayout<Offset = usize>,
    L::Zipped: TypedLayout<Offset = usize>,
    L::Tiled: TypedLayout<Offset = usize>,
    L::Flat: TypedLayout<Offset = usize>,
{
    let at = a.to_string();
    let texts = [
        a.logical_product(b).map(|l| l.to_string()),
        a.zipped_product(b).map(|l| l.to_string()),
        a.tiled_product(b).map(|l| l.to_string()),
        a.flat_product(b).map(|l| l.to_string()),
    ]
    .map(|t| t.unwrap_or_else(|e| panic!("{at} x {bt}: {e}")));
    assert!(product_agrees(
        a.logical_product(b),
        "logical_product",
        &at,
        bt
    ));
    assert!(product_agrees(
        a.zipped_product(b),
        "zipped_product",
        &at,
        bt
    ));
    assert!(product_agrees(a.tiled_product(b), "tiled_product", &at, bt));
    assert!(product_agrees(a.flat_product(b), "flat_product", &at, bt));
    texts
}

/// By one tile: the four, with the regroupings checked against the
/// logical product's text.
fn by_tile<L, B>(a: L, b: B, bt: &str) -> [String; 4]
where
    L: Product<B> + TypedLayout,
    B: Copy,
    L::Logical: TypedLayout<Offset = usize>,
    L::Zipped: TypedLayout<Offset = usize>,
    L::Tiled: TypedLayout<Offset = usize>,
    L::Flat: TypedLayout<Offset = usize>,
{
    let texts = generic(&a, b, bt);
    let [logical, zipped, tiled, flat] = &texts;
    assert_eq!(zipped, logical, "{a} x {bt}");
    let (want_tiled, want_flat) = regrouped(logical);
    assert_eq!(
        tiled, &want_tiled,
        "tiled_product({a}, {bt}) from {logical}"
    );
    assert_eq!(flat, &want_flat, "flat_product({a}, {bt}) from {logical}");
    texts
}

#[test]
fn static_operands_by_one_tile() {
    // A of rank 2, 3 and nested, B a leaf, of rank 2, and nested.
    by_tile(
        layout!(type (2,4):(1,2)),
        layout!(type (2,3):(1,2)),
        "(2,3):(1,2)",
    );
    by_tile(layout!(type (4,8):(1,4)), layout!(type 4:1), "4:1");
    by_tile(layout!(type (2,4,2):(1,2,8)), layout!(type 2:1), "2:1");
    by_tile(
        layout!(type (3,4):(1,3)),
        layout!(type (2,2):(2,1)),
        "(2,2):(2,1)",
    );
    by_tile(
        layout!(type (2,(2,2)):(1,(2,4))),
        layout!(type (2,(3,2)):(1,(2,6))),
        "(2,(3,2)):(1,(2,6))",
    );
    // A a leaf: one mode, kept whole in `flat_product`.
    let [_, _, tiled, flat] = by_tile(layout!(type 8:1), layout!(type (2,3):(1,2)), "(2,3):(1,2)");
    assert_eq!(tiled, flat, "a leaf A is one mode either way");
    // B a leaf: the copies are its holes, each a mode of its own.
    let [_, _, tiled, _] = by_tile(layout!(type (4,2):(1,8)), layout!(type 4:1), "4:1");
    assert_eq!(
        parts(&tiled).0.matches(',').count(),
        4,
        "((4,2),h0,h1,h2): {tiled}"
    );
    // An extent as the tile, static and dynamic.
    by_tile(layout!(type (2,4):(1,2)), C::<3>, "3:1");
    by_tile(layout!(type (2,4):(1,2)), 3usize, "3:1");
}

#[test]
fn dynamic_operands_by_one_tile() {
    for (m, n, s) in [(2, 3, 1), (4, 2, 1), (3, 5, 2)] {
        let b = layout!((m,2):(1,{m * s}));
        let bt = format!("({m},2):(1,{})", m * s);
        by_tile(layout!((m,n):(1,m)), b, &bt);
        by_tile(layout!(type (m,4):(1,m)), layout!(type 2:1), "2:1");
        by_tile(layout!(type (2,(m,3)):(1,(2,{2 * m}))), b, &bt);
        by_tile(
            layout!(n:1),
            layout!((m,2):(1,m)),
            &format!("({m},2):(1,{m})"),
        );
    }
}

#[test]
fn by_mode_tilers() {
    // Mode i of A times tile i (the by-mode impl, its own regrouping): the
    // results agree with the core; the doc's example as a check of text.
    let [_, _, tiled, _] = generic(&layout!(type (4,3):(1,4)), (C::<2>, 4usize), "<2:1, 4:1>");
    assert_eq!(tiled, "((4,3),(1,2),(4,1)):((1,4),(0,4),(1,0))");
    let m = 3;
    generic(
        &layout!(type (m,(2,4)):(1,(8,16))),
        (C::<2>, (2usize, C::<2>)),
        "<2:1, <2:1, 2:1>>",
    );
    generic(&layout!((m,4):(1,m)), (layout!(type 2:1),), "<2:1>");
}

//! Products whose left layout has a static hole of 1 (a stride-1 leaf, or
//! leaves that abut), which CuTe's complement drops, against CuTe C++'s
//! own prints (`tests/golden/cute_unit_holes.txt`: CUTLASS's `print` of the
//! same products, `Int<N>` static and `int` dynamic leaves, m = 4; a host
//! program outside the repository, `/work/notes/harness-cuteprint/
//! products.cpp`, g++ 12 `-std=c++17`; rows `A|B|function|result`).
//!
//! - `layout!(type X_product(A, B))` of a written-out `A` (static strides)
//!   decides the holes while expanding: CuTe's text, the static markers
//!   (`_`) removed.
//! - The methods on typed values (`a.logical_product(b)`, …) keep every
//!   hole as a `usize` mode, 1 or not: CuTe's layout at every index, with
//!   one extent-1 mode more per static hole of 1. Which holes are 1 is a
//!   matter of `A`'s stride values, and stable Rust cannot choose a
//!   result type by a value (`C<1>` has the type of every `C<N>`).

use std::collections::HashMap;

use layout_dsl::typed::{Product, RankedProduct, TypedLayout};
use layout_dsl::{IntTuple, layout};

/// CuTe's rows: `A|B|function` to CuTe's text without the static markers.
fn golden() -> HashMap<String, String> {
    let text = include_str!("golden/cute_unit_holes.txt");
    let rows = text.lines().map(|line| {
        let cells: Vec<&str> = line.split('|').collect();
        (cells[..3].join("|"), cells[3].replace('_', ""))
    });
    rows.collect()
}

/// `typed` is CuTe's `want` at every index (and has its size).
fn same_function<L: TypedLayout<Offset = usize>>(typed: &L, want: &str, key: &str) {
    let cute: layout_dsl::Layout = want.parse().unwrap();
    assert_eq!(typed.size() as i64, cute.size(), "{key}: {typed} vs {want}");
    for i in 0..typed.size() {
        let at = cute.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i) as i64, at, "{key}: {typed} vs {want} at {i}");
    }
}

/// `got` prints as CuTe's `want` but for the stride of a leaf of extent 1
/// (which no index reads). The typed composition gives such a leaf, once
/// `B`'s mode is placed, stride 0 (`src/private/compose.rs`: it saves
/// CuTe's division), where CuTe's dynamic walk goes on multiplying
/// (`((2,1),(1,2)):((4,16),(8,16))` is `((4,0),(8,16))` here).
fn prints_as(got: &str, want: &str) {
    fn masked(shape: &IntTuple, stride: &IntTuple, out: &mut String) {
        match (shape, stride) {
            (IntTuple::Int(1), _) => out.push_str("1:*"),
            (IntTuple::Int(s), IntTuple::Int(d)) => out.push_str(&format!("{s}:{d}")),
            (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
                out.push('(');
                for (s, d) in s.iter().zip(d) {
                    masked(s, d, out);
                    out.push(',');
                }
                out.push(')');
            }
            _ => out.push('!'),
        }
    }
    let text = |l: &str| {
        let l: layout_dsl::Layout = l.parse().unwrap();
        let mut out = String::new();
        masked(l.shape(), l.stride(), &mut out);
        out
    };
    assert_eq!(text(got), text(want), "{got} vs CuTe's {want}");
}

/// The written-out door's four products of `$a` by `$b` print as CuTe's.
macro_rules! written {
    ($golden:ident, $an:expr, $bn:expr, [$($a:tt)*], [$($b:tt)*]) => {{
        let want = |f: &str| $golden[&format!("{}|{}|{f}", $an, $bn)].clone();
        let l = layout!(type logical_product($($a)*, $($b)*)).unwrap();
        prints_as(&l.to_string(), &want("logical_product"));
        let z = layout!(type zipped_product($($a)*, $($b)*)).unwrap();
        prints_as(&z.to_string(), &want("zipped_product"));
        let t = layout!(type tiled_product($($a)*, $($b)*)).unwrap();
        prints_as(&t.to_string(), &want("tiled_product"));
        let f = layout!(type flat_product($($a)*, $($b)*)).unwrap();
        prints_as(&f.to_string(), &want("flat_product"));
    }};
}

#[test]
fn written_out_products_drop_static_holes_of_one_as_cute() {
    let golden = golden();
    let m = 4usize;
    written!(golden, "(m,2):(1,8)", "4:1", [(m,2):(1,8)], [4:1]);
    written!(golden, "(m,2):(1,8)", "(2,2):(1,2)", [(m,2):(1,8)], [(2,2):(1,2)]);
    written!(golden, "(2,m):(2,4)", "(2,2):(1,2)", [(2,m):(2,4)], [(2,2):(1,2)]);
    let want = |f: &str| golden[&format!("(m,2):(1,8)|(2,2):(1,2)|{f}")].clone();
    let b = layout!(type blocked_product((m,2):(1,8), (2,2):(1,2))).unwrap();
    prints_as(&b.to_string(), &want("blocked_product"));
    let r = layout!(type raked_product((m,2):(1,8), (2,2):(1,2))).unwrap();
    prints_as(&r.to_string(), &want("raked_product"));
}

/// An all-static product folds while compiling: the core's answer, CuTe's
/// (and `layout eval`'s, on every all-static row).
#[test]
fn static_products_fold_to_cutes_answers() {
    let golden = golden();
    let text = include_str!("golden/cute_unit_holes.txt");
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with("(m,") && !l.starts_with("(2,m)"))
    {
        let cells: Vec<&str> = line.split('|').collect();
        let expr = format!("{}({}, {})", cells[2], cells[0], cells[1]);
        let got = layout_dsl::evaluate(&expr).unwrap().to_string();
        assert_eq!(got, cells[3].replace('_', ""), "{expr}");
        rows += 1;
    }
    assert_eq!(rows, 10);
    let want = |k: &str| golden[k].clone();
    let l = layout!(type logical_product((4,2):(1,4), 4:1));
    assert_eq!(l.to_string(), want("(4,2):(1,4)|4:1|logical_product"));
    let t = layout!(type tiled_product((4,2):(1,4), (2,3):(3,1)));
    assert_eq!(t.to_string(), want("(4,2):(1,4)|(2,3):(3,1)|tiled_product"));
    let f = layout!(type flat_product((4,2):(1,4), (2,3):(3,1)));
    assert_eq!(f.to_string(), want("(4,2):(1,4)|(2,3):(3,1)|flat_product"));
    let b = layout!(type blocked_product((4,8):(8,1), (2,3):(3,1)));
    assert_eq!(
        b.to_string(),
        want("(4,8):(8,1)|(2,3):(3,1)|blocked_product")
    );
    let r = layout!(type raked_product((4,8):(8,1), (2,3):(3,1)));
    assert_eq!(r.to_string(), want("(4,8):(8,1)|(2,3):(3,1)|raked_product"));
}

/// The methods' four products of `$a` by `$b`: CuTe's function, and
/// `$extra` more top-level modes in `tiled_product` and `flat_product`.
macro_rules! methods {
    ($golden:ident, $an:expr, $bn:expr, $a:expr, $b:expr, $extra:expr) => {{
        let (a, b) = ($a, $b);
        let key = |f: &str| format!("{}|{}|{f}", $an, $bn);
        let want = |f: &str| $golden[&key(f)].clone();
        same_function(
            &a.logical_product(b).unwrap(),
            &want("logical_product"),
            &key("logical"),
        );
        same_function(
            &a.zipped_product(b).unwrap(),
            &want("zipped_product"),
            &key("zipped"),
        );
        let t = a.tiled_product(b).unwrap();
        same_function(&t, &want("tiled_product"), &key("tiled"));
        let cute_rank = |f: &str| want(f).parse::<layout_dsl::Layout>().unwrap().rank();
        assert_eq!(t.rank(), cute_rank("tiled_product") + $extra, "{t}");
        let f = a.flat_product(b).unwrap();
        same_function(&f, &want("flat_product"), &key("flat"));
        assert_eq!(f.rank(), cute_rank("flat_product") + $extra, "{f}");
    }};
}

#[test]
fn value_products_keep_static_holes_of_one_as_modes() {
    let golden = golden();
    let m = 4usize;
    // B an extent: one hole of 1 below stride 1, kept (CuTe's `(2,2)` is
    // `(1,2,2)` here).
    let a = layout!(type (m,2):(1,8));
    methods!(golden, "(m,2):(1,8)", "4:1", a, layout!(type 4:1), 1);
    // B a layout of rank 2: the holes nest inside B's modes, the rank is CuTe's.
    methods!(
        golden,
        "(m,2):(1,8)",
        "(2,2):(1,2)",
        a,
        layout!(type (2,2):(1,2)),
        0
    );
    let s = layout!(type (4,2):(1,4));
    methods!(golden, "(4,2):(1,4)", "4:1", s, layout!(type 4:1), 2);
    methods!(
        golden,
        "(4,2):(1,4)",
        "(2,3):(3,1)",
        s,
        layout!(type (2,3):(3,1)),
        0
    );
    let h = layout!(type (2,m):(2,4));
    methods!(
        golden,
        "(2,m):(2,4)",
        "(2,2):(1,2)",
        h,
        layout!(type (2,2):(1,2)),
        0
    );
    let want = |f: &str| golden[&format!("(m,2):(1,8)|(2,2):(1,2)|{f}")].clone();
    let b = layout!(type (2,2):(1,2));
    same_function(
        &a.blocked_product(b).unwrap(),
        &want("blocked_product"),
        "blocked",
    );
    same_function(
        &a.raked_product(b).unwrap(),
        &want("raked_product"),
        "raked",
    );
    let want = |f: &str| golden[&format!("(4,8):(8,1)|(2,3):(3,1)|{f}")].clone();
    let atom = layout!(type (4,8):(8,1));
    let grid = layout!(type (2,3):(3,1));
    same_function(
        &atom.blocked_product(grid).unwrap(),
        &want("blocked_product"),
        "blocked",
    );
    same_function(
        &atom.raked_product(grid).unwrap(),
        &want("raked_product"),
        "raked",
    );
}

//! Typed products whose written-out `B` has dynamic leaves (extents or
//! strides): `layout!(type logical_product(A, B))` and its regroupings
//! (`zipped_`, `tiled_`, `flat_`, `blocked_`, `raked_product`), as CuTe
//! C++ types them with `int` leaves (layout-macros/src/typed/product.rs). Each
//! is the core's layout at every index or an `AlgebraError`; its static
//! leaves are CuTe's (its `print`, `_` marking a static leaf).

use layout_dsl::__private::{Node, Tree};
use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, TypedLayout};
use proptest::prelude::*;

mod agrees;

use agrees::core;
use agrees::product::product_agrees;

/// Whether each leaf of a tree type is static, in order.
fn statics(node: Node, out: &mut Vec<bool>) {
    match node {
        Node::Static(_) => out.push(true),
        Node::Dynamic => out.push(false),
        // SAFETY: a `NODE`'s tuple points at a constant slice of the
        // crate's (text.rs), alive for the whole program.
        Node::Tuple(items) => {
            for (_, item) in unsafe { &*items } {
                statics(*item, out);
            }
        }
    }
}

/// The typed layout as CuTe prints it: each static leaf written `_N`.
fn cute<L: TypedLayout>(l: &L) -> String {
    let mut flags = Vec::new();
    statics(<L::Shape as Tree>::NODE, &mut flags);
    statics(<L::Stride as Tree>::NODE, &mut flags);
    let mut flags = flags.into_iter();
    let (mut out, mut in_number) = (String::new(), false);
    for c in l.to_string().chars() {
        let digit = c.is_ascii_digit() || c == '-';
        if digit && !in_number && flags.next().expect("a leaf per number") {
            out.push('_');
        }
        in_number = digit;
        out.push(c);
    }
    assert!(flags.next().is_none(), "{l}: a number per leaf");
    out
}

/// A typed result as CuTe prints it, or its error.
fn printed<L: TypedLayout>(l: Result<L, AlgebraError>) -> String {
    match l {
        Ok(l) => cute(&l),
        Err(e) => format!("error: {e}"),
    }
}

/// CuTe C++'s `print` of the same calls (CUTLASS `include/cute`, g++
/// -std=c++17 -O2 host build, the dynamic leaves `int`s of the values
/// written in `{…}`; `/work/notes/harness-prodynb/p.cpp`, not in the
/// repository).
#[test]
fn static_leaves_are_cutes() {
    let (one, two, three, four, six, eight) = (1usize, 2usize, 3usize, 4usize, 6usize, 8usize);
    let rows = [
        (
            printed(layout!(type logical_product((2,2):(4,1), six:1))),
            "((_2,_2),(2,3)):((_4,_1),(_2,_8))",
        ),
        (
            printed(layout!(type logical_product((2,2):(4,1), (4,2):(two,1)))),
            "((_2,_2),((1,4),_2)):((_4,_1),((4,8),_2))",
        ),
        (
            printed(layout!(type logical_product(4:1, (three,2):(1,three)))),
            "(_4,(3,_2)):(_1,(_4,12))",
        ),
        (
            printed(layout!(type blocked_product((2,2):(1,2), (3,four):(1,3)))),
            "((_2,_3),(_2,4)):((_1,_4),(_2,_12))",
        ),
        (
            printed(layout!(type raked_product((2,2):(1,2), (three,4):(1,three)))),
            "((3,_2),(_4,_2)):((_4,_1),(12,_2))",
        ),
        (
            printed(layout!(type zipped_product((4,8):(1,4), <two, 2>))),
            "((_4,_8),(2,_2)):((_1,_4),(_4,_1))",
        ),
        (
            printed(layout!(type flat_product((5,4):(4,1), (2,three):(3,1)))),
            "(_5,_4,_2,3):(_4,_1,_60,_20)",
        ),
        (
            printed(layout!(type logical_product((2,2):(1,2), (three,2):(0,1)))),
            "((_2,_2),(3,_2)):((_1,_2),(_0,_4))",
        ),
        (
            printed(layout!(type tiled_product((2,2):(1,2), six:1))),
            "((_2,_2),6):((_1,_2),_4)",
        ),
        (
            printed(layout!(type logical_product((2,4):(1,2), (2,2):(four,1)))),
            "((_2,_4),(_2,_2)):((_1,_2),(32,_8))",
        ),
        (
            printed(layout!(type blocked_product((2,2):(1,2), (four,3,2):(1,four,12)))),
            "((_2,4),(_2,_3),(_1,_2)):((_1,_4),(_2,16),(_0,_48))",
        ),
        (
            printed(layout!(type flat_product((2,2):(1,2), <three, (2,2):(1,2)>))),
            "(_2,_2,3,(_2,_2)):(_1,_2,_2,(_1,_4))",
        ),
        // An integer `B` is CuTe's `make_layout(n)` (`_1:_0` for a static 1).
        (
            printed(layout!(type logical_product((8,4):(4,1), three))),
            "((_8,_4),3):((_4,_1),_32)",
        ),
        (
            printed(layout!(type zipped_product((8,4):(4,1), three))),
            "((_8,_4),3):((_4,_1),_32)",
        ),
        (
            printed(Ok(layout!(type tiled_product((8,4):(4,1), 3)))),
            "((_8,_4),_3):((_4,_1),_32)",
        ),
        (
            printed(layout!(type flat_product((8,4):(4,1), three))),
            "(_8,_4,3):(_4,_1,_32)",
        ),
        (
            printed(Ok(layout!(type flat_product((8,4):(4,1), 1)))),
            "(_8,_4,_1):(_4,_1,_0)",
        ),
        (
            printed(layout!(type flat_product((8,4):(4,1), one))),
            "(_8,_4,1):(_4,_1,_32)",
        ),
        (
            printed(layout!(type logical_product((eight,4):(4,1), 3))),
            "((8,_4),_3):((_4,_1),32)",
        ),
    ];
    for (typed, cute) in rows {
        assert_eq!(typed, cute);
    }
    // The complement's last mode (extent 1 here) keeps CuTe's stride; the
    // hole below 64 is exact (64/4), or rounded down as CuTe does (64/10 =
    // 6, B's 4 copies fitting below it: `product_fits`, run time).
    let one = 1usize;
    let rows = [
        (
            printed(layout!(type tiled_product((2,(2,3)):(1,(2,64)), four:1))),
            "((_2,(_2,_3)),4,1):((_1,(_2,_64)),_4,_192)",
        ),
        (
            printed(layout!(type tiled_product((2,(5,3)):(1,(2,64)), four:1))),
            "((_2,(_5,_3)),4,1):((_1,(_2,_64)),_10,_192)",
        ),
    ];
    for (typed, cute) in rows {
        assert_eq!(typed, cute);
    }
    // CuTe C++ answers `(((2,1),_3),((2,1),_2)):(((_3,_14),_1),((3,14),_7))`
    // for `raked_product((3,2):(1,7), (2,2):(1,1))` with `int`s 2 and 1: B's
    // offsets reach 2, past the 2 copies below the rounded hole 7/3, so
    // that is no product; the typed door refuses it, as the core does.
    let two = 2usize;
    assert_eq!(
        layout!(type raked_product((3,2):(1,7), (two,2):(1,one))).unwrap_err(),
        AlgebraError::NotComplementable {
            function: "raked_product",
            stride: 7,
            span: 3
        }
    );
    assert!(core("raked_product((3,2):(1,7), (2,2):(1,1))").is_none());
}

/// Each of the six products of the written-out `A` by the written-out `B`
/// (both may hold dynamic leaves, the variables in scope), against the
/// core on `A`'s and `B`'s texts (`$a_text`, `$b_text`): for each,
/// whether the typed door answered (`product_agrees`: the core's layout at
/// every index where it answers, and a refusal where the core refuses).
macro_rules! six_products {
    ([$($a:tt)*], [$($b:tt)*], $a_text:expr, $b_text:expr) => {{
        let (a, b): (&str, &str) = (&$a_text, &$b_text);
        [
            product_agrees(layout!(type logical_product($($a)*, $($b)*)), "logical_product", a, b),
            product_agrees(layout!(type zipped_product($($a)*, $($b)*)), "zipped_product", a, b),
            product_agrees(layout!(type tiled_product($($a)*, $($b)*)), "tiled_product", a, b),
            product_agrees(layout!(type flat_product($($a)*, $($b)*)), "flat_product", a, b),
            product_agrees(layout!(type blocked_product($($a)*, $($b)*)), "blocked_product", a, b),
            product_agrees(layout!(type raked_product($($a)*, $($b)*)), "raked_product", a, b),
        ]
    }};
}

/// The four products that take a by-mode tiler, as [`six_products`].
macro_rules! four_products {
    ([$($a:tt)*], [$($b:tt)*], $a_text:expr, $b_text:expr) => {{
        let (a, b): (&str, &str) = (&$a_text, &$b_text);
        [
            product_agrees(layout!(type logical_product($($a)*, $($b)*)), "logical_product", a, b),
            product_agrees(layout!(type zipped_product($($a)*, $($b)*)), "zipped_product", a, b),
            product_agrees(layout!(type tiled_product($($a)*, $($b)*)), "tiled_product", a, b),
            product_agrees(layout!(type flat_product($($a)*, $($b)*)), "flat_product", a, b),
        ]
    }};
}

/// How the calls went: answered (the core's layout), refused by both
/// doors, or refused by the typed door alone (naming the values) where the
/// core answers.
#[derive(Default, Debug)]
struct Counts {
    answered: usize,
    both_refuse: usize,
    typed_refuses: usize,
}

impl Counts {
    /// Adds one call's answers (`product_agrees`), `text` naming its
    /// operands: the core is asked again where the typed door refused.
    fn add(&mut self, answers: &[bool], functions: &[&str], a: &str, b: &str) {
        for (&answered, f) in answers.iter().zip(functions) {
            match (answered, core(&format!("{f}({a}, {b})"))) {
                (true, _) => self.answered += 1,
                (false, None) => self.both_refuse += 1,
                (false, Some(_)) => {
                    if std::env::var_os("SHOW").is_some() {
                        println!("typed refuses {f}({a}, {b})");
                    }
                    self.typed_refuses += 1
                }
            }
        }
    }
}

/// The six products, in [`six_products`]'s order.
const SIX: [&str; 6] = [
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
];

/// `B = (p,q):(u,v)` all dynamic (`p`, `q` in 0..=4, `u`, `v` in 0..=5)
/// by `A = (2,2):(4,1)`, whose holes are exact (5,400 calls): the core's
/// layout wherever the typed door answers; it refuses (naming the values)
/// where the core answers only where CuTe's walk breaks its divisibility
/// condition. Measured: 3,150 answered, 1,026 refused by both, 1,224 by
/// the typed door alone.
#[test]
fn exhaustive_dynamic_b() {
    let mut counts = Counts::default();
    for (p, q, u, v) in (0..=4usize).flat_map(|p| {
        (0..=4).flat_map(move |q| (0..=5).flat_map(move |u| (0..=5).map(move |v| (p, q, u, v))))
    }) {
        let b = format!("({p},{q}):({u},{v})");
        let answers = six_products!([(2,2):(4,1)], [(p,q):(u,v)], "(2,2):(4,1)", b);
        let gaps = counts.typed_refuses;
        counts.add(&answers, &SIX, "(2,2):(4,1)", &b);
        // The typed door refuses only where CuTe's walk breaks its
        // divisibility condition: an extent or a stride 3 or 5 against
        // the hole of 2 (CuTe C++ answers another layout there).
        let odd = [p, q, u, v].iter().any(|&x| x > 1 && x % 2 == 1);
        assert!(odd || counts.typed_refuses == gaps, "{b}");
    }
    println!("exhaustive_dynamic_b: {counts:?}");
    let Counts {
        answered,
        both_refuse,
        typed_refuses,
    } = counts;
    assert_eq!(answered + both_refuse + typed_refuses, 6 * 25 * 36);
    assert!(
        answered > 2 * both_refuse && answered > 2 * typed_refuses,
        "{counts:?}"
    );
}

/// Where CuTe's complement rounds a hole down (`A = (3,2):(1,7)`: the
/// hole below 7 is 7/3 = 2, rounded), `B`'s dynamic cosize is checked
/// against it at run time: `B = p:s` answers while its offsets stay below
/// the 2 copies, and is refused past them, as the core refuses it.
#[test]
fn a_rounded_hole_checks_the_dynamic_cosize() {
    let mut counts = Counts::default();
    for (p, s) in (0..=5usize).flat_map(|p| (0..=3usize).map(move |s| (p, s))) {
        let answers = six_products!([(3,2):(1,7)], [p:s], "(3,2):(1,7)", format!("{p}:{s}"));
        // B's offsets reach (p - 1)·s: within the hole's 2 copies when that
        // is below 2 (no offset at all when p = 0).
        let fits = p <= 1 || (p - 1) * s < 2;
        assert_eq!(answers, [fits; 6], "p={p} s={s}");
        counts.add(&answers, &SIX, "(3,2):(1,7)", &format!("{p}:{s}"));
    }
    println!("a_rounded_hole_checks_the_dynamic_cosize: {counts:?}");
    let (p, s) = (3usize, 1usize);
    let e = layout!(type logical_product((3,2):(1,7), p:s));
    assert_eq!(
        e.unwrap_err(),
        AlgebraError::NotComplementable {
            function: "logical_product",
            stride: 7,
            span: 3
        }
    );
}

proptest! {
    /// Random small dynamic values in `A` and `B` (extents 0..=5, strides
    /// 0..=8), the six products of four written-out forms and the four of
    /// a by-mode tiler with a dynamic tile and of an integer `B`: the
    /// core's layout at every index where the typed door answers, a
    /// refusal where the core refuses.
    #[test]
    fn random_dynamic_leaves(
        m in 0..=5usize,
        p in 0..=5usize,
        q in 0..=5usize,
        u in 0..=8usize,
        v in 0..=8usize,
    ) {
        six_products!([(m,4):(4,1)], [(2,q):(v,1)], format!("({m},4):(4,1)"), format!("(2,{q}):({v},1)"));
        six_products!(
            [(2,(m,3)):(1,(2,64))],
            [(p,q):(u,v)],
            format!("(2,({m},3)):(1,(2,64))"),
            format!("({p},{q}):({u},{v})")
        );
        six_products!(
            [(2,2):(1,2)],
            [(p,3,q):(1,p,u)],
            "(2,2):(1,2)",
            format!("({p},3,{q}):(1,{p},{u})")
        );
        six_products!([((2,m),3):((1,6),2)], [(p,(2,q)):(u,(1,v))],
            format!("((2,{m}),3):((1,6),2)"), format!("({p},(2,{q})):({u},(1,{v}))"));
        four_products!([(m,(2,3)):(1,(m,6))], [p], format!("({m},(2,3)):(1,({m},6))"), format!("{p}"));
        four_products!(
            [(4,8,m):(1,4,32)],
            [<p, (2,q):(1,v)>],
            format!("(4,8,{m}):(1,4,32)"),
            format!("<{p}, (2,{q}):(1,{v})>")
        );
    }
}

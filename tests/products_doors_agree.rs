//! Every door answers the same products: the core (`layout_dsl::evaluate`,
//! `layout eval`), the typed written-out door (`layout!(type …)`, dynamic
//! and static extents), the value door (`Product`/`RankedProduct` methods
//! on typed values), and all equal the definition.
//!
//! The definition, built here independently of either door: CuTe's
//! product `(A, C∘B)` with `C` CuTe's complement written out from `A`'s
//! leaves by CuTe's formula (each hole `stride / span` rounded down, the
//! rest `ceil(M / span)`), composed by the core's exact composition. It is
//! a product when `C`, over the offsets `B` reads, places the copies of
//! `A` where a true complement does: each copy at the least offset where
//! it overlaps no earlier copy (`greedy`, brute force over `A`'s image).
//! Where it is, both doors answer it (as functions); where it is not,
//! both refuse: the rule is exact, an `A` with a second stride its span
//! does not divide included (`layout_core::algebra::product_holes`).

use std::collections::BTreeSet;

use layout_dsl::typed::{AlgebraError, Product, RankedProduct, TypedLayout};
use layout_dsl::{IntTuple, Layout, layout};

mod agrees;

use agrees::{agrees, core};

/// CuTe's complement of `a` up to `cotarget`, as C++ computes it: the live
/// leaves sorted by stride, each hole `stride / span` rounded down; `None`
/// where a hole would be 0 (CuTe's "non-injective" assertion).
fn cute_complement(a: &Layout, cotarget: i64) -> Option<Layout> {
    let mut live: Vec<(i64, i64)> = a
        .leaf_modes()
        .filter(|&(s, d)| s != 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    live.sort();
    let (mut span, mut shape, mut stride) = (1i64, vec![], vec![]);
    for (d, s) in live {
        if d / span == 0 {
            return None;
        }
        shape.push((d / span).to_string());
        stride.push(span.to_string());
        span = s * d;
    }
    shape.push(((cotarget + span - 1) / span).to_string());
    stride.push(span.to_string());
    let text = format!("({}):({})", shape.join(","), stride.join(","));
    Some(text.parse().unwrap())
}

/// `l`'s offsets in index order.
fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size())
        .map(|i| l.crd2idx(&IntTuple::Int(i)).unwrap())
        .collect()
}

/// The first `n` offsets where copies of `A` (its image `image`) go when
/// each takes the least offset overlapping no earlier copy.
fn greedy(image: &BTreeSet<i64>, n: usize) -> Vec<i64> {
    let mut taken = BTreeSet::new();
    let mut starts = Vec::new();
    let mut c = 0;
    while starts.len() < n {
        if image.iter().all(|x| !taken.contains(&(x + c))) {
            taken.extend(image.iter().map(|x| x + c));
            starts.push(c);
        }
        c += 1;
    }
    starts
}

/// Why the definition has no product of `A` by `B`.
#[derive(Debug, PartialEq)]
enum NoProduct {
    /// CuTe's complement places a copy where a true complement does not.
    NotGreedy,
    /// `C∘B` is not a layout (the core's exact composition refuses).
    NoComposition,
    /// A hole would be 0: `A` overlaps itself.
    Overlaps,
    /// `A` has an extent 0 (the core refuses it; CuTe's holes divide by it).
    Empty,
}

/// The definition's `logical_product(A, B)` (`B`'s strides not negative).
fn definition(a: &Layout, b: &Layout) -> Result<Layout, NoProduct> {
    if a.size() == 0 {
        return Err(NoProduct::Empty);
    }
    let c = cute_complement(a, a.size() * b.cosize()).ok_or(NoProduct::Overlaps)?;
    let image: BTreeSet<i64> = offsets(a).into_iter().collect();
    let reach = usize::try_from(b.cosize()).unwrap();
    let copies: Vec<i64> = (0..reach as i64).map(|i| c.at(i).unwrap()).collect();
    if copies != greedy(&image, reach) {
        return Err(NoProduct::NotGreedy);
    }
    let d = core(&format!("composition({c}, {b})")).ok_or(NoProduct::NoComposition)?;
    let text = format!(
        "({},{}):({},{})",
        a.shape(),
        d.shape(),
        a.stride(),
        d.stride()
    );
    Ok(text.parse().unwrap())
}

/// Two strides of `A` whose spans below do not divide them (CuTe rounds
/// both holes down; `B` must stay below the first).
fn two_rounded(a: &Layout) -> bool {
    let mut live: Vec<(i64, i64)> = a
        .leaf_modes()
        .filter(|&(s, d)| s != 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    live.sort();
    let (mut span, mut rounded) = (1, 0);
    for (d, s) in live {
        rounded += usize::from(d % span != 0);
        span = s * d;
    }
    rounded > 1
}

/// Tallies of one sweep.
#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    answered: usize,
    rounded: usize,
    /// Answers whose `A` has a second rounded hole.
    twice: usize,
}

impl Tally {
    /// `logical_product(A, B)` by the definition and by the core, and
    /// whether the typed door answered (if asked), which must be the
    /// core's. Returns whether they answered.
    fn logical(&mut self, a: &str, b: &str, typed: Option<bool>) -> bool {
        let text = format!("logical_product({a}, {b})");
        let (al, bl): (Layout, Layout) = (a.parse().unwrap(), b.parse().unwrap());
        let core_answer = core(&text);
        if let Some(typed) = typed {
            assert_eq!(typed, core_answer.is_some(), "{text}: typed vs core");
        }
        self.cases += 1;
        match (definition(&al, &bl), core_answer) {
            (Ok(model), Some(core)) => {
                assert_eq!(core.size(), model.size(), "{text}");
                assert_eq!(offsets(&core), offsets(&model), "{text}: {core} vs {model}");
                // Injective where B is: the copies of A never overlap.
                if offsets(&bl).iter().collect::<BTreeSet<_>>().len() == bl.size() as usize {
                    let set: BTreeSet<i64> = offsets(&core).into_iter().collect();
                    assert_eq!(set.len() as i64, core.size(), "{text}: {core} overlaps");
                }
                self.answered += 1;
                let steps = layout_dsl::algebra::product_steps(&al, &bl).unwrap();
                self.rounded += usize::from(steps.rounded.is_some());
                self.twice += usize::from(two_rounded(&al));
                true
            }
            (Err(_), None) => false,
            (Ok(model), None) => panic!("{text}: the core refuses {model}"),
            (Err(why), Some(core)) => panic!("{text}: the core gives {core}, but {why:?}"),
        }
    }
}

/// A typed answer's agreement with the core on the same text (as
/// functions; `agrees` panics where they differ); whether it answered.
fn same<L: TypedLayout>(typed: Result<L, AlgebraError>, text: &str) -> bool
where
    L::Offset: TryInto<i64>,
{
    match core(text) {
        Some(_) => agrees(typed, text),
        None => {
            assert!(typed.is_err(), "{text}: typed answers, the core refuses");
            false
        }
    }
}

/// Every product of the written-out `A` (a pattern over `m`, given as
/// tokens and as text) by each `B`: all six functions through both doors.
macro_rules! sweep {
    ($tally:ident, $a:tt, $a_text:expr, [$($b:tt),*]) => {{
        let a: String = $a_text;
        $(one!($tally, $a, &a, $b);)*
    }};
}

/// [`sweep!`] for one `B`.
macro_rules! one {
    ($tally:ident, ($($a:tt)*), $a_text:expr, ($($b:tt)*)) => {{
        let (a, b): (&str, String) = ($a_text, stringify!($($b)*).replace(' ', ""));
        let logical = same(layout!(type logical_product($($a)*, $($b)*)),
            &format!("logical_product({a}, {b})"));
        let answered = $tally.logical(a, &b, Some(logical));
        let typed = [
            same(layout!(type zipped_product($($a)*, $($b)*)),
                &format!("zipped_product({a}, {b})")),
            same(layout!(type tiled_product($($a)*, $($b)*)),
                &format!("tiled_product({a}, {b})")),
            same(layout!(type flat_product($($a)*, $($b)*)),
                &format!("flat_product({a}, {b})")),
            same(layout!(type blocked_product($($a)*, $($b)*)),
                &format!("blocked_product({a}, {b})")),
            same(layout!(type raked_product($($a)*, $($b)*)),
                &format!("raked_product({a}, {b})")),
        ];
        // The regroupings and the zipped forms answer where the logical
        // product does (padding adds only 1:0 modes).
        assert_eq!(typed, [answered; 5], "{a} by {b}");
        // The value door (`Product`, `RankedProduct` on typed values)
        // answers as the written-out door, through the same rounded hole.
        let (av, bv) = (layout!(type $($a)*), layout!(type $($b)*));
        let values = [
            same(av.logical_product(bv), &format!("logical_product({a}, {b})")),
            same(av.zipped_product(bv), &format!("zipped_product({a}, {b})")),
            same(av.tiled_product(bv), &format!("tiled_product({a}, {b})")),
            same(av.flat_product(bv), &format!("flat_product({a}, {b})")),
            same(av.blocked_product(bv), &format!("blocked_product({a}, {b})")),
            same(av.raked_product(bv), &format!("raked_product({a}, {b})")),
        ];
        assert_eq!(values, [answered; 6], "values: {a} by {b}");
    }};
}

#[test]
fn every_door_answers_the_definitions_products() {
    let mut tally = Tally::default();
    for m in 0..=40usize {
        sweep!(tally, ((2,(m,3)):(1,(2,64))), format!("(2,({m},3)):(1,(2,64))"),
            [(4:1), (2:1), ((2,3):(1,2)), (12:1), (6:2), ((2,2):(2,1))]);
        sweep!(tally, ((m,2):(1,16)), format!("({m},2):(1,16)"),
            [(4:1), ((2,2):(2,1)), (3:1), (8:1)]);
        sweep!(tally, ((3,m):(1,8)), format!("(3,{m}):(1,8)"),
            [(2:1), (2:0), ((2,3):(1,0))]);
        sweep!(tally, ((m,(2,2)):(2,(1,24))), format!("({m},(2,2)):(2,(1,24))"),
            [(2:1), (4:1), ((3,2):(1,3))]);
        sweep!(tally, ((2,m,2):(1,5,40)), format!("(2,{m},2):(1,5,40)"),
            [(2:1), (1:0), ((2,3):(1,0))]);
        // Where the static holes already put B past the hole, `type`
        // refuses while compiling (no layout of that nesting is right for
        // every m); the core refuses too, but at m = 1, whose mode it
        // drops (the hole is then exact: the typed door's `UnitExtent`).
        for (a, b) in [
            (format!("(3,{m}):(1,8)"), "3:1"),
            (format!("(3,{m}):(1,8)"), "(2,2):(1,2)"),
            (format!("(2,{m},2):(1,5,40)"), "3:1"),
        ] {
            let answered = tally.logical(&a, b, None);
            assert_eq!(answered, m == 1, "{a} by {b}");
        }
    }
    eprintln!("{tally:?}");
    // Exercised: answers over a rounded hole (and past a second one) and
    // refusals all occur.
    assert!(tally.rounded > 100, "{tally:?}");
    assert!(tally.twice > 10, "{tally:?}");
    assert!(tally.answered < tally.cases - 100, "{tally:?}");
}

/// A written-out `A` with dynamic strides (the holes sorted at run time,
/// in either order) answers through every door where the definition
/// gives a product, and is refused with the core where it gives none.
#[test]
fn dynamic_strides_answer_the_definitions_products() {
    let mut tally = Tally::default();
    for m in 1..=6usize {
        // Stride 0 makes A, and so the product, not injective: the tally
        // checks injectivity (the exhaustive sweeps take stride 0).
        for s in 1..=14usize {
            let t = 3usize;
            sweep!(tally, ((m,2):(s,t)), format!("({m},2):({s},{t})"),
                [(4:1), ((2,2):(2,1)), (3:1)]);
            sweep!(tally, ((2,(m,2)):(t,(s,40))), format!("(2,({m},2)):({t},({s},40))"),
                [(2:1), ((2,3):(1,0))]);
        }
    }
    eprintln!("{tally:?}");
    assert!(tally.answered > 100, "{tally:?}");
    assert!(tally.rounded > 10, "{tally:?}");
    assert!(tally.answered < tally.cases - 100, "{tally:?}");
}

/// A static `A` (every leaf a constant, folded while compiling) answers
/// as a dynamic one does, and as the core: CuTe's printed answers
/// (`regrouped_products_print_as_cute` in typed_product.rs) where B fits.
#[test]
fn static_operands_answer_as_the_core() {
    let five = layout!(type tiled_product((2,(5,3)):(1,(2,64)), 4:1));
    assert_eq!(five.to_string(), "((2,(5,3)),4):((1,(2,64)),10)");
    let text = "tiled_product((2,(5,3)):(1,(2,64)), 4:1)";
    assert_eq!(core(text).unwrap().to_string(), five.to_string());
    let blocked = layout!(type blocked_product((2,3):(1,5), (2,1):(1,2)));
    let text = "blocked_product((2,3):(1,5), (2,1):(1,2))";
    assert_eq!(core(text).unwrap().to_string(), blocked.to_string());
}

/// Two rounded holes (64/10, then 1000/192), `B` below the first: every
/// door answers CuTe's print (`cute_second_rounded.jsonl`), static
/// operands folded while compiling, dynamic ones at run time, values.
#[test]
fn a_second_rounded_hole_answers_as_cute() {
    let cute = "((2,(5,3),2),(2,3)):((1,(2,64),1000),(30,10))";
    let text = "logical_product((2,(5,3),2):(1,(2,64),1000), (2,3):(3,1))";
    assert_eq!(core(text).unwrap().to_string(), cute);
    let folded = layout!(type logical_product((2,(5,3),2):(1,(2,64),1000), (2,3):(3,1)));
    assert_eq!(folded.to_string(), cute);
    let m = 5;
    let dynamic = layout!(type logical_product((2,(m,3),2):(1,(2,64),1000), (2,3):(3,1)));
    assert!(agrees(dynamic, text));
    let (a, b) = (
        layout!(type (2,(5,3),2):(1,(2,64),1000)),
        layout!(type (2,3):(3,1)),
    );
    assert!(agrees(a.logical_product(b), text));
    let raked = "raked_product((2,(5,3),2):(1,(2,64),1000), (2,3):(3,1))";
    assert!(agrees(a.raked_product(b), raked));
    // Past the first hole (B reaches offset 7 of 6): refused by every door.
    let past = "logical_product((2,(5,3),2):(1,(2,64),1000), (2,2):(1,6))";
    assert!(core(past).is_none());
    assert!(!same(a.logical_product(layout!(type (2,2):(1,6))), past));
    let dynamic = layout!(type logical_product((2,(m,3),2):(1,(2,64),1000), (2,2):(1,6)));
    assert!(dynamic.is_err());
}

/// `tile_to_shape`, a blocked product of the block by its copies: typed
/// (dynamic target extents) and core agree, over a rounded hole too.
#[test]
fn tile_to_shape_doors_agree() {
    let mut rounded = 0;
    for x in 1..=8usize {
        for y in 1..=8usize {
            let text = format!("tile_to_shape((2,3):(1,5), ({x},{y}))");
            let typed = same(layout!(type tile_to_shape((2,3):(1,5), (x,y))), &text);
            // Copies (x/2, y/3), column-major: the hole 5/2 rounds to 2,
            // so they may reach 2 copies.
            let fits = x % 2 == 0 && y % 3 == 0 && (x / 2) * (y / 3) <= 2;
            assert_eq!(typed, fits, "{text}");
            rounded += usize::from(typed && (x / 2) * (y / 3) == 2);
            let text = format!("tile_to_shape((3,2):(1,8), ({x},{y}))");
            let typed = same(layout!(type tile_to_shape((3,2):(1,8), (x,y))), &text);
            let fits = x % 3 == 0 && y % 2 == 0 && (x / 3) * (y / 2) <= 2;
            assert_eq!(typed, fits, "{text}");
        }
    }
    assert!(rounded > 0);
}

/// A dynamic extent that is 1 at run time, which the core drops: the
/// value door drops it too and answers as the core at every value; the
/// written-out door keeps CuTe's nesting (a hole at each mode, fixed while
/// compiling) and answers the core's function, or refuses where that
/// nesting cannot hold it (README, "where we differ"): `UnitExtent` where
/// the core's hole is exact, `NotComplementable` where the core rounds it.
#[test]
fn a_dynamic_extent_of_one_is_dropped_by_the_values() {
    for m in 1..=4usize {
        let (a, b) = (layout!((2,m,2):(1,4,10)), layout!(type 4:1));
        let text = format!("logical_product((2,{m},2):(1,4,10), 4:1)");
        assert_eq!(same(a.logical_product(b), &text), m == 1, "{text}");
        let written = layout!(type logical_product((2,m,2):(1,4,10), 4:1));
        if m == 1 {
            let e = written.unwrap_err();
            let unit = AlgebraError::UnitExtent {
                function: "logical_product",
                reach: 10,
                split: 4,
            };
            assert_eq!(e, unit);
        } else {
            assert!(!same(written, &text), "{text}");
        }
        let a = layout!((2,m,2):(1,4,11));
        let text = format!("logical_product((2,{m},2):(1,4,11), 4:1)");
        assert_eq!(same(a.logical_product(b), &text), m == 1, "{text}");
        let written = layout!(type logical_product((2,m,2):(1,4,11), 4:1));
        if m == 1 {
            let e = written.unwrap_err();
            assert!(
                matches!(
                    e,
                    AlgebraError::NotComplementable {
                        stride: 11,
                        span: 2,
                        ..
                    }
                ),
                "{e:?}"
            );
        } else {
            assert!(!same(written, &text), "{text}");
        }
    }
}

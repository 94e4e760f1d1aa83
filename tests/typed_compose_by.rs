//! `layout!(type composition(A, tiler))` with dynamic leaves where the
//! tiler is by-mode (`<…>` or a tuple of extents, CuTe's shape tiler) and
//! `A` a leaf, a layout of rank 1 (layout-macros/src/typed/compose/compose_by.rs), or
//! the leaves of `B` carry into a last mode of `A` that continues: each
//! call CuTe C++ answers with the core's layout
//! (`tests/golden/cute_dynamic_refusals.jsonl`, class `core`) has CuTe's
//! nesting and static leaves and the core's offset at every index, and a
//! grid of run-time values is the core's composition or refused with an
//! `AlgebraError`, never another layout.

#[path = "cute_print/form.rs"]
mod cute_print_form;

use cute_print_form::{cute_form, form};
use layout_dsl::__private::{Layout as Typed, Mode, Tree};
use layout_dsl::typed::AlgebraError;
use layout_dsl::{Layout, Value, evaluate, layout};

/// A typed result, or the error it refused with.
trait Settle<T> {
    fn settle(self) -> Result<T, AlgebraError>;
}

impl<T> Settle<T> for Result<T, AlgebraError> {
    fn settle(self) -> Result<T, AlgebraError> {
        self
    }
}

impl<S, D> Settle<Typed<S, D>> for Typed<S, D> {
    fn settle(self) -> Result<Self, AlgebraError> {
        Ok(self)
    }
}

/// The core's layout of `text`, if it has one.
fn core(text: &str) -> Option<Layout> {
    match evaluate(text) {
        Ok(Value::Layout(l)) => Some(l),
        Ok(other) => panic!("{text}: {other:?}"),
        Err(_) => None,
    }
}

/// `got`'s form (`cute_print/form.rs`) after checking it is the core's
/// layout of `text` at every index; `None` where it refused at run time.
fn typed<S: Mode<D>, D: Tree>(got: impl Settle<Typed<S, D>>, text: &str) -> Option<String> {
    let got = got.settle().ok()?;
    let typed = got.to_core().unwrap();
    let want = core(text).unwrap_or_else(|| panic!("{text}: typed {typed}, the core refuses"));
    assert_eq!(
        typed.size(),
        want.size(),
        "{text}: typed {typed}, core {want}"
    );
    for i in 0..want.size() {
        assert_eq!(
            typed.at(i),
            want.at(i),
            "{text} at {i}: typed {typed}, core {want}"
        );
    }
    Some(form(&got))
}

/// A row the golden records, typed: CuTe's form, and the core's layout.
fn cute<S: Mode<D>, D: Tree>(got: impl Settle<Typed<S, D>>, text: &str) -> String {
    typed(got, text).unwrap_or_else(|| panic!("{text}: refused at run time; CuTe answers"))
}

/// The 49 rows of the golden with a by-mode tiler (CuTe's print second):
/// each typed has CuTe's nesting and static leaves. 46 are a leaf `A` by a
/// one-entry tiler (a one-mode tuple); in the three
/// `composition((3,5):(1,3),(2,(2)):(1,(2)))` the two leaves of `B` reach
/// 1 + 2 of `A`'s first mode, extent 3, a carry into the last mode, which
/// continues it (`3 * 1 == 3`): `A` is `x` there, so the carry is harmless
/// (checked at run time where a stride is dynamic).
#[rustfmt::skip]
#[test]
fn a_leaf_by_a_by_mode_tiler_has_cutes_static_leaves() {
    let rows: [(&str, &str, String); 49] = [
        ("composition(3:1,(1))", "(_1):(_1)", cute(layout!(type composition({3}:1,(1))), "composition(3:1,(1))")),
        ("composition(3:1,(1))", "(_1):(1)", cute(layout!(type composition(3:{1},(1))), "composition(3:1,(1))")),
        ("composition(3:1,(1))", "(1):(_1)", cute(layout!(type composition(3:1,({1}))), "composition(3:1,(1))")),
        ("composition(3:1, <1>)", "(_1):(_1)", cute(layout!(type composition({3}:1, <1>)), "composition(3:1, <1>)")),
        ("composition(3:1, <1>)", "(_1):(1)", cute(layout!(type composition(3:{1}, <1>)), "composition(3:1, <1>)")),
        ("composition(3:1, <1>)", "(1):(_1)", cute(layout!(type composition(3:1, <{1}>)), "composition(3:1, <1>)")),
        ("composition(6:1, (3))", "(_3):(_1)", cute(layout!(type composition({6}:1, (3))), "composition(6:1, (3))")),
        ("composition(6:1, (3))", "(_3):(1)", cute(layout!(type composition(6:{1}, (3))), "composition(6:1, (3))")),
        ("composition(6:1, (3))", "(3):(_1)", cute(layout!(type composition(6:1, ({3}))), "composition(6:1, (3))")),
        ("composition(6:1, <3>)", "(_3):(_1)", cute(layout!(type composition({6}:1, <3>)), "composition(6:1, <3>)")),
        ("composition(6:1, <3>)", "(_3):(1)", cute(layout!(type composition(6:{1}, <3>)), "composition(6:1, <3>)")),
        ("composition(6:1, <3>)", "(3):(_1)", cute(layout!(type composition(6:1, <{3}>)), "composition(6:1, <3>)")),
        ("composition((3,5):(1,3),(2,(2)):(1,(2)))", "(_2,(_2)):(_1,(_2))", cute(layout!(type composition((3,{5}):(1,3),(2,(2)):(1,(2)))), "composition((3,5):(1,3),(2,(2)):(1,(2)))")),
        ("composition((3,5):(1,3),(2,(2)):(1,(2)))", "(_2,(_2)):(1,(2))", cute(layout!(type composition((3,5):({1},3),(2,(2)):(1,(2)))), "composition((3,5):(1,3),(2,(2)):(1,(2)))")),
        ("composition((3,5):(1,3),(2,(2)):(1,(2)))", "(_2,(_2)):(_1,(_2))", cute(layout!(type composition((3,5):(1,{3}),(2,(2)):(1,(2)))), "composition((3,5):(1,3),(2,(2)):(1,(2)))")),
        ("composition(3:1, (3))", "(_3):(_1)", cute(layout!(type composition({3}:1, (3))), "composition(3:1, (3))")),
        ("composition(3:1, (3))", "(_3):(1)", cute(layout!(type composition(3:{1}, (3))), "composition(3:1, (3))")),
        ("composition(3:1, (3))", "(3):(_1)", cute(layout!(type composition(3:1, ({3}))), "composition(3:1, (3))")),
        ("composition(3:1, <3>)", "(_3):(_1)", cute(layout!(type composition({3}:1, <3>)), "composition(3:1, <3>)")),
        ("composition(3:1, <3>)", "(_3):(1)", cute(layout!(type composition(3:{1}, <3>)), "composition(3:1, <3>)")),
        ("composition(3:1, <3>)", "(3):(_1)", cute(layout!(type composition(3:1, <{3}>)), "composition(3:1, <3>)")),
        ("composition(8:1, <4>)", "(_4):(_1)", cute(layout!(type composition({8}:1, <4>)), "composition(8:1, <4>)")),
        ("composition(8:1, <4>)", "(_4):(1)", cute(layout!(type composition(8:{1}, <4>)), "composition(8:1, <4>)")),
        ("composition(8:1, <4>)", "(4):(_1)", cute(layout!(type composition(8:1, <{4}>)), "composition(8:1, <4>)")),
        ("composition(3:1,(3))", "(_3):(_1)", cute(layout!(type composition({3}:1,(3))), "composition(3:1,(3))")),
        ("composition(3:1,(3))", "(_3):(1)", cute(layout!(type composition(3:{1},(3))), "composition(3:1,(3))")),
        ("composition(3:1,(3))", "(3):(_1)", cute(layout!(type composition(3:1,({3}))), "composition(3:1,(3))")),
        ("composition(3:1,<1:1>)", "(_1):(_1)", cute(layout!(type composition({3}:1,<1:1>)), "composition(3:1,<1:1>)")),
        ("composition(3:1,<1:1>)", "(_1):(1)", cute(layout!(type composition(3:{1},<1:1>)), "composition(3:1,<1:1>)")),
        ("composition(3:1,<1:1>)", "(1):(_1)", cute(layout!(type composition(3:1,<{1}:1>)), "composition(3:1,<1:1>)")),
        ("composition(3:1,<1:1>)", "(_1):(1)", cute(layout!(type composition(3:1,<1:{1}>)), "composition(3:1,<1:1>)")),
        ("composition(8:4, (1))", "(_1):(_4)", cute(layout!(type composition({8}:4, (1))), "composition(8:4, (1))")),
        ("composition(8:4, (1))", "(_1):(4)", cute(layout!(type composition(8:{4}, (1))), "composition(8:4, (1))")),
        ("composition(8:4, (1))", "(1):(_4)", cute(layout!(type composition(8:4, ({1}))), "composition(8:4, (1))")),
        ("composition(8:4, <1>)", "(_1):(_4)", cute(layout!(type composition({8}:4, <1>)), "composition(8:4, <1>)")),
        ("composition(8:4, <1>)", "(_1):(4)", cute(layout!(type composition(8:{4}, <1>)), "composition(8:4, <1>)")),
        ("composition(8:4, <1>)", "(1):(_4)", cute(layout!(type composition(8:4, <{1}>)), "composition(8:4, <1>)")),
        ("composition(1:0, (1))", "(_1):(_0)", cute(layout!(type composition({1}:0, (1))), "composition(1:0, (1))")),
        ("composition(1:0, (1))", "(_1):(0)", cute(layout!(type composition(1:{0}, (1))), "composition(1:0, (1))")),
        ("composition(1:0, (1))", "(1):(_0)", cute(layout!(type composition(1:0, ({1}))), "composition(1:0, (1))")),
        ("composition(1:0, <1>)", "(_1):(_0)", cute(layout!(type composition({1}:0, <1>)), "composition(1:0, <1>)")),
        ("composition(1:0, <1>)", "(_1):(0)", cute(layout!(type composition(1:{0}, <1>)), "composition(1:0, <1>)")),
        ("composition(1:0, <1>)", "(1):(_0)", cute(layout!(type composition(1:0, <{1}>)), "composition(1:0, <1>)")),
        ("composition(1:7, (1))", "(_1):(_7)", cute(layout!(type composition({1}:7, (1))), "composition(1:7, (1))")),
        ("composition(1:7, (1))", "(_1):(7)", cute(layout!(type composition(1:{7}, (1))), "composition(1:7, (1))")),
        ("composition(1:7, (1))", "(1):(_7)", cute(layout!(type composition(1:7, ({1}))), "composition(1:7, (1))")),
        ("composition(1:7, <1>)", "(_1):(_7)", cute(layout!(type composition({1}:7, <1>)), "composition(1:7, <1>)")),
        ("composition(1:7, <1>)", "(_1):(7)", cute(layout!(type composition(1:{7}, <1>)), "composition(1:7, <1>)")),
        ("composition(1:7, <1>)", "(1):(_7)", cute(layout!(type composition(1:7, <{1}>)), "composition(1:7, <1>)")),
    ];
    for (text, print, got) in rows {
        assert_eq!(got, cute_form(print), "{text}: CuTe {print}");
    }
}

/// Every small leaf `A` and one-entry tiler, all run-time values: the
/// typed result is the core's composition at every index, or refused where
/// the core refuses too or a step's condition fails.
#[test]
fn leaf_by_one_tile_is_the_cores_or_refused() {
    let (mut answered, mut total) = (0, 0);
    for a in 0..=9usize {
        for d in 0..=4usize {
            for t in 0..=10usize {
                for e in 0..=3usize {
                    let text = format!("composition({a}:{d}, <{t}:{e}>)");
                    let got = typed(layout!(type composition({a}:{d}, <{t}:{e}>)), &text);
                    assert_eq!(got.as_deref(), Some("(_):(_)"), "{text}");
                    let text = format!("composition({a}:{d}, ({t}))");
                    let got = typed(layout!(type composition({a}:{d}, ({t}))), &text);
                    // The stride is `1*d`: dynamic; `t` dynamic.
                    assert_eq!(got.as_deref(), Some("(_):(_)"), "{text}");
                    let text = format!("composition(({a},3):({d},7), <{t}:{e}, 3>)");
                    let got = layout!(type composition(({a},3):({d},7), <{t}:{e}, 3>));
                    answered += usize::from(typed(got, &text).is_some());
                    total += 1;
                }
            }
        }
    }
    // A leaf by one tile always answers (one mode: no step to refuse); a
    // two-mode A refuses some steps (CuTe's divisibility, unchecked there).
    assert!(answered > total / 2, "{answered} of {total}");
}

/// Static leaves stay static: a static `A` by a dynamic tile keeps `A`'s
/// stride in the type (`composition(8:4, <{t}>)` is `(t):(_4)`).
#[test]
fn static_leaves_stay_static() {
    for t in 0..=8usize {
        let text = format!("composition(8:4, <{t}>)");
        let got = typed(layout!(type composition(8:4, <{t}>)), &text);
        assert_eq!(got.as_deref(), Some("(_):(4)"), "{text}");
    }
}

/// Leaves of `B` whose reaches carry out of `A`'s mode before the last:
/// every small case is the core's layout or refused (a carry into a last
/// mode that does not continue), and where the last continues it
/// (`x == a * d`) a carry never refuses.
#[test]
fn a_carry_into_a_continuing_last_mode_is_the_cores() {
    let (mut continuing, mut carried) = (0, 0);
    for a in 1..=6usize {
        for d in 1..=3usize {
            for x in [a * d, a * d + 1] {
                for e0 in 0..=5usize {
                    for e1 in 0..=5usize {
                        let text = format!("composition(({a},4):({d},{x}), (2,2):({e0},{e1}))");
                        let got = layout!(type composition(({a},4):({d},{x}), (2,2):({e0},{e1})));
                        let answered = typed(got, &text).is_some();
                        // Both leaves inside the first mode, carrying.
                        if e0 < a
                            && e1 < a
                            && e0 + e1 >= a
                            && a % e0.max(1) == 0
                            && a % e1.max(1) == 0
                        {
                            carried += 1;
                            if x == a * d {
                                assert!(answered, "{text}: refused");
                                continuing += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    // The counts this grid gives, so that it cannot pass empty.
    assert_eq!((continuing, carried), (9, 18));
}

//! `layout!(type composition(A, B))` with `B`'s strides scaled bases
//! (`2@0`, `1@1`: CuTe's `E<i>`) and a dynamic leaf in `A` or in `B`'s
//! shape (`layout-macros/src/typed/compose/compose_basis.rs`): each of CuTe C++'s answers
//! the typed door refused while compiling before (the `core` rows of
//! `tests/golden/cute_dynamic_refusals.jsonl` with a basis `B`), now the
//! core's layout at every index with CuTe's nesting and static leaves,
//! and a sweep of dynamic values against the core.

mod agrees;
#[path = "cute_print/form.rs"]
mod cute_print_form;

use agrees::{agrees, same};
use cute_print_form::{cute_form, form};
use layout_dsl::__private::Tree;
use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, Layout, TypedLayout};
use proptest::prelude::*;

/// The core's layout of `text` at every index, with CuTe's nesting and
/// static leaves (`cute`, CuTe's print).
fn cute<S: Tree, D: Tree>(text: &str, cute: &str, got: Result<Layout<S, D>, AlgebraError>)
where
    Layout<S, D>: TypedLayout,
    <Layout<S, D> as TypedLayout>::Offset: TryInto<i64>,
{
    let got = got.unwrap_or_else(|e| panic!("{text}: refused: {e}"));
    assert_eq!(
        form(&got),
        cute_form(cute),
        "{text}: {got} against CuTe's {cute}"
    );
    assert!(agrees(Ok(got), text));
}

#[rustfmt::skip]
#[test]
fn cutes_answers_with_its_static_leaves() {
        cute("composition((4,8):(8,1), 4:1@1)", "_4:_1", layout!(type composition(({4},8):(8,1), 4:1@1)));
        cute("composition((4,8):(8,1), 4:1@1)", "_4:_1", layout!(type composition((4,{8}):(8,1), 4:1@1)));
        cute("composition((4,8):(8,1), 4:1@1)", "_4:_1", layout!(type composition((4,8):({8},1), 4:1@1)));
        cute("composition((4,8):(8,1), 4:1@1)", "_4:1", layout!(type composition((4,8):(8,{1}), 4:1@1)));
        cute("composition((4,8):(8,1), 4:1@1)", "4:_1", layout!(type composition((4,8):(8,1), {4}:1@1)));
        cute("composition((4,8):(8,1), 4:2@1)", "_4:_2", layout!(type composition(({4},8):(8,1), 4:2@1)));
        cute("composition((4,8):(8,1), 4:2@1)", "_4:_2", layout!(type composition((4,{8}):(8,1), 4:2@1)));
        cute("composition((4,8):(8,1), 4:2@1)", "_4:_2", layout!(type composition((4,8):({8},1), 4:2@1)));
        cute("composition((4,8):(8,1), 4:2@1)", "_4:2", layout!(type composition((4,8):(8,{1}), 4:2@1)));
        cute("composition((4,8):(8,1), 4:2@1)", "4:_2", layout!(type composition((4,8):(8,1), {4}:2@1)));
        cute("composition((4,8):(8,1), (4,2):(1@1,1@0))", "(_4,_2):(_1,_8)", layout!(type composition(({4},8):(8,1), (4,2):(1@1,1@0))));
        cute("composition((4,8):(8,1), (4,2):(1@1,1@0))", "(_4,_2):(_1,_8)", layout!(type composition((4,{8}):(8,1), (4,2):(1@1,1@0))));
        cute("composition((4,8):(8,1), (4,2):(1@1,1@0))", "(_4,_2):(_1,8)", layout!(type composition((4,8):({8},1), (4,2):(1@1,1@0))));
        cute("composition((4,8):(8,1), (4,2):(1@1,1@0))", "(_4,_2):(1,_8)", layout!(type composition((4,8):(8,{1}), (4,2):(1@1,1@0))));
        cute("composition((4,8):(8,1), (4,2):(1@1,1@0))", "(4,_2):(_1,_8)", layout!(type composition((4,8):(8,1), ({4},2):(1@1,1@0))));
        cute("composition((4,8):(8,1), (4,2):(1@1,1@0))", "(_4,2):(_1,_8)", layout!(type composition((4,8):(8,1), (4,{2}):(1@1,1@0))));
        cute("composition((4,8):(8,1), (2,4):(2@0,2@1))", "(_2,_4):(_16,_2)", layout!(type composition(({4},8):(8,1), (2,4):(2@0,2@1))));
        cute("composition((4,8):(8,1), (2,4):(2@0,2@1))", "(_2,_4):(_16,_2)", layout!(type composition((4,{8}):(8,1), (2,4):(2@0,2@1))));
        cute("composition((4,8):(8,1), (2,4):(2@0,2@1))", "(_2,_4):(16,_2)", layout!(type composition((4,8):({8},1), (2,4):(2@0,2@1))));
        cute("composition((4,8):(8,1), (2,4):(2@0,2@1))", "(_2,_4):(_16,2)", layout!(type composition((4,8):(8,{1}), (2,4):(2@0,2@1))));
        cute("composition((4,8):(8,1), (2,4):(2@0,2@1))", "(2,_4):(_16,_2)", layout!(type composition((4,8):(8,1), ({2},4):(2@0,2@1))));
        cute("composition((4,8):(8,1), (2,4):(2@0,2@1))", "(_2,4):(_16,_2)", layout!(type composition((4,8):(8,1), (2,{4}):(2@0,2@1))));
        cute("composition(((2,2),8):((1,16),2), (4,2):(1@0,1@1))", "((2,2),_2):((_1,16),_2)", layout!(type composition((({2},2),8):((1,16),2), (4,2):(1@0,1@1))));
        cute("composition(((2,2),8):((1,16),2), (4,2):(1@0,1@1))", "((_2,_2),_2):((_1,_16),_2)", layout!(type composition(((2,{2}),8):((1,16),2), (4,2):(1@0,1@1))));
        cute("composition(((2,2),8):((1,16),2), (4,2):(1@0,1@1))", "((_2,_2),_2):((_1,_16),_2)", layout!(type composition(((2,2),{8}):((1,16),2), (4,2):(1@0,1@1))));
        cute("composition(((2,2),8):((1,16),2), (4,2):(1@0,1@1))", "((_2,_2),_2):((1,_16),_2)", layout!(type composition(((2,2),8):(({1},16),2), (4,2):(1@0,1@1))));
        cute("composition(((2,2),8):((1,16),2), (4,2):(1@0,1@1))", "((_2,_2),_2):((_1,16),_2)", layout!(type composition(((2,2),8):((1,{16}),2), (4,2):(1@0,1@1))));
        cute("composition(((2,2),8):((1,16),2), (4,2):(1@0,1@1))", "((_2,_2),_2):((_1,_16),2)", layout!(type composition(((2,2),8):((1,16),{2}), (4,2):(1@0,1@1))));
        cute("composition(((2,2),8):((1,16),2), (4,2):(1@0,1@1))", "((2,2),_2):((_1,_16),_2)", layout!(type composition(((2,2),8):((1,16),2), ({4},2):(1@0,1@1))));
        cute("composition(((2,2),8):((1,16),2), (4,2):(1@0,1@1))", "((_2,_2),2):((_1,_16),_2)", layout!(type composition(((2,2),8):((1,16),2), (4,{2}):(1@0,1@1))));
        cute("composition((4,8):(8,1), (4,2):(0,1@1))", "(_4,_2):(_0,_1)", layout!(type composition(({4},8):(8,1), (4,2):(0,1@1))));
        cute("composition((4,8):(8,1), (4,2):(0,1@1))", "(_4,_2):(_0,_1)", layout!(type composition((4,{8}):(8,1), (4,2):(0,1@1))));
        cute("composition((4,8):(8,1), (4,2):(0,1@1))", "(_4,_2):(_0,_1)", layout!(type composition((4,8):({8},1), (4,2):(0,1@1))));
        cute("composition((4,8):(8,1), (4,2):(0,1@1))", "(_4,_2):(_0,1)", layout!(type composition((4,8):(8,{1}), (4,2):(0,1@1))));
        cute("composition((4,8):(8,1), (4,2):(0,1@1))", "(4,_2):(_0,_1)", layout!(type composition((4,8):(8,1), ({4},2):(0,1@1))));
        cute("composition((4,8):(8,1), (4,2):(0,1@1))", "(_4,2):(_0,_1)", layout!(type composition((4,8):(8,1), (4,{2}):(0,1@1))));
        cute("composition(((2,2),8):((1,16),2), (2,2):(1@0,2@0))", "((2,1),(1,2)):((_1,16),(_2,16))", layout!(type composition((({2},2),8):((1,16),2), (2,2):(1@0,2@0))));
        cute("composition(((2,2),8):((1,16),2), (2,2):(1@0,2@0))", "(_2,_2):(_1,_16)", layout!(type composition(((2,{2}),8):((1,16),2), (2,2):(1@0,2@0))));
        cute("composition(((2,2),8):((1,16),2), (2,2):(1@0,2@0))", "(_2,_2):(_1,_16)", layout!(type composition(((2,2),{8}):((1,16),2), (2,2):(1@0,2@0))));
        cute("composition(((2,2),8):((1,16),2), (2,2):(1@0,2@0))", "(_2,_2):(1,_16)", layout!(type composition(((2,2),8):(({1},16),2), (2,2):(1@0,2@0))));
        cute("composition(((2,2),8):((1,16),2), (2,2):(1@0,2@0))", "(_2,_2):(_1,16)", layout!(type composition(((2,2),8):((1,{16}),2), (2,2):(1@0,2@0))));
        cute("composition(((2,2),8):((1,16),2), (2,2):(1@0,2@0))", "(_2,_2):(_1,_16)", layout!(type composition(((2,2),8):((1,16),{2}), (2,2):(1@0,2@0))));
        cute("composition(((2,2),8):((1,16),2), (2,2):(1@0,2@0))", "((2,1),_2):((_1,_16),_16)", layout!(type composition(((2,2),8):((1,16),2), ({2},2):(1@0,2@0))));
        cute("composition(((2,2),8):((1,16),2), (2,2):(1@0,2@0))", "(_2,2):(_1,_16)", layout!(type composition(((2,2),8):((1,16),2), (2,{2}):(1@0,2@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "((1,2),_4,(2,1)):((_2,16),_4,(_1,16))", layout!(type composition((({2},2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "(_2,_4,_2):(_16,_4,_1)", layout!(type composition(((2,{2}),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "(_2,_4,_2):(_16,_4,_1)", layout!(type composition(((2,2),{8}):((1,16),2), (2,4,2):(2@0,2@1,1@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "(_2,_4,_2):(_16,_4,1)", layout!(type composition(((2,2),8):(({1},16),2), (2,4,2):(2@0,2@1,1@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "(_2,_4,_2):(16,_4,_1)", layout!(type composition(((2,2),8):((1,{16}),2), (2,4,2):(2@0,2@1,1@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "(_2,_4,_2):(_16,4,_1)", layout!(type composition(((2,2),8):((1,16),{2}), (2,4,2):(2@0,2@1,1@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "(2,_4,_2):(_16,_4,_1)", layout!(type composition(((2,2),8):((1,16),2), ({2},4,2):(2@0,2@1,1@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "(_2,4,_2):(_16,_4,_1)", layout!(type composition(((2,2),8):((1,16),2), (2,{4},2):(2@0,2@1,1@0))));
        cute("composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))", "(_2,_4,(2,1)):(_16,_4,(_1,_16))", layout!(type composition(((2,2),8):((1,16),2), (2,4,{2}):(2@0,2@1,1@0))));
        cute("composition((4,(3,4)):(1,(4,12)), (3,4):(1@1,3@1))", "(_3,_4):(_4,_12)", layout!(type composition(({4},(3,4)):(1,(4,12)), (3,4):(1@1,3@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (3,4):(1@1,3@1))", "((3,1),(1,4)):((_4,12),(_12,12))", layout!(type composition((4,({3},4)):(1,(4,12)), (3,4):(1@1,3@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (3,4):(1@1,3@1))", "(_3,_4):(_4,_12)", layout!(type composition((4,(3,{4})):(1,(4,12)), (3,4):(1@1,3@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (3,4):(1@1,3@1))", "(_3,_4):(_4,_12)", layout!(type composition((4,(3,4)):({1},(4,12)), (3,4):(1@1,3@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (3,4):(1@1,3@1))", "(_3,_4):(4,_12)", layout!(type composition((4,(3,4)):(1,({4},12)), (3,4):(1@1,3@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (3,4):(1@1,3@1))", "(_3,_4):(_4,12)", layout!(type composition((4,(3,4)):(1,(4,{12})), (3,4):(1@1,3@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (3,4):(1@1,3@1))", "(3,_4):(_4,_12)", layout!(type composition((4,(3,4)):(1,(4,12)), ({3},4):(1@1,3@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (3,4):(1@1,3@1))", "(_3,4):(_4,_12)", layout!(type composition((4,(3,4)):(1,(4,12)), (3,{4}):(1@1,3@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (4,3):(3@1,1@1))", "(_4,_3):(_12,_4)", layout!(type composition(({4},(3,4)):(1,(4,12)), (4,3):(3@1,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (4,3):(3@1,1@1))", "((1,4),(3,1)):((_12,12),(_4,12))", layout!(type composition((4,({3},4)):(1,(4,12)), (4,3):(3@1,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (4,3):(3@1,1@1))", "(_4,_3):(_12,_4)", layout!(type composition((4,(3,{4})):(1,(4,12)), (4,3):(3@1,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (4,3):(3@1,1@1))", "(_4,_3):(_12,_4)", layout!(type composition((4,(3,4)):({1},(4,12)), (4,3):(3@1,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (4,3):(3@1,1@1))", "(_4,_3):(_12,4)", layout!(type composition((4,(3,4)):(1,({4},12)), (4,3):(3@1,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (4,3):(3@1,1@1))", "(_4,_3):(12,_4)", layout!(type composition((4,(3,4)):(1,(4,{12})), (4,3):(3@1,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (4,3):(3@1,1@1))", "(4,_3):(_12,_4)", layout!(type composition((4,(3,4)):(1,(4,12)), ({4},3):(3@1,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (4,3):(3@1,1@1))", "(_4,3):(_12,_4)", layout!(type composition((4,(3,4)):(1,(4,12)), (4,{3}):(3@1,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,6):(1@0,1@1))", "(_2,_6):(_1,_4)", layout!(type composition(({4},(3,4)):(1,(4,12)), (2,6):(1@0,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,6):(1@0,1@1))", "(_2,(3,2)):(_1,(_4,12))", layout!(type composition((4,({3},4)):(1,(4,12)), (2,6):(1@0,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,6):(1@0,1@1))", "(_2,(_3,_2)):(_1,(_4,_12))", layout!(type composition((4,(3,{4})):(1,(4,12)), (2,6):(1@0,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,6):(1@0,1@1))", "(_2,_6):(1,_4)", layout!(type composition((4,(3,4)):({1},(4,12)), (2,6):(1@0,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,6):(1@0,1@1))", "(_2,(_3,_2)):(_1,(4,_12))", layout!(type composition((4,(3,4)):(1,({4},12)), (2,6):(1@0,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,6):(1@0,1@1))", "(_2,(_3,_2)):(_1,(_4,12))", layout!(type composition((4,(3,4)):(1,(4,{12})), (2,6):(1@0,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,6):(1@0,1@1))", "(2,_6):(_1,_4)", layout!(type composition((4,(3,4)):(1,(4,12)), ({2},6):(1@0,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,6):(1@0,1@1))", "(_2,6):(_1,_4)", layout!(type composition((4,(3,4)):(1,(4,12)), (2,{6}):(1@0,1@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,2):(1@1,2@1))", "(_2,_2):(_4,_8)", layout!(type composition(({4},(3,4)):(1,(4,12)), (2,2):(1@1,2@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,2):(1@1,2@1))", "((2,1),(2,1)):((_4,12),(_8,12))", layout!(type composition((4,({3},4)):(1,(4,12)), (2,2):(1@1,2@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,2):(1@1,2@1))", "(_2,_2):(_4,_8)", layout!(type composition((4,(3,{4})):(1,(4,12)), (2,2):(1@1,2@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,2):(1@1,2@1))", "(_2,_2):(_4,_8)", layout!(type composition((4,(3,4)):({1},(4,12)), (2,2):(1@1,2@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,2):(1@1,2@1))", "(2,_2):(_4,_8)", layout!(type composition((4,(3,4)):(1,(4,12)), ({2},2):(1@1,2@1))));
        cute("composition((4,(3,4)):(1,(4,12)), (2,2):(1@1,2@1))", "(_2,2):(_4,_8)", layout!(type composition((4,(3,4)):(1,(4,12)), (2,{2}):(1@1,2@1))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Dynamic extents and strides in `A` and in `B`'s shape, over bases
    /// naming a mode, a sub-mode's parent, and one mode twice (the carry
    /// check sees the leaves together): the core's layout at every index
    /// where the typed door answers, a refusal where the core refuses.
    #[test]
    fn the_core_at_every_index(m in 1usize..=6, n in 1usize..=6, s in 0usize..=12, t in 0usize..=12,
                               p in 1usize..=4, q in 1usize..=4) {
        let a = layout!((m,n):(s,t));
        let nested = layout!((m,(3,n)):(1,(s,t)));
        let text = |b: &str| format!("composition({a}, {b})");
        let text2 = |b: &str| format!("composition({nested}, {b})");
        let answered = [
            same(layout!(type composition((m,n):(s,t), (p,q):(2@0,2@1))), &text(&format!("({p},{q}):(2@0,2@1)"))),
            same(layout!(type composition((m,n):(s,t), (p,q):(1@1,0))), &text(&format!("({p},{q}):(1@1,0)"))),
            same(layout!(type composition((m,n):(s,t), (p,q):(1@0,2@0))), &text(&format!("({p},{q}):(1@0,2@0)"))),
            same(layout!(type composition((m,(3,n)):(1,(s,t)), (p,q):(1@1,3@1))), &text2(&format!("({p},{q}):(1@1,3@1)"))),
            same(layout!(type composition((m,(3,n)):(1,(s,t)), (2,q):(1@0,1@1@1))), &text2(&format!("(2,{q}):(1@0,1@1@1)"))),
        ];
        // A mode that continues across a dynamic extent, `(3,n):(4,12)`:
        // merged (`(3·n):4`), so it answers for every `n`.
        let continued = layout!(type composition((m,(3,n)):(1,(4,12)), (2,2):(1@1,2@1)));
        let a3 = layout!((m,(3,n)):(1,(4,12)));
        let text3 = format!("composition({a3}, (2,2):(1@1,2@1))");
        prop_assert!(agrees(continued, &text3));
        prop_assert!(answered.len() == 5);
    }
}

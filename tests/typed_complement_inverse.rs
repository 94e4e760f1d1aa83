//! `layout!(type complement(right_inverse(L)))` with one run-time leaf in
//! `L`, swept over its value (every value 0..=300 and random large ones):
//! the inner typed `right_inverse` is checked for the part the outer
//! `complement` reads, its complement (layout-macros/src/typed/read.rs),
//! so the whole call must answer exactly where the core's whole answer is
//! the typed one, CuTe's (the complement of CuTe's inverse, the port in
//! cute_print/inverse_port.rs, computed by the core), and be the core's
//! layout wherever it answers: never another layout.

#[path = "cute_print/form.rs"]
mod cute_print_form;
#[path = "cute_print/inverse_port.rs"]
#[macro_use]
mod inverse_port;

use cute_print_form::{cute_form, form};
use inverse_port::{Leaf, check_under, d, s, values};
use layout_dsl::__private::{Layout as Typed, Mode, Tree};
use layout_dsl::layout;
use layout_dsl::typed::AlgebraError;

/// One value: `typed` against the core's layout of `call` and the
/// complement of CuTe's inverse of `modes`; whether it answered.
fn check<S: Mode<D>, D: Tree>(
    call: &str,
    modes: &[(Leaf, Leaf)],
    typed: Result<Typed<S, D>, AlgebraError>,
) -> bool {
    check_under(Some("complement"), call, modes, typed)
}

/// `$typed` at every value of `v`; the values it answered.
macro_rules! complement_sweep {
    ($call:literal, $modes:expr, |$v:ident| $typed:expr) => {{
        let mut answered = Vec::new();
        for $v in values() {
            let call = $call.replace("{v}", &$v.to_string());
            if check(&call, &$modes, $typed) {
                answered.push($v);
            }
        }
        answered
    }};
}

#[test]
fn a_run_time_stride_cute_leaves_out_of_the_chain() {
    // At v = 1 the core's inverse is 20:1 and CuTe's _1:_0: both have the
    // complement 1:0, so the whole call answers at every value (the bare
    // `right_inverse` refuses v = 1).
    let answered = complement_sweep!(
        "complement(right_inverse((4,5):({v},4)))",
        [(s(4), d(v)), (s(5), s(4))],
        |v| layout!(type complement(right_inverse((4, 5):(v, 4))))
    );
    assert_eq!(answered, values());
    // At v = 4 the core's is 20:1 and CuTe's _4:_1.
    let answered = complement_sweep!(
        "complement(right_inverse((4,5):(1,{v})))",
        [(s(4), s(1)), (s(5), d(v))],
        |v| layout!(type complement(right_inverse((4, 5):(1, v))))
    );
    assert_eq!(answered, values());
    // At v = 1 the core's is (4,5):(5,1), CuTe's _1:_0: no gap in either.
    let answered = complement_sweep!(
        "complement(right_inverse((5,4):(4,{v})))",
        [(s(5), s(4)), (s(4), d(v))],
        |v| layout!(type complement(right_inverse((5, 4):(4, v))))
    );
    assert_eq!(answered, values());
    let answered = complement_sweep!(
        "complement(right_inverse((2,4):({v},2)))",
        [(s(2), d(v)), (s(4), s(2))],
        |v| layout!(type complement(right_inverse((2, 4):(v, 2))))
    );
    assert_eq!(answered, values());
}

#[test]
fn a_mode_below_the_chain_leaves_a_gap_the_core_fills() {
    // At v = 4 the core's inverse is (4,3):(3,1), whose complement is
    // 1:0; CuTe's is _4:_3, whose complement is 3:1. At v = 1 the core's
    // exchange sort meets the tie at stride 1 in index order: 3:1, with
    // the complement 1:0. Refused there only.
    let answered = complement_sweep!(
        "complement(right_inverse((3,4):({v},1)))",
        [(s(3), d(v)), (s(4), s(1))],
        |v| layout!(type complement(right_inverse((3, 4):(v, 1))))
    );
    let all: Vec<usize> = values().into_iter().filter(|&v| v != 1 && v != 4).collect();
    assert_eq!(answered, all);
    let v = 4;
    let refused = layout!(type complement(right_inverse((3, 4):(v, 1))));
    assert!(matches!(refused, Err(AlgebraError::InverseMode { .. })));
    // A run-time extent the chain ends at: at v = 100 the core goes on to
    // 3:100 and fills the gap 3:1 below the typed chain's v:3. At v = 1
    // CuTe's complement of 1:3 is (_3,1):(_1,3), not the core's 1:0: the
    // outer complement refuses (`UnitExtent`).
    let answered = complement_sweep!(
        "complement(right_inverse((3,{v}):(100,1)))",
        [(s(3), s(100)), (d(v), s(1))],
        |v| layout!(type complement(right_inverse((3, v):(100, 1))))
    );
    let all: Vec<usize> = (values().into_iter())
        .filter(|&v| v != 0 && v != 1 && v != 100)
        .collect();
    assert_eq!(answered, all);
}

#[test]
fn a_complement_whose_gap_is_run_time() {
    // The typed inverse 4:v, the core's at every value: its complement
    // (v,…) has a run-time hole, typed by the outer rule.
    let answered = complement_sweep!(
        "complement(right_inverse(({v},4):(8,1)))",
        [(d(v), s(8)), (s(4), s(1))],
        |v| layout!(type complement(right_inverse((v, 4):(8, 1))))
    );
    let all: Vec<usize> = values().into_iter().filter(|&v| v != 0).collect();
    assert_eq!(answered, all);
    // CuTe's nesting: the hole v, then the cotarget's run-time rest, 1.
    let v = 6;
    let t = layout!(type complement(right_inverse((v, 4):(8, 1)))).unwrap();
    assert_eq!(t.to_string(), "(6,1):(1,24)");
}

/// CuTe C++'s prints (CUTLASS's `layout.hpp`, host g++, the leaf a run-time
/// `int`) of `complement(right_inverse(L))`: the typed result where it
/// answers is CuTe's, its values and its static leaves.
#[test]
fn cutes_prints() {
    fn is<S: Mode<D>, D: Tree>(t: Result<Typed<S, D>, AlgebraError>, cute: &str) {
        let t = t.unwrap();
        assert_eq!(t.to_string(), cute.replace('_', ""), "CuTe's {cute}");
        assert_eq!(form(&t), cute_form(cute), "CuTe's {cute}");
    }
    for v in [0usize, 1, 2, 4, 5, 100] {
        is(
            layout!(type complement(right_inverse((4, 5):(v, 4)))),
            "_1:_0",
        );
        is(
            layout!(type complement(right_inverse((4, 5):(1, v)))),
            "_1:_0",
        );
        is(
            layout!(type complement(right_inverse((5, 4):(4, v)))),
            "_1:_0",
        );
        is(
            layout!(type complement(right_inverse((2, 4):(v, 2)))),
            "_1:_0",
        );
        if v != 1 && v != 4 {
            is(
                layout!(type complement(right_inverse((3, 4):(v, 1)))),
                "_3:_1",
            );
        }
        // At 100 the core's complement is 1:0 (refused: the sweep above).
        if v > 1 && v != 100 {
            let cute = format!("(_3,1):(_1,{})", 3 * v);
            is(
                layout!(type complement(right_inverse((3, v):(100, 1)))),
                &cute,
            );
        }
        if v > 0 {
            let cute = format!("({v},1):(_1,{})", 4 * v);
            is(
                layout!(type complement(right_inverse((v, 4):(8, 1)))),
                &cute,
            );
        }
    }
}

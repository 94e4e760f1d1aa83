//! `layout!(type composition(A, B))` where a run-time mode of `A` breaks
//! CuTe's divisibility conditions and the modes after it continue it: the
//! walk's cold `compose_step_merged` (`src/private/compose/compose_merge.rs`)
//! steps over the merged modes, so the typed result (CuTe's nesting, fixed
//! while compiling) is the core's layout at every index. Each case sweeps
//! its run-time leaves and compares every typed answer with the core's
//! composition of the same text at every index; the merged cases must
//! answer wherever the core does (before the merge they refused where a
//! mode alone did not divide), the others must not answer where the core
//! refuses or differs (a merged part another leaf may carry into, a rest
//! stride the macro folded while compiling).

use layout_dsl::typed::AlgebraError;
use layout_dsl::{Layout, Value, evaluate};

/// The core's layout of `src`, or its error.
fn core(src: &str) -> Result<Layout, String> {
    match evaluate(src) {
        Ok(Value::Layout(l)) => Ok(l),
        Ok(other) => panic!("{src}: {other}"),
        Err(e) => Err(e.to_string()),
    }
}

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// Tallies of one case: where the core answers, where the typed door
/// does (always the core's layout: checked here).
#[derive(Debug, Default, PartialEq)]
struct Tally {
    core: usize,
    typed: usize,
}

impl Tally {
    /// Checks one typed result (as a core layout) against the core's
    /// composition of `src`.
    fn check(&mut self, src: &str, typed: Result<Layout, AlgebraError>) {
        let want = core(src);
        self.core += usize::from(want.is_ok());
        if let Ok(got) = typed {
            let want = want.unwrap_or_else(|e| panic!("{src}: typed {got}, the core refuses: {e}"));
            assert_eq!(
                offsets(&got),
                offsets(&want),
                "{src}: typed {got}, core {want}"
            );
            self.typed += 1;
        }
    }
}

macro_rules! typed {
    ($($t:tt)*) => {
        layout_dsl::layout!(type $($t)*).map(|l| l.to_core().unwrap())
    };
}

#[test]
fn a_mode_merged_with_the_last_holds_the_leaf_whole() {
    let mut t = Tally::default();
    for m in 1..=12usize {
        let src = format!("composition(({m},8):(1,{m}), 8)");
        t.check(&src, typed!(composition(({m},8):(1,{m}), 8)));
        for s in 1..=12usize {
            let src = format!("composition(({m},8):(1,{m}), 2:{s})");
            t.check(&src, typed!(composition(({m},8):(1,{m}), 2:{s})));
        }
    }
    // `A` is compact: the core answers every call, and so does the merge
    // (109 before it: the mode `m` alone refused 47).
    assert_eq!(
        t,
        Tally {
            core: 156,
            typed: 156
        }
    );
    // The example of the module docs: the leaf at the first mode.
    let l = typed!(composition(({5usize},8):(1,5), 8)).unwrap();
    assert_eq!(l.to_string(), "(8,1):(1,0)");
}

#[test]
fn a_run_of_several_modes_merges() {
    let mut t = Tally::default();
    for m in 1..=6usize {
        for k in 1..=6usize {
            for x in [m * k, 100] {
                let src = format!("composition(({m},{k},8):(1,{m},{x}), 6:1)");
                t.check(&src, typed!(composition(({m},{k},8):(1,{m},{x}), 6:1)));
                let src = format!("composition(({m},{k},8):(1,{m},{x}), (3,2):(2,{m}))");
                t.check(
                    &src,
                    typed!(composition(({m},{k},8):(1,{m},{x}), (3,2):(2,{m}))),
                );
            }
        }
    }
    // 80 before the merge; the 23 left refuse where no mode continues the
    // one that refuses (the stride 100) or two leaves share the run (2 more
    // answer since a carry into a last mode that continues is harmless).
    assert_eq!(
        t,
        Tally {
            core: 130,
            typed: 107
        }
    );
}

#[test]
fn a_merged_part_another_leaf_may_carry_into_refuses() {
    // The leaf `n:3` merges the modes 4 and m (reaching 2n - 2 of the run
    // 4m); `2:8` skips the mode 4 (a static stride past it) and is checked
    // in the mode m only: the merge must stay inside the mode 4.
    let mut t = Tally::default();
    for m in 1..=4usize {
        for n in 1..=4usize {
            for x in [4 * m, 100] {
                let src = format!("composition((4,{m},5):(1,4,{x}), ({n},2):(3,8))");
                t.check(
                    &src,
                    typed!(composition((4,{m},5):(1,4,{x}), ({n},2):(3,8))),
                );
            }
        }
    }
    // As before the merge: `n:3` reaches past the mode 4 wherever the
    // merge is needed (`n ≥ 2`, the run `4m` with `m` of 3 or more).
    assert_eq!(
        t,
        Tally {
            core: 26,
            typed: 16
        }
    );
}

#[test]
fn a_rest_stride_folded_while_compiling_must_agree() {
    // `n:4` over the static mode `6:1` refuses (4 and 6 do not divide);
    // the macro folded the rest stride `ceil(4/6) = 1`, which the merged
    // run `6k` gives only where nothing goes on past it.
    let mut t = Tally::default();
    for k in 1..=4usize {
        for n in 1..=12usize {
            for x in [6 * k, 100] {
                let src = format!("composition((6,{k},5):(1,6,{x}), {n}:4)");
                t.check(&src, typed!(composition((6,{k},5):(1,6,{x}), {n}:4)));
            }
        }
    }
    // 16 before the merge.
    assert_eq!(
        t,
        Tally {
            core: 68,
            typed: 60
        }
    );
}

/// The walk is `const fn`s, as main's straight-line code was: a `const fn`
/// may hold a typed composition, merge included.
#[test]
fn a_const_fn_holds_the_composition() {
    const fn answers(m: usize) -> bool {
        layout_dsl::layout!(type composition(({m},8):(1,5), 8)).is_ok()
    }
    // At 5 the mode merges with the next (8:5 continues 5:1): the core's 8:1.
    const { assert!(answers(5)) };
    let l = typed!(composition(({5usize},8):(1,5), 8)).unwrap();
    assert_eq!(
        offsets(&l),
        offsets(&core("composition((5,8):(1,5), 8)").unwrap())
    );
    // At 3 the next mode does not continue it: refused, as at run time.
    const { assert!(!answers(3)) };
    assert!(typed!(composition(({3usize},8):(1,5), 8)).is_err());
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Over random small run-time leaves, where the left layout's modes
        /// may continue one another: a typed answer is the core's at every
        /// index, and over a compact left layout (all of its modes continue
        /// one another, up to the last) a one-leaf right layout is always
        /// answered, as the core answers it.
        #[test]
        fn merged_compositions_are_the_cores(
            m in 1usize..9, k in 1usize..6, x in 1usize..40, compact in any::<bool>(),
            n in 0usize..13, r in 0usize..14, n1 in 1usize..5, r1 in 0usize..30,
        ) {
            let x = if compact { m * k } else { x };
            let mut t = Tally::default();
            let src = format!("composition(({m},{k},5):(1,{m},{x}), {n}:{r})");
            let one = typed!(composition(({m},{k},5):(1,{m},{x}), {n}:{r}));
            if compact {
                prop_assert_eq!(one.is_ok(), core(&src).is_ok(), "{}", src);
            }
            t.check(&src, one);
            let src = format!("composition(({m},{k},5):(1,{m},{x}), ({n},{n1}):({r},{r1}))");
            t.check(&src, typed!(composition(({m},{k},5):(1,{m},{x}), ({n},{n1}):({r},{r1}))));
            let src = format!("composition(({m},{k}):(1,{m}), ({n},{n1}):({r},{r1}))");
            t.check(&src, typed!(composition(({m},{k}):(1,{m}), ({n},{n1}):({r},{r1}))));
            let src = format!("composition(({m},{k},5):(2,{x},{m}), {n}:{r})");
            t.check(&src, typed!(composition(({m},{k},5):(2,{x},{m}), {n}:{r})));
        }
    }
}

//! Static leaves of `Compose` on typed values (`compose_static.rs`): a
//! mode whose left layout and right leaf are all static is made of
//! `FoldedLeaf`s, zero-sized leaves whose values a `const fn` copy of the
//! run-time walk computes while compiling.
//!
//! - The copy and the run-time walk agree on every small input (an
//!   exhaustive sweep, walks.rs): where the run-time walk answers, the copy gives
//!   the same sub-modes; where the copy refuses, so does the run-time walk.
//! - Static operands give static leaves (`StaticInt`, zero-sized), the
//!   same numbers as the same operands with `usize` leaves, `a(b(i))` and
//!   the core's composition at every index, and `make_fragment_like`
//!   takes them.
//! - A static refusal is a run-time `Err`, the same as for `usize` leaves.

use layout_dsl::algebra::{Tiler, composition};
use layout_dsl::typed::{AlgebraError, Compose, Layout, MakeLike, StaticInt, TypedLayout};
use layout_dsl::{IntTuple, layout};

#[path = "typed_compose_static/walks.rs"]
mod walks;
use walks::run_time_walk;

/// A mode of two `usize` sub-modes.
type Dynamic = (usize, usize);

/// A leaf type that must be static.
fn value_of<T: StaticInt>(_: T) -> i64 {
    T::VALUE
}

/// The core's composition of the same numbers.
fn core<A: TypedLayout, B: TypedLayout>(a: A, b: B) -> Option<layout_dsl::Layout> {
    let (a, b) = (to_core(a), to_core(b));
    composition(&a, &Tiler::Layout(b)).ok()
}

/// The core layout of a typed one.
fn to_core<L: TypedLayout>(l: L) -> layout_dsl::Layout {
    layout_dsl::Layout::try_from(Layout::new(l.shape(), l.stride())).unwrap()
}

/// `typed` (static leaves) is `dynamic` (the same operands with `usize`
/// leaves) printed, at every index, and `a(b(i))`, and the core's answer.
fn same<L, D, A, B>(typed: L, dynamic: D, a: A, b: B)
where
    L: TypedLayout<Offset = usize> + core::fmt::Display,
    D: TypedLayout<Offset = usize> + core::fmt::Display,
    A: TypedLayout<Offset = usize> + core::fmt::Display,
    B: TypedLayout<Offset = usize> + core::fmt::Display,
{
    assert_eq!(
        core::mem::size_of::<L>(),
        0,
        "{typed}: a leaf is not static"
    );
    assert_eq!(typed.to_string(), dynamic.to_string(), "{a} o {b}");
    let core = core(a, b).unwrap_or_else(|| panic!("{a} o {b} = {typed}: the core refuses"));
    for i in 0..b.size() {
        assert_eq!(typed.at(i), a.at(b.at(i)), "{a} o {b} = {typed} at {i}");
        let expected = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i) as i64, expected, "{a} o {b}: {typed} vs {core}");
    }
}

/// Static operands against the same numbers as `usize` leaves.
macro_rules! static_case {
    ([$($a:tt)*], [$($b:tt)*]) => {{
        let (a, b) = (layout!(type $($a)*), layout!(type $($b)*));
        let typed = a.composition(b).unwrap();
        let (left, right) = (layout!($($a)*), layout!($($b)*));
        // CuTe's `coalesce` merges static modes that continue one another,
        // not dynamic ones: the `usize` copies walked with their leaves
        // merged on the values (what the static path checks against,
        // `ComposeRun`) print the static result; the method on them walks
        // CuTe's way, leaf by leaf: the same offsets.
        let merged = layout_dsl::__private::ComposeRun::compose_run(&left, right).unwrap();
        same(typed, merged, a, b);
        let dynamic = left.composition(right).unwrap();
        for i in 0..b.size() {
            assert_eq!(dynamic.at(i), typed.at(i), "{a} o {b} = {dynamic} at {i}");
        }
        // The same door through `layout!`, with the operands named.
        let named = layout!(type composition(#a, #b)).unwrap();
        assert_eq!(named, typed);
        typed
    }};
}

#[test]
fn static_operands_give_static_leaves() {
    let c = static_case!([(2, 4):(1, 8)], [4:2]);
    assert_eq!(c.to_string(), "(1,4):(0,8)");
    assert_eq!((value_of(c.shape().1), value_of(c.stride().1)), (4, 8));
    static_case!([(4, 8):(1, 4)], [(2, 4):(1, 8)]);
    static_case!([(4, 8):(8, 1)], [(4, 2):(2, 16)]);
    static_case!([(2, 3, 4):(1, 2, 6)], [(3, 8):(2, 3)]);
    static_case!([(2, 3, 4):(12, 4, 1)], [(6, 4):(1, 6)]);
    static_case!([(4, 4, 2):(1, 8, 32)], [(2, 2, 2):(2, 4, 16)]);
    static_case!([(3, 5):(5, 1)], [(5, 3):(3, 1)]);
    static_case!([(2, 2):(0, 1)], [(4, 2):(1, 4)]);
    static_case!([((2, 2), 3):((1, 4), 8)], [(2, (2, 3)):(2, (1, 4))]);
    static_case!([(8, 4):(1, 16)], [(2, 4, 4):(4, 1, 8)]);
}

#[test]
fn a_mode_is_static_where_its_leaf_is() {
    // The left layout static, the right layout's first leaf static and its
    // second dynamic: mode 0 folds, mode 1 is computed at run time.
    let a = layout!(type (4, 8):(1, 4));
    let k = 3;
    let c = a.composition(layout!((2, k):(1, 4))).unwrap();
    let ((s0, s1), (d0, d1)) = (c.shape().0, c.stride().0);
    assert_eq!(
        (value_of(s0), value_of(s1), value_of(d0), value_of(d1)),
        (2, 1, 1, 0)
    );
    let _: Layout<(_, Dynamic), (_, Dynamic)> = c;
    assert_eq!(c.to_string(), "((2,1),(3,1)):((1,0),(4,0))");
    // A dynamic leaf in the left layout: every computed leaf is `usize`.
    let m = 4;
    let c = layout!((m, 8):(1, 4))
        .composition(layout!(type 2:1))
        .unwrap();
    let _: Layout<(usize, usize), (usize, usize)> = c;
}

#[test]
fn make_fragment_like_takes_a_static_composition() {
    // A column of a static row-major tile, its strides static: CuTe's
    // `make_fragment_like` orders by them (it needs them static).
    let a = layout!(type (4, 8):(8, 1));
    let c = a.composition(layout!(type (4, 2):(2, 16))).unwrap();
    let f = c.make_fragment_like().unwrap();
    assert_eq!(f.size(), 8);
    let core_c = core(a, layout!(type (4, 2):(2, 16))).unwrap();
    let core_f = layout_dsl::algebra::make_fragment_like(&core_c).unwrap();
    for i in 0..f.size() {
        assert_eq!(
            f.at(i) as i64,
            core_f.crd2idx(&IntTuple::Int(i as i64)).unwrap(),
            "{c}: {f} vs {core_f}"
        );
    }
}

#[test]
fn a_static_refusal_is_the_run_time_error() {
    // 4 consecutive elements do not fit a mode of 3 rows of a column of 4.
    let short = layout!(type (3, 6):(1, 4)).composition(layout!(type 4:1));
    let dynamic = layout!((3, 6):(1, 4)).composition(layout!(4:1));
    assert_eq!(
        short,
        Err(AlgebraError::ShapeNotDivisible {
            function: "composition",
            shape: 4,
            part: 3
        })
    );
    assert_eq!(short.map(|c| c.to_string()), dynamic.map(|c| c.to_string()));
    // Two leaves that carry together into the next mode.
    let a = layout!(type (4, 4):(1, 8));
    let carry = a.composition(layout!(type (2, 2):(2, 3)));
    assert!(
        matches!(carry, Err(AlgebraError::Carry { .. })),
        "{carry:?}"
    );
    // Code that reads the refused result's `Ok` arm compiles (the folded
    // leaves of a refused walk are a valid mode, which no value reaches).
    let read = |i| {
        layout!(type (4, 8):(8, 1))
            .composition(layout!(type (2, 3):(1, 2)))
            .map(|c| c.at(i))
    };
    let dynamic = layout!((4, 8):(8, 1)).composition(layout!((2, 3):(1, 2)));
    assert!(dynamic.is_err());
    assert_eq!(read(1).unwrap_err(), dynamic.unwrap_err());
}

#[test]
fn the_nesting_is_the_dynamic_one_the_offsets_cutes() {
    // CuTe's static nesting (the written-out door) merges and drops modes
    // that the value door keeps as `1:0` sub-modes; the offsets agree.
    let (a, b) = (layout!(type (4, 8):(8, 1)), layout!(type (4, 2):(2, 16)));
    let value = a.composition(b).unwrap();
    let written = layout!(type composition((4, 8):(8, 1), (4, 2):(2, 16)));
    assert_eq!(value.to_string(), "((2,2),(1,2)):((16,1),(0,4))");
    assert_eq!(written.to_string(), "((2,2),2):((16,1),4)");
    for i in 0..8 {
        assert_eq!(value.at(i), written.at(i));
    }
}

#[test]
fn layout_type_names_a_static_result() {
    type Matrix = layout_dsl::layout_type!(type (4, 8):(8, 1));
    type Tile = layout_dsl::layout_type!(type (4, 2):(2, 16));
    type Picked = layout_dsl::layout_type!(type composition(#Matrix, #Tile));
    fn pick(a: Matrix, b: Tile) -> Result<Picked, AlgebraError> {
        layout!(type composition(#a, #b))
    }
    let c = pick(layout!(type (4, 8):(8, 1)), layout!(type (4, 2):(2, 16))).unwrap();
    assert_eq!(core::mem::size_of::<Picked>(), 0);
    assert_eq!(c.to_string(), "((2,2),(1,2)):((16,1),(0,4))");
}

/// Where the walk refuses past two leaves, `Compose` decides point by
/// point (`compose_decide.rs`); a static leaf's copy decides the same way
/// while compiling, so those compositions stay static.
#[test]
fn the_point_by_point_decision_keeps_static_leaves() {
    use layout_dsl::__private::static_walk_decided;
    // `b(1) = 5` crosses the first two groups of `a` (q = 1 with a carry
    // over a rest of two groups): the walk refuses, the decision answers.
    let (modes, decided) = static_walk_decided(&[2, 2, 1], &[0, 1, 1], 4, 5);
    assert!(decided && modes.is_ok());
    let c = static_case!([(2, 2, 1):(0, 1, 1)], [4:5]);
    assert_eq!(c.to_string(), "(2,2,1):(1,3,0)");
    // The same over 65536 elements: the copy reads one period of `f(c) =
    // a(5c)` (4 values; `a` repeats every 4 elements) rather than all.
    let (modes, decided) = static_walk_decided(&[2, 2, 1], &[0, 1, 1], 65536, 5);
    assert!(decided && modes.is_ok());
    let c = static_case!([(2, 2, 1):(0, 1, 1)], [65536:5]);
    assert_eq!(c.to_string(), "(2,2,16384):(1,3,5)");
    // Carries that cancel (typed_compose_rank3.rs): each leaf walks, the
    // two together carry in the first group, yet `a(1 + 3) = a(1) + a(3)`.
    // Decided at run time; the static leaves are the walk's, the same
    // function as the decided `usize` ones in another form.
    let (a, b) = (
        layout!(type (2, 2, 1):(1, 1, 3)),
        layout!(type (2, 2):(1, 3)),
    );
    let typed = a.composition(b).unwrap();
    let dynamic = layout!((2, 2, 1):(1, 1, 3))
        .composition(layout!((2, 2):(1, 3)))
        .unwrap();
    assert_eq!(core::mem::size_of_val(&typed), 0);
    assert_eq!(dynamic.to_string(), "((2,1,1),(2,1,1)):((1,0,0),(2,0,0))");
    assert_eq!(typed.to_string(), "((2,1,1),(1,2,1)):((1,0,0),(0,2,0))");
    let core = core(a, b).unwrap();
    for i in 0..4 {
        assert_eq!(typed.at(i), dynamic.at(i));
        assert_eq!(typed.at(i), a.at(b.at(i)));
        assert_eq!(
            typed.at(i) as i64,
            core.crd2idx(&IntTuple::Int(i as i64)).unwrap()
        );
    }
}

/// Where the walk refuses and the period of `f(c) = a(c·r)` does not
/// divide `n`, the copy used to read all `n` values while compiling and
/// rustc's `long_running_const_eval` stopped it past some 30,000: it now
/// reads a bounded number (`compose_decide_static.rs`). `(2,3,1):(0,1,2)
/// ∘ n:3` is `n:1` (`a(3c) = c`) for every `n`; the period is 2.
#[test]
fn a_long_decision_stays_within_the_const_budget() {
    use layout_dsl::__private::static_walk_decided;
    for n in [65_537, 300_001] {
        let (modes, decided) = static_walk_decided(&[2, 3, 1], &[0, 1, 2], n, 3);
        assert!(decided, "the walk refuses");
        assert_eq!(modes.unwrap()[..3], [(n, 1), (1, 0), (1, 0)]);
    }
    let c = static_case!([(2, 3, 1):(0, 1, 2)], [65537:3]);
    assert_eq!(c.to_string(), "(65537,1,1):(1,0,0)");
    let c = static_case!([(2, 3, 1):(0, 1, 2)], [300001:3]);
    assert_eq!(c.to_string(), "(300001,1,1):(1,0,0)");
    // A refusal: a(2c) over (2,3,1):(0,1,7) is 0,2,7,9,… past the first
    // mode, not a layout of 65537 elements; the run-time walk refuses too.
    let (modes, _) = static_walk_decided(&[2, 3, 1], &[0, 1, 7], 65_537, 2);
    assert!(modes.is_err());
    assert!(
        layout!(type (2, 3, 1):(0, 1, 7))
            .composition(layout!(type 65537:2))
            .is_err()
    );
}

/// The copy's decision against the core's exact composition, as
/// functions, for longer leaves than the sweeps above (where the period
/// does and does not divide `n`): every rank-3 left layout with extents
/// 1–3 and strides 0–4, `r ≤ 7`; where the copy refuses, the run-time
/// walk (the core's answer, `typed_compose_rank3.rs`) refuses too.
#[test]
fn the_decision_is_the_core_s_for_longer_leaves() {
    let (mut decided, mut refused) = (0, 0);
    for e in (0..27).map(|i| [1 + i % 3, 1 + i / 3 % 3, 1 + i / 9]) {
        for d in (0..125).map(|i| [i % 5, i / 5 % 5, i / 25]) {
            let a: layout_dsl::Layout =
                format!("({},{},{}):({},{},{})", e[0], e[1], e[2], d[0], d[1], d[2])
                    .parse()
                    .unwrap();
            for n in [7, 9, 10, 12, 15, 21, 25, 33, 41, 48] {
                for r in 1..=7 {
                    let (copy, cold) = layout_dsl::__private::static_walk_decided(&e, &d, n, r);
                    let Ok(modes) = copy else {
                        refused += 1;
                        assert!(run_time_walk(&e, &d, n, r).is_err(), "{a} o {n}:{r}");
                        continue;
                    };
                    if !cold {
                        continue;
                    }
                    decided += 1;
                    let b: layout_dsl::Layout = format!("{n}:{r}").parse().unwrap();
                    let core = composition(&a, &Tiler::Layout(b)).ok();
                    let core = core.unwrap_or_else(|| panic!("{a} o {n}:{r}: the core refuses"));
                    for i in 0..n {
                        let (mut rest, mut at) = (i, 0);
                        for &(s, t) in &modes {
                            at += rest % s * t;
                            rest /= s;
                        }
                        let expected = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
                        assert_eq!(at as i64, expected, "{a} o {n}:{r} at {i}: {modes:?}");
                    }
                }
            }
        }
    }
    assert!(
        decided > 500 && refused > 500,
        "{decided} decided, {refused} refused"
    );
}

/// An empty right layout answers without reading `a` (`n:0` per leaf),
/// even where a static leaf's walk and decision both refuse: that leaf's
/// folded mode is `n:0` then, as the `usize` one.
#[test]
fn an_empty_right_layout_answers_with_a_refused_static_leaf() {
    let (modes, _) = layout_dsl::__private::static_walk_decided(&[1, 2, 1], &[0, 0, 1], 3, 1);
    assert!(modes.is_err());
    let z = 0;
    let a = layout!(type (1, 2, 1):(0, 0, 1));
    let typed = a.composition(layout!((z, 3):(1, 1))).unwrap();
    let dynamic = layout!((1, 2, 1):(0, 0, 1)).composition(layout!((z, 3):(1, 1)));
    assert_eq!(typed.to_string(), dynamic.unwrap().to_string());
    assert_eq!(typed.to_string(), "((0,1,1),(3,1,1)):((0,0,0),(0,0,0))");
    let ((_, _, _), (s, _, _)) = typed.shape();
    assert_eq!(value_of(s), 3);
}

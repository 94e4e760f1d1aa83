//! `layout!(slice(…))` and `dice(…)` with a dynamic leaf, a dynamic
//! coordinate or a named layout are typed straight-line code (the facade's
//! `SliceOf::slice_of`; dice's kept modes), `type` or not. Each form is
//! compared here with the core's `slice`/`dice` of the same numbers at
//! many coordinates and extents. A coordinate past its extent is an error
//! in both doors (the typed slice's `Err`, the core's `DomainError`, one
//! message), where CuTe's `slice_and_offset` reads on past the extent
//! (`slice((_,8), (4,8):(8,1))` is CuTe's `view((4):(8),8)`).

use std::fmt::Display;

use layout_dsl::typed::{C, Layout};
use layout_dsl::{Value, evaluate, layout};

/// The core's view of `src`, as (layout, base); `None` for its error.
fn core_view(src: &str) -> Option<(String, i64)> {
    match evaluate(src) {
        Ok(Value::View(v)) => Some((v.layout().to_string(), v.base())),
        Ok(other) => panic!("{src}: {other}"),
        Err(_) => None,
    }
}

/// The core's layout `src` evaluates to.
fn core_layout(src: &str) -> String {
    match evaluate(src) {
        Ok(Value::Layout(l)) => l.to_string(),
        other => panic!("{src}: {other:?}"),
    }
}

/// The core's view of `src`: `None`, its error, exactly where the
/// coordinate is out of range.
fn in_range(src: &str, in_range: bool) -> Option<(String, i64)> {
    let core = core_view(src);
    assert_eq!(core.is_some(), in_range, "{src}: the core's answer");
    core
}

/// A typed slice as (layout, base); `None` for its error.
fn typed<L: Display, E>(r: Result<(L, usize), E>) -> Option<(String, i64)> {
    r.ok().map(|(l, base)| (l.to_string(), base as i64))
}

#[test]
fn a_dynamic_coordinate_slices_as_the_core_does() {
    for j in 0..10usize {
        let core = in_range(&format!("slice((_,{j}),(4,8):(8,1))"), j < 8);
        assert_eq!(typed(layout!(slice((_,j), (4,8):(8,1)))), core, "j={j}");
        assert_eq!(typed(layout!(type slice((_,j), (4,8):(8,1)))), core);
    }
    // The kept modes of a static layout stay static.
    let j = 5;
    let (col, base): (Layout<(C<4>,), (C<8>,)>, usize) =
        layout!(slice((_,j), (4,8):(8,1))).unwrap();
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 5));
}

#[test]
fn a_dynamic_leaf_slices_as_the_core_does() {
    for m in 1..6usize {
        for i in 0..7usize {
            let core = in_range(&format!("slice(({i},_),({m},8):(8,1))"), i < m);
            assert_eq!(
                typed(layout!(slice((i,_), (m,8):(8,1)))),
                core,
                "m={m} i={i}"
            );
            let core = in_range(&format!("slice((_,3),({m},8):(8,{m}))"), true);
            assert_eq!(typed(layout!(slice((_,3), (m,8):(8,m)))), core, "m={m}");
        }
    }
}

#[test]
fn a_nested_coordinate_gathers_the_kept_modes_as_the_core_does() {
    for (m, k) in [(1usize, 1usize), (3, 2), (4, 5)] {
        let s = 2 * m;
        for i in 0..5usize {
            for j in 0..3usize {
                let l = format!("({m},(2,{k})):(1,({m},{s}))");
                let core = in_range(&format!("slice(({i},({j},_)),{l})"), i < m && j < 2);
                let got = layout!(slice((i,(j,_)), (m,(2,k)):(1,(m,s))));
                assert_eq!(typed(got), core, "{l} at ({i},({j},_))");
                let core = in_range(&format!("slice((_,(_,{j})),{l})"), j < k);
                let got = layout!(type slice((_,(_,j)), (m,(2,k)):(1,(m,s))));
                assert_eq!(typed(got), core, "{l} at (_,(_,{j}))");
            }
        }
    }
}

#[test]
fn a_named_layout_slices_as_the_core_does() {
    let a = layout!((4,8):(8,1));
    for j in 0..9usize {
        let core = in_range(&format!("slice((_,{j}),(4,8):(8,1))"), j < 8);
        assert_eq!(typed(layout!(slice((_,j), #a))), core, "j={j}");
    }
    // All static: the base too is the core's.
    assert_eq!(
        typed(layout!(slice((_,3), #a))),
        core_view("slice((_,3),(4,8):(8,1))")
    );
    // A named layout's negative stride: the base is an `isize`, as the
    // layout written out gives it, and the core's.
    let n = layout!((4,8):(-1,1));
    for i in 0..4usize {
        let (row, base): (_, isize) = layout!(slice((i,_), #n)).unwrap();
        let core = core_view(&format!("slice(({i},_),(4,8):(-1,1))"));
        assert_eq!(Some((row.to_string(), base as i64)), core);
    }
    for m in 1..5usize {
        let b = layout!((m,(2,4)):(8,(1,2)));
        for i in 0..6usize {
            let l = format!("({m},(2,4)):(8,(1,2))");
            let core = in_range(&format!("slice(({i},(1,_)),{l})"), i < m);
            assert_eq!(typed(layout!(slice((i,(1,_)), #b))), core, "{l} at {i}");
            let core = in_range(&format!("slice((_,({i},_)),{l})"), i < 2);
            assert_eq!(
                typed(layout!(type slice((_,(i,_)), #b))),
                core,
                "{l} at {i}"
            );
        }
    }
}

#[test]
fn dice_keeps_the_integer_modes_as_the_core_does() {
    for m in 1..5usize {
        for j in 0..10usize {
            let core = core_layout(&format!("dice((_,{j}),({m},8):(8,1))"));
            assert_eq!(layout!(dice((_,j), (m,8):(8,1))).to_string(), core);
            let core = core_layout(&format!("dice(({j},_),({m},8):(8,{m}))"));
            assert_eq!(layout!(type dice((j,_), (m,8):(8,m))).to_string(), core);
            let l = format!("({m},(2,3)):(1,({m},-1))");
            let core = core_layout(&format!("dice((_,({j},_)),{l})"));
            let got = layout!(dice((_,(j,_)), (m,(2,3)):(1,(m,-1))));
            assert_eq!(got.to_string(), core, "{l}");
            let core = core_layout(&format!("dice(({j},(_,{j})),{l})"));
            let got = layout!(dice((j,(_,j)), (m,(2,3)):(1,(m,-1))));
            assert_eq!(got.to_string(), core, "{l}");
        }
    }
    // Static kept modes stay static.
    let j = 1;
    let diced: Layout<(C<8>,), (C<1>,)> = layout!(dice((_,j), (4,8):(8,1)));
    assert_eq!(diced.to_string(), "(8):(1)");
}

#[test]
fn static_slices_still_fold() {
    let (col, base): (Layout<(usize,), (usize,)>, usize) = layout!(slice((_,3), (4,8):(8,1)));
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));
    let (col, base): (Layout<(C<4>,), (C<8>,)>, usize) = layout!(type slice((_,3), (4,8):(8,1)));
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));
}

/// A row of `(m,8):(-1,1)`: static, its offsets signed.
type Row = Layout<(C<8>,), (C<1>,), isize>;

/// A typed slice of a signed layout as (layout, base); `None` for its error.
fn signed<L: Display, E>(r: Result<(L, isize), E>) -> Option<(String, i64)> {
    r.ok().map(|(l, base)| (l.to_string(), base as i64))
}

#[test]
fn a_negative_static_stride_slices_typed_with_a_signed_base() {
    // CuTe's prints (harness-partition3/slice.cpp), m = 4: `(_8):(_1)` at
    // -3, `(_4):(_-1)` at 3; the base is CuTe's `int`.
    for m in 1..6usize {
        for i in 0..6usize {
            let core = in_range(&format!("slice(({i},_),({m},8):(-1,1))"), i < m);
            let got = layout!(slice((i,_), (m,8):(-1,1)));
            assert_eq!(signed(got), core, "m={m} i={i}");
            let got: Result<(Row, isize), _> = layout!(type slice((i,_), (m,8):(-1,1)));
            assert_eq!(signed(got), core, "m={m} i={i}");
            let core = in_range(&format!("slice((_,{i}),({m},8):(8,-1))"), true);
            assert_eq!(signed(layout!(slice((_,i), (m,8):(8,-1)))), core);
        }
    }
    // A nested negative mode, a dynamic coordinate (CuTe: `(_4):(_8)` at
    // -5 for `(_,(1,2))`, `(_2):(_-1)` at 22 for `(3,(_,1))`).
    for j in 0..4usize {
        for k in 0..4usize {
            let l = "(4,(2,3)):(8,(-1,-2))";
            let core = in_range(&format!("slice((_,({j},{k})),{l})"), j < 2 && k < 3);
            let got = layout!(slice((_,(j,k)), (4,(2,3)):(8,(-1,-2))));
            assert_eq!(signed(got), core, "{l} at (_,({j},{k}))");
            let core = in_range(&format!("slice(({j},(_,{k})),{l})"), k < 3);
            let got = layout!(slice((j,(_,k)), (4,(2,3)):(8,(-1,-2))));
            assert_eq!(signed(got), core, "{l} at ({j},(_,{k}))");
        }
    }
    // The kept modes stay static, the base an `isize`.
    let (i, k) = (3, 1);
    let (row, base): (Layout<(C<2>,), (C<-1>,), isize>, isize) =
        layout!(slice((i,(_,k)), (4,(2,3)):(8,(-1,-2)))).unwrap();
    assert_eq!((row.to_string(), base), ("(2):(-1)".to_string(), 22));
    let (i, k) = (1, 2);
    let (col, base) = layout!(slice((_,(i,k)), (4,(2,3)):(8,(-1,-2)))).unwrap();
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), -5));
}

#[test]
fn a_coordinate_past_its_extent_is_one_message_in_both_doors() {
    for (j, text) in [
        (8usize, "slice((_,8),(4,8):(8,1))"),
        (9, "slice((_,9),(4,8):(8,1))"),
    ] {
        let typed = layout!(slice((_,j), (4,8):(8,1))).unwrap_err();
        let core = evaluate(text).unwrap_err();
        assert_eq!(typed.to_string(), core.to_string());
        assert_eq!(
            core.to_string(),
            format!("slice coordinate {j} is out of range 0..8")
        );
    }
    // An integer at a tuple mode is checked against the mode's size.
    let j = 6usize;
    let typed = layout!(slice((_,j), (4,(2,3)):(1,(4,8)))).unwrap_err();
    let core = evaluate("slice((_,6),(4,(2,3)):(1,(4,8)))").unwrap_err();
    assert_eq!(typed.to_string(), core.to_string());
    assert_eq!(core.to_string(), "slice coordinate 6 is out of range 0..6");
}

#[test]
fn a_dice_inside_another_call_still_runs() {
    for m in 1..4usize {
        let j = 2;
        let size = layout!(size(dice((j,_), (m,8):(8,1)))).unwrap();
        let core = evaluate(&format!("size(dice(({j},_),({m},8):(8,1)))")).unwrap();
        assert_eq!(size.to_string(), core.to_string());
        // An operand of another call: the whole call runs in the core.
        let c = layout!(coalesce(dice((_,j,_), (m,8,2):(8,1,64))));
        let core = core_layout(&format!("coalesce(dice((_,{j},_),({m},8,2):(8,1,64)))"));
        assert_eq!(format!("{}", c.unwrap()), core);
    }
}

#[test]
fn dice_of_a_named_layout_is_typed_as_the_core_dices() {
    // CuTe's prints (harness-partition3/slice.cpp), m = 3 dynamic:
    // `dice((_,(1,_)))` = `(_2):(_1)`, `dice((2,_))` = `(3):(_8)`,
    // `dice((1,(_,3)))` = `(3,_4):(_8,_2)`.
    for m in 1..6usize {
        let b = layout!((m,(2,4)):(8,(1,2)));
        let l = format!("({m},(2,4)):(8,(1,2))");
        for j in 0..4usize {
            let got: Layout<(C<2>,), (C<1>,)> = layout!(dice((_,(j,_)), #b));
            assert_eq!(
                got.to_string(),
                core_layout(&format!("dice((_,({j},_)),{l})"))
            );
            let got: Layout<(usize,), (C<8>,)> = layout!(type dice((j,_), #b));
            assert_eq!(got.to_string(), core_layout(&format!("dice(({j},_),{l})")));
            let got: Layout<(usize, C<4>), (C<8>, C<2>)> = layout!(dice((j,(_,j)), #b));
            assert_eq!(
                got.to_string(),
                core_layout(&format!("dice(({j},(_,{j})),{l})"))
            );
            // An integer for a whole tuple mode keeps the mode.
            let got = layout!(dice((_,j), #b));
            assert_eq!(got.to_string(), core_layout(&format!("dice((_,{j}),{l})")));
        }
    }
    // A named layout with a negative stride, an all-static `const`-like value.
    let n = layout!((4,(2,3)):(8,(-1,-2)));
    let j = 1;
    let got = layout!(dice((3,(_,j)), #n));
    assert_eq!(got.to_string(), "(4,3):(8,-2)");
    assert_eq!(
        got.to_string(),
        core_layout("dice((3,(_,1)),(4,(2,3)):(8,(-1,-2)))")
    );
    let got = layout!(dice((_,(1,2)), #n));
    assert_eq!(
        got.to_string(),
        core_layout("dice((_,(1,2)),(4,(2,3)):(8,(-1,-2)))")
    );
}

/// The law of a slice: coordinate `k` of the slice is the layout at the
/// coordinate with `k` in place of the `_`, less the base; and the dice
/// keeps exactly the modes the slice drops (their sizes multiply to the
/// layout's size).
#[test]
fn a_slice_is_the_sub_layout_plus_its_base_at_every_coordinate() {
    for m in 1..5usize {
        for s in [3usize, 5] {
            let l = layout!((m,(2,3)):(s,(1,-2)));
            let core: layout_core::Layout = format!("({m},(2,3)):({s},(1,-2))").parse().unwrap();
            for i in 0..m {
                for j in 0..2usize {
                    let (sub, base) = layout!(slice((i,(j,_)), #l)).unwrap();
                    let diced = layout!(dice((i,(j,_)), #l));
                    assert_eq!(sub.size() * diced.size(), l.size());
                    for k in 0..3usize {
                        let whole = core
                            .crd2idx(&format!("({i},({j},{k}))").parse().unwrap())
                            .unwrap();
                        let at: isize = base + sub.at(k);
                        assert_eq!(at as i64, whole, "m={m} s={s} ({i},({j},{k}))");
                    }
                    let (col, base) = layout!(slice((_,(j,_)), (m,(2,3)):(s,(1,-2)))).unwrap();
                    for a in 0..m {
                        for k in 0..3usize {
                            let whole = core
                                .crd2idx(&format!("({a},({j},{k}))").parse().unwrap())
                                .unwrap();
                            assert_eq!((base + col.crd2idx((a, k))) as i64, whole);
                        }
                    }
                }
            }
        }
    }
}

/// A named layout's coordinate nested three levels deep (asked one tuple
/// at a time while compiling, `SliceCoordIn` then `SliceEntryIn` at each
/// tuple entry): the slice and the dice of the rebuilt coordinate are the
/// core's, at every coordinate and extent, past the extent too.
#[test]
fn a_named_layout_sliced_three_levels_deep_is_the_core_slice() {
    for m in 1..4usize {
        let l = layout!(((2,(m,3)),4):((1,(2,16)),64));
        let text = format!("((2,({m},3)),4):((1,(2,16)),64)");
        for i in 0..m + 1 {
            for j in 0..4usize {
                let core = in_range(&format!("slice(((_,({i},_)),{j}),{text})"), i < m);
                let got = typed(layout!(slice(((_,(i,_)),j), #l)));
                assert_eq!(got, core, "{text} at i={i} j={j}");
                let core = in_range(&format!("slice(((1,(_,{j})),_),{text})"), j < 3);
                let got = typed(layout!(slice(((1,(_,j)),_), #l)));
                assert_eq!(got, core, "{text} at j={j}");
                let diced = layout!(dice(((_,(i,_)),j), #l));
                let core = core_layout(&format!("dice(((_,({i},_)),{j}),{text})"));
                assert_eq!(diced.to_string(), core, "{text} at i={i} j={j}");
            }
        }
    }
}

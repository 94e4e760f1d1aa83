//! A divide by a by-mode tiler of static entries of a written-out `A` with
//! a dynamic leaf, as a composition's `B`
//! (layout-macros/src/typed/divide/divide_per_mode.rs): rewritten to the
//! `make_layout` of `composition(A_i, Ti)` and `composition(A_i, Ti*)`,
//! mode by mode as CuTe's `logical_divide` divides, so a dynamic extent
//! in one mode leaves the other modes' leaves static and adds no leaf.
//! Each call runs over every small value and random large ones of its
//! dynamic leaf against the core: a typed answer is the core's at every
//! index (never where the core refuses), a refusal names the values; and
//! CuTe's prints (the golden rows', and CUTLASS's at one value) are
//! answered with CuTe's static leaves and nesting. A two-leaf tiler entry
//! with a dynamic extent (divide_tile_two.rs's `cute_rest`) has CuTe's
//! complement: its static holes of 1 dropped, the dynamic ones kept,
//! refused where a dynamic extent 1 makes it another function than the
//! core's (CUTLASS's prints at 1, 2 and 4).

use layout_dsl::layout;
use layout_dsl::typed::TypedLayout;
use proptest::prelude::*;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/sweep.rs"]
mod cute_print_sweep;
use cute_print_sweep::sweep;

/// A typed result against the core's value of `text` (evaluated once:
/// the grid runs each call at 301 values): the same size and offset at
/// every index, or refused. Returns whether each answered.
fn agree<L: TypedLayout<Offset = usize>, E>(typed: Result<L, E>, text: &str) -> (bool, bool) {
    let core = match layout_core::evaluate(text) {
        Ok(layout_core::Value::Layout(l)) => Some(l),
        _ => None,
    };
    let Ok(typed) = typed else {
        return (false, core.is_some());
    };
    let core = core.unwrap_or_else(|| panic!("{text}: typed answers, the core refuses"));
    assert_eq!(typed.size() as i64, core.size(), "{text}");
    // The core's offsets by walking its leaf modes (colexicographic), as
    // `crd2idx` of each index would, without re-deriving the coordinate
    // (`crd2idx` itself at every 61st index, the walk's own check).
    let modes: Vec<(i64, i64)> = core.leaf_modes().collect();
    let (mut crd, mut offset) = (vec![0i64; modes.len()], 0i64);
    for i in 0..typed.size() {
        assert_eq!(typed.at(i) as i64, offset, "{text} at {i}");
        if i % 61 == 0 {
            let at = layout_core::IntTuple::Int(i as i64);
            assert_eq!(core.crd2idx(&at).unwrap(), offset, "{text} at {i}");
        }
        for (k, &(s, d)) in modes.iter().enumerate() {
            crd[k] += 1;
            offset += d;
            if crd[k] < s {
                break;
            }
            offset -= d * s;
            crd[k] = 0;
        }
    }
    (true, true)
}

/// Each call of the module doc's form at `m`, against the core: whether
/// each was answered, typed and by the core.
fn calls(m: usize) -> Vec<(bool, bool)> {
    let mut answered = Vec::new();
    let two = 2usize;
    macro_rules! run {
        ($text:expr, $typed:expr $(,)?) => {{
            let text = $text;
            answered.push(agree($typed, &text))
        }};
    }
    // The golden rows (tests/golden/cute_dynamic_refusals.jsonl).
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide((({m},(1,2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide((({m},(1,2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))),
    );
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,({m},2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,({m},2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))),
    );
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,{m})),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,{m})),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))),
    );
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),{m}):((2,(1,1,32)),16), <(4,8):(1,4), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),{m}):((2,(1,1,32)),16), <(4,8):(1,4), 1>))),
    );
    // Each form, a mode past the tiler, a tile not dividing the extent.
    run!(
        format!("composition((8,8):(1,8), zipped_divide(({m},6):(1,{m}), <2,3>))"),
        layout!(type composition((8,8):(1,8), zipped_divide(({m},6):(1,{m}), <2,3>))),
    );
    run!(
        format!("composition(64:1, logical_divide(({m},4,3):(1,{m},16), <4,2>))"),
        layout!(type composition(64:1, logical_divide(({m},4,3):(1,{m},16), <4,2>))),
    );
    run!(
        format!("composition(16:2, flat_divide(({m},6):(6,1), <2,3>))"),
        layout!(type composition(16:2, flat_divide(({m},6):(6,1), <2,3>))),
    );
    run!(
        format!("composition((4,16):(16,1), tiled_divide((4,{m}):(1,4), <2,4>))"),
        layout!(type composition((4,16):(16,1), tiled_divide((4,{m}):(1,4), <2,4>))),
    );
    run!(
        format!(
            "composition((2,32):(32,1), tiled_divide(((2,{m}),4):((1,2),16), <(2,2):(1,4), 2>))"
        ),
        layout!(type composition((2,32):(32,1), tiled_divide(((2,{m}),4):((1,2),16), <(2,2):(1,4), 2>))),
    );
    // A tiler entry with a dynamic leaf (divide_per_mode_tile.rs).
    run!(
        format!("composition(complement(4:1,64),tiled_divide((4,2):(1,4),<{m},2:1>))"),
        layout!(type composition(complement(4:1,64),tiled_divide((4,2):(1,4),<{m},2:1>))),
    );
    run!(
        format!("composition(complement(4:1,64),tiled_divide((4,2):(1,4),<4,{m}:1>))"),
        layout!(type composition(complement(4:1,64),tiled_divide((4,2):(1,4),<4,{m}:1>))),
    );
    run!(
        format!("composition(complement(4:1,64),tiled_divide((4,2):(1,4),<4,2:{m}>))"),
        layout!(type composition(complement(4:1,64),tiled_divide((4,2):(1,4),<4,2:{m}>))),
    );
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <({m},8):(1,4), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <({m},8):(1,4), 1>))),
    );
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(4,{m}):(1,4), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(4,{m}):(1,4), 1>))),
    );
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), {m}>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), {m}>))),
    );
    run!(
        format!("composition((8,8):(1,8), zipped_divide((8,6,2):(1,8,48), <{m},3>))"),
        layout!(type composition((8,8):(1,8), zipped_divide((8,6,2):(1,8,48), <{m},3>))),
    );
    run!(
        format!("composition(128:1, logical_divide((4,8):(1,4), <2:{m},2>))"),
        layout!(type composition(128:1, logical_divide((4,8):(1,4), <2:{m},2>))),
    );
    // Two-leaf entries (divide_tile_two.rs's `cute_rest`): a first hole
    // `d0:1`, a static hole `d1 / (s0·d0)`, both extents dynamic, and a
    // dynamic `A` under a static span.
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <({m},2):(2,8), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <({m},2):(2,8), 1>))),
    );
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(2,{m}):(2,8), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(2,{m}):(2,8), 1>))),
    );
    run!(
        format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <({m},{m}):(1,4), 1>))"
        ),
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <({m},{m}):(1,4), 1>))),
    );
    run!(
        format!("composition(64:1, tiled_divide(({m},2):(1,{m}), <({two},2):(1,4), 1>))"),
        layout!(type composition(64:1, tiled_divide(({m},2):(1,{m}), <({two},2):(1,4), 1>))),
    );
    run!(
        format!("composition(256:1, tiled_divide((64,2):(1,64), <(1,{m}):(1,4), 1>))"),
        layout!(type composition(256:1, tiled_divide((64,2):(1,64), <(1,{m}):(1,4), 1>))),
    );
    // A static-tile zipped divide with no mode past the tiler: its last
    // operand the `make_layout` of the rests (nested.rs's `ends_exact`).
    run!(
        format!("composition(1024:1, zipped_divide(({m},(4,3)):(1,(16,64)), <2,6>))"),
        layout!(type composition(1024:1, zipped_divide(({m},(4,3)):(1,(16,64)), <2,6>))),
    );
    run!(
        format!("composition(1024:1, zipped_divide(((2,{m}),(4,2)):((1,2),(32,128)), <4,2>))"),
        layout!(type composition(1024:1, zipped_divide(((2,{m}),(4,2)):((1,2),(32,128)), <4,2>))),
    );
    answered
}

#[test]
fn every_small_value_is_the_cores_or_refused() {
    let (typed, only_core) = sweep(0..=300, calls);
    assert!(typed.iter().all(|&a| a > 0), "{typed:?}");
    // Refused where the core answers only at a dynamic tile stride of 0
    // (`2:{m}`, m = 0): `tile_rest` refuses a tile of stride 0 (a
    // complement it would divide by), as divide_tile_dynamic.rs does.
    let mut want: [&[usize]; 24] = [&[]; 24];
    (want[11], want[16]) = (&[0], &[0]);
    assert_eq!(only_core, want);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    #[test]
    fn larger_values_are_the_cores_or_refused(m in 301usize..1 << 10) {
        calls(m);
    }
}

#[test]
fn each_call_keeps_cutes_static_leaves() {
    macro_rules! cute {
        ($cute:expr, $typed:expr) => {
            assert_eq!(form(&$typed.unwrap()), cute_form($cute), "{}", $cute)
        };
    }
    // The golden rows at their values (tests/golden/cute_dynamic_refusals.jsonl).
    let (m, one, two) = (8usize, 1usize, 2usize);
    cute!(
        "((((4,1,1),(2,2,2)),_1),(1,1,4),_2):((((_2,1,32),(_8,1,32)),_0),(_64,4,64),_16)",
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide((({m},(1,2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>)))
    );
    cute!(
        "(((_4,(_2,1,2,2)),_1),(1,1,4),_2):(((_2,(_8,_1,1,32)),_0),(_4,4,64),_16)",
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,({one},2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>)))
    );
    cute!(
        "(((_4,(_2,_2,_2)),_1),4,_2):(((_2,(_8,_1,_32)),_0),_64,_16)",
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,{m})),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>)))
    );
    cute!(
        "(((_4,(_2,_2,_2)),_1),_4,2):(((_2,(_8,_1,_32)),_0),_64,_16)",
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),{two}):((2,(1,1,32)),16), <(4,8):(1,4), 1>)))
    );
    // CUTLASS's prints with `int m = 8` (a host program outside the
    // repository, /work/notes/harness-bymode/t.cpp).
    cute!(
        "((_2,_3),(4,_2)):((_1,8),(_2,24))",
        layout!(type composition((8,8):(1,8), zipped_divide(({m},6):(1,{m}), <2,3>)))
    );
    cute!(
        "((_4,2),(_2,_2),_3):((_1,_4),(8,16),_16)",
        layout!(type composition(64:1, logical_divide(({m},4,3):(1,{m},16), <4,2>)))
    );
    cute!(
        "(_2,_3,4,_2):(_12,_2,_24,_6)",
        layout!(type composition(16:2, flat_divide(({m},6):(6,1), <2,3>)))
    );
    cute!(
        "((_2,_4),_2,2):((_16,_1),_32,_4)",
        layout!(type composition((4,16):(16,1), tiled_divide((4,{m}):(1,4), <2,4>)))
    );
    cute!(
        "(((_2,_2),_2),(_2,2),_2):(((_32,_2),_8),(_1,_4),_16)",
        layout!(type composition((2,32):(32,1), tiled_divide(((2,{m}),4):((1,2),16), <(2,2):(1,4), 2>)))
    );
    // A tiler entry with a dynamic leaf: the golden rows at their values,
    // then CUTLASS's prints (/work/notes/harness-bymode/t2.cpp).
    let four = 4usize;
    cute!(
        "((4,_2),1,_1):((_4,_16),16,_0)",
        layout!(type composition(complement(4:1,64),tiled_divide((4,2):(1,4),<{four},2:1>)))
    );
    cute!(
        "((_4,2),_1,1):((_4,_16),_0,32)",
        layout!(type composition(complement(4:1,64),tiled_divide((4,2):(1,4),<4,{two}:1>)))
    );
    cute!(
        "((_4,_2),_1,(1,1)):((_4,16),_0,(_16,32))",
        layout!(type composition(complement(4:1,64),tiled_divide((4,2):(1,4),<4,2:{one}>)))
    );
    // A two-leaf entry: CuTe's complement, its static holes of 1 dropped
    // (CUTLASS's prints, /work/notes/harness-divide2/t2.cpp).
    macro_rules! two_leaf {
        ($cute:expr, $s0:tt, $s1:tt, $d0:tt, $d1:tt) => {
            cute!(
                $cute,
                layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <($s0,$s1):($d0,$d1), 1>)))
            )
        };
    }
    two_leaf!(
        "((((4,1,1),(_2,_2,_2)),_1),((1,1,1),_4),_2):((((_2,_1,_32),(_8,_1,_32)),_0),((8,1,32),_64),_16)",
        { four },
        8,
        1,
        4
    );
    two_leaf!(
        "((((2,1,1),(_2,_2,_2)),_1),((2,1,1),_4),_2):((((_2,_1,_32),(_8,_1,_32)),_0),((4,1,32),_64),_16)",
        { two },
        8,
        1,
        4
    );
    two_leaf!(
        "((((1,1,1),(_2,_2,_2)),_1),((4,1,1),_4),_2):((((_2,_1,_32),(_8,_1,_32)),_0),((2,1,32),_64),_16)",
        { one },
        8,
        1,
        4
    );
    two_leaf!(
        "(((_4,(2,2,1)),_1),(1,1,8),_2):(((_2,(_8,_1,_32)),_0),(32,2,32),_16)",
        4,
        { four },
        1,
        4
    );
    two_leaf!(
        "(((_4,(1,1,1)),_1),(2,2,8),_2):(((_2,(_8,_1,_32)),_0),(8,1,32),_16)",
        4,
        { one },
        1,
        4
    );
    two_leaf!(
        "((((2,1,1),_2),_1),(_2,(2,1,1),_8),_2):((((_4,_1,_32),_1),_0),(_2,(8,1,32),_32),_16)",
        { two },
        2,
        2,
        8
    );
    two_leaf!(
        "((((4,1,1),_2),_1),(_2,(1,1,1),_8),_2):((((_4,_1,_32),_1),_0),(_2,(16,1,32),_32),_16)",
        { four },
        2,
        2,
        8
    );
    two_leaf!(
        "(((_2,(2,1)),_1),(_2,_2,(1,1,8)),_2):(((_4,(_1,_32)),_0),(_2,_8,(32,2,32)),_16)",
        2,
        { two },
        2,
        8
    );
    two_leaf!(
        "(((_2,(2,2)),_1),(_2,_2,(1,1,4)),_2):(((_4,(_1,_32)),_0),(_2,_8,(64,4,64)),_16)",
        2,
        { four },
        2,
        8
    );
    two_leaf!(
        "((((2,1,1),(2,2,2)),_1),((2,1,1),(1,1,4)),_2):((((_2,_1,_32),(_8,_1,_32)),_0),((4,1,32),(64,4,64)),_16)",
        { two },
        { m },
        1,
        4
    );
    // A static-tile zipped divide (CUTLASS's prints with `int m = 8`,
    // /work/notes/harness-divide2/t4.cpp).
    cute!(
        "((_2,_6),(4,_2)):((_1,_16),(_2,_96))",
        layout!(type composition(1024:1, zipped_divide(({m},(4,3)):(1,(16,64)), <2,6>)))
    );
    cute!(
        "(((_2,_2),_2),(4,_4)):(((_1,_2),_32),(_4,_64))",
        layout!(type composition(1024:1, zipped_divide(((2,{m}),(4,2)):((1,2),(32,128)), <4,2>)))
    );
    let m24 = 24usize;
    cute!(
        "(((2,_2),_1),(2,3),_2):(((_1,_4),_0),(2,_8),24)",
        layout!(type composition(64:1, tiled_divide(({m24},2):(1,{m24}), <({two},2):(1,4), 1>)))
    );
    cute!(
        "(((_4,(_2,_2,_2)),1),_4,2):(((_2,(_8,_1,_32)),_16),_64,16)",
        layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), {one}>)))
    );
    cute!(
        "((4,_3),(2,_2,_2)):((_1,_8),(4,_24,_48))",
        layout!(type composition((8,8):(1,8), zipped_divide((8,6,2):(1,8,48), <{four},3>)))
    );
    cute!(
        "((_2,(2,1)),(_2,_4)):((2,(_1,4)),(_4,_8))",
        layout!(type composition(128:1, logical_divide((4,8):(1,4), <2:{two},2>)))
    );
}

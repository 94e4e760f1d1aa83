//! A divide of a written-out `A` with run-time leaves read by a
//! composition (issue 13 §2), where the typed result must be CuTe's
//! nesting and static leaves and the core's layout at every index:
//!
//! - `L*`: a divide by a by-mode tiler as the composition's `B`, the last
//!   tiled mode of `A` (the last pair of a `logical_divide`) holding a
//!   run-time leaf. divide_per_mode.rs rewrites it to a `make_layout` of
//!   per-mode compositions whose last operand is a call with a run-time
//!   leaf; nested.rs nests it because a composition's `B` is read only on
//!   its domain (`on_domain`), where before it fell back to
//!   divide_by_mode.rs's whole-`A` rewrite (the core's offsets, but a
//!   run-time first extent made the later modes' strides run-time and
//!   split them into leaves CuTe does not have).
//! - `G*`: a divide by a one-mode tiler with a run-time leaf as the
//!   composition's `A`, `A` of the divide with a run-time extent (so
//!   compose_reader.rs's `inside_reader`, which needs `size A` known while
//!   compiling, does not apply): past_reader's appended `1:c` is dropped
//!   by nested.rs's `Guard` (`__private::continues`), so the result is
//!   CuTe's nesting too, and a value where the divide read past its size
//!   would not continue as the core's refuses naming the values. `X`
//!   with a run-time leaf (G8, G9) too: `inside_reader` needs it static.
//! - `M*`: the rule nested.rs applies, written out: a `make_layout` read
//!   only on its domain (the `B` of a composition that is the whole
//!   input, an operand of such a `make_layout`, the whole input itself)
//!   nests a last operand with a run-time leaf. Read past its domain (a
//!   composition read past its size by an outer one) it is held, as
//!   before: there its nesting would change the offsets
//!   (layout-macros/tests/expand/divide_read_snapshots.rs).
//!
//! Each call runs over every value 0..=300 of `m` (and `k = m % 5`) and
//! random large ones against the core; CUTLASS 4.7's prints
//! (tests/golden/cute_divide_last_pair.txt, a host program outside the
//! repository with `int` for `{m}` and `{k}`) are answered with CuTe's
//! static leaves wherever CuTe's answer is the core's layout.

use layout_dsl::layout;
use layout_dsl::typed::TypedLayout;
use proptest::prelude::*;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/sweep.rs"]
mod cute_print_sweep;
use cute_print_sweep::sweep;

/// The core's value of `text`, if a layout.
fn core(text: &str) -> Option<layout_core::Layout> {
    match layout_core::evaluate(text) {
        Ok(layout_core::Value::Layout(l)) => Some(l),
        _ => None,
    }
}

/// A typed result against the core's value of `text`: the same size and
/// offset at every index (walked over the core's leaf modes), or refused.
/// Returns whether each answered.
fn agree<L: TypedLayout<Offset = usize>, E: std::fmt::Display>(
    typed: Result<L, E>,
    text: &str,
) -> (bool, bool) {
    let core = core(text);
    let typed = match typed {
        Ok(t) => t,
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains(|c: char| c.is_ascii_digit()), "{text}: {e}");
            return (false, core.is_some());
        }
    };
    let core = core.unwrap_or_else(|| panic!("{text}: typed answers, the core refuses"));
    assert_eq!(typed.size() as i64, core.size(), "{text}");
    let modes: Vec<(i64, i64)> = core.leaf_modes().collect();
    let (mut crd, mut offset) = (vec![0i64; modes.len()], 0i64);
    for i in 0..typed.size() {
        assert_eq!(typed.at(i) as i64, offset, "{text} at {i}");
        for (j, &(s, d)) in modes.iter().enumerate() {
            crd[j] += 1;
            offset += d;
            if crd[j] < s {
                break;
            }
            offset -= d * s;
            crd[j] = 0;
        }
    }
    (true, true)
}

/// Runs `$each!(name, text, typed)` for every call at `m` and `k`.
macro_rules! each_call {
    ($each:ident, $m:expr, $k:expr) => {{
        let (m, k): (usize, usize) = ($m, $k);
        $each!("L1", format!("composition(1024:1, logical_divide(({m},(4,{k})):(1,(16,64)), <2,8>))"),
            layout!(type composition(1024:1, logical_divide(({m},(4,{k})):(1,(16,64)), <2,8>))));
        $each!("L2", format!("composition(1024:1, zipped_divide(({m},(4,{k})):(1,(16,64)), <2,8>))"),
            layout!(type composition(1024:1, zipped_divide(({m},(4,{k})):(1,(16,64)), <2,8>))));
        $each!("L3", format!("composition(1024:1, tiled_divide(({m},(4,{k})):(1,(16,64)), <2,8>))"),
            layout!(type composition(1024:1, tiled_divide(({m},(4,{k})):(1,(16,64)), <2,8>))));
        $each!("L4", format!("composition(1024:1, flat_divide(({m},(4,{k})):(1,(16,64)), <2,8>))"),
            layout!(type composition(1024:1, flat_divide(({m},(4,{k})):(1,(16,64)), <2,8>))));
        $each!("L5", format!("composition(1024:1, logical_divide((4,(4,{k})):(1,(16,64)), <2,8>))"),
            layout!(type composition(1024:1, logical_divide((4,(4,{k})):(1,(16,64)), <2,8>))));
        $each!("L6", format!("composition(64:1, logical_divide((4,{m}):(1,4), <2,4>))"),
            layout!(type composition(64:1, logical_divide((4,{m}):(1,4), <2,4>))));
        $each!("L7", format!("composition(1024:1, logical_divide(({m},(4,{k})):(1,(16,64)), <2,(4,2):(1,4)>))"),
            layout!(type composition(1024:1, logical_divide(({m},(4,{k})):(1,(16,64)), <2,(4,2):(1,4)>))));
        $each!("L8", format!("composition(1024:1, logical_divide(({m},{k}):(1,64), <2,4>))"),
            layout!(type composition(1024:1, logical_divide(({m},{k}):(1,64), <2,4>))));
        $each!("G1", format!("composition(logical_divide((4,4,{m},2):(1,32,4,128),4:{k}),(4,2):(2,16))"),
            layout!(type composition(logical_divide((4,4,{m},2):(1,32,4,128),4:{k}),(4,2):(2,16))));
        $each!("G2", format!("composition(zipped_divide((8,{m}):(1,8),2:{k}),(4,3):(1,8))"),
            layout!(type composition(zipped_divide((8,{m}):(1,8),2:{k}),(4,3):(1,8))));
        $each!("G3", format!("composition(tiled_divide((2,3,{m}):(1,2,6),3:{k}),(3,4):(1,3))"),
            layout!(type composition(tiled_divide((2,3,{m}):(1,2,6),3:{k}),(3,4):(1,3))));
        $each!("G4", format!("composition(logical_divide(({m},8):(8,1), {k}), 4:1)"),
            layout!(type composition(logical_divide(({m},8):(8,1), {k}), 4:1)));
        $each!("G5", format!("composition(tiled_divide((((4,{m}),(8,2))):(((1,32),(4,128))),8:{k}),8:32)"),
            layout!(type composition(tiled_divide((((4,{m}),(8,2))):(((1,32),(4,128))),8:{k}),8:32)));
        $each!("G6", format!("composition(logical_divide((4,{m}):(4,1),{k}:4),(2,4):(1,2))"),
            layout!(type composition(logical_divide((4,{m}):(4,1),{k}:4),(2,4):(1,2))));
        $each!("G7", format!("composition(logical_divide(({m},8):(8,1), {k}), 64:1)"),
            layout!(type composition(logical_divide(({m},8):(8,1), {k}), 64:1)));
        $each!("G8", format!("composition(zipped_divide((8,6):(1,8),2:{k}),(4,{m}):(1,8))"),
            layout!(type composition(zipped_divide((8,6):(1,8),2:{k}),(4,{m}):(1,8))));
        $each!("G9", format!("composition(tiled_divide((((4,{m}),(8,2))):(((1,32),(4,128))),8:{k}),(8,2):(32,256))"),
            layout!(type composition(tiled_divide((((4,{m}),(8,2))):(((1,32),(4,128))),8:{k}),(8,2):(32,256))));
        $each!("M1", format!("composition(1024:1, make_layout(2:1, composition((4,{m}):(16,64), 8:1)))"),
            layout!(type composition(1024:1, make_layout(2:1, composition((4,{m}):(16,64), 8:1)))));
        $each!("M2", format!("composition(1024:1, make_layout(make_layout(2:1, composition((4,{m}):(2,8), 8:1)), {k}:64))"),
            layout!(type composition(1024:1, make_layout(make_layout(2:1, composition((4,{m}):(2,8), 8:1)), {k}:64))));
        $each!("M3", format!("make_layout(2:1, composition(64:1, make_layout(2:1, coalesce(({m},2):(1,{k})))))"),
            layout!(type make_layout(2:1, composition(64:1, make_layout(2:1, coalesce(({m},2):(1,{k})))))));
    }};
}

/// Every call at `m` (`k = m % 5`) against the core.
fn calls(m: usize) -> Vec<(bool, bool)> {
    let mut answered = Vec::new();
    macro_rules! run {
        ($name:expr, $text:expr, $typed:expr) => {
            answered.push(agree($typed, &$text))
        };
    }
    each_call!(run, m, m % 5);
    answered
}

#[test]
fn every_small_value_is_the_cores_or_refused_naming_the_values() {
    let (typed, only_core) = sweep(0..=300, calls);
    // The `L` and `M` calls: typed wherever the core answers (every value).
    assert_eq!((&typed[..8], &typed[17..]), (&[301; 8][..], &[301; 3][..]));
    let (l, m) = (&only_core[..8], &only_core[17..]);
    assert!(l.iter().chain(m).all(Vec::is_empty), "{only_core:?}");
    // The `G` calls refuse, naming the values, where the core answers
    // only at a tile of extent or stride `k = 0` (`tile_rest` refuses the
    // complement it would divide by), at `m = 1` (G2, G6: `X` reads the
    // divide past its size, where its last mode, CuTe's `1:0`, does not
    // continue as the core's divide does: nested.rs's `Guard`; G3 too)
    // and, for G3, `k = 4` (`3:4` read by `(3,4):(1,3)`: CuTe's stride
    // divisibility, which the core's composition does not need).
    assert_eq!(typed[8..17], [180, 179, 119, 124, 47, 179, 102, 180, 37]);
    for (call, values) in only_core[8..17].iter().enumerate() {
        for &m in values {
            let k = m % 5;
            let why = k == 0 || m == 1 || (call == 2 && k == 4);
            assert!(why, "G{}: the core alone at m = {m}", call + 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn larger_values_are_the_cores_or_refused(m in 301usize..1 << 12) {
        calls(m);
    }
}

#[test]
fn cutlass_prints_keep_cutes_nesting_and_static_leaves() {
    let golden = std::fs::read_to_string("tests/golden/cute_divide_last_pair.txt").unwrap();
    let (mut checked, mut refused, mut other) = (0, 0, 0);
    for line in golden.lines() {
        let mut fields = line.split(' ');
        let (name, m, k, cute) = (
            fields.next().unwrap(),
            fields.next().unwrap().parse::<usize>().unwrap(),
            fields.next().unwrap().parse::<usize>().unwrap(),
            fields.next().unwrap(),
        );
        macro_rules! check {
            ($name:expr, $text:expr, $typed:expr) => {
                if $name == name {
                    let text = $text;
                    let cutes = core(&cute.replace('_', "")).unwrap();
                    let typed = $typed;
                    // CuTe answers some values the core refuses (a tile
                    // stride that does not divide the next extent): there
                    // the typed call refuses too.
                    let Some(core) = core(&text) else {
                        assert!(typed.is_err(), "{text}");
                        println!("{name} {m} {k}: CuTe {cute}, the core and typed refuse");
                        refused += 1;
                        continue;
                    };
                    let offsets = |l: &layout_core::Layout| -> Vec<i64> {
                        (0..l.size()).map(|i| l.at(i).unwrap()).collect()
                    };
                    println!(
                        "{name} {m} {k}: CuTe {cute}, typed {:?}",
                        typed.as_ref().map(form).map_err(|e| e.to_string())
                    );
                    if offsets(&cutes) == offsets(&core) {
                        assert_eq!(form(&typed.unwrap()), cute_form(cute), "{text}");
                        checked += 1;
                    } else {
                        other += 1;
                    }
                }
            };
        }
        each_call!(check, m, k);
    }
    println!(
        "CuTe's prints: {checked} the core's layout (checked), {other} another, {refused} the core refuses"
    );
    assert_eq!((checked, other, refused), (48, 0, 12));
}

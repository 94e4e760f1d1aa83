//! Composed layouts beyond their offsets: slicing with `_`, the inverses,
//! `composition` with a swizzle on the right, and a layout as the outer
//! function — against CuTe C++ (`cute_golden/composed.jsonl`, outputs of a
//! host-compiled CuTe program) and against their laws.

mod common;

use common::*;
use layout_core::{
    AlgebraRefusal, ComposedLayout, Coord, ErrorKind, IntTuple, Layout, Swizzle, Value, evaluate,
    idx2crd,
};
use proptest::prelude::*;
use serde_json::Value as Json;

fn golden(kind: &str) -> Vec<Json> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/cute_golden/composed.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| serde_json::from_str::<Json>(l).unwrap())
        .filter(|r| r["kind"] == kind)
        .collect()
}

fn ints(j: &Json) -> Vec<i64> {
    j.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

/// Every offset of a layout, view or composed layout, in index order.
fn offsets(v: &Value) -> Vec<i64> {
    match v {
        Value::Composed(c) => c.offsets().unwrap(),
        Value::Layout(l) => l.offsets().collect(),
        Value::View(v) => v.table().unwrap().as_slice().to_vec(),
        v => panic!("not a layout: {v}"),
    }
}

/// CuTe's slice of a composed layout is the same function as ours (its
/// offset plus its sliced layout, at every index); where CuTe keeps a
/// composed layout with a layout outside, the same text too.
///
/// One exception: CuTe's swizzle slice XORs the composed offset into the
/// sliced coordinate's offset where the composed layout adds them, so at a
/// non-zero offset CuTe's slice can disagree with CuTe's own `operator()`.
/// There ours is `operator()`'s, as the golden `crd2idx` row shows.
#[test]
fn slices_are_cutes() {
    let rows = golden("slice");
    assert_eq!(rows.len(), 11);
    let direct = &golden("crd2idx")[0];
    let mut decayed = 0;
    for r in rows {
        let expr = r["expr"].as_str().unwrap();
        let got = evaluate(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        if expr == "slice((_,6), Sw<2,0,-3> o 5 o (4,8):(1,4))" {
            assert_eq!(offsets(&got), ints(&direct["map"]), "{expr}");
            assert_ne!(ints(&r["map"]), ints(&direct["map"]));
            continue;
        }
        assert_eq!(offsets(&got), ints(&r["map"]), "{expr}");
        let cute = r["cute"].as_str().unwrap();
        if !cute.contains(" o ") {
            // CuTe decayed the slice to a plain layout and an offset: so do we.
            let want = format!("view({cute},{})", r["cute_offset"]);
            assert_eq!(got.to_string(), want, "{expr}");
            decayed += 1;
        } else if !cute.starts_with("Sw<") {
            assert_eq!(got.to_string(), cute, "{expr}");
        }
    }
    assert_eq!(decayed, 6);
}

#[test]
fn inverses_compositions_and_layout_outers_are_cutes() {
    let mut checked = 0;
    for kind in ["inverse", "composition", "general", "recast"] {
        for r in golden(kind) {
            let expr = r["expr"].as_str().unwrap();
            let got = evaluate(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
            assert_eq!(got.to_string(), r["cute"].as_str().unwrap(), "{expr}");
            assert_eq!(offsets(&got), ints(&r["map"]), "{expr}");
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
    let vector = golden("vector");
    assert_eq!(vector.len(), 10);
    for r in vector.iter().chain(&golden("swizzle_recast")) {
        let expr = r["expr"].as_str().unwrap();
        assert_eq!(
            evaluate(expr).unwrap().to_string(),
            r["cute"].as_str().unwrap(),
            "{expr}"
        );
    }
    let r = &golden("size")[0];
    let expr = r["expr"].as_str().unwrap();
    for f in ["size", "cosize"] {
        let got = evaluate(&format!("{f}({expr})")).unwrap().to_string();
        assert_eq!(got, r[f].to_string(), "{f}");
    }
}

/// The vector functions CuTe defines only for a swizzle at offset 0 (it
/// "assumes that Offset is in the YZ domain") refuse any other offset.
#[test]
fn vector_functions_need_offset_0() {
    let e =
        evaluate("max_common_vector(Sw<3,3,3> o 8 o (8,64):(64,1), (8,64):(64,1))").unwrap_err();
    assert!(e.to_string().contains("only offset 0"), "{e}");
    let e = evaluate("max_common_layout((4,4):(4,1) o 0 o 16:1, 16:1)").unwrap_err();
    assert!(e.to_string().contains("not a layout"), "{e}");
}

/// Where CuTe's static_asserts reject the inverse (`make_swizzle` of masks
/// that are not one swizzle's), the notation refuses with the reason.
#[test]
fn inverses_cute_rejects_are_refused() {
    for expr in [
        "right_inverse(Sw<3,4,3> o 0 o (8,64):(64,1))",
        "right_inverse(Sw<2,3,3> o 0 o ((8,2),(8,4)):((8,64),(1,128)))",
        "left_inverse(Sw<2,3,3> o 0 o ((8,2),(8,4)):((8,64),(1,128)))",
    ] {
        let e = evaluate(expr).unwrap_err();
        assert!(
            matches!(
                e.kind(),
                ErrorKind::Algebra(AlgebraRefusal::ComposedUnsupported { .. })
            ),
            "{expr}: {e}"
        );
        assert!(e.to_string().contains("masks"), "{expr}: {e}");
    }
    let e = evaluate("right_inverse(Sw<3,3,3> o 4 o (8,64):(64,1))").unwrap_err();
    assert!(e.to_string().contains("only offset 0"), "{e}");
    let e = evaluate("composition(4:1, Sw<3,3,3> o 2 o (8,64):(64,1))").unwrap_err();
    assert!(e.to_string().contains("offset 0"), "{e}");
}

/// A swizzle is its own inverse, as CuTe's `right_inverse(Swizzle)`.
#[test]
fn a_swizzles_inverses_are_itself() {
    for f in ["right_inverse", "left_inverse"] {
        assert_eq!(
            evaluate(&format!("{f}(Sw<2,0,-3>)")).unwrap().to_string(),
            "Sw<2,0,-3>"
        );
    }
}

/// Every composed-layout function takes a layout as the outer function.
#[test]
fn a_layout_outer_goes_everywhere() {
    let c = "(4,4):(4,1) o 1 o (2,4):(4,1)";
    let cases = [
        (format!("crd2idx((1,2), {c})"), "13"),
        (format!("table({c})"), "[4,5,8,9,12,13,1,2]"),
        (format!("shape({c})"), "(2,4)"),
        (format!("slice((1,_), {c})"), "(4,4):(4,1) o 5 o (4):(1)"),
        (format!("take({c}, 1, 2)"), "(4,4):(4,1) o 1 o (4):(1)"),
    ];
    for (expr, want) in cases {
        let got = evaluate(&expr).map(|v| v.to_string());
        assert_eq!(got.as_deref(), Ok(want), "{expr}");
    }
    // CuTe's right inverse, (4,2):(2,1) o -1 o (4,4):(4,1), sends 0 to
    // rinv(B)(-1) = -2, outside the composed layout: refused, with the witness.
    let e = evaluate(&format!("right_inverse({c})")).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("R(0) = -2, C(-2) outside its domain"),
        "{e}"
    );
}

fn swizzles() -> impl Strategy<Value = Swizzle> {
    (0i64..4, 0i64..4, 0i64..5, any::<bool>()).prop_filter_map("|S| >= B", |(b, m, s, neg)| {
        Swizzle::new(b, m, if neg { -s } else { s }).ok()
    })
}

/// `right_inverse` or `left_inverse` of `c`, checked independently of the
/// core's own check: `C(R(i)) = i` below `size(R)`, or `R(C(i)) = i` below
/// `size(C)`. A refusal is allowed only as `ComposedUnsupported` or an
/// error of the layouts' own inverses.
fn check_inverse(c: &ComposedLayout, right: bool) -> Result<bool, TestCaseError> {
    let r = if right {
        c.right_inverse()
    } else {
        c.left_inverse()
    };
    let r = match r {
        Ok(r) => r,
        Err(e) => {
            prop_assert!(
                matches!(
                    e.kind(),
                    ErrorKind::Algebra(AlgebraRefusal::ComposedUnsupported { .. })
                ),
                "{c}: {e}"
            );
            return Ok(false);
        }
    };
    let at = |i: i64| match &r {
        Ok(x) => x.crd2idx(&IntTuple::Int(i)).unwrap(),
        Err(l) => l.at(i).unwrap(),
    };
    let size = r.as_ref().map_or_else(Layout::size, ComposedLayout::size);
    if right {
        for i in 0..size {
            prop_assert_eq!(
                c.crd2idx(&IntTuple::Int(at(i))).unwrap(),
                i,
                "{} at {}",
                c,
                i
            );
        }
    } else {
        for i in 0..c.size() {
            prop_assert_eq!(
                at(c.crd2idx(&IntTuple::Int(i)).unwrap()),
                i,
                "{} at {}",
                c,
                i
            );
        }
    }
    Ok(true)
}

proptest! {
    #![proptest_config(config(256))]

    /// Coordinate `k` of a slice is the composed layout at the coordinate
    /// with `k` in place of the underscores, for swizzle and layout outers.
    #[test]
    fn a_slice_is_the_composed_layout_at_the_filled_coordinate(
        l in layout(), sw in swizzles(), outer in small_layout(), offset in -64i64..64,
        by_layout in any::<bool>(), seed in any::<u64>(),
    ) {
        let c = if by_layout {
            ComposedLayout::new(outer, offset, l.clone())
        } else {
            ComposedLayout::new(sw, offset, l.clone())
        };
        let coord = random_coord(l.shape(), &mut Dice::new(seed));
        let s = c.slice(&coord).unwrap();
        // CuTe's decayed form, where it is used, is the same function.
        if let Err(view) = c.slice_and_offset(&coord).unwrap() {
            let table = view.table().unwrap().as_slice().to_vec();
            prop_assert_eq!(table, s.offsets().unwrap(), "{} at {}", c, coord);
        }
        for k in 0..s.size() {
            let free = idx2crd(&IntTuple::Int(k), s.inner().shape()).unwrap();
            let full = match &coord {
                Coord::Underscore => IntTuple::Int(k),
                _ => fill(&coord, &free, &mut 0),
            };
            prop_assert_eq!(
                s.crd2idx(&IntTuple::Int(k)).ok(),
                c.crd2idx(&full).ok(),
                "{} sliced at {} = {}, index {}", c, coord, s, k
            );
        }
    }

    /// The inverses of a swizzle over a power-of-two row- or column-major
    /// tile (the shared-memory case) hold their laws whenever they are
    /// given, and those of `Sw o 0 o n:1` always are.
    #[test]
    fn swizzled_inverses_hold_their_laws(
        sw in swizzles(), rows in 0u32..5, cols in 0u32..5, row_major in any::<bool>(),
    ) {
        let (r, k) = (1i64 << rows, 1i64 << cols);
        let tile = if row_major { format!("({r},{k}):({k},1)") } else { format!("({r},{k}):(1,{r})") };
        let c = ComposedLayout::new(sw, 0, tile.parse().unwrap());
        check_inverse(&c, true)?;
        check_inverse(&c, false)?;
        let plain = ComposedLayout::new(sw, 0, format!("{}:1", sw.domain()).parse().unwrap());
        prop_assert!(check_inverse(&plain, true)?, "{}", plain);
        prop_assert!(check_inverse(&plain, false)?, "{}", plain);
    }

    /// With a layout outside, `right_inverse(B) o -offset o right_inverse(A)`
    /// holds its law whenever it is given.
    #[test]
    fn layout_outer_inverses_hold_their_laws(
        a in injective(), b in injective(), offset in 0i64..8,
    ) {
        let c = ComposedLayout::new(a, offset, b);
        check_inverse(&c, true)?;
        check_inverse(&c, false)?;
    }
}

/// Every row and column slice of swizzled power-of-two tiles: CuTe's decay
/// happens (where the kept modes meet only Y or only Z bits) and, where it
/// does, is the folded slice's function at every index.
#[test]
fn decayed_slices_are_the_composed_layouts() {
    let (mut decayed, mut kept) = (0, 0);
    for (b, m, s) in [(3, 3, 3), (3, 4, 3), (2, 3, 3), (2, 0, -3), (1, 2, 4)] {
        for tile in [
            "(8,64):(64,1)",
            "(16,32):(1,16)",
            "((8,2),(8,4)):((8,64),(1,128))",
        ] {
            let c = ComposedLayout::new(Swizzle::new(b, m, s).unwrap(), 0, tile.parse().unwrap());
            let rows = c.inner().mode(0).unwrap().size();
            let cols = c.inner().mode(1).unwrap().size();
            let coords = (0..cols)
                .map(|k| Coord::Tuple(vec![Coord::Underscore, Coord::Int(k)]))
                .chain((0..rows).map(|r| Coord::Tuple(vec![Coord::Int(r), Coord::Underscore])));
            for coord in coords {
                let folded = c.slice(&coord).unwrap();
                match c.slice_and_offset(&coord).unwrap() {
                    Err(view) => {
                        assert_eq!(
                            view.table().unwrap().as_slice(),
                            &folded.offsets().unwrap()[..],
                            "{c} at {coord}"
                        );
                        decayed += 1;
                    }
                    Ok(kept_as) => {
                        assert_eq!(kept_as, folded);
                        kept += 1;
                    }
                }
            }
        }
    }
    // 688 of the 840 slices decay.
    assert!(
        decayed >= 600 && kept >= 100,
        "{decayed} decayed, {kept} kept"
    );
}

//! Swizzles and composed layouts against CuTe C++ (`cute_golden/swizzle.jsonl`,
//! outputs of a host-compiled CuTe program: every value of several
//! swizzles; the printed form, size, cosize and every offset of composed
//! layouts and of their divides and products; compositions of swizzles;
//! `get`), and the swizzle laws.

use layout_core::{ComposedLayout, IntTuple, Layout, Swizzle, Value, evaluate};
use proptest::prelude::*;
use serde_json::Value as Json;

fn golden() -> Vec<Json> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/cute_golden/swizzle.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &Json| r.get("source").is_none())
        .collect()
}

fn ints(j: &Json) -> Vec<i64> {
    j.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

/// `Sw<B,M,S>` parsed into its three numbers.
fn parse_sw(text: &str) -> Swizzle {
    let inner = text.strip_prefix("Sw<").unwrap().strip_suffix('>').unwrap();
    let n: Vec<i64> = inner.split(',').map(|x| x.parse().unwrap()).collect();
    Swizzle::new(n[0], n[1], n[2]).unwrap()
}

#[test]
fn swizzle_values_are_cutes() {
    let mut checked = 0;
    for r in golden().iter().filter(|r| r.get("swizzle").is_some()) {
        let text = r["swizzle"].as_str().unwrap();
        let sw = parse_sw(text);
        assert_eq!(sw.to_string(), text);
        assert_eq!(evaluate(text).unwrap().to_string(), text);
        let got: Vec<i64> = (0..ints(&r["values"]).len() as i64)
            .map(|i| sw.apply(i))
            .collect();
        assert_eq!(got, ints(&r["values"]), "{text}");
        checked += 1;
    }
    assert_eq!(checked, 8);
}

#[test]
fn composed_results_are_cutes() {
    let mut checked = 0;
    for r in golden().iter().filter(|r| r.get("expr").is_some()) {
        let expr = r["expr"].as_str().unwrap();
        let want = r["result"].as_str().unwrap();
        // tile_to_shape comes with another branch; its row is checked once it exists.
        if expr.starts_with("tile_to_shape") && layout_core::function("tile_to_shape").is_none() {
            continue;
        }
        let got = evaluate(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        assert_eq!(got.to_string(), want, "{expr}");
        if let Some(map) = r.get("map") {
            let size = evaluate(&format!("size({expr})")).unwrap().to_string();
            let cosize = evaluate(&format!("cosize({expr})")).unwrap().to_string();
            assert_eq!(size, r["size"].to_string(), "size of {expr}");
            assert_eq!(cosize, r["cosize"].to_string(), "cosize of {expr}");
            let table = evaluate(&format!("table({expr})")).unwrap();
            let Value::Table(t) = table else {
                panic!("{expr}")
            };
            assert_eq!(t.as_slice(), ints(map), "offsets of {expr}");
        }
        checked += 1;
    }
    let tile_to_shape = usize::from(layout_core::function("tile_to_shape").is_some());
    assert_eq!(checked, 24 + tile_to_shape);
}

#[test]
fn get_of_a_composed_layout_is_cutes() {
    let rows: Vec<Json> = golden()
        .into_iter()
        .filter(|r| r.get("get").is_some())
        .collect();
    assert_eq!(rows.len(), 1);
    for r in rows {
        let Value::Composed(c) = evaluate(r["of"].as_str().unwrap()).unwrap() else {
            panic!("{r}")
        };
        let i = r["get"].as_u64().unwrap() as usize;
        assert_eq!(
            c.mode(i).unwrap().to_string(),
            r["result"].as_str().unwrap()
        );
    }
}

#[test]
fn swizzles_of_different_shifts_do_not_compose() {
    let e = evaluate("composition(Sw<3,4,3>, Sw<1,4,4>)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot compose Sw<3,4,3> with Sw<1,4,4>: CuTe merges only swizzles of the same shift"
    );
    assert!(evaluate("composition(Sw<1,4,3>, Sw<1,6,3>)").is_err());
}

#[test]
fn the_printed_form_reads_back() {
    let text = "Sw<2,0,-3> o 5 o (4,8):(1,4)";
    assert_eq!(evaluate(text).unwrap().to_string(), text);
}

#[test]
fn bad_swizzles_and_composed_layouts_point_at_the_culprit() {
    fn span(src: &str) -> (String, &str) {
        let e = evaluate(src).unwrap_err();
        let s = e.span().unwrap();
        (e.to_string(), &src[s.start..s.end])
    }
    assert_eq!(span("Sw<-1,3,3>").1, "-1");
    assert_eq!(span("Sw<1,-3,3>").1, "-3");
    let (msg, at) = span("Sw<3,4,-2>");
    assert_eq!(
        (msg.as_str(), at),
        (
            "the size |SShift| of a swizzle's shift must be at least 3, got 2",
            "-2"
        )
    );
    assert_eq!(
        span("Sw<3,4>").0,
        "`swizzle` takes 3 arguments, but 2 were given"
    );
    assert_eq!(span("Sw<3,4,3> o 0").1, "");
    assert_eq!(span("(4,4) o 0 o 8:1").1, "(4,4)");
    // A layout is an outer function too (CuTe's `Layout o Offset o Layout`).
    assert!(evaluate("(4,4):(4,1) o 0 o 8:1").is_ok());
    assert_eq!(
        span("crd2idx(3, Sw<3,3,3> o 0 o 8:1, 1)").0,
        "expected a layout, an integer or a tuple, found a composed layout"
    );
    assert_eq!(
        span("stride(Sw<3,3,3> o 0 o 8:1)").0,
        "expected a layout, found a composed layout"
    );
}

fn composed(b: i64, m: i64, s: i64, offset: i64, inner: &str) -> ComposedLayout {
    let inner: Layout = inner.parse().unwrap();
    ComposedLayout::new(Swizzle::new(b, m, s).unwrap(), offset, inner)
}

fn swizzles() -> impl Strategy<Value = Swizzle> {
    (0i64..5, 0i64..5, 0i64..6, any::<bool>()).prop_filter_map("|S| >= B", |(b, m, s, neg)| {
        let s = if neg { -s } else { s };
        Swizzle::new(b, m, s).ok()
    })
}

proptest! {
    #[test]
    fn a_swizzle_is_a_bijection_on_its_domain(sw in swizzles()) {
        let n = sw.domain();
        let mut seen = vec![false; n as usize];
        for o in 0..n {
            let y = sw.apply(o);
            prop_assert!((0..n).contains(&y), "{sw}({o}) = {y} leaves [0,{n})");
            prop_assert!(!seen[y as usize], "{sw} sends two offsets to {y}");
            seen[y as usize] = true;
        }
    }

    #[test]
    fn a_swizzle_is_its_own_inverse(sw in swizzles(), o in -100_000i64..100_000) {
        prop_assert_eq!(sw.apply(sw.apply(o)), o);
    }

    #[test]
    fn composed_crd2idx_is_outer_of_offset_plus_inner(
        sw in swizzles(), offset in 0i64..64, (r, k) in (1i64..9, 1i64..17), i in 0i64..1000,
    ) {
        let inner = format!("({r},{k}):({k},1)");
        let c = composed(sw.bits(), sw.base(), sw.shift(), offset, &inner);
        let i = i % (r * k);
        let coord = IntTuple::Int(i);
        let plain: Layout = inner.parse().unwrap();
        prop_assert_eq!(c.crd2idx(&coord).unwrap(), sw.apply(offset + plain.crd2idx(&coord).unwrap()));
        let text = format!("crd2idx({i}, {c})");
        prop_assert_eq!(evaluate(&text).unwrap().to_string(), c.crd2idx(&coord).unwrap().to_string());
    }
}

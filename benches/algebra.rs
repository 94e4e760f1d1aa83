//! The runtime algebra of `layout-core` on small layouts (rank ≤ 4): each
//! operation should take well under a microsecond. The same operations on
//! the same layouts are timed in pycute by `benches/pycute_algebra.py`
//! (BENCHMARKS.md puts the two side by side as operations per second).
//! One paired ratio: exact composition against CuTe's rules alone (the
//! pre-exact path, `baselines/cute_composition.rs`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::{Layout, Tiler, coalesce, complement, composition, evaluate, logical_divide};

#[path = "common/mod.rs"]
mod common;

#[path = "baselines/cute_composition.rs"]
mod cute_composition;

// Keep these in step with benches/pycute_algebra.py.
const COMPOSE_A: &str = "((2,4),(3,5)):((3,6),(1,24))";
const COMPOSE_B: &str = "(4,6):(1,4)";
const DIVIDE_A: &str = "(16,(4,8)):(32,(1,4))";
const DIVIDE_T: &str = "(4,2):(1,8)";
const COMPLEMENT_A: &str = "(2,(3,2)):(1,(4,24))";
const COMPLEMENT_M: i64 = 192;
const COALESCE_A: &str = "((2,4),(3,5)):((1,2),(8,24))";

fn parse(text: &str) -> Layout {
    text.parse().unwrap()
}

fn benches(c: &mut Criterion) {
    let (a, b) = (parse(COMPOSE_A), Tiler::from(parse(COMPOSE_B)));
    let (d, t) = (parse(DIVIDE_A), Tiler::from(parse(DIVIDE_T)));
    let m = parse(COMPLEMENT_A);
    let k = parse(COALESCE_A);
    // The answers pycute gives (checked in the same session).
    let check = [
        (composition(&a, &b).unwrap(), "(4,(2,3)):(3,(12,1))"),
        (
            logical_divide(&d, &t).unwrap(),
            "((4,2),(2,32)):((32,256),(128,1))",
        ),
        (complement(&m, COMPLEMENT_M).unwrap(), "(2,2,4):(2,12,48)"),
        (coalesce(&k), "120:1"),
    ];
    for (got, want) in check {
        assert_eq!(got.to_string(), want);
    }

    let mut g = c.benchmark_group("algebra");
    g.bench_function("parse+composition", |bench| {
        bench.iter(|| {
            let a: Layout = black_box(COMPOSE_A).parse().unwrap();
            let b: Layout = black_box(COMPOSE_B).parse().unwrap();
            composition(&a, &Tiler::from(b)).unwrap()
        })
    });
    g.bench_function("composition", |bench| {
        bench.iter(|| composition(black_box(&a), black_box(&b)).unwrap())
    });
    g.bench_function("logical_divide", |bench| {
        bench.iter(|| logical_divide(black_box(&d), black_box(&t)).unwrap())
    });
    g.bench_function("complement", |bench| {
        bench.iter(|| complement(black_box(&m), black_box(COMPLEMENT_M)).unwrap())
    });
    g.bench_function("coalesce", |bench| bench.iter(|| coalesce(black_box(&k))));
    // The calculator's path: text in, value out (what `layout eval` does per line).
    let text = format!("composition({COMPOSE_A}, {COMPOSE_B})");
    g.bench_function("evaluate_text", |bench| {
        bench.iter(|| evaluate(black_box(&text)).unwrap())
    });
    g.finish();

    // Exact composition against CuTe's rules alone (the old fast path, a
    // copy kept in the bench), on the layouts above, where both agree.
    let bl = parse(COMPOSE_B);
    for (a, b) in [(&a, &bl), (&d, &parse(DIVIDE_T))] {
        let exact = composition(a, &Tiler::from(b.clone())).unwrap();
        assert_eq!(cute_composition::composition(a, b), Some(exact));
    }
    common::paired(
        "algebra/composition exact/cute-rules",
        || {
            black_box(composition(black_box(&a), black_box(&b)).unwrap());
        },
        || {
            black_box(cute_composition::composition(black_box(&a), black_box(&bl)).unwrap());
        },
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);

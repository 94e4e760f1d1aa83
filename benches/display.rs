//! Run-time cost of printing a typed layout. `Display`, `Debug` and
//! `Layout::to_string` of every typed layout go through one formatter that
//! walks the type's description (`Tree::NODE`, src/private/text.rs), which
//! keeps their compile cost per layout type small (BENCHMARKS.md, "A
//! `Display`ed result: the description's cost"). Here that walk is timed
//! against the runtime core's `Display` of the same layout (a recursive
//! `write!` over `IntTuple`) and against a `format!` written out for the
//! one nesting, which is what a per-type formatter could at best do.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::layout;
use layout_dsl::typed::{C, Layout};

#[path = "common/mod.rs"]
mod common;

/// What `layout!` gives for the divide below: four `usize` leaves a tree.
type Divided = Layout<((usize, usize), (usize, usize)), ((usize, usize), (usize, usize))>;

fn benches(c: &mut Criterion) {
    // A static algebra result (nested, `usize` leaves) and a layout mixing
    // static and dynamic leaves.
    let divided = layout!(logical_divide((8, 16):(1, 8), (2, 4)));
    let m = black_box(6usize);
    let mixed = layout!(((2, m), (4, 3)):((1, 2), (m, 48)));
    let text = "((2,4),(4,4)):((1,2),(8,32))";
    assert_eq!(divided.to_string(), text);
    assert_eq!(format!("{divided:?}"), format!("Layout({text})"));
    let core = divided.to_core().unwrap();
    assert_eq!(core.to_string(), text);
    let by_hand = |l: &Divided| {
        let ((a, b), (c, d)) = l.shape();
        let ((e, f), (g, h)) = l.stride();
        format!("(({a},{b}),({c},{d})):(({e},{f}),({g},{h}))")
    };
    assert_eq!(by_hand(&divided), text);
    assert_eq!(mixed.to_string(), "((2,6),(4,3)):((1,2),(6,48))");
    let _: C<4> = mixed.shape().1.0;

    let mut g = c.benchmark_group("display");
    g.bench_function("typed_to_string", |b| {
        b.iter(|| black_box(&divided).to_string())
    });
    g.bench_function("typed_format", |b| {
        b.iter(|| format!("{}", black_box(&divided)))
    });
    g.bench_function("typed_debug", |b| {
        b.iter(|| format!("{:?}", black_box(&divided)))
    });
    g.bench_function("typed_mixed_to_string", |b| {
        b.iter(|| black_box(&mixed).to_string())
    });
    g.bench_function("core_to_string", |b| {
        b.iter(|| black_box(&core).to_string())
    });
    g.bench_function("format_by_hand", |b| {
        b.iter(|| by_hand(black_box(&divided)))
    });
    g.finish();

    common::paired(
        "display/typed_to_string_over_core",
        || {
            black_box(black_box(&divided).to_string());
        },
        || {
            black_box(black_box(&core).to_string());
        },
    );
    common::paired(
        "display/typed_to_string_over_format_by_hand",
        || {
            black_box(black_box(&divided).to_string());
        },
        || {
            black_box(by_hand(black_box(&divided)));
        },
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);

//! `composition` of two dynamic rank-2 layouts through the `Compose` trait
//! (typed values), against the run-time core path and the macro's rule for
//! written-out layouts. Independent calls over varying extents; CuTe's
//! side of the same work is the paired C++ harness (BENCHMARKS.md).

use std::hint::black_box;

use criterion::Criterion;
use layout_dsl::layout;
use layout_dsl::typed::Compose;

/// `(m,n):(1,ld) ∘ (4,n/2):(1,2m)` through the trait, then `size` + `L(5)`.
/// `ld = m` is CuTe's harness (a compact `a`, walked as one mode); `ld =
/// m + 3` pads the columns, so each leaf takes CuTe's checked step.
#[inline(never)]
pub fn method(inputs: &[(usize, usize)], pad: usize) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let ld = m + pad;
        let a = layout!((m,n):(1,ld));
        let b = layout!((4,{n / 2}):(1,{2 * m}));
        let l = a.composition(b).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// The same through the core at run time (`layout!` without `type`).
#[inline(never)]
pub fn runtime(inputs: &[(usize, usize)], pad: usize) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let ld = m + pad;
        let l = layout!(composition((m,n):(1,ld), (4,{n / 2}):(1,{2 * m}))).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(5)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

/// The macro's rule for written-out layouts (CuTe's walk, leaf by leaf).
#[inline(never)]
pub fn written_out(inputs: &[(usize, usize)], pad: usize) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let ld = m + pad;
        let l = layout!(type composition((m,n):(1,ld), (4,{n / 2}):(1,{2 * m}))).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// A static `(4,8):(8,1) ∘ (4,2):(2,16)` through the trait (its leaves
/// folded while compiling), read at a varying index: the composition
/// itself should cost nothing.
#[inline(never)]
pub fn static_method(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, _) in inputs {
        let a = layout!(type (4,8):(8,1));
        let l = a.composition(layout!(type (4,2):(2,16))).unwrap();
        sum += l.size() + l.at(m % 8);
    }
    sum
}

/// The same through `layout!(type composition(…))` of written-out layouts.
#[inline(never)]
pub fn static_written_out(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, _) in inputs {
        let l = layout!(type composition((4,8):(8,1), (4,2):(2,16)));
        sum += l.size() + l.at(m % 8);
    }
    sum
}

/// One static composition read at `i`: its assembly is compared before
/// and after a change (ARCHITECTURE.md, "Static leaves of a composition").
#[inline(never)]
pub fn static_at(i: usize) -> usize {
    let a = layout!(type (4,8):(8,1));
    a.composition(layout!(type (4,2):(2,16))).unwrap().at(i)
}

pub fn benches(c: &mut Criterion, inputs: &[(usize, usize)]) {
    assert_eq!(static_method(inputs), static_written_out(inputs));
    let written = layout!(type composition((4,8):(8,1), (4,2):(2,16)));
    for i in 0..8 {
        assert_eq!(black_box(static_at)(black_box(i)), written.at(i));
    }
    for pad in [0, 3] {
        assert_eq!(method(inputs, pad), runtime(inputs, pad));
        assert_eq!(method(inputs, pad), written_out(inputs, pad));
    }
    let mut g = c.benchmark_group(format!("compose_values_x{}", inputs.len()));
    for (pad, name) in [(0, "compact"), (3, "padded")] {
        g.bench_function(format!("{name}/method"), |b| {
            b.iter(|| method(black_box(inputs), pad))
        });
        g.bench_function(format!("{name}/written_out"), |b| {
            b.iter(|| written_out(black_box(inputs), pad))
        });
        g.bench_function(format!("{name}/runtime"), |b| {
            b.iter(|| runtime(black_box(inputs), pad))
        });
    }
    g.bench_function("static/method", |b| {
        b.iter(|| static_method(black_box(inputs)))
    });
    g.bench_function("static/written_out", |b| {
        b.iter(|| static_written_out(black_box(inputs)))
    });
    g.finish();
    super::common::paired(
        "composition static method/written_out",
        || {
            black_box(static_method(black_box(inputs)));
        },
        || {
            black_box(static_written_out(black_box(inputs)));
        },
    );
    for (pad, name) in [(0, "compact"), (3, "padded")] {
        super::common::paired(
            &format!("composition {name} runtime/method"),
            || {
                black_box(runtime(black_box(inputs), pad));
            },
            || {
                black_box(method(black_box(inputs), pad));
            },
        );
        super::common::paired(
            &format!("composition {name} method/written_out"),
            || {
                black_box(method(black_box(inputs), pad));
            },
            || {
                black_box(written_out(black_box(inputs), pad));
            },
        );
    }
}

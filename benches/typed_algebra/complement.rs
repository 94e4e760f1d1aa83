//! `complement` of a dynamic layout as a typed value's method
//! (`Complement`), as the macro's rule of the written-out layout, and
//! through the core at run time. Independent calls over varying extents.

use std::hint::black_box;

use criterion::Criterion;
use layout_dsl::layout;

/// `complement` of a dynamic `(4,m):(1,4)` up to `m·n`, as a typed value's
/// method, as the macro's rule of the written-out layout, and through the
/// core at run time; then `size` + `L(5)`.
pub fn value_complement(inputs: &[(usize, usize)]) -> usize {
    use layout_dsl::typed::Complement;
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!((4,m):(1,4)).complement(m * n).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

pub fn typed_complement(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!(type complement((4,m):(1,4), {m * n})).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

pub fn runtime_complement(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!(complement((4,m):(1,4), {m * n})).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(5)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

/// Checks the three agree, then times them (criterion, and paired ratios).
pub fn benches(c: &mut Criterion, inputs: &[(usize, usize)]) {
    assert_eq!(value_complement(inputs), runtime_complement(inputs));
    assert_eq!(typed_complement(inputs), runtime_complement(inputs));
    let mut g = c.benchmark_group(format!("typed_algebra_x{}", inputs.len()));
    g.bench_function("complement/value", |b| {
        b.iter(|| value_complement(black_box(inputs)))
    });
    g.bench_function("complement/typed", |b| {
        b.iter(|| typed_complement(black_box(inputs)))
    });
    g.bench_function("complement/runtime", |b| {
        b.iter(|| runtime_complement(black_box(inputs)))
    });
    g.finish();
    super::common::paired(
        "complement runtime/value",
        || {
            black_box(runtime_complement(black_box(inputs)));
        },
        || {
            black_box(value_complement(black_box(inputs)));
        },
    );
    super::common::paired(
        "complement typed/value",
        || {
            black_box(typed_complement(black_box(inputs)));
        },
        || {
            black_box(value_complement(black_box(inputs)));
        },
    );
}

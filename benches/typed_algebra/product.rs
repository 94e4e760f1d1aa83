//! Products of a dynamic layout as a typed value's method (`Product`,
//! `RankedProduct`), as the macro's rule of the written-out layout, and
//! through the core at run time. Independent calls over varying extents.

use std::hint::black_box;

use criterion::Criterion;
use layout_dsl::layout;
use layout_dsl::typed::{Product, RankedProduct};

/// `logical_product` of a dynamic `(4,m):(1,4)` by a static `(2,3):(3,1)`
/// as a typed value's method, as the macro's rule of the written-out
/// layout, and through the core at run time; then `size` + `L(77)`.
pub fn value_logical(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, _) in inputs {
        let l = layout!(type (4,m):(1,4))
            .logical_product(layout!(type (2,3):(3,1)))
            .unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

pub fn typed_logical(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, _) in inputs {
        let l = layout!(type logical_product((4,m):(1,4), (2,3):(3,1))).unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

pub fn runtime_logical(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, _) in inputs {
        let l = layout!(logical_product((4,m):(1,4), (2,3):(3,1))).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(77)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

/// The same product with both of `A`'s strides dynamic, their order
/// changing from call to call (`(4,m):(1,4)` column-major, `(4,m):(m,1)`
/// row-major): the holes sorted at run time.
pub fn value_logical_dynamic_strides(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let (s, t) = if n % 2 == 0 { (1, 4) } else { (m, 1) };
        let l = layout!((4,m):(s,t))
            .logical_product(layout!(type (2,3):(3,1)))
            .unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

/// A padded `A` with dynamic strides, `(4,m):(1,8)` or `(4,m):(2m,1)`: a
/// last hole of 2 (a run-time value; the first, 1, folds), by `(2,3):(1,2)`.
pub fn value_logical_padded_strides(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let (s, t) = if n % 2 == 0 { (1, 8) } else { (2 * m, 1) };
        let l = layout!((4,m):(s,t))
            .logical_product(layout!(type (2,3):(1,2)))
            .unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

pub fn runtime_logical_padded_strides(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let (s, t) = if n % 2 == 0 { (1, 8) } else { (2 * m, 1) };
        let l = layout!(logical_product((4,m):(s,t), (2,3):(1,2))).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(77)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

/// The same through the written-out door, `layout!(type …)`.
pub fn typed_logical_dynamic_strides(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let (s, t) = if n % 2 == 0 { (1, 4) } else { (m, 1) };
        let l = layout!(type logical_product((4,m):(s,t), (2,3):(3,1))).unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

pub fn runtime_logical_dynamic_strides(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let (s, t) = if n % 2 == 0 { (1, 4) } else { (m, 1) };
        let l = layout!(logical_product((4,m):(s,t), (2,3):(3,1))).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(77)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

/// `blocked_product` of a static (4,8) atom by a dynamic `(m,n)`
/// arrangement (CuTe's shared-memory idiom, as `tile_to_shape` makes it),
/// as a typed value's method and through the core; `size` + `L(77)`.
pub fn value_blocked(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!(type (4,8):(8,1))
            .blocked_product(layout!((m,n):(1,m)))
            .unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

pub fn runtime_blocked(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!(blocked_product((4,8):(8,1), (m,n):(1,m))).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(77)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

/// Checks each pair agrees, then times them (criterion, and paired ratios).
pub fn benches(c: &mut Criterion, inputs: &[(usize, usize)]) {
    assert_eq!(value_logical(inputs), runtime_logical(inputs));
    assert_eq!(typed_logical(inputs), runtime_logical(inputs));
    assert_eq!(value_blocked(inputs), runtime_blocked(inputs));
    assert_eq!(
        value_logical_dynamic_strides(inputs),
        runtime_logical_dynamic_strides(inputs)
    );
    assert_eq!(
        typed_logical_dynamic_strides(inputs),
        runtime_logical_dynamic_strides(inputs)
    );
    assert_eq!(
        value_logical_padded_strides(inputs),
        runtime_logical_padded_strides(inputs)
    );
    let mut g = c.benchmark_group(format!("typed_algebra_x{}", inputs.len()));
    g.bench_function("logical_product/value", |b| {
        b.iter(|| value_logical(black_box(inputs)))
    });
    g.bench_function("logical_product/typed", |b| {
        b.iter(|| typed_logical(black_box(inputs)))
    });
    g.bench_function("logical_product/runtime", |b| {
        b.iter(|| runtime_logical(black_box(inputs)))
    });
    g.bench_function("logical_product/value_dynamic_strides", |b| {
        b.iter(|| value_logical_dynamic_strides(black_box(inputs)))
    });
    g.bench_function("logical_product/typed_dynamic_strides", |b| {
        b.iter(|| typed_logical_dynamic_strides(black_box(inputs)))
    });
    g.bench_function("logical_product/value_padded_strides", |b| {
        b.iter(|| value_logical_padded_strides(black_box(inputs)))
    });
    g.bench_function("blocked_product/value", |b| {
        b.iter(|| value_blocked(black_box(inputs)))
    });
    g.bench_function("blocked_product/runtime", |b| {
        b.iter(|| runtime_blocked(black_box(inputs)))
    });
    g.finish();
    let paired =
        |name, slow: fn(&[(usize, usize)]) -> usize, fast: fn(&[(usize, usize)]) -> usize| {
            super::common::paired(
                name,
                || {
                    black_box(slow(black_box(inputs)));
                },
                || {
                    black_box(fast(black_box(inputs)));
                },
            );
        };
    paired(
        "logical_product runtime/value",
        runtime_logical,
        value_logical,
    );
    paired("logical_product value/typed", value_logical, typed_logical);
    paired(
        "logical_product dynamic strides/static strides",
        value_logical_dynamic_strides,
        value_logical,
    );
    paired(
        "logical_product padded dynamic strides/static strides",
        value_logical_padded_strides,
        value_logical,
    );
    paired(
        "logical_product dynamic strides value/typed",
        value_logical_dynamic_strides,
        typed_logical_dynamic_strides,
    );
    paired(
        "blocked_product runtime/value",
        runtime_blocked,
        value_blocked,
    );
}

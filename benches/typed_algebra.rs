//! Typed algebra on dynamic leaves (`layout!(type logical_divide(…))`,
//! straight-line code) against the run-time core path the same expression
//! takes without `type` (`__private::rt`: an `Expr` built and evaluated per
//! call). Independent calls over varying extents, as kernel code makes them.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::layout;

#[path = "common/mod.rs"]
mod common;
#[path = "typed_algebra/complement.rs"]
mod complement;
#[path = "typed_algebra/compose.rs"]
mod compose;
#[path = "typed_algebra/partition.rs"]
mod partition;
#[path = "typed_algebra/product.rs"]
mod product;

use partition::{
    address_partition, buffer, layout_partition, macro_partition, nested_tile, nested_tile_runtime,
    runtime_partition, typed_partition,
};

/// Extents that vary call to call (not all multiples of the tiles).
fn extents() -> Vec<(usize, usize)> {
    (0..64).map(|i| (37 + 5 * i, 64 + 3 * i)).collect()
}

fn typed_divide(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!(type logical_divide((m,n):(1,m), <4,8>)).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// The same through the `Divide` method of a typed value.
fn method_divide(inputs: &[(usize, usize)]) -> usize {
    use layout_dsl::typed::{C, Divide};
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!((m,n):(1,m))
            .logical_divide((C::<4>, C::<8>))
            .unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

fn runtime_divide(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!(logical_divide((m,n):(1,m), <4,8>)).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(5)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

/// `local_tile`'s work: divide into (32,8) tiles, then where tile (i,j)
/// starts and one element of it.
fn typed_tile(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let tiles = layout!(type zipped_divide((m,n):(1,m), <32,8>)).unwrap();
        let tile = tiles.mode::<0>();
        sum += tiles.crd2idx((0, (k % 2, k % 3))) + tile.crd2idx((1, 1));
    }
    sum
}

fn runtime_tile(inputs: &[(usize, usize)]) -> usize {
    use layout_dsl::IntTuple::{Int, Tuple};
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let tiles = layout!(zipped_divide((m,n):(1,m), <32,8>)).unwrap();
        let start = Tuple(vec![
            Int(0),
            Tuple(vec![Int((k % 2) as i64), Int((k % 3) as i64)]),
        ]);
        let inner = Tuple(vec![Tuple(vec![Int(1), Int(1)]), Int(0)]);
        sum += (tiles.crd2idx(&start).unwrap() + tiles.crd2idx(&inner).unwrap()) as usize;
    }
    sum
}

/// `composition` of two dynamic layouts, `(m,n):(1,m) ∘ (4,n/2):(1,2m)`
/// (CuTe's walk with its divisibility checks), then `size` + `L(5)`.
fn typed_compose(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!(type composition((m,n):(1,m), (4,{n / 2}):(1,{2 * m}))).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

fn runtime_compose(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, n) in inputs {
        let l = layout!(composition((m,n):(1,m), (4,{n / 2}):(1,{2 * m}))).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(5)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

/// CuTe's shared-memory idiom, `tile_to_shape` of a static (8,8) atom over
/// a dynamic `(m,64)` (m a multiple of 8), then `size` + `L(77)`.
fn typed_tile_to_shape(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, _) in inputs {
        let m = 8 * m;
        let l = layout!(type tile_to_shape((8,8):(8,1), (m,64))).unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

fn runtime_tile_to_shape(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for &(m, _) in inputs {
        let m = 8 * m;
        let l = layout!(tile_to_shape((8,8):(8,1), (m,64))).unwrap();
        let at = l.crd2idx(&layout_dsl::IntTuple::Int(77)).unwrap();
        sum += l.size() as usize + at as usize;
    }
    sum
}

fn benches(c: &mut Criterion) {
    let inputs = extents();
    let data = buffer();
    assert_eq!(
        typed_partition(&inputs, &data),
        runtime_partition(&inputs, &data)
    );
    assert_eq!(
        address_partition(&inputs, &data),
        layout_partition(&inputs),
        "the tensor's element 1 is where the layout puts it"
    );
    assert_eq!(typed_divide(&inputs), runtime_divide(&inputs));
    assert_eq!(method_divide(&inputs), runtime_divide(&inputs));
    assert_eq!(typed_tile(&inputs), runtime_tile(&inputs));
    assert_eq!(typed_compose(&inputs), runtime_compose(&inputs));
    assert_eq!(
        nested_tile(&inputs, &data, true),
        nested_tile_runtime(&inputs, &data)
    );
    assert_eq!(
        nested_tile(&inputs, &data, true),
        nested_tile(&inputs, &data, false)
    );
    assert_eq!(macro_partition(&inputs), layout_partition(&inputs));
    assert_eq!(typed_tile_to_shape(&inputs), runtime_tile_to_shape(&inputs));
    let calls = inputs.len();
    compose::benches(c, &inputs);
    complement::benches(c, &inputs);
    product::benches(c, &inputs);

    let mut g = c.benchmark_group(format!("typed_algebra_x{calls}"));
    g.bench_function("logical_divide/typed", |b| {
        b.iter(|| typed_divide(black_box(&inputs)))
    });
    g.bench_function("logical_divide/method", |b| {
        b.iter(|| method_divide(black_box(&inputs)))
    });
    g.bench_function("logical_divide/runtime", |b| {
        b.iter(|| runtime_divide(black_box(&inputs)))
    });
    g.bench_function("zipped_divide_tile/typed", |b| {
        b.iter(|| typed_tile(black_box(&inputs)))
    });
    g.bench_function("zipped_divide_tile/runtime", |b| {
        b.iter(|| runtime_tile(black_box(&inputs)))
    });
    g.bench_function("composition/typed", |b| {
        b.iter(|| typed_compose(black_box(&inputs)))
    });
    g.bench_function("composition/runtime", |b| {
        b.iter(|| runtime_compose(black_box(&inputs)))
    });
    g.bench_function("tile_to_shape/typed", |b| {
        b.iter(|| typed_tile_to_shape(black_box(&inputs)))
    });
    g.bench_function("tile_to_shape/runtime", |b| {
        b.iter(|| runtime_tile_to_shape(black_box(&inputs)))
    });
    g.bench_function("local_partition/layout", |b| {
        b.iter(|| layout_partition(black_box(&inputs)))
    });
    g.bench_function("local_partition/macro", |b| {
        b.iter(|| macro_partition(black_box(&inputs)))
    });
    g.bench_function("local_partition/typed", |b| {
        b.iter(|| typed_partition(black_box(&inputs), black_box(&data)))
    });
    g.bench_function("local_partition/tensor_address", |b| {
        b.iter(|| address_partition(black_box(&inputs), black_box(&data)))
    });
    g.bench_function("local_partition/runtime", |b| {
        b.iter(|| runtime_partition(black_box(&inputs), black_box(&data)))
    });
    g.bench_function("nested_local_tile/typed", |b| {
        b.iter(|| nested_tile(black_box(&inputs), black_box(&data), true))
    });
    g.bench_function("nested_local_tile/flat", |b| {
        b.iter(|| nested_tile(black_box(&inputs), black_box(&data), false))
    });
    g.bench_function("nested_local_tile/runtime", |b| {
        b.iter(|| nested_tile_runtime(black_box(&inputs), black_box(&data)))
    });
    g.finish();

    // Runtime over typed (the typed side is ~1000x faster: this way the
    // printed ratio has digits), and the method over the macro's code.
    common::paired(
        "logical_divide runtime/typed",
        || {
            black_box(runtime_divide(black_box(&inputs)));
        },
        || {
            black_box(typed_divide(black_box(&inputs)));
        },
    );
    common::paired(
        "logical_divide method/typed",
        || {
            black_box(method_divide(black_box(&inputs)));
        },
        || {
            black_box(typed_divide(black_box(&inputs)));
        },
    );
    common::paired(
        "composition runtime/typed",
        || {
            black_box(runtime_compose(black_box(&inputs)));
        },
        || {
            black_box(typed_compose(black_box(&inputs)));
        },
    );
    common::paired(
        "tile_to_shape runtime/typed",
        || {
            black_box(runtime_tile_to_shape(black_box(&inputs)));
        },
        || {
            black_box(typed_tile_to_shape(black_box(&inputs)));
        },
    );
    common::paired(
        "zipped_divide_tile runtime/typed",
        || {
            black_box(runtime_tile(black_box(&inputs)));
        },
        || {
            black_box(typed_tile(black_box(&inputs)));
        },
    );
    common::paired(
        "local_partition macro/layout",
        || {
            black_box(macro_partition(black_box(&inputs)));
        },
        || {
            black_box(layout_partition(black_box(&inputs)));
        },
    );
    common::paired(
        "local_partition typed/layout",
        || {
            black_box(typed_partition(black_box(&inputs), black_box(&data)));
        },
        || {
            black_box(layout_partition(black_box(&inputs)));
        },
    );
    common::paired(
        "local_partition runtime/typed",
        || {
            black_box(runtime_partition(black_box(&inputs), black_box(&data)));
        },
        || {
            black_box(typed_partition(black_box(&inputs), black_box(&data)));
        },
    );
    common::paired(
        "nested_local_tile typed/flat",
        || {
            black_box(nested_tile(black_box(&inputs), black_box(&data), true));
        },
        || {
            black_box(nested_tile(black_box(&inputs), black_box(&data), false));
        },
    );
    common::paired(
        "nested_local_tile runtime/typed",
        || {
            black_box(nested_tile_runtime(black_box(&inputs), black_box(&data)));
        },
        || {
            black_box(nested_tile(black_box(&inputs), black_box(&data), true));
        },
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);

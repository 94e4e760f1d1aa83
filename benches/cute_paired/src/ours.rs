//! Our side of every row: the same work as `cute_side.cpp`'s function of
//! the row, through the typed API as a user writes it (`layout!`, the
//! algebra's methods, `typed::local_tile`/`local_partition` and their
//! masked forms, reads by checked indexing). `#[inline(never)]` and
//! unmangled, so the timing loop calls each as an opaque unit (as it calls
//! CuTe's) and `cg.sh` finds it by name.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::{C, Complement, Compose, Divide, Product};

use crate::{Input, Strides};

/// `layout!(type logical_divide((m,n):(1,m), <4,8>))` + `size` + `L(5)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_divide(inputs: &[Input]) -> usize {
    let mut sum = 0;
    for &Input { m, n } in inputs {
        let l = layout!(type logical_divide((m,n):(1,m), <4,8>)).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// The same through the `Divide` method of a typed value.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_divide_method(inputs: &[Input]) -> usize {
    let mut sum = 0;
    for &Input { m, n } in inputs {
        let l = layout!((m,n):(1,m))
            .logical_divide((C::<4>, C::<8>))
            .unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// A tensor over `data`, `(m,n):(1,m)`, `typed::local_tile` by `(32,8)` at
/// tile `(k%2, k%4)` (`k` the input's place) (a `Tensor`: engine-checked), `size` + `tile[(1,1)]`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_tile_read(inputs: &[Input], data: &[u32]) -> usize {
    let mut sum = 0;
    for (k, &Input { m, n }) in inputs.iter().enumerate() {
        let t = Tensor::new(data, layout!((m,n):(1,m))).unwrap();
        let tile = typed::local_tile(t, (C::<32>, C::<8>), (k % 2, k % 4)).unwrap();
        sum += tile.size() + tile[(1, 1)] as usize;
    }
    sum
}

/// The same through `typed::local_tile_masked` (a `Masked` share: the
/// residue cut at the read, no engine check).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_tile_read_masked(inputs: &[Input], data: &[u32]) -> usize {
    let mut sum = 0;
    for (k, &Input { m, n }) in inputs.iter().enumerate() {
        let t = Tensor::new(data, layout!((m,n):(1,m))).unwrap();
        let tile = typed::local_tile_masked(t, (C::<32>, C::<8>), (k % 2, k % 4)).unwrap();
        sum += tile.size() + tile[(1, 1)] as usize;
    }
    sum
}

/// `local_tile`'s layout work alone: `layout!(type zipped_divide(…,
/// <32,8>))`, the offset of tile `(k%2, k%3)` plus that of element `(1,1)`
/// of its mode 0 (a tile).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_tile_layout(inputs: &[Input]) -> usize {
    let mut sum = 0;
    for (k, &Input { m, n }) in inputs.iter().enumerate() {
        let tiles = layout!(type zipped_divide((m,n):(1,m), <32,8>)).unwrap();
        let tile = tiles.mode::<0>();
        sum += tiles.crd2idx((0, (k % 2, k % 3))) + tile.crd2idx((1, 1));
    }
    sum
}

/// A tensor over `data`, `(m,n):(1,m)`, `typed::local_partition` by the
/// thread layout `(32,8):(1,32)`, thread `k % 256` (`k` the input's place), `size` + `share[(1,1)]`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_partition_read(inputs: &[Input], data: &[u32]) -> usize {
    let threads = layout!(type (32,8):(1,32));
    let mut sum = 0;
    for (k, &Input { m, n }) in inputs.iter().enumerate() {
        let t = Tensor::new(data, layout!((m,n):(1,m))).unwrap();
        let share = typed::local_partition(t, &threads, k % 256).unwrap();
        sum += share.size() + share[(1, 1)] as usize;
    }
    sum
}

/// The same partition, `size` + the offset of element 1 (an address, no
/// read: CuTe's `&part(1) - data`).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_partition_address(inputs: &[Input], data: &[u32]) -> usize {
    let threads = layout!(type (32,8):(1,32));
    let origin = data.as_ptr() as usize;
    let mut sum = 0;
    for (k, &Input { m, n }) in inputs.iter().enumerate() {
        let t = Tensor::new(data, layout!((m,n):(1,m))).unwrap();
        let share = typed::local_partition(t, &threads, k % 256).unwrap();
        let at = (&share[1] as *const u32 as usize - origin) / size_of::<u32>();
        sum += share.size() + at;
    }
    sum
}

/// `local_partition`'s layout work alone, no tensor: `layout!(type
/// zipped_divide(…, <32,8>))`, its mode 1 (the thread's share), the offset
/// of the thread's tile coordinate, then `size` + the share's `L(1)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_partition_layout(inputs: &[Input]) -> usize {
    let mut sum = 0;
    for (k, &Input { m, n }) in inputs.iter().enumerate() {
        let tiles = layout!(type zipped_divide((m,n):(1,m), <32,8>)).unwrap();
        let start = tiles.crd2idx(((k % 32, k / 32 % 8), (0, 0)));
        let mine = tiles.mode::<1>();
        sum += mine.size() + start + mine.at(1);
    }
    sum
}

/// The same through `typed::local_partition_masked`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_partition_read_masked(inputs: &[Input], data: &[u32]) -> usize {
    let threads = layout!(type (32,8):(1,32));
    let mut sum = 0;
    for (k, &Input { m, n }) in inputs.iter().enumerate() {
        let t = Tensor::new(data, layout!((m,n):(1,m))).unwrap();
        let share = typed::local_partition_masked(t, &threads, k % 256).unwrap();
        sum += share.size() + share[(1, 1)] as usize;
    }
    sum
}

/// `(m,n):(1,ld) ∘ (4,n/2):(1,2m)` through `Compose`, `ld = m + pad`,
/// then `size` + `L(5)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_compose(inputs: &[Input], pad: usize) -> usize {
    let mut sum = 0;
    for &Input { m, n } in inputs {
        let ld = m + pad;
        let a = layout!((m,n):(1,ld));
        let b = layout!((4,{n / 2}):(1,{2 * m}));
        let l = a.composition(b).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// Rank 3: `(m,3,n):(1,ld,3ld+1) ∘ (4,n/2):(1,3m)` through `Compose`,
/// `ld = m + pad`, then `size` + `L(5)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_compose3(inputs: &[Input], pad: usize) -> usize {
    let mut sum = 0;
    for &Input { m, n } in inputs {
        let ld = m + pad;
        let a = layout!((m,3,n):(1,ld,{3 * ld + 1}));
        let b = layout!((4,{n / 2}):(1,{3 * m}));
        let l = a.composition(b).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// `complement((4,m):(1,4), m·n)` through `Complement`, `size` + `L(5)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_complement(inputs: &[Input]) -> usize {
    let mut sum = 0;
    for &Input { m, n } in inputs {
        let l = layout!((4,m):(1,4)).complement(m * n).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// The same, written out: `layout!(type complement((4,m):(1,4), {m * n}))`
/// (the macro's rule, CuTe's nesting).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_complement_written(inputs: &[Input]) -> usize {
    let mut sum = 0;
    for &Input { m, n } in inputs {
        let l = layout!(type complement((4,m):(1,4), {m * n})).unwrap();
        sum += l.size() + l.at(5);
    }
    sum
}

/// `logical_product((4,m):(1,4), (2,3):(3,1))` through `Product`, `size`
/// + `L(77)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_product(inputs: &[Input]) -> usize {
    let mut sum = 0;
    for &Input { m, .. } in inputs {
        let l = layout!(type (4,m):(1,4))
            .logical_product(layout!(type (2,3):(3,1)))
            .unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

/// The same, written out: `layout!(type logical_product((4,m):(1,4),
/// (2,3):(3,1)))`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_product_written(inputs: &[Input]) -> usize {
    let mut sum = 0;
    for &Input { m, .. } in inputs {
        let l = layout!(type logical_product((4,m):(1,4), (2,3):(3,1))).unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

/// `logical_product((4,m):(s,t), (2,3):(3,1))`, `A`'s strides run-time
/// values read beside the inputs (the holes sorted at run time), through
/// `Product`, `size` + `L(77)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_product_strided(inputs: &[Input], strides: &[Strides]) -> usize {
    let mut sum = 0;
    for (&Input { m, .. }, &Strides { s, t }) in inputs.iter().zip(strides) {
        let l = layout!((4,m):(s,t))
            .logical_product(layout!(type (2,3):(3,1)))
            .unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

/// The same with `A` padded (a hole of 2), by `(2,3):(1,2)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_product_padded(inputs: &[Input], strides: &[Strides]) -> usize {
    let mut sum = 0;
    for (&Input { m, .. }, &Strides { s, t }) in inputs.iter().zip(strides) {
        let l = layout!((4,m):(s,t))
            .logical_product(layout!(type (2,3):(1,2)))
            .unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

/// Rank 1: `logical_product(m:r, (2,3):(3,1))`, `size` + `L(77)`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rust_product_rank1(inputs: &[Input], strides: &[usize]) -> usize {
    let mut sum = 0;
    for (&Input { m, .. }, &r) in inputs.iter().zip(strides) {
        let l = layout!(m:r)
            .logical_product(layout!(type (2,3):(3,1)))
            .unwrap();
        sum += l.size() + l.at(77);
    }
    sum
}

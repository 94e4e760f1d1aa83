//! The tensor and partition side of the typed-algebra bench
//! (`typed_algebra.rs` times them): `local_partition` and `local_tile` of
//! dynamic tensors through the typed partitions, through the layout's own
//! algebra, through `layout!(type …)`, and through the run-time core, each
//! summing the same numbers so the bench can check they agree.

use layout_dsl::layout;

/// Positions as elements, padded so that every thread's share of a
/// partial tile lies inside (a plain tensor refuses one that does not).
pub fn buffer() -> Vec<usize> {
    (0..(352 + 32) * (253 + 8)).collect()
}

/// `local_partition` of a dynamic `(m,n):(1,m)` tensor by a static (32,8)
/// thread layout, thread `k`: the share's size and its element (1,1).
pub fn typed_partition(inputs: &[(usize, usize)], data: &[usize]) -> usize {
    use layout_dsl::tensor::{Tensor, typed};
    let threads = layout!(type (32,8):(1,32));
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let t = Tensor::new(data, layout!((m,n):(1,m))).unwrap();
        let share = typed::local_partition(t, &threads, k % 256).unwrap();
        sum += share.size() + share[(1, 1)];
    }
    sum
}

/// The same work as the C++ harness's `local_partition` (BENCHMARKS.md,
/// "Typed algebra against CuTe C++"): build the tensor, partition it, then
/// `size` + the offset of element 1 (`&part(1) - p`, an address, no read).
pub fn address_partition(inputs: &[(usize, usize)], data: &[usize]) -> usize {
    use layout_dsl::tensor::{Tensor, typed};
    let threads = layout!(type (32,8):(1,32));
    let origin = data.as_ptr() as usize;
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let t = Tensor::new(data, layout!((m,n):(1,m))).unwrap();
        let share = typed::local_partition(t, &threads, k % 256).unwrap();
        let at = (&share[1] as *const usize as usize - origin) / size_of::<usize>();
        sum += share.size() + at;
    }
    sum
}

pub fn runtime_partition(inputs: &[(usize, usize)], data: &[usize]) -> usize {
    use layout_dsl::tensor::{Tensor, local_partition};
    let threads: layout_dsl::Layout = "(32,8):(1,32)".parse().unwrap();
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let t = Tensor::new(data, layout!((m,n):(1,m)).to_core().unwrap()).unwrap();
        let share = local_partition(t, &threads, k % 256).unwrap();
        sum += share.size() + share[(1usize, 1usize)];
    }
    sum
}

/// `local_tile` by (16,32) of a nested dynamic tensor
/// `((4,m/4),(8,n/8)):((1,4),(m',8m'))` (`m' = 4·(m/4)`), tile `k`: the
/// tile's size and its element (1,1). `flat` is the same data as the
/// flat `(m',n'):(1,m')`, the baseline for what the nesting costs.
pub fn nested_tile(inputs: &[(usize, usize)], data: &[usize], nested: bool) -> usize {
    use layout_dsl::tensor::{Tensor, typed};
    use layout_dsl::typed::C;
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let (p, q) = (m / 4, n / 8);
        let (m4, m32) = (4 * p, 32 * p);
        let coord = (k % (4 * p).div_ceil(16), k % (8 * q).div_ceil(32));
        sum += if nested {
            let t = Tensor::new(data, layout!(((4,p),(8,q)):((1,4),(m4,m32)))).unwrap();
            let tile = typed::local_tile(t, (C::<16>, C::<32>), coord).unwrap();
            tile.size() + tile[(1, 1)]
        } else {
            let n8 = 8 * q;
            let t = Tensor::new(data, layout!((m4,n8):(1,m4))).unwrap();
            let tile = typed::local_tile(t, (C::<16>, C::<32>), coord).unwrap();
            tile.size() + tile[(1, 1)]
        };
    }
    sum
}

/// The nested tile through the run-time tensor functions (the core).
pub fn nested_tile_runtime(inputs: &[(usize, usize)], data: &[usize]) -> usize {
    use layout_dsl::tensor::{Tensor, local_tile};
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let (p, q) = (m / 4, n / 8);
        let (m4, m32) = (4 * p, 32 * p);
        let coord = (k % (4 * p).div_ceil(16), k % (8 * q).div_ceil(32));
        let l = layout!(((4,p),(8,q)):((1,4),(m4,m32))).to_core().unwrap();
        let tile = local_tile(Tensor::new(data, l).unwrap(), (16, 32), coord).unwrap();
        sum += tile.size() + tile[(1usize, 1usize)];
    }
    sum
}

/// `local_partition`'s work on a layout: thread `k` of a `(32,8)` thread
/// layout over `(m,n):(1,m)` (the typed `zipped_divide`, its mode 1, and
/// the offset of `((k%32, k/32), 0)`), then `size` + the offset of
/// element 1, as the C++ harness sums `size(part) + &part(1)`.
pub fn layout_partition(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let tiles = layout!(type zipped_divide((m,n):(1,m), <32,8>)).unwrap();
        let start = tiles.crd2idx(((k % 32, k / 32 % 8), (0, 0)));
        let mine = tiles.mode::<1>();
        sum += mine.size() + start + mine.at(1);
    }
    sum
}

/// The same through the notation's partition: `layout!(type
/// local_partition(…))`, the facade's typed partition, its layout and base.
pub fn macro_partition(inputs: &[(usize, usize)]) -> usize {
    let mut sum = 0;
    for (k, &(m, n)) in inputs.iter().enumerate() {
        let (mine, start) =
            layout!(type local_partition((m,n):(1,m), (32,8):(1,32), {k % 256})).unwrap();
        sum += mine.size() + start + mine.at(1);
    }
    sum
}

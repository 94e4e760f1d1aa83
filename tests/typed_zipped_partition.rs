//! `local_partition`'s work on a typed layout, from the typed divide: CuTe's
//! `local_partition(t, thr_layout, k)` is `zipped_divide(t, shape(thr))`
//! sliced at `(thr.get_flat_coord(k), _)`; with `layout!(type
//! zipped_divide(…))`, the slice is mode 1 of the divide (a typed layout)
//! and the offset of `(coord, 0)`. Checked against the tensor module's
//! `local_partition` (the core's algebra) on every thread index.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, local_partition};
use layout_dsl::typed::TypedLayout;

/// Thread `k` of a `(32,8):(1,32)` thread layout, over `(m,n):(1,m)`: its
/// partition's layout and where it starts.
fn typed_partition(m: usize, n: usize, k: usize) -> (impl TypedLayout<Offset = usize>, usize) {
    let tiles = layout!(type zipped_divide((m,n):(1,m), <32,8>)).unwrap();
    let start = tiles.crd2idx(((k % 32, k / 32 % 8), (0, 0)));
    (tiles.mode::<1>(), start)
}

#[test]
fn typed_local_partition_is_the_tensor_modules() {
    let threads: layout_dsl::Layout = "(32,8):(1,32)".parse().unwrap();
    for (m, n) in [(32usize, 8usize), (64, 16), (96, 40), (128, 8)] {
        let data: Vec<usize> = (0..m * n).collect();
        for k in 0..256 {
            let layout = format!("({m},{n}):(1,{m})")
                .parse::<layout_dsl::Layout>()
                .unwrap();
            let t = Tensor::new(&data[..], layout).unwrap();
            let mine = local_partition(t, &threads, k).unwrap();
            let expected: Vec<usize> = mine.iter().copied().collect();
            let (rest, start) = typed_partition(m, n, k);
            let got: Vec<usize> = (0..rest.size()).map(|i| start + rest.at(i)).collect();
            assert_eq!(got, expected, "m={m} n={n} k={k}");
        }
    }
}

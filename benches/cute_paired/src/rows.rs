//! The rows: for each, what it measures, our function and CuTe's, both
//! called on the same inputs and buffer. A row's two sides must return the
//! same sum on every input (`check`) before it is timed.

use crate::{Input, Shared, cute, ours, probes};

/// What one side of a row is called with: the inputs of a burst, and what
/// some rows read beside them (the tensors' buffer, `A`'s strides).
pub type Side = fn(&[Input], &Shared) -> usize;

/// One row of the table in BENCHMARKS.md.
pub struct Row {
    /// The name `paired ROW` and `cg.sh ROW` take.
    pub name: &'static str,
    /// What both sides compute per input, for the output.
    pub what: &'static str,
    /// Our function's symbol and CuTe's (for `cg.sh`).
    pub symbols: (&'static str, &'static str),
    /// Our side.
    pub ours: Side,
    /// CuTe's side.
    pub cute: Side,
    /// Where the timed index stays in the result's first mode: ours and
    /// CuTe's reading the same layouts at other indices (`probes.rs`), for
    /// the agreement check only.
    pub probe: Option<(Side, Side)>,
}

// SAFETY (every `cute_*` call below): the pointers and length are live
// slices' (a strided row's strides are at least as long as its inputs:
// `crate::Shared::new`); the tensor rows read one element, inside `data`
// for every input `crate::inputs` makes (sized for the largest share).

/// Every row, in the order `paired` runs them.
pub const ROWS: &[Row] = &[
    Row {
        name: "divide",
        what: "layout!(type logical_divide((m,n):(1,m), <4,8>)) + size + L(5)",
        symbols: ("rust_divide", "cute_divide"),
        ours: |i, _| ours::rust_divide(i),
        cute: |i, _| unsafe { cute::cute_divide(i.as_ptr(), i.len()) },
        probe: Some((probes::divide, |i, _| unsafe {
            cute::cute_probe_divide(i.as_ptr(), i.len())
        })),
    },
    Row {
        name: "divide_method",
        what: "(m,n):(1,m) .logical_divide((C<4>,C<8>)) + size + L(5)",
        symbols: ("rust_divide_method", "cute_divide"),
        ours: |i, _| ours::rust_divide_method(i),
        cute: |i, _| unsafe { cute::cute_divide(i.as_ptr(), i.len()) },
        probe: Some((probes::divide_method, |i, _| unsafe {
            cute::cute_probe_divide(i.as_ptr(), i.len())
        })),
    },
    Row {
        name: "tile_layout",
        what: "layout!(type zipped_divide((m,n):(1,m), <32,8>)): tile (k%2,k%3)'s offset + its (1,1)'s",
        symbols: ("rust_tile_layout", "cute_tile_layout"),
        ours: |i, _| ours::rust_tile_layout(i),
        cute: |i, _| unsafe { cute::cute_tile_layout(i.as_ptr(), i.len()) },
        probe: None,
    },
    Row {
        name: "tile_read",
        what: "Tensor (m,n):(1,m), typed::local_tile by (32,8) at (k%2,k%4), size + tile[(1,1)]",
        symbols: ("rust_tile_read", "cute_tile_read"),
        ours: |i, s| ours::rust_tile_read(i, &s.data),
        cute: |i, s| unsafe { cute::cute_tile_read(i.as_ptr(), i.len(), s.data.as_ptr()) },
        probe: None,
    },
    Row {
        name: "tile_read_masked",
        what: "the same through typed::local_tile_masked",
        symbols: ("rust_tile_read_masked", "cute_tile_read"),
        ours: |i, s| ours::rust_tile_read_masked(i, &s.data),
        cute: |i, s| unsafe { cute::cute_tile_read(i.as_ptr(), i.len(), s.data.as_ptr()) },
        probe: None,
    },
    Row {
        name: "partition_read",
        what: "Tensor (m,n):(1,m), typed::local_partition by (32,8):(1,32), thread k, size + share[(1,1)]",
        symbols: ("rust_partition_read", "cute_partition_read"),
        ours: |i, s| ours::rust_partition_read(i, &s.data),
        cute: |i, s| unsafe { cute::cute_partition_read(i.as_ptr(), i.len(), s.data.as_ptr()) },
        probe: None,
    },
    Row {
        name: "partition_read_masked",
        what: "the same through typed::local_partition_masked",
        symbols: ("rust_partition_read_masked", "cute_partition_read"),
        ours: |i, s| ours::rust_partition_read_masked(i, &s.data),
        cute: |i, s| unsafe { cute::cute_partition_read(i.as_ptr(), i.len(), s.data.as_ptr()) },
        probe: None,
    },
    Row {
        name: "partition_address",
        what: "the same partition, size + the offset of share[1] (no read)",
        symbols: ("rust_partition_address", "cute_partition_address"),
        ours: |i, s| ours::rust_partition_address(i, &s.data),
        cute: |i, s| unsafe { cute::cute_partition_address(i.as_ptr(), i.len(), s.data.as_ptr()) },
        probe: None,
    },
    Row {
        name: "partition_layout",
        what: "ours the partition's layout work alone (zipped_divide, mode 1, tile offset); CuTe's partition_address",
        symbols: ("rust_partition_layout", "cute_partition_address"),
        ours: |i, _| ours::rust_partition_layout(i),
        cute: |i, s| unsafe { cute::cute_partition_address(i.as_ptr(), i.len(), s.data.as_ptr()) },
        probe: None,
    },
    Row {
        name: "compose",
        what: "(m,n):(1,m) .composition((4,n/2):(1,2m)) + size + L(5)",
        symbols: ("rust_compose", "cute_compose"),
        ours: |i, _| ours::rust_compose(i, 0),
        cute: |i, _| unsafe { cute::cute_compose(i.as_ptr(), i.len(), 0) },
        probe: None,
    },
    Row {
        name: "compose_padded",
        what: "(m,n):(1,m+3) .composition((4,n/2):(1,2m)) + size + L(5)",
        symbols: ("rust_compose", "cute_compose"),
        ours: |i, _| ours::rust_compose(i, 3),
        cute: |i, _| unsafe { cute::cute_compose(i.as_ptr(), i.len(), 3) },
        probe: None,
    },
    Row {
        name: "compose3",
        what: "(m,3,n):(1,m,3m+1) .composition((4,n/2):(1,3m)) + size + L(5)",
        symbols: ("rust_compose3", "cute_compose3"),
        ours: |i, _| ours::rust_compose3(i, 0),
        cute: |i, _| unsafe { cute::cute_compose3(i.as_ptr(), i.len(), 0) },
        probe: None,
    },
    Row {
        name: "compose3_padded",
        what: "(m,3,n):(1,m+3,3(m+3)+1) .composition((4,n/2):(1,3m)) + size + L(5)",
        symbols: ("rust_compose3", "cute_compose3"),
        ours: |i, _| ours::rust_compose3(i, 3),
        cute: |i, _| unsafe { cute::cute_compose3(i.as_ptr(), i.len(), 3) },
        probe: None,
    },
    Row {
        name: "complement",
        what: "(4,m):(1,4) .complement(m*n) + size + L(5); CuTe with int extents",
        symbols: ("rust_complement", "cute_complement"),
        ours: |i, _| ours::rust_complement(i),
        cute: |i, _| unsafe { cute::cute_complement(i.as_ptr(), i.len()) },
        probe: None,
    },
    Row {
        name: "complement_wide",
        what: "the same; CuTe with size_t extents, as ours",
        symbols: ("rust_complement", "cute_complement_wide"),
        ours: |i, _| ours::rust_complement(i),
        cute: |i, _| unsafe { cute::cute_complement_wide(i.as_ptr(), i.len()) },
        probe: None,
    },
    Row {
        name: "complement_written",
        what: "layout!(type complement((4,m):(1,4), {m * n})) + size + L(5); CuTe with int extents",
        symbols: ("rust_complement_written", "cute_complement"),
        ours: |i, _| ours::rust_complement_written(i),
        cute: |i, _| unsafe { cute::cute_complement(i.as_ptr(), i.len()) },
        probe: None,
    },
    Row {
        name: "product",
        what: "(4,m):(1,4) .logical_product((2,3):(3,1)) + size + L(77)",
        symbols: ("rust_product", "cute_product"),
        ours: |i, _| ours::rust_product(i),
        cute: |i, _| unsafe { cute::cute_product(i.as_ptr(), i.len()) },
        probe: Some((probes::product, |i, _| unsafe {
            cute::cute_probe_product(i.as_ptr(), i.len())
        })),
    },
    Row {
        name: "product_written",
        what: "layout!(type logical_product((4,m):(1,4), (2,3):(3,1))) + size + L(77)",
        symbols: ("rust_product_written", "cute_product"),
        ours: |i, _| ours::rust_product_written(i),
        cute: |i, _| unsafe { cute::cute_product(i.as_ptr(), i.len()) },
        probe: Some((probes::product_written, |i, _| unsafe {
            cute::cute_probe_product(i.as_ptr(), i.len())
        })),
    },
    Row {
        name: "product_strided",
        what: "(4,m):(s,t) .logical_product((2,3):(3,1)) + size + L(77), (s,t) (1,4) or (m,1); CuTe's complement written out",
        symbols: ("rust_product_strided", "cute_product_strided"),
        ours: |i, s| ours::rust_product_strided(i, &s.compact),
        cute: |i, s| unsafe { cute::cute_product_strided(i.as_ptr(), i.len(), s.compact.as_ptr()) },
        probe: Some((probes::product_strided, |i, s| unsafe {
            cute::cute_probe_product_strided(i.as_ptr(), i.len(), s.compact.as_ptr())
        })),
    },
    Row {
        name: "product_padded",
        what: "(4,m):(s,t) .logical_product((2,3):(1,2)) + size + L(77), (s,t) (1,8) or (2m,1); the same",
        symbols: ("rust_product_padded", "cute_product_padded"),
        ours: |i, s| ours::rust_product_padded(i, &s.padded),
        cute: |i, s| unsafe { cute::cute_product_padded(i.as_ptr(), i.len(), s.padded.as_ptr()) },
        probe: Some((probes::product_padded, |i, s| unsafe {
            cute::cute_probe_product_padded(i.as_ptr(), i.len(), s.padded.as_ptr())
        })),
    },
    Row {
        name: "product_rank1",
        what: "m:r .logical_product((2,3):(3,1)) + size + L(77), r 1 or 6; CuTe's own logical_product",
        symbols: ("rust_product_rank1", "cute_product_rank1"),
        ours: |i, s| ours::rust_product_rank1(i, &s.rank1),
        cute: |i, s| unsafe { cute::cute_product_rank1(i.as_ptr(), i.len(), s.rank1.as_ptr()) },
        probe: Some((probes::product_rank1, |i, s| unsafe {
            cute::cute_probe_product_rank1(i.as_ptr(), i.len(), s.rank1.as_ptr())
        })),
    },
];

/// Both sides' sums over every prefix of the inputs (an input's place is
/// its thread, so it is called at its place): equal prefixes mean equal
/// answers input by input; the same for the row's probe. The first input
/// where they differ, as an error; else the timed sides' sum over all.
pub fn check(row: &Row, inputs: &[Input], shared: &Shared) -> Result<usize, String> {
    if let Some((ours, cute)) = row.probe {
        agree(row.name, "probes", (ours, cute), inputs, shared)?;
    }
    agree(row.name, "sides", (row.ours, row.cute), inputs, shared)
}

fn agree(
    name: &str,
    what: &str,
    (ours, cute): (Side, Side),
    inputs: &[Input],
    shared: &Shared,
) -> Result<usize, String> {
    let mut sums = (0, 0);
    for i in 0..inputs.len() {
        let prefix = &inputs[..=i];
        let now = (ours(prefix, shared), cute(prefix, shared));
        let (o, c) = (now.0.wrapping_sub(sums.0), now.1.wrapping_sub(sums.1));
        if o != c {
            return Err(format!(
                "row {name}: the {what} differ on input {i} {:?}: ours {o}, CuTe {c}",
                inputs[i]
            ));
        }
        sums = now;
    }
    Ok(sums.0)
}

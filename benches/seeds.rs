//! The seed operators through layouts against the loops the kernel
//! libraries write: CANN's Diagonal and Sort (stripes) kernels walk their
//! output with a `PositionIterator` (a row-major coordinate with carries)
//! and compute each input offset from the coordinate. Ours build the view or
//! the stripes layout with `diagonal`/`stripes` (inside the timed call) and
//! walk it with `Positions`/`offsets()`, one addition per element.
//!
//! A counting allocator checks that no variant allocates per element.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::{Layout, Positions, Run, diagonal, stripes};

#[path = "common/mod.rs"]
mod common;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A row-major position over `shape` in the manner of CANN's
/// `PositionIterator`: `++` bumps the last axis and carries.
struct PositionIterator {
    pos: Vec<usize>,
    shape: Vec<usize>,
    done: bool,
}

impl PositionIterator {
    fn new(shape: &[usize]) -> Self {
        let done = shape.contains(&0);
        PositionIterator {
            pos: vec![0; shape.len()],
            shape: shape.to_vec(),
            done,
        }
    }

    fn advance(&mut self) {
        for axis in (0..self.shape.len()).rev() {
            self.pos[axis] += 1;
            if self.pos[axis] < self.shape[axis] {
                return;
            }
            self.pos[axis] = 0;
        }
        self.done = true;
    }
}

/// The input tensors: row-major, element `i` holds `i`.
const DIAG_SHAPE: [usize; 3] = [64, 256, 256];
const SORT_SHAPE: [usize; 3] = [32, 64, 128];

/// Diagonal of dims 1 and 2 (offset 0), the CANN way: positions of the
/// output `(batch, i)`, each input offset computed from the position. The
/// shape arrives at run time, as a kernel's tiling data does.
#[inline(never)]
fn diagonal_kernel(shape: [usize; 3], data: &[f32], out: &mut [f32]) {
    let [b, n, m] = shape;
    let strides = [n * m, m, 1];
    let mut it = PositionIterator::new(&[b, n.min(m)]);
    let mut k = 0;
    while !it.done {
        let (batch, i) = (it.pos[0], it.pos[1]);
        out[k] = data[batch * strides[0] + i * strides[1] + i * strides[2]];
        k += 1;
        it.advance();
    }
}

/// The same through the layout: `diagonal` gives a view, `Positions` walks
/// it in the same row-major order.
#[inline(never)]
fn diagonal_layout(input: &Layout, data: &[f32], out: &mut [f32]) {
    let view = diagonal(input, 0, 1, 2).unwrap();
    let mut p = Positions::from_origin(view.layout());
    let base = view.base();
    for slot in out.iter_mut() {
        *slot = data[(base + p.offset()) as usize];
        p.advance();
    }
}

/// Sort's stripes along axis 1, the CANN way: positions over the other
/// axes, each stripe read with the axis stride into a contiguous buffer.
#[inline(never)]
fn stripes_kernel(shape: [usize; 3], data: &[f32], out: &mut [f32]) {
    let [a, n, c] = shape;
    let strides = [n * c, c, 1];
    let mut it = PositionIterator::new(&[a, c]);
    let mut chunks = out.chunks_exact_mut(n);
    while !it.done {
        let base = it.pos[0] * strides[0] + it.pos[1] * strides[2];
        let stripe = chunks.next().unwrap();
        for (k, slot) in stripe.iter_mut().enumerate() {
            *slot = data[base + k * strides[1]];
        }
        it.advance();
    }
}

/// The same through layouts: mode 0 of `stripes` walks a stripe, mode 1
/// says where each starts. One layout describes the whole walk: the stripe
/// innermost, then the stripes in the kernel's row-major order (mode 1's
/// modes reversed, as CuTe's order is colexicographic). Its odometer hands
/// out runs (here one stripe each, merged when contiguous), and the inner
/// loop is a plain strided loop, as in the kernel.
#[inline(never)]
fn stripes_layout(input: &Layout, data: &[f32], out: &mut [f32]) {
    let cut = stripes(input, 1).unwrap();
    let (stripe, which) = (cut.mode(0).unwrap(), cut.mode(1).unwrap());
    let row_major = Layout::concat(which.modes().into_iter().rev()).unwrap();
    let walk = Layout::concat([stripe, row_major]).unwrap();
    let (mut runs, mut done) = (walk.offsets(), 0);
    while let Some(Run { first, count, step }) = runs.next_run() {
        let (first, count, step) = (first as usize, count as usize, step as usize);
        for (k, slot) in out[done..done + count].iter_mut().enumerate() {
            *slot = data[first + k * step];
        }
        done += count;
    }
}

/// Allocations made by one call of `f`.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Relaxed);
    f();
    ALLOCATIONS.load(Relaxed) - before
}

fn benches(c: &mut Criterion) {
    let shape = |s: [usize; 3]| s.map(|x| x as i64);
    let diag_in = Layout::row_major(shape(DIAG_SHAPE).into()).unwrap();
    let diag_data: Vec<f32> = (0..diag_in.size()).map(|i| i as f32).collect();
    let mut diag_want = vec![0f32; DIAG_SHAPE[0] * DIAG_SHAPE[1]];
    let mut diag_out = diag_want.clone();
    diagonal_kernel(DIAG_SHAPE, &diag_data, &mut diag_want);
    diagonal_layout(&diag_in, &diag_data, &mut diag_out);
    assert_eq!(diag_out, diag_want);

    let sort_in = Layout::row_major(shape(SORT_SHAPE).into()).unwrap();
    let sort_data: Vec<f32> = (0..sort_in.size()).map(|i| i as f32).collect();
    let mut sort_want = vec![0f32; sort_data.len()];
    let mut sort_out = sort_want.clone();
    stripes_kernel(SORT_SHAPE, &sort_data, &mut sort_want);
    stripes_layout(&sort_in, &sort_data, &mut sort_out);
    assert_eq!(sort_out, sort_want);

    // Per call, whatever the number of elements (16384 and 262144 here).
    println!(
        "allocations per call: diagonal kernel {}, layout {}; stripes kernel {}, layout {}",
        allocations(|| diagonal_kernel(DIAG_SHAPE, &diag_data, &mut diag_out)),
        allocations(|| diagonal_layout(&diag_in, &diag_data, &mut diag_out)),
        allocations(|| stripes_kernel(SORT_SHAPE, &sort_data, &mut sort_out)),
        allocations(|| stripes_layout(&sort_in, &sort_data, &mut sort_out)),
    );

    let mut g = c.benchmark_group("seeds");
    g.bench_function("diagonal/kernel", |b| {
        b.iter(|| {
            diagonal_kernel(
                black_box(DIAG_SHAPE),
                black_box(&diag_data),
                black_box(&mut diag_out),
            )
        })
    });
    g.bench_function("diagonal/layout", |b| {
        b.iter(|| diagonal_layout(&diag_in, black_box(&diag_data), black_box(&mut diag_out)))
    });
    g.bench_function("stripes/kernel", |b| {
        b.iter(|| {
            stripes_kernel(
                black_box(SORT_SHAPE),
                black_box(&sort_data),
                black_box(&mut sort_out),
            )
        })
    });
    g.bench_function("stripes/layout", |b| {
        b.iter(|| stripes_layout(&sort_in, black_box(&sort_data), black_box(&mut sort_out)))
    });
    g.finish();

    let mut diag_out2 = diag_out.clone();
    common::paired(
        "seeds/diagonal layout/kernel",
        || diagonal_layout(&diag_in, black_box(&diag_data), black_box(&mut diag_out)),
        || {
            diagonal_kernel(
                black_box(DIAG_SHAPE),
                black_box(&diag_data),
                black_box(&mut diag_out2),
            )
        },
    );
    let mut sort_out2 = sort_out.clone();
    // A/A control: the noise floor of a pair (and whether the two output
    // buffers differ).
    common::paired(
        "seeds/control kernel/kernel",
        || {
            stripes_kernel(
                black_box(SORT_SHAPE),
                black_box(&sort_data),
                black_box(&mut sort_out),
            )
        },
        || {
            stripes_kernel(
                black_box(SORT_SHAPE),
                black_box(&sort_data),
                black_box(&mut sort_out2),
            )
        },
    );
    common::paired(
        "seeds/stripes layout/kernel",
        || stripes_layout(&sort_in, black_box(&sort_data), black_box(&mut sort_out)),
        || {
            stripes_kernel(
                black_box(SORT_SHAPE),
                black_box(&sort_data),
                black_box(&mut sort_out2),
            )
        },
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);

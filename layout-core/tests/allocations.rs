//! The walkers allocate when built, never per step: a counting allocator
//! (per thread, so the test harness's other threads do not count) checks it.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;

use layout_core::{Layout, Positions, Run};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        // `try_with`: the thread's counter may already be gone while it exits.
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
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

/// Allocations `f` makes on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (ALLOCATIONS.with(Cell::get) - before, value)
}

#[test]
fn positions_and_offsets_allocate_nothing_per_step() {
    // Three leaves that do not merge: the odometer carries on every axis.
    let l: Layout = "(3,(4,5)):(1,(100,7))".parse().unwrap();
    let want: i64 = (0..l.size()).map(|i| l.at(i).unwrap()).sum();

    let p = Positions::from_origin(&l);
    let (n, sum) = allocations(|| p.sum::<i64>());
    assert_eq!((n, sum), (0, want), "Positions as an iterator");

    let mut p = Positions::new(&l, &[0, 0, 0]).unwrap();
    let (n, sums) = allocations(|| {
        let (mut offsets, mut last_coords) = (0, 0);
        while !p.is_end() {
            offsets += p.offset();
            last_coords += p.coord()[2];
            p.advance();
        }
        (offsets, last_coords)
    });
    // The last leaf runs 0..5 under each of the 3 * 4 others.
    assert_eq!(
        (n, sums),
        (0, (want, 12 * (0..5).sum::<i64>())),
        "Positions as a cursor"
    );

    let offsets = l.offsets();
    let (n, sum) = allocations(|| offsets.sum::<i64>());
    assert_eq!((n, sum), (0, want), "Offsets");

    let mut offsets = l.offsets();
    let (n, sum) = allocations(|| {
        let mut sum = 0;
        while let Some(Run { first, count, step }) = offsets.next_run() {
            sum += (0..count).map(|k| first + k * step).sum::<i64>();
        }
        sum
    });
    assert_eq!((n, sum), (0, want), "Offsets::next_run");

    // The counter does count: building a walker allocates.
    let (n, _) = allocations(|| Positions::from_origin(&l));
    assert!(n > 0);
}

/// The run-time index path of a loop: `offset`, and `idx2crd_into` into a
/// reused buffer then `crd2idx_leaves`, over every index of a flat layout, a
/// nested one and one with odd extents: no allocation once the buffer has
/// grown (the first call sizes it).
#[test]
fn index_paths_allocate_nothing_per_index() {
    for text in [
        "(8,16,4,8):(512,1,16,64)",
        "(6,10,3,7):(1,6,60,180)",
        "(16,(8,32)):(256,(1,8))",
    ] {
        let l: Layout = text.parse().unwrap();
        let want: i64 = (0..l.size()).map(|i| l.at(i).unwrap()).sum();
        let (n, sum) = allocations(|| (0..l.size()).map(|i| l.offset(i).unwrap()).sum::<i64>());
        assert_eq!((n, sum), (0, want), "offset of {l}");

        let mut coord = Vec::new();
        assert!(l.idx2crd_into(0, &mut coord));
        let (n, sum) = allocations(|| {
            (0..l.size())
                .map(|i| {
                    assert!(l.idx2crd_into(i, &mut coord));
                    l.crd2idx_leaves(&coord).unwrap()
                })
                .sum::<i64>()
        });
        assert_eq!((n, sum), (0, want), "idx2crd_into + crd2idx_leaves of {l}");
    }
}

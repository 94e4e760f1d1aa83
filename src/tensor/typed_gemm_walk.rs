//! The offsets of a `(V,M)`'s 1-D coordinates `0, 1, 2, …` past the
//! tables (`typed_gemm_split.rs`), without a division: an [`Odometer`]
//! over its leaves, or [`Blocks`] of consecutive coordinates, each the
//! same table shifted by one offset.

use super::typed_gemm_plan::TABLE;
use crate::__private::{GemmOperand, Roles};

/// The most leaves of extent over 1 an [`Odometer`] holds (more: the
/// offsets are split at each use). A `(V,M)` of `2^16` coordinates or
/// fewer has at most 16.
pub(super) const LEAVES: usize = 16;

/// The offsets of the 1-D coordinates `0, 1, 2, …` over a list of leaves
/// (the first varies fastest), one addition each and a carry when a
/// leaf wraps.
pub(super) struct Odometer {
    /// Each leaf's extent and stride (two's complement), and `e·d`.
    leaves: [(usize, usize, usize); LEAVES],
    count: usize,
    /// Each leaf's coordinate.
    at: [usize; LEAVES],
    offset: usize,
}

impl Odometer {
    /// The odometer over the leaves of `l`'s roles 0 and 1 (V and M, or
    /// V and N), or `None` past [`LEAVES`] leaves of extent over 1.
    #[inline(always)]
    pub(super) fn new<L: GemmOperand>(l: &L, roles: Roles) -> Option<Self> {
        let mut leaves = [(0, 0, 0); LEAVES];
        let (mut count, mut over) = (0, false);
        for mode in [roles[0], roles[1]].into_iter().flatten() {
            l.leaves(mode, &mut |e, d| {
                if e > 1 && count == LEAVES {
                    over = true;
                } else if e > 1 {
                    leaves[count] = (e, d, e.wrapping_mul(d));
                    count += 1;
                }
            });
        }
        let at = [0; LEAVES];
        (!over).then_some(Odometer {
            leaves,
            count,
            at,
            offset: 0,
        })
    }

    /// Back to coordinate 0.
    #[inline(always)]
    pub(super) fn reset(&mut self) {
        self.at = [0; LEAVES];
        self.offset = 0;
    }

    /// The offsets of the next `out.len()` coordinates, into `out`: runs
    /// of the first leaf by its stride (a strided loop), a carry into the
    /// others only where it wraps (stepping one coordinate at a time, a
    /// loop over the leaves at each, cost 30 instructions an entry).
    #[inline(always)]
    pub(super) fn fill(&mut self, out: &mut [usize]) {
        if self.count == 0 {
            out.fill(self.offset); // One coordinate (leaves of extent 1).
            return;
        }
        let (e0, d0, span0) = self.leaves[0];
        let mut t = 0;
        while t < out.len() {
            let run = Ord::min(e0 - self.at[0], out.len() - t);
            for (x, entry) in out[t..t + run].iter_mut().enumerate() {
                *entry = self.offset.wrapping_add(x.wrapping_mul(d0));
            }
            t += run;
            self.at[0] += run;
            self.offset = self.offset.wrapping_add(run.wrapping_mul(d0));
            if self.at[0] < e0 {
                break; // (`t` is at the end.)
            }
            // Leaf 0 wraps: back to its 0, and carry into the next.
            self.offset = self.offset.wrapping_sub(span0);
            self.at[0] = 0;
            for i in 1..self.count {
                let (e, d, span) = self.leaves[i];
                self.offset = self.offset.wrapping_add(d);
                self.at[i] += 1;
                if self.at[i] < e {
                    break;
                }
                self.offset = self.offset.wrapping_sub(span);
                self.at[i] = 0;
            }
        }
    }
}

impl Odometer {
    /// An odometer over no leaf (one coordinate, offset 0).
    #[inline(always)]
    fn empty() -> Self {
        Odometer {
            leaves: [(0, 0, 0); LEAVES],
            count: 0,
            at: [0; LEAVES],
            offset: 0,
        }
    }

    /// Adds leaf `e:d` (of extent over 1) after the others; `false` past
    /// [`LEAVES`].
    #[inline(always)]
    fn push(&mut self, e: usize, d: usize) -> bool {
        if e <= 1 {
            return true;
        }
        if self.count == LEAVES {
            return false;
        }
        self.leaves[self.count] = (e, d, e.wrapping_mul(d));
        self.count += 1;
        true
    }
}

/// A `(V,M)`'s offsets in blocks of `len` consecutive coordinates: the
/// offsets of the first block in `table` (its first leaves whole, and of
/// the next leaf the largest divisor of its extent that keeps the block
/// within [`TABLE`]), each block that table shifted by the offset of its
/// first coordinate, walked by `outer` (the rest of that leaf, then the
/// other leaves), once a block where an odometer over all the leaves
/// carried at every entry whose first leaf wraps.
pub(super) struct Blocks {
    pub(super) table: [usize; TABLE],
    pub(super) len: usize,
    pub(super) outer: Odometer,
    /// Every leaf outside the table found room in `outer`.
    pub(super) fits: bool,
}

impl Blocks {
    /// The blocks of `l`'s roles 0 and 1; `fits` is `false` past
    /// [`LEAVES`] leaves outside the table. Returned whole, not in an
    /// `Option`: an `Option` of it was built, then copied twice a call
    /// (1,040 bytes a copy); whole, it is copied once.
    #[inline(always)]
    pub(super) fn new<L: GemmOperand>(l: &L, roles: Roles) -> Self {
        let mut blocks = Blocks {
            table: [0; TABLE],
            len: 1,
            outer: Odometer::empty(),
            fits: true,
        };
        let mut inner = true;
        for mode in [roles[0], roles[1]].into_iter().flatten() {
            l.leaves(mode, &mut |e, d| {
                if e <= 1 {
                    return;
                }
                if !inner {
                    blocks.fits &= blocks.outer.push(e, d);
                    return;
                }
                let len = blocks.len;
                let room = TABLE / len;
                // The largest part of the leaf the table still holds: a
                // divisor of its extent, so that the blocks tile it.
                let q = if e <= room {
                    e
                } else {
                    inner = false;
                    (1..=room).rev().find(|&q| e % q == 0).unwrap_or(1)
                };
                // Each new entry the one `len` before it plus `d`, over
                // the table sliced once (`len·q ≤ TABLE`: `q ≤ room`): one
                // bounds check an entry (the read), where indexing the
                // whole table made two.
                let table = &mut blocks.table[..len * q];
                for i in len..table.len() {
                    table[i] = table[i - len].wrapping_add(d);
                }
                blocks.len = len * q;
                if q < e {
                    blocks.fits &= blocks.outer.push(e / q, q.wrapping_mul(d));
                }
            });
        }
        blocks
    }

    /// No blocks (`fits` is `false`): for a C whose offsets are tabled,
    /// where A's are walked by the odometer.
    #[inline(always)]
    pub(super) fn unused() -> Self {
        Blocks {
            table: [0; TABLE],
            len: 1,
            outer: Odometer::empty(),
            fits: false,
        }
    }

    /// The offsets of the next block's coordinates into `out` (`len`
    /// entries).
    #[inline(always)]
    pub(super) fn next(&mut self, out: &mut [usize]) {
        let mut shift = [0];
        self.outer.fill(&mut shift);
        for (entry, &offset) in out.iter_mut().zip(&self.table[..self.len]) {
            *entry = offset.wrapping_add(shift[0]);
        }
    }
}

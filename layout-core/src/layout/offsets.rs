//! The odometer behind [`Layout::offsets`]: `L(0), L(1), …` with one
//! addition per element and no division or modulo.
//!
//! The walk is split into sweeps of the first leaf (after merging the leaves
//! that `coalesce` would merge and dropping extent-1 leaves, which changes no
//! `L(i)`). Inside a sweep an element costs a counter decrement and one
//! addition, which is what a hand-written innermost loop costs; the other
//! leaves move once per sweep. `fold` (hence `for_each`, `sum`, …) runs each
//! sweep as a plain counted loop.

use alloc::vec::Vec;

use super::Layout;

/// A run of offsets `first, first + step, …`, `count` of them: one sweep of
/// a layout's first (merged) leaf, as handed out by [`Offsets::next_run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// The first offset of the run.
    pub first: i64,
    /// How many offsets the run has (at least 1).
    pub count: i64,
    /// The distance from one offset of the run to the next.
    pub step: i64,
}

/// Iterator over a layout's offsets in colexicographic order (see [`Layout::offsets`]).
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Offsets {
    /// The next offset to yield. Wrapping arithmetic: one step past the end
    /// of a sweep may leave `i64`, every offset actually yielded is in range.
    offset: i64,
    /// Offsets left in the current sweep, the next one included.
    run: i64,
    /// The first (merged) leaf: each sweep is `extent` offsets `stride` apart.
    extent: i64,
    stride: i64,
    /// The other leaves as `(extent, stride, coordinate)`, stepped once per sweep.
    outer: Vec<(i64, i64, i64)>,
    /// Sweeps left after the current one.
    sweeps: i64,
}

impl Offsets {
    pub(super) fn new(layout: &Layout) -> Offsets {
        let size = layout.size();
        // Only extent-1 leaves (or none): one offset, 0.
        let (mut extent, mut stride) = (1, 0);
        // Allocates only for a second merged leaf: walking a plain strided
        // mode (a stripe, a row) costs no allocation.
        let mut outer: Vec<(i64, i64, i64)> = Vec::new();
        for (s, d) in layout.leaf_modes().filter(|&(s, _)| s != 1) {
            let (ps, pd) = match outer.last_mut() {
                Some((ps, pd, _)) => (ps, pd),
                None if extent == 1 => {
                    (extent, stride) = (s, d);
                    continue;
                }
                None => (&mut extent, &mut stride),
            };
            // Mode i+1 continues mode i exactly when d(i+1) = s(i)·d(i). The
            // merged extent can only overflow in a layout of size 0 (another
            // extent is 0), which walks nothing: keep the modes apart then.
            let merged = match ps.checked_mul(*pd) == Some(d) {
                true => ps.checked_mul(s),
                false => None,
            };
            match merged {
                Some(extent) => *ps = extent,
                None => outer.push((s, d, 0)),
            }
        }
        let (run, sweeps) = match size {
            0 => (0, 0),
            // A non-empty domain has no zero extent, and `extent` divides `size`.
            _ => (extent, size / extent - 1),
        };
        Offsets {
            offset: 0,
            run,
            extent,
            stride,
            outer,
            sweeps,
        }
    }

    /// The offsets left in the current sweep as a [`Run`], then
    /// each later sweep whole: the odometer's outer steps, leaving the inner
    /// loop to the caller, where a counted strided loop can be unrolled or
    /// vectorized. Mixing with `next` is fine; `None` at the end.
    ///
    /// ```
    /// # use layout_core::{Layout, Run};
    /// let l: Layout = "(3,(2,2)):(10,(1,100))".parse().unwrap();
    /// let mut it = l.offsets();
    /// assert_eq!(it.next(), Some(0));
    /// assert_eq!(it.next_run(), Some(Run { first: 10, count: 2, step: 10 }));
    /// assert_eq!(it.next_run(), Some(Run { first: 1, count: 3, step: 10 }));
    /// assert_eq!(it.count(), 6);
    /// ```
    #[inline]
    pub fn next_run(&mut self) -> Option<Run> {
        if self.run == 0 && !self.next_sweep() {
            return None;
        }
        let run = Run {
            first: self.offset,
            count: self.run,
            step: self.stride,
        };
        let swept = self.run.wrapping_mul(self.stride);
        (self.offset, self.run) = (self.offset.wrapping_add(swept), 0);
        Some(run)
    }

    /// Rewind the first leaf and step the others, like an odometer; false
    /// when there are no sweeps left.
    #[inline]
    fn next_sweep(&mut self) -> bool {
        if self.sweeps == 0 {
            return false;
        }
        self.sweeps -= 1;
        let swept = self.extent.wrapping_mul(self.stride);
        let mut offset = self.offset.wrapping_sub(swept);
        for (extent, stride, coord) in &mut self.outer {
            if *coord + 1 < *extent {
                *coord += 1;
                offset = offset.wrapping_add(*stride);
                break;
            }
            offset = offset.wrapping_sub(coord.wrapping_mul(*stride));
            *coord = 0;
        }
        self.offset = offset;
        self.run = self.extent;
        true
    }
}

impl Iterator for Offsets {
    type Item = i64;

    #[inline]
    fn next(&mut self) -> Option<i64> {
        if self.run == 0 && !self.next_sweep() {
            return None;
        }
        self.run -= 1;
        let current = self.offset;
        self.offset = current.wrapping_add(self.stride);
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // At most `size`, which fits (checked by `Layout::new`).
        let n = self.run + self.sweeps * self.extent;
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        (n, Some(n))
    }

    #[inline]
    fn fold<B, F: FnMut(B, i64) -> B>(mut self, init: B, mut f: F) -> B {
        let mut acc = init;
        loop {
            let (mut offset, stride) = (self.offset, self.stride);
            for _ in 0..self.run {
                acc = f(acc, offset);
                offset = offset.wrapping_add(stride);
            }
            (self.offset, self.run) = (offset, 0);
            if !self.next_sweep() {
                return acc;
            }
        }
    }
}

impl ExactSizeIterator for Offsets {}

impl core::iter::FusedIterator for Offsets {}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::Layout;

    /// `next`, `fold` and `size_hint` against `L(i)` for every `i`, on the
    /// shapes the merging and the sweeps treat specially.
    #[test]
    fn next_and_fold_agree_with_at() {
        for text in [
            "():()",
            "0:1",
            "(2,0,3):(1,5,7)",
            "(1,1):(0,0)",
            "(3,1,4):(1,99,3)",
            "((2,3),(1,4)):((1,2),(9,6))",
            "(4,3):(0,0)",
            "(2,3):(-1,-2)",
            "(2,(3,2)):(5,(-1,40))",
            "2:4611686018427387904",
            "(2,2):(4611686018427387903,-4611686018427387903)",
        ] {
            let l: Layout = text.parse().unwrap();
            let want: Vec<i64> = (0..l.size()).map(|i| l.at(i).unwrap()).collect();
            let mut it = l.offsets();
            let mut got = Vec::new();
            while let Some(o) = it.next() {
                assert_eq!(it.len(), want.len() - got.len() - 1, "{text}");
                got.push(o);
            }
            assert_eq!(it.next(), None, "{text}");
            assert_eq!(got, want, "{text}: next");
            let folded = l.offsets().fold(Vec::new(), |mut v, o| {
                v.push(o);
                v
            });
            assert_eq!(folded, want, "{text}: fold");
            // `fold` after some `next`s picks up mid-sweep.
            let mut it = l.offsets();
            let head: Vec<i64> = it.by_ref().take(3).collect();
            let tail = it.fold(head, |mut v, o| {
                v.push(o);
                v
            });
            assert_eq!(tail, want, "{text}: next then fold");
            // Runs, after one `next`, cover the rest in order.
            let mut it = l.offsets();
            let mut runs: Vec<i64> = it.next().into_iter().collect();
            while let Some(super::Run { first, count, step }) = it.next_run() {
                runs.extend((0..count).map(|k| first + k * step));
            }
            assert_eq!(runs, want, "{text}: runs");
        }
    }
}

//! The fast path of the tensor algorithms: a layout (or one of its modes)
//! read as at most [`MAX_LEAVES`] `(extent, stride)` leaves in fixed arrays,
//! walked by an odometer with no allocation and no division. Layouts with
//! more leaves take the core's [`Offsets`](layout_core::Offsets) instead;
//! both yield the same offsets in the same (colexicographic) order.

use layout_core::{IntTuple, Layout};

/// Leaves (of extent other than 1) the fixed arrays hold: what CuTe's
/// tutorial kernels partition (rank-3 tiles of single leaves) and more.
pub(crate) const MAX_LEAVES: usize = 4;

/// `f(extent, stride)` for every leaf of `shape:stride`, first leaf first,
/// by one recursion (no iterator state to copy); `false` when the two are
/// not nested alike.
pub(crate) fn for_each_leaf(
    shape: &IntTuple,
    stride: &IntTuple,
    f: &mut impl FnMut(i64, i64),
) -> bool {
    match (shape, stride) {
        (IntTuple::Int(e), IntTuple::Int(d)) => {
            f(*e, *d);
            true
        }
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) if s.len() == d.len() => {
            s.iter().zip(d).all(|(s, d)| for_each_leaf(s, d, f))
        }
        _ => false,
    }
}

/// Mode `i` of a layout (a rank-1 layout is its own mode 0) as
/// `(extent, stride)` when its offsets are one arithmetic progression: at
/// most one leaf of extent other than 1. `None` otherwise or past the rank.
pub(crate) fn single_mode(layout: &Layout, i: usize) -> Option<(usize, isize)> {
    let (shape, stride) = match (layout.shape(), layout.stride()) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => (s.get(i)?, d.get(i)?),
        (s, d) if i == 0 => (s, d),
        _ => return None,
    };
    // Most modes are one leaf: no recursion for them.
    if let (IntTuple::Int(e), IntTuple::Int(d)) = (shape, stride) {
        let d = if *e == 1 { 0 } else { *d };
        return Some((usize::try_from(*e).ok()?, isize::try_from(d).ok()?));
    }
    let (mut size, mut leaf, mut leaves) = (1i64, (1i64, 0i64), 0);
    let nested_alike = for_each_leaf(shape, stride, &mut |e, d| {
        size = size.saturating_mul(e);
        if e != 1 {
            leaf = (e, d);
            leaves += 1;
        }
    });
    match (nested_alike, leaves) {
        (true, 0) => Some((usize::try_from(size).ok()?, 0)),
        (true, 1) => Some((usize::try_from(leaf.0).ok()?, isize::try_from(leaf.1).ok()?)),
        _ => None,
    }
}

/// A layout's offsets, leaf by leaf, first leaf fastest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Strided {
    /// Leaves in use, at most [`MAX_LEAVES`].
    rank: usize,
    extent: [usize; MAX_LEAVES],
    stride: [isize; MAX_LEAVES],
    /// Offsets left to yield.
    left: usize,
    /// The odometer: each leaf's coordinate, and the offset they make.
    coord: [usize; MAX_LEAVES],
    offset: isize,
}

impl Strided {
    /// The leaves of `shape:stride`, or `None` past [`MAX_LEAVES`] leaves of
    /// extent other than 1. Offsets are those of a tensor already checked
    /// against its engine, so they fit in `isize`.
    pub(crate) fn of(shape: &IntTuple, stride: &IntTuple) -> Option<Strided> {
        let mut s = Strided {
            rank: 0,
            extent: [1; MAX_LEAVES],
            stride: [0; MAX_LEAVES],
            left: 1,
            coord: [0; MAX_LEAVES],
            offset: 0,
        };
        s.push_leaves(shape, stride)?;
        Some(s)
    }

    /// The leaves of a whole layout.
    pub(crate) fn of_layout(layout: &Layout) -> Option<Strided> {
        Strided::of(layout.shape(), layout.stride())
    }

    /// The leaves of mode `i` of a layout (`None` also past its rank).
    pub(crate) fn of_mode(layout: &Layout, i: usize) -> Option<Strided> {
        match (layout.shape(), layout.stride()) {
            (IntTuple::Tuple(s), IntTuple::Tuple(d)) => Strided::of(s.get(i)?, d.get(i)?),
            // A rank-1 layout is its own mode 0.
            (s, d) if i == 0 => Strided::of(s, d),
            _ => None,
        }
    }

    fn push_leaves(&mut self, shape: &IntTuple, stride: &IntTuple) -> Option<()> {
        match (shape, stride) {
            (IntTuple::Int(e), IntTuple::Int(d)) => {
                // Extents are non-negative (`Layout::new`), strides of a
                // checked tensor fit in `isize`.
                let e = usize::try_from(*e).ok()?;
                self.left = self.left.checked_mul(e)?;
                if e != 1 {
                    if self.rank == MAX_LEAVES {
                        return None;
                    }
                    self.extent[self.rank] = e;
                    self.stride[self.rank] = isize::try_from(*d).ok()?;
                    self.rank += 1;
                }
                Some(())
            }
            (IntTuple::Tuple(s), IntTuple::Tuple(d)) if s.len() == d.len() => s
                .iter()
                .zip(d)
                .try_for_each(|(s, d)| self.push_leaves(s, d)),
            _ => None,
        }
    }
}

impl Iterator for Strided {
    type Item = isize;

    #[inline]
    fn next(&mut self) -> Option<isize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let out = self.offset;
        // Step the odometer: the first leaf that has not run out advances,
        // the ones before it return to 0. Past the last offset nothing is
        // stepped (`left` is then 0), so no offset outside the layout's is
        // ever formed.
        if self.left > 0 {
            let mut i = 0;
            while i < self.rank {
                self.coord[i] += 1;
                if self.coord[i] < self.extent[i] {
                    self.offset += self.stride[i];
                    break;
                }
                self.coord[i] = 0;
                self.offset -= (self.extent[i] as isize - 1) * self.stride[i];
                i += 1;
            }
        }
        Some(out)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Strided {}

/// A layout's offsets: the fixed-array odometer when the layout has few
/// enough leaves, the core's otherwise.
pub(crate) enum Positions {
    Strided(Strided),
    Core(layout_core::Offsets),
}

impl Positions {
    pub(crate) fn of(layout: &Layout) -> Positions {
        match Strided::of_layout(layout) {
            Some(s) => Positions::Strided(s),
            None => Positions::Core(layout.offsets()),
        }
    }

    /// No offsets: the walk of an empty layout, which a typed tensor may
    /// hold with values the core cannot (`(0,2):(1,2^63)`).
    pub(crate) fn empty() -> Positions {
        Positions::Strided(Strided {
            rank: 0,
            extent: [1; MAX_LEAVES],
            stride: [0; MAX_LEAVES],
            left: 0,
            coord: [0; MAX_LEAVES],
            offset: 0,
        })
    }
}

impl Iterator for Positions {
    type Item = isize;

    #[inline]
    fn next(&mut self) -> Option<isize> {
        match self {
            Positions::Strided(s) => s.next(),
            // In range: the offsets of a checked tensor fit in `isize`.
            Positions::Core(o) => o.next().map(|o| o as isize),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Positions::Strided(s) => s.size_hint(),
            Positions::Core(o) => o.size_hint(),
        }
    }
}

impl ExactSizeIterator for Positions {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn both(l: &str) -> (Vec<isize>, Vec<isize>) {
        let l: Layout = l.parse().unwrap();
        let core = l.offsets().map(|o| o as isize).collect();
        (Positions::of(&l).collect(), core)
    }

    #[test]
    fn same_offsets_as_the_core() {
        for l in [
            "1:0",
            "0:1",
            "8:3",
            "(4,3):(1,-4)",
            "((2,2),(1,3)):((1,8),(5,2))",
            "(2,(0,3)):(1,(2,3))",
            "((2,2),(2,2),(2,2)):((1,2),(4,8),(16,32))",
            // Seven leaves: past the fixed arrays, the core walks it.
            "(2,2,2,2,2,2,2):(1,2,4,8,16,32,64)",
            "(3,(2,1,2)):(0,(-1,7,5))",
        ] {
            let (fast, core) = both(l);
            assert_eq!(fast, core, "{l}");
        }
    }

    #[test]
    fn single_modes() {
        let l: Layout = "((2,1),(1,5),(3,2)):((1,9),(7,4),(1,3))".parse().unwrap();
        assert_eq!(single_mode(&l, 0), Some((2, 1)));
        assert_eq!(single_mode(&l, 1), Some((5, 4)));
        assert_eq!(single_mode(&l, 2), None);
        assert_eq!(single_mode(&l, 3), None);
        let ones: Layout = "((1,1),0):((3,4),2)".parse().unwrap();
        assert_eq!(single_mode(&ones, 0), Some((1, 0)));
        assert_eq!(single_mode(&ones, 1), Some((0, 2)));
        let flat: Layout = "7:3".parse().unwrap();
        assert_eq!(single_mode(&flat, 0), Some((7, 3)));
        assert_eq!(single_mode(&flat, 1), None);
        let unit: Layout = "(1,4):(9,2)".parse().unwrap();
        assert_eq!(single_mode(&unit, 0), Some((1, 0)));
        assert_eq!(single_mode(&unit, 1), Some((4, 2)));
    }

    #[test]
    fn a_mode_of_a_layout() {
        let l: Layout = "((2,4),(3,5)):((1,2),(8,24))".parse().unwrap();
        let m1: Vec<isize> = Strided::of_mode(&l, 1).unwrap().collect();
        let want: Vec<isize> = l.mode(1).unwrap().offsets().map(|o| o as isize).collect();
        assert_eq!(m1, want);
        assert!(Strided::of_mode(&l, 2).is_none());
        let flat: Layout = "7:3".parse().unwrap();
        assert_eq!(Strided::of_mode(&flat, 0).unwrap().len(), 7);
    }
}

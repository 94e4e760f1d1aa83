//! The sweep's check of a result in one walk, without allocating: what
//! `brute::refines`, `values_are` and `same_as` check, for the usual result.

use layout_core::Layout;

use super::{CuteLeaf, MAX_LEAVES, MAX_SIZE, RightTable, value};

/// A result's leaf modes, leaf of `B0` by leaf of `B0` (`modes[ends[m-1]..ends[m]]`),
/// and whether each leaf of `B0` became a tuple.
pub(super) struct Got {
    modes: [(i64, i64); MAX_SIZE],
    len: usize,
    ends: [usize; MAX_LEAVES],
    tuple: [bool; MAX_LEAVES],
}

impl Got {
    /// `r`'s leaf modes if `r` is shaped like `b` (`brute::refines`): `b`'s
    /// nesting, each leaf of `b` a leaf of the same extent or a flat tuple of
    /// leaves whose product it is; `None` if not, or if it has more modes
    /// than fit here.
    pub(super) fn of(r: &Layout, b: &RightTable) -> Option<Got> {
        use layout_core::IntTuple::Tuple;
        let mut got = Got {
            modes: [(0, 0); MAX_SIZE],
            len: 0,
            ends: [0; MAX_LEAVES],
            tuple: [false; MAX_LEAVES],
        };
        if b.is_int {
            got.leaf(r.shape(), r.stride(), 0, b.extents[0])?;
            return Some(got);
        }
        match (r.shape(), r.stride()) {
            (Tuple(s), Tuple(d)) if s.len() == b.rank && d.len() == b.rank => {
                for m in 0..b.rank {
                    got.leaf(&s[m], &d[m], m, b.extents[m])?;
                }
                Some(got)
            }
            _ => None,
        }
    }

    /// Leaf `m` of `b` (extent `extent`) in `r`: `shape:stride`.
    fn leaf(
        &mut self,
        shape: &layout_core::IntTuple,
        stride: &layout_core::IntTuple,
        m: usize,
        extent: i64,
    ) -> Option<()> {
        use layout_core::IntTuple::{Int, Tuple};
        let mut product = 1i64;
        match (shape, stride) {
            (Int(s), Int(d)) => {
                *self.modes.get_mut(self.len)? = (*s, *d);
                self.len += 1;
                product = *s;
            }
            (Tuple(s), Tuple(d)) if s.len() == d.len() => {
                self.tuple[m] = true;
                for (s, d) in s.iter().zip(d) {
                    let (Int(s), Int(d)) = (s, d) else {
                        return None;
                    };
                    *self.modes.get_mut(self.len)? = (*s, *d);
                    self.len += 1;
                    product = product.checked_mul(*s)?;
                }
            }
            _ => return None,
        }
        self.ends[m] = self.len;
        (product == extent).then_some(())
    }

    /// Whether the result's value at every `i < want.len()` is `want[i]`
    /// (its size is `B0`'s, which is `want.len()`, as the extents matched).
    pub(super) fn values_are(&self, want: &[i64]) -> bool {
        let modes = &self.modes[..self.len];
        want.iter()
            .enumerate()
            .all(|(i, &w)| value(modes, i as i64) == w)
    }

    /// Whether each leaf is CuTe's modes, built as CuTe builds them (one
    /// mode a leaf, more a flat tuple): `same_as`.
    pub(super) fn same_as(&self, leaves: &[&CuteLeaf]) -> bool {
        leaves.iter().enumerate().all(|(m, l)| {
            let start = if m == 0 { 0 } else { self.ends[m - 1] };
            let mine = &self.modes[start..self.ends[m]];
            mine == &l.modes[..l.len] && self.tuple[m] == (l.len != 1)
        })
    }
}

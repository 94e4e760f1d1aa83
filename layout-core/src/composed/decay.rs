//! CuTe's `slice_and_offset` of a swizzled composed layout
//! (`swizzle_layout.hpp`): where the bits the slice keeps never meet under
//! the swizzle (the kept modes reach its `Y` bits or its `Z` bits, not
//! both), the swizzle is folded into the strides and the slice "decays" to
//! a plain layout plus an offset, which CuTe prints (`(_8):(_72)` + 3).
//!
//! CuTe computes that layout from the swizzle's bit ranges; here the
//! result is also checked at every index of the slice against the composed
//! layout itself, and not used where it differs. Only at offset 0: at any
//! other offset CuTe's construction XORs the offset where the composed
//! layout adds it.

use alloc::vec::Vec;

use super::ComposedLayout;
use crate::algebra::{self, Coord, Tiler};
use crate::error::Result;
use crate::idioms::View;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

impl ComposedLayout {
    /// CuTe's `slice_and_offset(c, composed)`: the plain layout and offset
    /// CuTe decays a swizzled slice to, where it does so and the result is
    /// the composed layout's at every index of the slice; otherwise
    /// [`ComposedLayout::slice`], the offset folded in.
    ///
    /// ```
    /// use layout_core::{ComposedLayout, Coord, Swizzle};
    /// let c = ComposedLayout::new(Swizzle::new(3, 3, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
    /// let at = |k: i64| Coord::Tuple(vec![Coord::Underscore, Coord::Int(k)]);
    /// assert_eq!(c.slice_and_offset(&at(3)).unwrap().unwrap_err().to_string(), "view((8):(72),3)");
    /// ```
    ///
    /// # Errors
    /// As [`ComposedLayout::slice`].
    pub fn slice_and_offset(
        &self,
        coord: &Coord,
    ) -> Result<core::result::Result<ComposedLayout, View>> {
        let folded = self.slice(coord)?;
        Ok(match self.decayed(coord, &folded) {
            Some(view) => Err(view),
            None => Ok(folded),
        })
    }

    /// CuTe's decayed slice, checked against `folded`; `None` where CuTe
    /// keeps the swizzle, where a step fails, or where the check does.
    fn decayed(&self, coord: &Coord, folded: &ComposedLayout) -> Option<View> {
        let sw = self.swizzle()?;
        if self.offset() != 0 || sw.bits() == 0 || !has_integer(coord) {
            return None;
        }
        let view = algebra::slice_and_offset(coord, self.inner()).ok()?;
        let (sliced, base) = (view.layout(), view.base());
        let (y, z) = (sw.yyy_mask(), sw.zzz_mask());
        let zy = y | z;
        // The diced coordinate's offset: its Y and Z bits meet the swizzle, the rest pass.
        let (only_zy, anti_zy) = (base & zy, base & !zy);
        let active = sliced.at(sliced.size() - 1).ok()? & zy;
        if active & !sw.apply(active) != 0 {
            return None; // the slice reaches both Y and Z bits: CuTe keeps the swizzle
        }
        let (zl, yl) = (z & z.wrapping_neg(), y & y.wrapping_neg());
        let strides = |z_first: bool| -> Vec<i64> {
            let probe = if z_first { yl } else { zl };
            (0..sw.bits())
                .map(|i| match (z_first, only_zy & (probe << i) == 0) {
                    (true, true) => zl << i,
                    (true, false) => -(zl << i),
                    (false, true) => (yl + zl) << i,
                    (false, false) => (yl - zl) << i,
                })
                .collect()
        };
        let (lo, hi) = (strides(zl < yl), strides(zl > yl));
        let (m, b, s) = (sw.base(), sw.bits(), sw.shift().abs());
        let twos = |d: &[i64]| -> (IntTuple, IntTuple) {
            let n = d.len();
            (
                IntTuple::Tuple(alloc::vec![IntTuple::Int(2); n]),
                IntTuple::Tuple(d.iter().map(|&x| IntTuple::Int(x)).collect()),
            )
        };
        let ((lo_s, lo_d), (hi_s, hi_d)) = (twos(&lo), twos(&hi));
        let shape = IntTuple::Tuple(alloc::vec![
            IntTuple::Int(1 << m),
            lo_s,
            IntTuple::Int(1 << (s - b)),
            hi_s,
            IntTuple::Int(1),
        ]);
        let stride = IntTuple::Tuple(alloc::vec![
            IntTuple::Int(1),
            lo_d,
            IntTuple::Int(1 << (m + b)),
            hi_d,
            IntTuple::Int(1 << (m + b + s)),
        ]);
        let swizzle_layout = Layout::new(shape, stride).ok()?;
        let layout = algebra::composition(&swizzle_layout, &Tiler::Layout(sliced.clone())).ok()?;
        let offset = sw.apply(only_zy).checked_add(anti_zy)?;
        // CuTe's construction, checked: the composed layout at every index of the slice.
        let same = (0..sliced.size()).all(|k| {
            let want = folded.crd2idx(&IntTuple::Int(k)).ok();
            layout.at(k).ok().and_then(|o| o.checked_add(offset)) == want
        });
        same.then(|| View::new(layout, offset).ok()).flatten()
    }
}

/// Whether `c` fixes some mode (CuTe decays only then).
fn has_integer(c: &Coord) -> bool {
    match c {
        Coord::Int(_) => true,
        Coord::Underscore => false,
        Coord::Tuple(v) => v.iter().any(has_integer),
    }
}

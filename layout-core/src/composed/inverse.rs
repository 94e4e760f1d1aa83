//! The inverses CuTe defines on composed layouts and swizzles
//! (`layout_composed.hpp`, `swizzle_layout.hpp`), and `composition(L, Sw)`,
//! which the swizzled inverses go through. CuTe computes them from the
//! parts without checking; here each result is checked against its law at
//! every index (up to [`CHECK_LIMIT`](super::CHECK_LIMIT)) and refused, with
//! the first index where the law fails, when it does not hold.

use alloc::format;

use super::{Composed, ComposedLayout, Outer, at, checkable, compose, refuse, size_of};
use crate::algebra;
use crate::error::Result;
use crate::layout::Layout;
use crate::swizzle::Swizzle;

/// Which inverse: `C(R(i)) = i` on `R`'s domain, or `R(C(c)) = c` on `C`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Right,
    Left,
}

impl Side {
    fn words(self) -> &'static str {
        match self {
            Side::Right => "right inverse",
            Side::Left => "left inverse",
        }
    }

    fn of_layout(self, l: &Layout) -> Result<Layout> {
        match self {
            Side::Right => algebra::right_inverse(l),
            Side::Left => algebra::left_inverse(l),
        }
    }
}

impl ComposedLayout {
    /// CuTe's `right_inverse` of a composed layout: for a swizzle at offset
    /// 0, `composition(right_inverse(B), Sw)`, which [`compose_swizzle`]
    /// turns into `Sw' o 0 o right_inverse(B)`; for a layout `A`,
    /// `right_inverse(B) o -offset o right_inverse(A)`. Checked:
    /// `C(R(i)) = i` for every `i` below `size(R)`.
    ///
    /// ```
    /// use layout_core::{ComposedLayout, Swizzle};
    /// let c = ComposedLayout::new(Swizzle::new(3, 3, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
    /// let r = c.right_inverse().unwrap().unwrap();
    /// assert_eq!(r.to_string(), "Sw<3,0,-6> o 0 o (64,8):(8,1)");
    /// ```
    ///
    /// # Errors
    /// `ComposedUnsupported` for a swizzle at a non-zero offset (CuTe's
    /// result, `right_inverse(B) o -offset o Sw`, has a swizzle as its
    /// inner function, which has no shape), for a result that fails the
    /// law, or past the check's limit; those of the layouts' inverses.
    pub fn right_inverse(&self) -> Result<Composed> {
        self.inverse(Side::Right)
    }

    /// CuTe's `left_inverse`, built as [`ComposedLayout::right_inverse`]
    /// from the parts' left inverses. Checked: `R(C(c)) = c` for every
    /// `c` below `size(C)`.
    ///
    /// ```
    /// use layout_core::{ComposedLayout, Swizzle};
    /// let c = ComposedLayout::new(Swizzle::new(2, 0, 3).unwrap(), 0, "(4,8):(8,1)".parse().unwrap());
    /// let l = c.left_inverse().unwrap().unwrap();
    /// assert_eq!(l.to_string(), "Sw<2,0,-2> o 0 o (8,4):(4,1)");
    /// ```
    ///
    /// # Errors
    /// As [`ComposedLayout::right_inverse`].
    pub fn left_inverse(&self) -> Result<Composed> {
        self.inverse(Side::Left)
    }

    fn inverse(&self, side: Side) -> Result<Composed> {
        let b = side.of_layout(self.inner())?;
        let r: Composed = match self.outer() {
            Outer::Swizzle(sw) if self.offset() == 0 => compose_swizzle(&b, *sw)?,
            Outer::Swizzle(_) => {
                let why = "CuTe's is right_inverse(B) o -offset o Sw, whose inner function is a swizzle (no shape); only offset 0 is supported";
                return Err(refuse(side.words(), self, why.into()));
            }
            Outer::Layout(a) => {
                let a = side.of_layout(a)?;
                let minus = self.offset().checked_neg().ok_or_else(super::overflow)?;
                Ok(ComposedLayout::new(b, minus, a))
            }
        };
        let this: Composed = Ok(self.clone());
        let (first, second, n) = match side {
            Side::Right => (&r, &this, size_of(&r)),
            Side::Left => (&this, &r, self.size()),
        };
        checkable(side.words(), self, n)?;
        let domain = size_of(second);
        for i in 0..n {
            let mid = at(first, i)?;
            let back = if (0..domain).contains(&mid) {
                Some(at(second, mid)?)
            } else {
                None
            };
            if back != Some(i) {
                let shown = back.map_or("outside its domain".into(), |b| format!("{b}"));
                let why = match side {
                    Side::Right => format!(
                        "CuTe's result {} fails C(R({i})) = {i}: R({i}) = {mid}, C({mid}) {shown}",
                        show(&r)
                    ),
                    Side::Left => format!(
                        "CuTe's result {} fails R(C({i})) = {i}: C({i}) = {mid}, R({mid}) {shown}",
                        show(&r)
                    ),
                };
                return Err(refuse(side.words(), self, why));
            }
        }
        Ok(r)
    }
}

fn show(c: &Composed) -> alloc::string::String {
    use alloc::string::ToString;
    c.as_ref()
        .map_or_else(ToString::to_string, ToString::to_string)
}

/// CuTe's `composition(L, Sw)` (`swizzle_layout.hpp`): `L` read after a
/// swizzle, rewritten as a swizzle after `L`, `Sw' o 0 o L`, where `Sw'`
/// reads and flips the images under `L` of the bits `Sw` reads and flips
/// (CuTe's `make_swizzle<L(yyy_msk), L(zzz_msk)>`); the bare `L` when
/// `Sw'` has no bits. CuTe says this "works in simple cases"; here it is
/// checked: `L(Sw(c)) = Sw'(L(c))` for every `c` below `size(L)`.
///
/// ```
/// use layout_core::{Layout, Swizzle, compose_swizzle};
/// let l: Layout = "(8,64):(64,1)".parse().unwrap();
/// let c = compose_swizzle(&l, Swizzle::new(3, 0, 3).unwrap()).unwrap().unwrap();
/// assert_eq!(c.to_string(), "Sw<3,0,-6> o 0 o (8,64):(64,1)"); // as CuTe
/// ```
///
/// # Errors
/// `ComposedUnsupported` when the images are not one swizzle's masks, when
/// the rewrite is wrong somewhere (with the first such `c`) or past the
/// check's limit; `Overflow`.
pub fn compose_swizzle(l: &Layout, sw: Swizzle) -> Result<Composed> {
    const WHAT: &str = "composition with a swizzle";
    let of = format!("{l} with {sw}");
    let (y, z) = (l.at(sw.yyy_mask())?, l.at(sw.zzz_mask())?);
    let moved = Swizzle::from_masks(y, z).map_err(|why| {
        let why = format!("the images {y} and {z} of its masks: {why}");
        refuse(WHAT, &of, why)
    })?;
    checkable(WHAT, &of, l.size())?;
    for c in 0..l.size() {
        let (want, got) = (l.at(sw.apply(c))?, moved.apply(l.at(c)?));
        if want != got {
            let why = format!(
                "{moved} after the layout differs at {c}: L(Sw({c})) = {want}, but Sw'(L({c})) = {got}"
            );
            return Err(refuse(WHAT, &of, why));
        }
    }
    Ok(compose(moved, 0, l.clone()))
}

//! CuTe's `upcast<N>`, `downcast<N>` and `recast_layout<Old, New>` of a
//! swizzle and of a composed layout (`swizzle_layout.hpp`,
//! `layout_composed.hpp`): the same memory seen in elements `N` times
//! wider or narrower. A swizzle's low `M` bits count elements, so
//! `Sw<3,4,3>` over bytes is `Sw<3,3,3>` over 2-byte elements.

use alloc::format;

use super::{Composed, ComposedLayout, Outer, compose, refuse};
use crate::algebra;
use crate::error::Result;
use crate::swizzle::Swizzle;

/// `log2(n)` for a power of two `n`.
fn log2(what: &'static str, of: &dyn core::fmt::Display, n: i64) -> Result<i64> {
    if n < 1 || n.count_ones() != 1 {
        return Err(refuse(
            what,
            of,
            format!("CuTe requires a power of two, not {n}"),
        ));
    }
    Ok(i64::from(n.trailing_zeros()))
}

impl Swizzle {
    /// CuTe's `upcast<N>(Swizzle)`: `Sw<B, M - log2 N, S>`, or, when the
    /// elements are wider than the `2^M` run the swizzle keeps,
    /// `Sw<max(B + M - log2 N, 0), 0, S>`.
    ///
    /// ```
    /// use layout_core::Swizzle;
    /// let bytes = Swizzle::new(3, 4, 3).unwrap();
    /// assert_eq!(bytes.upcast(2).unwrap().to_string(), "Sw<3,3,3>");
    /// assert_eq!(bytes.upcast(64).unwrap().to_string(), "Sw<1,0,3>");
    /// ```
    ///
    /// # Errors
    /// `ComposedUnsupported` unless `n` is a power of two.
    pub fn upcast(self, n: i64) -> Result<Swizzle> {
        let m = self.base() - log2("upcast", &self, n)?;
        let (b, m) = if m >= 0 {
            (self.bits(), m)
        } else {
            ((self.bits() + m).max(0), 0)
        };
        Swizzle::new(b, m, self.shift())
    }

    /// CuTe's `downcast<N>(Swizzle)`: `Sw<B, M + log2 N, S>`.
    ///
    /// ```
    /// use layout_core::Swizzle;
    /// assert_eq!(Swizzle::new(3, 3, 3).unwrap().downcast(2).unwrap().to_string(), "Sw<3,4,3>");
    /// ```
    ///
    /// # Errors
    /// `ComposedUnsupported` unless `n` is a power of two; `Overflow` past 62 bits.
    pub fn downcast(self, n: i64) -> Result<Swizzle> {
        let m = self.base() + log2("downcast", &self, n)?;
        Swizzle::new(self.bits(), m, self.shift())
    }
}

impl ComposedLayout {
    /// CuTe's `upcast<N>` of a composed layout: each part upcast (the
    /// offset divided by `N`, which must divide it).
    ///
    /// ```
    /// use layout_core::{ComposedLayout, Swizzle};
    /// let bytes = ComposedLayout::new(Swizzle::new(3, 4, 3).unwrap(), 0, "(8,128):(128,1)".parse().unwrap());
    /// assert_eq!(bytes.upcast(2).unwrap().unwrap().to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
    /// ```
    ///
    /// # Errors
    /// Those of the parts' upcasts; `ComposedUnsupported` for an offset
    /// `N` does not divide.
    pub fn upcast(&self, n: i64) -> Result<Composed> {
        let outer: Outer = match self.outer() {
            Outer::Swizzle(sw) => sw.upcast(n)?.into(),
            Outer::Layout(l) => algebra::upcast(l, n)?.into(),
        };
        if n < 1 || self.offset() % n != 0 {
            let why = format!(
                "CuTe's safe_div needs {n} to divide the offset {}",
                self.offset()
            );
            return Err(refuse("upcast", self, why));
        }
        // CuTe keeps an upcast swizzle with no bits left (`Sw<0,0,3> o 0 o …`).
        let inner = algebra::upcast(self.inner(), n)?;
        Ok(Ok(ComposedLayout::new(outer, self.offset() / n, inner)))
    }

    /// CuTe's `downcast<N>` of a composed layout: each part downcast (the
    /// offset multiplied by `N`).
    ///
    /// # Errors
    /// Those of the parts' downcasts; `Overflow`.
    pub fn downcast(&self, n: i64) -> Result<Composed> {
        let outer: Outer = match self.outer() {
            Outer::Swizzle(sw) => sw.downcast(n)?.into(),
            Outer::Layout(l) => algebra::downcast(l, n)?.into(),
        };
        let offset = self.offset().checked_mul(n).ok_or_else(super::overflow)?;
        Ok(compose(outer, offset, algebra::downcast(self.inner(), n)?))
    }

    /// CuTe's `recast_layout<Old, New>` of a composed layout, given the
    /// widths in bits: with `new/old` reduced to `p/q`, upcast by `p`, then
    /// downcast by `q`.
    ///
    /// # Errors
    /// As [`ComposedLayout::upcast`] and [`ComposedLayout::downcast`];
    /// `OutOfRange` for a width below 1.
    pub fn recast(&self, old_bits: i64, new_bits: i64) -> Result<Composed> {
        algebra::check_recast_widths(old_bits, new_bits)?;
        let g = algebra::gcd(old_bits, new_bits);
        let up = match new_bits / g {
            1 => Ok(self.clone()),
            p => self.upcast(p)?,
        };
        match (old_bits / g, up) {
            (1, up) => Ok(up),
            (q, Ok(c)) => c.downcast(q),
            (q, Err(l)) => Ok(Err(algebra::downcast(&l, q)?)),
        }
    }
}

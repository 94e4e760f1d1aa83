//! CuTe's `Swizzle<BBits, MBase, SShift>` and the composed layout
//! `OUTER o OFFSET o INNER` it is used in (`swizzle.hpp`,
//! `layout_composed.hpp`).
//!
//! A swizzle XORs one bit range of an offset into another: the `B` bits
//! starting at bit `M + max(0, S)` (the "YYY" mask) are shifted right by `S`
//! (left when `S < 0`) and XORed into the `B` bits starting at
//! `M - min(0, S)` (the "ZZZ" mask). The low `M` bits never change, so a
//! run of `2^M` elements stays contiguous; with `|S| ≥ B` the two masks do
//! not overlap, which makes the swizzle its own inverse.

use alloc::string::ToString;
use core::fmt;

pub use crate::composed::ComposedLayout;
use crate::error::{AlgebraRefusal, DomainError, ErrorKind, Result};

/// The most bits `B + M + |S|` may span: every mask stays inside a
/// non-negative `i64`.
const MAX_BITS: i64 = 62;

/// CuTe's `Swizzle<B, M, S>`, printed `Sw<B,M,S>`.
///
/// ```
/// use layout_core::Swizzle;
/// let sw = Swizzle::new(3, 3, 3).unwrap();
/// assert_eq!(sw.to_string(), "Sw<3,3,3>");
/// // bits 6..9 (the row of an (8,64) fp16 tile) XOR into bits 3..6 (the 8-element column block)
/// assert_eq!(sw.apply(64 + 5), 64 + 8 + 5);
/// assert!(Swizzle::new(3, 3, 2).is_err()); // |S| < B: the masks overlap
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    bits: i64,
    base: i64,
    shift: i64,
}

/// Which parameter of a swizzle is invalid: 0 for `B`, 1 for `M`, 2 for `S`,
/// with the error. The evaluator points the error at that argument.
pub type SwizzleError = (usize, crate::Error);

impl Swizzle {
    /// `Swizzle<B, M, S>`: CuTe's conditions are `B ≥ 0`, `M ≥ 0`,
    /// `|S| ≥ B`; this crate also needs `B + M + |S| ≤ 62`.
    ///
    /// # Errors
    /// `OutOfRange` for a negative `B` or `M` or a shift shorter than `B`
    /// (with which parameter, see [`Swizzle::check`]), `Overflow` for masks
    /// past 62 bits.
    pub fn new(bits: i64, base: i64, shift: i64) -> Result<Swizzle> {
        Swizzle::check(bits, base, shift).map_err(|(_, e)| e)
    }

    /// [`Swizzle::new`], telling which parameter is at fault.
    ///
    /// # Errors
    /// As [`Swizzle::new`], with the parameter's position.
    pub fn check(bits: i64, base: i64, shift: i64) -> core::result::Result<Swizzle, SwizzleError> {
        let range = |what, min, found| DomainError::OutOfRange { what, min, found }.into();
        if bits < 0 {
            return Err((0, range("a swizzle's BBits", 0, bits)));
        }
        if base < 0 {
            return Err((1, range("a swizzle's MBase", 0, base)));
        }
        let reach = shift.checked_abs().unwrap_or(i64::MAX);
        if reach < bits {
            return Err((
                2,
                range("the size |SShift| of a swizzle's shift", bits, reach),
            ));
        }
        if bits.saturating_add(base).saturating_add(reach) > MAX_BITS {
            let e = ErrorKind::Overflow("a swizzle's bits B + M + |S| must fit in 62 bits").into();
            return Err((2, e));
        }
        Ok(Swizzle { bits, base, shift })
    }

    /// `BBits`: how many bits are XORed.
    #[must_use]
    pub fn bits(self) -> i64 {
        self.bits
    }

    /// `MBase`: how many low bits are left alone.
    #[must_use]
    pub fn base(self) -> i64 {
        self.base
    }

    /// `SShift`: how far the YYY bits move to reach the ZZZ bits.
    #[must_use]
    pub fn shift(self) -> i64 {
        self.shift
    }

    /// CuTe's `yyy_msk`: the bits that are read.
    #[must_use]
    pub fn yyy_mask(self) -> i64 {
        ((1 << self.bits) - 1) << (self.base + self.shift.max(0))
    }

    /// CuTe's `zzz_msk`: the bits that are flipped.
    #[must_use]
    pub fn zzz_mask(self) -> i64 {
        ((1 << self.bits) - 1) << (self.base - self.shift.min(0))
    }

    /// `offset ^ shiftr(offset & yyy_msk, S)`, as CuTe's `Swizzle::apply`
    /// (on two's complement `i64`, as CuTe's on `int`).
    #[must_use]
    pub fn apply(self, offset: i64) -> i64 {
        let y = offset & self.yyy_mask();
        let moved = if self.shift >= 0 {
            y >> self.shift
        } else {
            y << -self.shift
        };
        offset ^ moved
    }

    /// CuTe's `composition(Swizzle, Swizzle)`: the one swizzle doing both,
    /// for swizzles of the same shift whose masks XOR into contiguous bit
    /// ranges (CuTe's `make_swizzle<Y, Z>`).
    ///
    /// ```
    /// use layout_core::Swizzle;
    /// let sw = |b, m, s| Swizzle::new(b, m, s).unwrap();
    /// assert_eq!(sw(2, 3, 3).compose(sw(1, 5, 3)).unwrap(), sw(3, 3, 3));
    /// assert_eq!(sw(3, 3, 3).compose(sw(3, 3, 3)).unwrap(), sw(0, 0, 0));
    /// assert!(sw(3, 3, 3).compose(sw(3, 3, 4)).is_err());
    /// ```
    ///
    /// # Errors
    /// `CannotMergeSwizzles` for different shifts or masks that are not
    /// one swizzle's.
    pub fn compose(self, other: Swizzle) -> Result<Swizzle> {
        let fail = |why| {
            let (first, second) = (self.to_string(), other.to_string());
            AlgebraRefusal::CannotMergeSwizzles { first, second, why }.into()
        };
        if self.shift != other.shift {
            return Err(fail("CuTe merges only swizzles of the same shift"));
        }
        let y = self.yyy_mask() ^ other.yyy_mask();
        let z = self.zzz_mask() ^ other.zzz_mask();
        Swizzle::from_masks(y, z).map_err(fail)
    }

    /// CuTe's `make_swizzle<Y, Z>()`: the swizzle reading the bits `y` and
    /// flipping the bits `z`.
    ///
    /// ```
    /// use layout_core::Swizzle;
    /// assert_eq!(Swizzle::from_masks(0b1000, 0b0100).unwrap().to_string(), "Sw<1,2,1>");
    /// assert_eq!(Swizzle::from_masks(0b1100_0000, 0b0110).unwrap().to_string(), "Sw<2,1,5>");
    /// ```
    ///
    /// # Errors
    /// The reason, in words, when the masks are not one swizzle's.
    pub fn from_masks(y: i64, z: i64) -> core::result::Result<Swizzle, &'static str> {
        if y.count_ones() != z.count_ones() {
            return Err("the bits read and the bits flipped differ in number");
        }
        // CuTe counts trailing zeros of a 32-bit mask (32 for 0) and takes M mod 32.
        let tz = |m: i64| {
            if m == 0 {
                32
            } else {
                i64::from(m.trailing_zeros())
            }
        };
        let base = tz(y).min(tz(z)) % 32;
        let merged = Swizzle::new(i64::from(y.count_ones()), base, tz(y) - tz(z))
            .map_err(|_| "the merged masks are not a swizzle")?;
        if merged.yyy_mask() | merged.zzz_mask() != y | z {
            return Err("the merged masks are not contiguous bit ranges");
        }
        Ok(merged)
    }

    /// The offsets `[0, 2^(B+M+|S|))` the swizzle permutes among
    /// themselves: both masks lie below this bound.
    #[must_use]
    pub fn domain(self) -> i64 {
        1 << (self.bits + self.base + self.shift.abs())
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_are_cutes() {
        let sw = Swizzle::new(3, 4, 3).unwrap();
        assert_eq!((sw.yyy_mask(), sw.zzz_mask()), (0b11_1000_0000, 0b111_0000));
        let neg = Swizzle::new(2, 0, -3).unwrap();
        assert_eq!((neg.yyy_mask(), neg.zzz_mask()), (0b11, 0b1_1000));
        assert_eq!(neg.apply(1), 9);
    }

    #[test]
    fn invalid_parameters_name_the_parameter() {
        assert_eq!(Swizzle::check(-1, 0, 0).unwrap_err().0, 0);
        assert_eq!(Swizzle::check(1, -1, 1).unwrap_err().0, 1);
        assert_eq!(Swizzle::check(3, 0, -2).unwrap_err().0, 2);
        assert_eq!(Swizzle::check(3, 0, i64::MIN).unwrap_err().0, 2);
        assert_eq!(Swizzle::check(30, 30, 30).unwrap_err().0, 2);
        assert!(Swizzle::check(0, 0, 0).is_ok());
    }
}

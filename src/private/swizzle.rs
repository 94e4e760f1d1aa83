//! [`Swizzle<B, M, S>`]: CuTe's `Swizzle<BBits, MBase, SShift>` with its
//! parameters in the type, so that applying it is the shift, mask and XOR
//! a person would write (`o ^ ((o & 0x380) >> 3)` for `Sw<3,4,3>`).

use core::fmt;

/// Whether `B, M, S` are a swizzle's parameters: CuTe's `BBits ≥ 0`,
/// `MBase ≥ 0`, `|SShift| ≥ BBits`, and the core's `B + M + |S| ≤ 62`
/// (`layout_core::Swizzle::new`), so that both masks fit an `i64`.
const fn valid(b: i64, m: i64, s: i64) -> bool {
    let Some(reach) = s.checked_abs() else {
        return false;
    };
    b >= 0 && m >= 0 && reach >= b && b <= 62 && m <= 62 && reach <= 62 && b + m + reach <= 62
}

/// CuTe's `Swizzle<B, M, S>` (printed `Sw<B,M,S>`), zero-sized: the `B`
/// bits at `M + max(S, 0)` are XORed into the `B` bits at `M - min(S, 0)`.
/// `layout!(Sw<3,4,3>)` gives one, with its parameters checked where they
/// are written. Invalid parameters named by hand are refused where the
/// swizzle is applied, by a build (a post-monomorphization error, which
/// `cargo check` does not run):
///
/// ```compile_fail,E0080
/// let sw = layout_dsl::typed::Swizzle::<3, 4, 2>; // |S| < B: the masks overlap
/// let _ = sw.apply(5);
/// ```
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::Swizzle;
///
/// let sw: Swizzle<3, 4, 3> = layout!(Sw<3,4,3>);
/// // bits 7..10 (here 0b110) flip bits 4..7
/// assert_eq!(sw.apply(0b11_0000_0101), 0b11_0110_0101);
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(core::mem::size_of_val(&sw), 0);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Swizzle<const B: i64, const M: i64, const S: i64>;

impl<const B: i64, const M: i64, const S: i64> Swizzle<B, M, S> {
    /// Checked when the swizzle is used: the parameters are a swizzle's.
    const CHECKED: () = assert!(
        valid(B, M, S),
        "Swizzle<B, M, S> needs B >= 0, M >= 0, |S| >= B and B + M + |S| <= 62"
    );

    /// CuTe's `yyy_msk`: the bits that are read (0 for invalid parameters,
    /// which `apply` refuses while compiling).
    pub const YYY_MASK: usize = if valid(B, M, S) {
        ((1 << B) - 1) << (M + if S > 0 { S } else { 0 })
    } else {
        0
    };

    /// CuTe's `zzz_msk`: the bits that are flipped.
    pub const ZZZ_MASK: usize = if valid(B, M, S) {
        ((1 << B) - 1) << (M - if S < 0 { S } else { 0 })
    } else {
        0
    };

    /// `offset ^ shiftr(offset & yyy_msk, S)`, as CuTe's `Swizzle::apply`
    /// (and the core's, on the two's complement bits of the offset).
    #[must_use]
    #[inline(always)]
    pub const fn apply(self, offset: usize) -> usize {
        let () = Self::CHECKED;
        let read = offset & Self::YYY_MASK;
        if S >= 0 {
            offset ^ (read >> S)
        } else {
            offset ^ (read << -S)
        }
    }

    /// The same swizzle in the runtime core.
    #[must_use]
    pub fn to_core(self) -> layout_core::Swizzle {
        let () = Self::CHECKED;
        match layout_core::Swizzle::new(B, M, S) {
            Ok(sw) => sw,
            Err(e) => unreachable!("the parameters were checked while compiling: {e}"),
        }
    }
}

/// A swizzle a [`Composed`](super::Composed) layout applies last: what
/// generic code names to take any typed swizzle.
pub trait TypedSwizzle: Copy + fmt::Debug + fmt::Display + Eq + core::hash::Hash {
    /// The swizzled offset.
    fn apply(self, offset: usize) -> usize;
    /// The same swizzle in the runtime core.
    fn to_core(self) -> layout_core::Swizzle;
}

impl<const B: i64, const M: i64, const S: i64> TypedSwizzle for Swizzle<B, M, S> {
    #[inline(always)]
    fn apply(self, offset: usize) -> usize {
        Swizzle::apply(self, offset)
    }
    fn to_core(self) -> layout_core::Swizzle {
        Swizzle::to_core(self)
    }
}

/// CuTe's notation, as the core prints it: `Sw<3,4,3>`.
impl<const B: i64, const M: i64, const S: i64> fmt::Display for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}>")
    }
}

/// The type's name: `Swizzle<3,4,3>`.
impl<const B: i64, const M: i64, const S: i64> fmt::Debug for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Swizzle<{B},{M},{S}>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validity_is_the_cores() {
        for b in -2..8 {
            for m in -2..8 {
                for s in -10..10 {
                    let core = layout_core::Swizzle::new(b, m, s).is_ok();
                    assert_eq!(valid(b, m, s), core, "Sw<{b},{m},{s}>");
                }
            }
        }
        assert!(valid(20, 21, 21) && !valid(20, 21, 22));
        assert!(!valid(1, 1, i64::MIN) && !valid(1, i64::MAX, 1));
    }

    #[test]
    fn masks_are_the_cores() {
        let sw = Swizzle::<3, 4, 3>;
        let core = sw.to_core();
        assert_eq!(Swizzle::<3, 4, 3>::YYY_MASK as i64, core.yyy_mask());
        assert_eq!(Swizzle::<3, 4, 3>::ZZZ_MASK as i64, core.zzz_mask());
        let neg = Swizzle::<2, 0, -3>;
        assert_eq!(Swizzle::<2, 0, -3>::ZZZ_MASK, 0b1_1000);
        assert_eq!(neg.apply(1), 9);
    }
}

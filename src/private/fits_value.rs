//! The check that the facade's algebra traits make of the typed values
//! they take and give (`Compose`, `Complement`, `Divide`, `Product`,
//! `RankedProduct`, `TileToShape`, `Coalesce`, `FilterZeros`, `MakeLike`):
//! each fits the core's `i64`, as `layout_core::Layout::new` requires, so
//! that a method called on typed values (`a.composition(b)`, with or
//! without `layout!(type composition(#a, #b))` around it) refuses where
//! the core refuses (tests/typed_methods_overflow.rs). The rule is
//! fits.rs's [`CoreFit`]; this file is its door for typed values.
//!
//! The hot path, per layout: every leaf OR-ed (the static ones are
//! constants) and compared once with the largest power of two under
//! which the layout's offsets fit whatever its run-time leaves, computed
//! while compiling from the type's own description (`Tree::NODE`,
//! [`bound`]); the size exactly, by the extents' products (a `mul` and an
//! overflow flag per run-time extent: a bound on every extent would cut
//! a layout of six run-time extents to `2^10`, which ordinary sizes
//! fail). Only where that fails does the exact check run, out of line
//! and cold.
//!
//! The traits call it behind a gate (fits_gate.rs: the operands' leaves
//! OR-ed and compared once, before or after the call, with a bound low
//! enough that the optimiser, told each leaf's bound, folds the result's
//! comparison and the call's own overflow tests where it can prove them);
//! `checked` itself stays for the calls that take no gate (a by-mode
//! product, `tile_to_shape`).

use super::algebra::AlgebraError;
use super::fits::CoreFit;
use super::fits_bound::{bound, choose, widest};
pub(super) use super::fits_checked::checked_as;
pub use super::fits_checked::{checked, integer_fits, layout_fits, value_fits};
use super::fits_gate::Gate;
use super::int::Offset;
use super::layout::Layout;
use super::tile_fits::{leaf_bound, leaves_at_most};
use super::tree::{Mode, Tree};
use super::walk::Form;

const MAX: usize = i64::MAX as usize;

/// What a layout is to the call that checks it: the core's rule differs
/// (fits.rs, [`CoreFit`]).
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// An operand, as the core takes it.
    Operand,
    /// An operand whose complement the core computes (`complement`, a
    /// product's `A`, `tile_to_shape`'s block): each mode's
    /// `extent·stride` within `i64::MAX` too.
    Spanned,
    /// The call's result: one of size 0 fits whatever its strides.
    Result,
    /// A result whose size is an operand's, checked with it (a
    /// composition's is its `B`'s): its comparison reads the offsets
    /// alone (a composition's result has a run-time extent per pair of
    /// leaves; no product for them).
    Sized,
    /// A thread's share of the operand it is read with (`local_partition`,
    /// masked or not, with a step: CuTe's rest modes, `ceil(s/T):T·d` per
    /// tiled leaf `s:d`, the modes a step drops whole): its extents, its
    /// size and its offsets are at most the operand's (`ceil(s/T) ≤ s`,
    /// `(ceil(s/T)-1)·T ≤ s-1`), so its comparison reads its strides
    /// alone, each below `2^62` (a stride of extent 1 is bounded by
    /// nothing else: `1:4·2^61`). Not `outer_partition`'s: a coordinate
    /// shorter than its tiler keeps whole tiles, which reach past the
    /// operand. The exact check reads it as a result.
    Share,
}

/// A typed layout the facade's algebra traits check against the core's
/// `i64`: the bound a trait's impl names, so that a generic result type
/// is checked without naming its trees' bounds. A pair of layouts is
/// checked as both.
#[doc(hidden)]
pub trait FitsCore: Copy {
    /// Whether the type alone says the layout fits in every role: every
    /// leaf static and within the core's rule as the strictest role reads
    /// it ([`Role::Spanned`], an operand: fits.rs,
    /// [`StaticFit`](super::fits::StaticFit)). Then
    /// [`checked`] returns at once and compiles neither [`quick`] nor
    /// [`exact`] for it (nor evaluates its trees' `Tree::NODE`); `false`
    /// says only that they decide.
    ///
    /// [`quick`]: FitsCore::quick
    /// [`exact`]: FitsCore::exact
    const ALWAYS_FITS: bool = false;
    /// The bounds [`quick`] compares with, per role, and the widest static
    /// leaf: what the gate of the operands reads (fits_gate.rs), computed
    /// once per type while compiling.
    ///
    /// [`quick`]: FitsCore::quick
    const GATE: Gate;
    /// Every leaf OR-ed (the static ones constants, a stride by its
    /// magnitude): what the gate compares.
    fn leaves_or(&self) -> usize;
    /// Tells the optimiser that every leaf (a stride by its magnitude) is
    /// below `2^k`: what the gate's comparison of [`leaves_or`] proved,
    /// said leaf by leaf (the optimiser does not read a leaf's bound out of
    /// an OR's).
    ///
    /// # Safety
    /// `self.leaves_or() >> k == 0`, `k < usize::BITS`.
    ///
    /// [`leaves_or`]: FitsCore::leaves_or
    unsafe fn assume_below(&self, k: u32);
    /// The largest value of a run-time leaf that keeps every layout of
    /// this type within the core's rule (tile_fits.rs), `None` where none
    /// does or for no layout: what a masked tile's check compares with.
    const LEAF_BOUND: Option<usize> = None;
    /// Whether every leaf (a stride by its magnitude) is at most `bound`:
    /// `false` for no layout (the exact check decides).
    #[inline(always)]
    fn leaves_at_most(&self, bound: usize) -> bool {
        let _ = bound;
        false
    }
    /// The hot path's reading of the layout in the `role` ([`Quick`]).
    fn quick(&self, role: Role) -> Quick;
    /// `Ok(())` unless the layout, in the `role`, passes the core's `i64`
    /// (fits.rs, [`CoreFit`]): the exact check, run where [`quick`]
    /// did not hold.
    ///
    /// # Errors
    /// [`AlgebraError::OffsetsOverflow`] naming the first leaf past it.
    ///
    /// [`quick`]: FitsCore::quick
    fn exact(&self, function: &'static str, role: Role) -> Result<(), AlgebraError>;
}

/// The hot path's reading of layouts: every leaf OR-ed (the static ones
/// are constants), the least power of two (`2^k`) under which the
/// layouts' offsets fit whatever their run-time leaves (computed while
/// compiling, [`bound`]), and whether a size passed `i64::MAX` (the
/// extents' products: a bound on every extent would cut a layout of six
/// run-time extents to `2^10`, which ordinary sizes fail).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Quick {
    or: usize,
    k: u32,
    wide: bool,
}

impl Quick {
    /// The reading of no layout (`()`, or a failed `layout!`'s stand-in,
    /// `Poisoned`): no leaf, and no bound, so that [`and`](Quick::and)
    /// with it is the other reading (the least `k` is the other's). Alone
    /// it does not [`hold`](Quick::holds): the exact check, which finds
    /// nothing, decides.
    pub const NONE: Quick = Quick {
        or: 0,
        k: u32::MAX,
        wide: false,
    };

    /// The reading of a layout whose type says it fits
    /// ([`FitsCore::ALWAYS_FITS`]): no leaf to compare, and a bound that
    /// holds alone and leaves another reading's as it is (`and`).
    pub const FITS: Quick = Quick {
        or: 0,
        k: usize::BITS - 1,
        wide: false,
    };

    /// Both readings: one comparison for both.
    #[inline(always)]
    #[must_use]
    pub fn and(self, other: Quick) -> Quick {
        Quick {
            or: self.or | other.or,
            // `usize::BITS` (no bound holds: static leaves whose offsets
            // pass `i64::MAX`, each below `2^62`) stays: the other's
            // smaller bound would pass them.
            k: if self.k == usize::BITS || other.k == usize::BITS {
                usize::BITS
            } else if self.k < other.k {
                self.k
            } else {
                other.k
            },
            wide: self.wide | other.wide,
        }
    }

    /// Whether every layout read fits: one comparison and the sizes'
    /// flag. `k` is `usize::BITS` where no bound holds (a static leaf
    /// alone passes it): then the exact check decides.
    #[inline(always)]
    #[must_use]
    pub fn holds(self) -> bool {
        self.k < usize::BITS && self.or >> (self.k % usize::BITS) == 0 && !self.wide
    }

    /// Whether every leaf read is within `i64::MAX`: for a share read as
    /// [`Role::Share`] (its strides' magnitudes alone) of an operand the
    /// core holds, the exact rule, with no cold check after it (the
    /// share's extents, size and offsets are at most the operand's).
    #[inline(always)]
    #[must_use]
    pub fn within_i64(self) -> bool {
        self.or >> 63 == 0
    }
}

impl<S: Mode<D>, D: Tree, I: Offset> FitsCore for Layout<S, D, I> {
    const ALWAYS_FITS: bool = S::FIT.always_fits(I::SIGNED);

    // Read from the type where it decides (no `Tree::NODE` evaluated, the
    // saving of ALWAYS_FITS), else from the trees (`gate_of`, a function:
    // const evaluation enters it only where it is reached).
    const GATE: Gate = if Self::ALWAYS_FITS {
        Gate::all_static(S::FIT.widest_bits())
    } else {
        gate_of::<S, D>()
    };

    const LEAF_BOUND: Option<usize> = leaf_bound(S::NODE, D::NODE);

    #[inline(always)]
    fn leaves_at_most(&self, bound: usize) -> bool {
        leaves_at_most(self, bound)
    }

    #[inline(always)]
    fn leaves_or(&self) -> usize {
        // SAFETY: no bound told (`usize::BITS`).
        unsafe { leaves_below(self, usize::BITS) }
    }

    #[inline(always)]
    unsafe fn assume_below(&self, k: u32) {
        // SAFETY: the caller's.
        unsafe { leaves_below(self, k) };
    }

    #[inline(always)]
    fn quick(&self, role: Role) -> Quick {
        if const { Self::ALWAYS_FITS } {
            return Quick::FITS;
        }
        // The bound with the size in it where it is high enough for
        // ordinary sizes (few run-time extents): no product then; else
        // the bound of the offsets alone, and the size by products.
        if role == Role::Share {
            let stride = S::strides(&self.stride());
            let mut or = 0usize;
            S::Form::leaves(&self.shape().desc(), &stride, &mut |_, d| {
                or |= magnitude::<I>(d);
            });
            return Quick {
                or,
                k: 62,
                wide: false,
            };
        }
        // The bounds of `GATE`, which a layout the type says fits
        // ([`FitsCore::ALWAYS_FITS`]) reads from its type alone.
        let (k, sized) = match role {
            Role::Spanned => Self::GATE.spanned,
            Role::Sized => (Self::GATE.sized, true),
            _ => Self::GATE.plain,
        };
        let (shape, stride) = (self.shape().desc(), S::strides(&self.stride()));
        let (mut or, mut size, mut wide) = (0usize, 1usize, false);
        S::Form::leaves(&shape, &stride, &mut |e, d| {
            or |= e | magnitude::<I>(d);
            if !sized {
                let (s, o) = size.overflowing_mul(e);
                (size, wide) = (s, wide | o);
            }
        });
        Quick {
            or,
            k,
            wide: wide | (size > MAX),
        }
    }

    #[inline(always)]
    fn exact(&self, function: &'static str, role: Role) -> Result<(), AlgebraError> {
        let (shape, stride) = (self.shape().desc(), S::strides(&self.stride()));
        let mut fit = CoreFit::NEW;
        let spans = role == Role::Spanned;
        S::Form::leaves(&shape, &stride, &mut |extent, d| {
            fit = fit.leaf(extent, magnitude::<I>(d), spans);
        });
        fit.verdict(
            function,
            matches!(role, Role::Result | Role::Sized | Role::Share),
        )
    }
}

/// No layout: what [`partition_fits`](super::partition_fits) reads beside
/// an operand whose result needs no check of its own.
impl FitsCore for () {
    const ALWAYS_FITS: bool = true;
    const GATE: Gate = Gate::NONE;
    #[inline(always)]
    fn leaves_or(&self) -> usize {
        0
    }
    #[inline(always)]
    unsafe fn assume_below(&self, _: u32) {}
    #[inline(always)]
    fn quick(&self, _: Role) -> Quick {
        Quick::NONE
    }
    #[inline(always)]
    fn exact(&self, _: &'static str, _: Role) -> Result<(), AlgebraError> {
        Ok(())
    }
}

impl<A: FitsCore, B: FitsCore> FitsCore for (A, B) {
    const ALWAYS_FITS: bool = A::ALWAYS_FITS && B::ALWAYS_FITS;
    const GATE: Gate = A::GATE.and(B::GATE);

    #[inline(always)]
    fn leaves_or(&self) -> usize {
        self.0.leaves_or() | self.1.leaves_or()
    }

    #[inline(always)]
    unsafe fn assume_below(&self, k: u32) {
        // SAFETY: the caller's, for both.
        unsafe {
            self.0.assume_below(k);
            self.1.assume_below(k);
        }
    }

    #[inline(always)]
    fn quick(&self, role: Role) -> Quick {
        self.0.quick(role).and(self.1.quick(role))
    }

    #[inline(always)]
    fn exact(&self, function: &'static str, role: Role) -> Result<(), AlgebraError> {
        match self.0.exact(function, role) {
            Ok(()) => self.1.exact(function, role),
            Err(e) => Err(e),
        }
    }
}

/// Every leaf of `layout` OR-ed, and, for `k` below `usize::BITS`, each
/// leaf's bound `2^k` told to the optimiser: one walk (one closure type,
/// one function a layout type in a debug build) for both of the gate's
/// readings, `leaves_or` and `assume_below`.
///
/// # Safety
/// Every leaf (a stride by its magnitude) below `2^k` where `k` is below
/// `usize::BITS`.
#[inline(always)]
unsafe fn leaves_below<S: Mode<D>, D: Tree, I: Offset>(layout: &Layout<S, D, I>, k: u32) -> usize {
    let (shape, stride) = (layout.shape().desc(), S::strides(&layout.stride()));
    let mut or = 0usize;
    S::Form::leaves(&shape, &stride, &mut |e, d| {
        let d = magnitude::<I>(d);
        if k < usize::BITS {
            // SAFETY: the caller's. Each alone: the optimiser reads no
            // leaf's bound out of an OR's.
            unsafe {
                core::hint::assert_unchecked(e >> k == 0);
                core::hint::assert_unchecked(d >> k == 0);
            }
        }
        or |= e | d;
    });
    or
}

/// A stride's size as the core's offsets read it.
#[inline(always)]
fn magnitude<I: Offset>(stride: usize) -> usize {
    if I::SIGNED {
        (stride as isize).unsigned_abs()
    } else {
        stride
    }
}

/// [`FitsCore::GATE`] of a layout whose type does not decide, read from
/// its trees' `Tree::NODE` (fits_gate.rs).
const fn gate_of<S: Mode<D>, D: Tree>() -> Gate {
    Gate {
        plain: choose(S::NODE, D::NODE, false),
        spanned: choose(S::NODE, D::NODE, true),
        sized: bound(S::NODE, D::NODE, false, false),
        widest: widest(S::NODE, D::NODE),
    }
}

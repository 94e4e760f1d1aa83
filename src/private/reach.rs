//! Whether a typed layout's offsets, from a base, stay inside a buffer:
//! the check a tensor makes once when it is built, done on the typed trees
//! (one multiply per leaf: with an overflow flag in `usize` when the
//! strides are non-negative, saturating in `i128` when they may be
//! negative, so no sum wraps) instead of through the core's allocated
//! `Layout`. No loop and no division: the extremes are closed-form sums.
//! For a static layout it folds to one comparison with the buffer's
//! length.

use layout_core::{DomainError, Error};

use super::int::{Int, Offset};
use super::layout::Layout;
use super::tree::{Mode, Tree};

/// What a layout's leaves add up to: the extreme offsets it reaches from
/// 0 (for a non-empty layout; see [`check_fits`] for an empty one).
#[derive(Default)]
pub struct Reaches {
    /// Signed layouts: the sums of the negative and of the positive
    /// reaches `(extent-1)·stride`, saturating in `i128`.
    low: i128,
    high: i128,
    /// Unsigned layouts (every stride non-negative): the sum of the
    /// reaches in `usize`, and whether a product or a sum overflowed it
    /// (then no buffer holds the layout). A flag instead of `i128`
    /// saturation: one multiply and one add per leaf.
    top: usize,
    overflow: bool,
}

/// The lowest and highest offset a shape tree (`Self`) with stride tree
/// `D` reaches from 0, and whether it has no coordinate at all.
pub trait Reach<D> {
    /// Adds this tree's reaches to `acc`. For a non-negative layout
    /// (`!I::SIGNED`) an extent 0 adds a reach past any buffer, for a
    /// signed one 0 (see `check_fits`).
    fn reach<I: Offset>(&self, d: &D, acc: &mut Reaches);
    /// Whether some extent is 0 (the layout has no coordinate).
    fn any_empty(&self) -> bool;
    /// The sum of the reaches `(extent-1)·stride`, wrapping, with no
    /// overflow test: exact only where the caller has proved the sum fits
    /// (`partition_bound.rs`: a partition of a tensor already checked).
    fn reach_wrapping(&self, d: &D) -> usize;
}

impl<S: Int + Tree, D: Int> Reach<D> for S {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn reach<I: Offset>(&self, d: &D, acc: &mut Reaches) {
        let extent = self.get();
        if !I::SIGNED {
            // `extent - 1` wraps for an extent 0: the reach is then past
            // any buffer's length, or 0 for a stride 0, and `check_fits`
            // asks `any_empty` before refusing. One `lea`, no compare.
            let (r, wide) = extent.wrapping_sub(1).overflowing_mul(d.get());
            let (top, carry) = acc.top.overflowing_add(r);
            acc.top = top;
            acc.overflow |= wide | carry;
            return;
        }
        let last = extent.saturating_sub(1);
        // A typed stride is a `usize`, negative in two's complement only
        // in a signed layout, exactly as `crd2idx` reads it.
        let r = (last as i128).saturating_mul(d.get() as isize as i128);
        if r < 0 {
            acc.low = acc.low.saturating_add(r);
        } else {
            acc.high = acc.high.saturating_add(r);
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn any_empty(&self) -> bool {
        self.get() == 0
    }

    #[inline(always)]
    fn reach_wrapping(&self, d: &D) -> usize {
        self.get().wrapping_sub(1).wrapping_mul(d.get())
    }
}

macro_rules! tuple {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: Reach<$D>, $D),*> Reach<($($D,)*)> for ($($S,)*) {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn reach<I: Offset>(&self, d: &($($D,)*), acc: &mut Reaches) {
                $(self.$i.reach::<I>(&d.$i, acc);)*
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn any_empty(&self) -> bool {
                false $(|| Reach::<$D>::any_empty(&self.$i))*
            }

            #[inline(always)]
            #[allow(unused_variables)]
            fn reach_wrapping(&self, d: &($($D,)*)) -> usize {
                0usize $(.wrapping_add(self.$i.reach_wrapping(&d.$i)))*
            }
        }
    };
}

for_each_rank!(tuple);

/// Errors unless every offset of `layout`, plus `base`, lies in `0..len`
/// (nothing to check for an empty layout). The same answer as the
/// tensor's core check (`tensor/mod.rs`, tested against walking every
/// offset there and against this in `tests/typed_partition.rs`).
#[inline]
pub fn check_fits<S: Mode<D> + Reach<D>, D: Tree, I: Offset>(
    layout: &Layout<S, D, I>,
    base: usize,
    len: usize,
) -> Result<(), Error> {
    let mut acc = Reaches::default();
    layout.shape().reach::<I>(&layout.stride(), &mut acc);
    if !I::SIGNED {
        // The smallest offset is `base` itself.
        let (high, carry) = base.overflowing_add(acc.top);
        let past = acc.overflow | carry;
        if past | (high >= len) {
            let high = if past { i128::MAX } else { high as i128 };
            return refused(layout.shape(), "the tensor's largest offset", high, len);
        }
        return Ok(());
    }
    let (low, high) = (base as i128 + acc.low, base as i128 + acc.high);
    if low < 0 {
        return refused(layout.shape(), "the tensor's smallest offset", low, len);
    }
    if high >= len as i128 {
        return refused(layout.shape(), "the tensor's largest offset", high, len);
    }
    Ok(())
}

/// The answer when the sums refuse: `Ok` for an empty layout (it fits
/// any buffer), the error otherwise. Out of line and cold, and asked only
/// here, so that a layout that fits pays nothing for the empty case: for a
/// non-negative layout a leaf of extent 0 gives a reach past any length
/// (`usize::MAX·d` overflows, or is `usize::MAX`, or 0 for `d = 0`), so
/// an empty layout always lands here. The shape comes by value (a
/// reference would make the caller store it on the hot path).
#[cold]
#[inline(never)]
fn refused<S: Reach<D>, D>(
    shape: S,
    what: &'static str,
    index: i128,
    len: usize,
) -> Result<(), Error> {
    if shape.any_empty() {
        return Ok(());
    }
    let index = i64::try_from(index).unwrap_or(if index < 0 { i64::MIN } else { i64::MAX });
    let size = i64::try_from(len).unwrap_or(i64::MAX);
    Err(DomainError::IndexOutOfRange { what, index, size }.into())
}

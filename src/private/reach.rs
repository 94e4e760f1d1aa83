//! Whether a typed layout's offsets, from a base, stay inside a buffer:
//! the check a tensor makes once when it is built, done on the typed trees
//! (one multiply per leaf, saturating in `i128`, so no sum wraps) instead of
//! through the core's allocated `Layout`. For a static layout it folds to
//! one comparison with the buffer's length.

use layout_core::{Error, ErrorKind};

use super::int::{Int, Offset};
use super::layout::Layout;
use super::tree::{Mode, Tree};

/// The lowest and highest offset a shape tree (`Self`) with stride tree
/// `D` reaches from 0, and whether it has no coordinate at all.
pub trait Reach<D> {
    /// Adds this tree's reaches to `low`/`high`; sets `empty` for an extent 0.
    fn reach<I: Offset>(&self, d: &D, acc: &mut (i128, i128, bool));
}

impl<S: Int + Tree, D: Int> Reach<D> for S {
    #[inline(always)]
    fn reach<I: Offset>(&self, d: &D, acc: &mut (i128, i128, bool)) {
        let extent = self.get();
        acc.2 |= extent == 0;
        let last = extent.saturating_sub(1);
        if !I::SIGNED {
            // Non-negative strides: a 64-bit product, saturated on overflow
            // (which the buffer's length then refuses).
            let r = last.checked_mul(d.get()).map_or(i128::MAX, |r| r as i128);
            acc.1 = acc.1.saturating_add(r);
            return;
        }
        // A typed stride is a `usize`, negative in two's complement only
        // in a signed layout, exactly as `crd2idx` reads it.
        let r = (last as i128).saturating_mul(d.get() as isize as i128);
        if r < 0 {
            acc.0 = acc.0.saturating_add(r);
        } else {
            acc.1 = acc.1.saturating_add(r);
        }
    }
}

macro_rules! tuple {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: Reach<$D>, $D),*> Reach<($($D,)*)> for ($($S,)*) {
            #[inline(always)]
            #[allow(unused_variables)]
            fn reach<I: Offset>(&self, d: &($($D,)*), acc: &mut (i128, i128, bool)) {
                $(self.$i.reach::<I>(&d.$i, acc);)*
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
    let mut acc = (0i128, 0i128, false);
    layout.shape().reach::<I>(&layout.stride(), &mut acc);
    let (low, high, empty) = acc;
    if empty {
        return Ok(());
    }
    let (low, high) = (base as i128 + low, base as i128 + high);
    let clamp = |x: i128| i64::try_from(x).unwrap_or(if x < 0 { i64::MIN } else { i64::MAX });
    let size = i64::try_from(len).unwrap_or(i64::MAX);
    if low < 0 {
        let what = "the tensor's smallest offset";
        return Err(ErrorKind::IndexOutOfRange {
            what,
            index: clamp(low),
            size,
        }
        .into());
    }
    if high >= len as i128 {
        let what = "the tensor's largest offset";
        return Err(ErrorKind::IndexOutOfRange {
            what,
            index: clamp(high),
            size,
        }
        .into());
    }
    Ok(())
}

//! Whether a typed layout's offsets, from a base, stay inside a buffer:
//! the check a tensor makes once when it is built, done on the typed trees
//! (one multiply per leaf: checked in `usize` when the strides are
//! non-negative, each overflow its own early exit, saturating in `i128`
//! when they may be negative, so no sum wraps) instead of through the
//! core's allocated `Layout`. No loop and no division: the extremes are
//! closed-form sums. For a static layout it folds to one comparison with
//! the buffer's length. A compact column-major layout (CuTe's default,
//! `make_layout(make_shape(m,n))`) is checked by its size alone
//! (`Reach::colex_size`): `m·n ≤ len`, one `mul` and one comparison where
//! the reaches took two more instructions and a longer chain of
//! dependent ones (benches/cute_paired: `tile_read_masked` 32.4 -> 29.4
//! instructions an input, 1.64x -> 1.27x CuTe's time).

use layout_core::Error;

use super::fits_value::{FitsCore, Role};
use super::int::{Int, Offset};
use super::layout::Layout;
use super::reach_refused::{
    compact_past_hot, core_holds, reach_past_hot, refused, refused_unsigned,
};
use super::tree::{Mode, Tree};
use super::walk::Form;

/// What [`Reach::colex_size`] found of a non-negative layout's strides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colex {
    /// The strides so far are the compact column-major ones (each the
    /// product of the extents before it), and this is the product of the
    /// extents so far: the size, after the last leaf.
    Size(usize),
    /// The strides so far are the compact ones, but the product of their
    /// extents passed `usize::MAX`. Such a prefix `s_0 … s_k` (strides
    /// `p_i = s_0 ⋯ s_{i-1}`, every `s_i ≥ 1` since the product is not 0)
    /// reaches `Σ (s_i-1)·p_i = s_0 ⋯ s_k - 1 ≥ usize::MAX` on its own,
    /// and the other leaves' reaches are not negative: the reaches'
    /// saturating sum is `usize::MAX`, past every buffer, so the layout is
    /// refused as the reaches would refuse it, with no reach summed (the
    /// mul's overflow branch goes straight to the refusal, so the general
    /// path is not in the caller's loop at all).
    Past,
    /// Some stride is not the product of the extents before it: the
    /// reaches decide.
    Not,
}

/// What a signed layout's leaves add up to: the extreme offsets it
/// reaches from 0 (for a non-empty layout; see [`check_fits`] for an
/// empty one). A non-negative layout sums with `Reach::reach_checked`.
#[derive(Default)]
pub struct Reaches {
    /// The sums of the negative and of the positive reaches
    /// `(extent-1)·stride`, saturating in `i128`.
    low: i128,
    high: i128,
}

/// The lowest and highest offset a shape tree (`Self`) with stride tree
/// `D` reaches from 0, and whether it has no coordinate at all.
pub trait Reach<D> {
    /// Adds this tree's reaches to `acc`, a stride read as signed (an
    /// extent 0 adds 0; see `check_fits`).
    fn reach(&self, d: &D, acc: &mut Reaches);
    /// Whether some extent is 0 (the layout has no coordinate).
    fn any_empty(&self) -> bool;
    /// The sum of the reaches `(extent-1)·stride`, wrapping, with no
    /// overflow test: exact only where the caller has proved the sum fits
    /// (`partition_bound.rs`: a partition of a tensor already checked).
    fn reach_wrapping(&self, d: &D) -> usize;
    /// The sum of the reaches `(extent-1)·stride` of a non-negative
    /// layout, saturating: `usize::MAX` when a product or a sum passes it
    /// (an extent 0 wraps `extent-1` to `usize::MAX`, so its product
    /// saturates too unless its stride is 0). No buffer is longer than
    /// `usize::MAX`, so a saturated sum is refused by the one comparison
    /// with the length that refuses a sum too large: no overflow flag to
    /// keep and test (`mul` + `cmovo`, `add` + `cmovb` per leaf, where
    /// the flags were `seto`, `setb`, `or` and a `test` + branch).
    fn reach_saturating(&self, d: &D) -> usize;
    /// Whether the strides are the compact column-major ones (CuTe's
    /// `LayoutLeft`: each leaf's stride the product of the extents before
    /// it, `expect`, starting at 1) and then the layout's size
    /// ([`Colex`]). Such a layout's offsets are exactly `0..size`, so its
    /// largest is `size - 1`: one multiply per leaf where the reaches take
    /// a multiply, an overflow test and a saturating add (`check_fits`).
    /// Where the strides are written from the extents
    /// (`layout!((m,n):(1,m))`) the comparisons fold, and the layout has
    /// no other path through `check_fits`.
    fn colex_size(&self, d: &D, expect: Colex) -> Colex;
    /// Tells the optimiser that every leaf of non-zero stride has an
    /// extent of at most `len`: what `partition.rs`'s `div_ceil` and
    /// overflow tests then fold away (`tensor::typed::local_partition`).
    ///
    /// # Safety
    ///
    /// The layout has a coordinate and every offset of it, from some base,
    /// lies in `0..len` (a tensor's invariant). Then a leaf `s:d` with
    /// `d ≠ 0` has the coordinates 0 and `s-1` (the others at 0), whose
    /// offsets differ by `(s-1)·|d| ≤ len-1`, so `s ≤ len`.
    unsafe fn assume_within(&self, d: &D, len: usize);
}

impl<S: Int + Tree, D: Int> Reach<D> for S {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn reach(&self, d: &D, acc: &mut Reaches) {
        let last = self.get().saturating_sub(1);
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

    #[inline(always)]
    fn reach_saturating(&self, d: &D) -> usize {
        self.get().wrapping_sub(1).saturating_mul(d.get())
    }

    #[inline(always)]
    fn colex_size(&self, d: &D, expect: Colex) -> Colex {
        match expect {
            Colex::Size(e) if e == d.get() => match e.checked_mul(self.get()) {
                Some(size) => Colex::Size(size),
                None => Colex::Past,
            },
            Colex::Size(_) => Colex::Not,
            // Absorbing: a compact prefix past `usize::MAX` is refused
            // whatever the leaves after it (`Colex::Past`).
            other => other,
        }
    }

    #[inline(always)]
    unsafe fn assume_within(&self, d: &D, len: usize) {
        if d.get() != 0 {
            // SAFETY: the caller's promise (the trait's docs).
            unsafe { core::hint::assert_unchecked(self.get() <= len) }
        }
    }
}

macro_rules! tuple {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: Reach<$D>, $D),*> Reach<($($D,)*)> for ($($S,)*) {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn reach(&self, d: &($($D,)*), acc: &mut Reaches) {
                $(self.$i.reach(&d.$i, acc);)*
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

            #[inline(always)]
            #[allow(unused_variables)]
            fn reach_saturating(&self, d: &($($D,)*)) -> usize {
                0usize $(.saturating_add(self.$i.reach_saturating(&d.$i)))*
            }

            #[inline(always)]
            #[allow(unused_variables)]
            fn colex_size(&self, d: &($($D,)*), expect: Colex) -> Colex {
                $(let expect = self.$i.colex_size(&d.$i, expect);)*
                expect
            }

            #[inline(always)]
            #[allow(unused_variables)]
            unsafe fn assume_within(&self, d: &($($D,)*), len: usize) {
                // SAFETY: the caller's promise holds for every sub-mode.
                $(unsafe { self.$i.assume_within(&d.$i, len) };)*
            }
        }
    };
}

for_each_rank!(tuple);

/// Errors unless every offset of `layout`, plus `base`, lies in `0..len`
/// (nothing to check for an empty layout), and unless the core can hold
/// it (every value, the size and the span within `i64::MAX`,
/// `layout_core::Layout::new`'s rule, with its overflow error), empty or
/// not, over any buffer: the tensor's run-time methods (`iter`, `view`,
/// `slice`, the run-time `copy`) read it through the core, and this makes
/// them total. The same answer as the tensor's core check (`tensor/mod.rs`,
/// tested against walking every offset there and against this in
/// `tests/typed_partition.rs`; the core's rule in
/// `tests/typed_tensor_core_fit.rs`).
#[inline]
pub fn check_fits<S: Mode<D> + Reach<D>, D: Tree, I: Offset>(
    layout: &Layout<S, D, I>,
    base: usize,
    len: usize,
) -> Result<(), Error> {
    if !I::SIGNED {
        // A compact column-major layout: its offsets are `0..size`, so
        // they fit when `base + size ≤ len`. When the size is not 0 every
        // extent and every stride is at most the size, at most `len`, and
        // the core holds the layout: a buffer of `T` has at most
        // `isize::MAX / size_of::<T>()` elements, and `Tensor::at_base`
        // asks the core itself over a longer buffer of zero-sized ones.
        // An empty compact layout goes to the cold path: its extents after
        // the 0 may pass `i64::MAX` (`(0,2^64-1):(1,0)`), which the core
        // refuses (`refused`). The test of 0 is one instruction (a
        // `size - 1 < len - base` comparison instead made the loop of
        // benches/cute_paired's `tile_read` spill its counter: 41.6 vs
        // 42.4 instructions an input).
        // A compact prefix past `usize::MAX` is refused at once
        // (`Colex::Past`): the answer of the reaches below, so that a
        // layout written compact (`(m,n):(1,m)`) has no other path. When
        // that overflow led to the reaches, the two paths met before the
        // caller's code, and the copies that merged them split the
        // comparison from its branch (benches/cute_paired's `tile_read`:
        // 37.4 -> 36.3 instructions an input, 1.55x -> 1.43x CuTe's time).
        match layout.shape().colex_size(&layout.stride(), Colex::Size(1)) {
            Colex::Size(size) => {
                // `len.min(..)`: a constant of the caller's loop ([`HOT_SIZE`]).
                if base.saturating_add(size) <= len.min(HOT_SIZE) && size != 0 {
                    // Told to the optimiser: a partition of the new tensor
                    // tests its extents for 0 (`with_facts!`), and on this
                    // path (not on the cold one, which accepts an empty
                    // layout the core holds) that test is threaded away:
                    // cute_paired's `partition_read` 51.4 -> 47.4
                    // instructions an input, with `tensor_share_fits`'s
                    // branch; `partition_read_masked` 50.4 -> 40.4 with
                    // its share in `with_facts!` whole.
                    // SAFETY: the size, the product of the extents (no
                    // product wrapped: `colex_size`), is not 0.
                    unsafe { core::hint::assert_unchecked(!layout.shape().any_empty()) };
                    // SAFETY: every extent is at most the size (their
                    // product, none 0) and so is every stride (the product
                    // of the extents before it), and the size is at most
                    // `HOT_SIZE = 2^HOT_BITS - 1`.
                    unsafe { layout.assume_below(HOT_BITS) };
                    return Ok(());
                }
                return compact_past_hot::<S, D, I>(layout.shape(), layout.stride(), base, len);
            }
            Colex::Past => {
                return refused_unsigned::<S, D, I>(layout.shape(), layout.stride(), base, len);
            }
            Colex::Not => {}
        }
        // The smallest offset is `base` itself; the largest `base` plus
        // the reaches (`(e-1)·d` a leaf), exact unless `over` (the true sum
        // is past `usize::MAX`, past every length). An overflow flag, not
        // a saturating sum: that kept `usize::MAX` in a register of the
        // caller's loop. Compared with `len.min(HOT_SIZE)`, the compact
        // path's bound: one length in the caller's loop for both (a
        // tensor's check and its partial tile's, benches/cute_paired's
        // `tile_read`), `len` itself asked only on the cold path
        // (`reach_past_hot`). Offsets below `min(len, HOT_SIZE)` are below
        // `len`; an extent of 0 reaches `usize::MAX·d` (an overflow, or
        // `usize::MAX`, or 0 for `d = 0`, which `held_by_core` asks the core).
        let (shape, stride) = (layout.shape().desc(), S::strides(&layout.stride()));
        let (mut high, mut over) = (base, false);
        S::Form::leaves(&shape, &stride, &mut |e, d| {
            let (reach, o1) = e.wrapping_sub(1).overflowing_mul(d);
            let (sum, o2) = high.overflowing_add(reach);
            high = sum;
            over |= o1 | o2;
        });
        if !over && high < len.min(HOT_SIZE) {
            return held_by_core(layout, len);
        }
        return reach_past_hot::<S, D, I>(layout.shape(), layout.stride(), base, len);
    }
    let mut acc = Reaches::default();
    layout.shape().reach(&layout.stride(), &mut acc);
    let (low, high) = (base as i128 + acc.low, base as i128 + acc.high);
    if low < 0 {
        return refused::<S, D, I>(
            layout.shape(),
            layout.stride(),
            "the tensor's smallest offset",
            low,
            len,
        );
    }
    if high >= len as i128 {
        return refused::<S, D, I>(
            layout.shape(),
            layout.stride(),
            "the tensor's largest offset",
            high,
            len,
        );
    }
    held_by_core(layout, len)
}

/// The bits of [`HOT_SIZE`].
const HOT_BITS: u32 = 56;

/// The largest compact layout [`check_fits`] accepts inline, `2^56 - 1`
/// elements: more than any buffer of elements that are not zero-sized
/// holds on a 64-bit target today (x86-64's five-level paging maps
/// `2^57` bytes, half of them the kernel's), so a larger one (over
/// zero-sized elements) takes the cold path, `compact_past_hot` (reach_refused.rs), with
/// the same answer; the bound is speed, not correctness. Below it the
/// optimiser is told every leaf of the tensor's layout is below `2^56`,
/// so that a later check of those leaves folds: a masked tile's past
/// `i64` (`tensor_tile_fits`: `7m + 31 ≤ i64::MAX` for a `(32,8)` tile
/// of `(m,n):(1,m)`; benches/cute_paired's `tile_read_masked` 35.4 ->
/// 30.5 instructions an input, 1.52x -> 1.27x CuTe's time). The bound
/// is one register in the caller's loop (`len.min(HOT_SIZE)`, hoisted),
/// the same for a layout that is not compact (a partial tile's check):
/// the loop holds one length, not two (`tile_read` 37.4 -> 36.7
/// instructions an input, its row count `n` no longer spilled).
const HOT_SIZE: usize = (1 << HOT_BITS) - 1;

/// Whether the core holds a layout whose offsets fit the buffer. A leaf
/// of extent 2 or more and nonzero stride is then within the buffer's
/// length, and so is a compact layout's every value (at most its size),
/// but not a leaf of extent 1 (any stride) or of stride 0 (any extent,
/// the size with it): `(2,1):(1,2^63)`, `(2^63,2):(0,1)` fit a buffer of
/// 2 and the core holds neither. One comparison of the leaves OR-ed
/// (fits_value.rs), the exact rule cold.
#[inline(always)]
fn held_by_core<S: Mode<D> + Reach<D>, D: Tree, I: Offset>(
    layout: &Layout<S, D, I>,
    len: usize,
) -> Result<(), Error> {
    if layout.quick(Role::Operand).holds() {
        Ok(())
    } else {
        core_holds(*layout, len)
    }
}

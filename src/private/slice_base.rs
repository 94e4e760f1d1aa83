//! The base of a typed slice as `layout!(slice(C, L))` gives it, and of a
//! typed partition (`local_tile`, `local_partition`, `inner_partition`,
//! `outer_partition`), the layout written out or named (`#L`): in the
//! layout's own offset type (`usize`, or `isize` for a signed layout,
//! one with a negative static stride), so both doors give one type and
//! one value, and never a wrapped value.
//!
//! The slice walks in wrapping `usize` (as `crd2idx`), which is exact
//! modulo 2⁶⁴; so the cast to the offset type is the true base whenever
//! the true base lies in that type's range. The base is a sum of
//! `c·d` with `0 ≤ c ≤ s-1` over the sliced leaves `s:d`, so it lies
//! between the sums of the layout's negative and of its positive reaches
//! `(s-1)·d`. Those two sums are computed in `i128` (saturating): when they
//! fit the offset type the base does, and is exact; when they do not, the
//! layout has offsets its type cannot hold, and the slice is an error
//! (`ErrorKind::Overflow`), never a wrapped base. A partition's base is
//! an offset of the layout too (that of its first coordinate, which lies
//! in the layout's domain), so the same bound holds it. One multiply per
//! dynamic leaf; a static layout's check folds away. A written-out
//! partition ([`partition_base`]) skips it: its operand is checked
//! against the core's `i64`, which bounds the same sums.

use layout_core::{Error, ErrorKind};

use super::fits_value::{FitsCore, Role, layout_fits};
use super::int::{Int, Offset};
use super::layout::Layout;
use super::poisoned::{Poisoned, poisoned};
use super::tree::{Mode, Tree};

/// A typed slice's kept modes (`Self`) of the layout `L`: the base's type
/// (the offset type both share) and the base checked. Asked of the slice
/// rather than of `L`, so that a named value that is not a layout is one
/// error, the slice's own (the slice then has no type to ask).
pub trait SliceBase<L> {
    /// The base's type: the layout's offset type.
    type Base: Offset;
    /// The true base from the wrapping one, or an error when `layout` has
    /// offsets its offset type cannot hold (see the module).
    fn slice_base(layout: &L, wrapped: usize) -> Result<Self::Base, Error>;
}

impl<S: Span<D>, D, I: Offset, KS, KD> SliceBase<Layout<S, D, I>> for Layout<KS, KD, I> {
    type Base = I;
    // The slice came from `slice_and_offset`, which refused an operand
    // the core does not hold (`slice_fits`): its reaches then sum within
    // `±i64::MAX`, so the wrapping base read in the offset type is exact
    // (`OPERAND_FIT_HOLDS_BASE`), with no walk of the reaches.
    #[inline(always)]
    fn slice_base(layout: &Layout<S, D, I>, wrapped: usize) -> Result<I, Error> {
        if !OPERAND_FIT_HOLDS_BASE {
            return checked_base(layout, wrapped);
        }
        debug_assert!(checked_base(layout, wrapped).is_ok());
        Ok(I::from_wrapping(wrapped))
    }
}

/// The true base of a slice or a partition of `layout` from the wrapping
/// `usize` one, in `layout`'s offset type, or [`ErrorKind::Overflow`] when
/// `layout` has offsets that type cannot hold (see the module). The one
/// place that knows the rule: `layout!`'s slices, its named partitions
/// ([`Partitioned::base`](super::Partitioned::base)) and its written-out
/// ones ([`partition_base`]) all ask it.
#[inline(always)]
pub fn checked_base<S: Span<D>, D, I: Offset>(
    layout: &Layout<S, D, I>,
    wrapped: usize,
) -> Result<I, Error> {
    let (mut low, mut high) = (0, 0);
    layout
        .shape
        .span(&layout.stride, I::SIGNED, &mut low, &mut high);
    let (min, max) = match I::SIGNED {
        true => (isize::MIN as i128, isize::MAX as i128),
        false => (0, usize::MAX as i128),
    };
    if low < min || high > max {
        return Err(overflow(I::SIGNED));
    }
    Ok(I::from_wrapping(wrapped))
}

/// A written-out typed partition's result (`layout!(local_tile(SHAPE:STRIDE,
/// …))` and the others) with its base in `layout`'s offset type, as a
/// named layout's partition gives it; and, as every typed call after
/// `type` (fits.rs), refused where the core refuses past `i64`: the
/// operand's or the result's size or offsets past `i64::MAX`
/// (`layout_fits`'s one comparison of the run-time leaves OR-ed each,
/// the exact check out of line, `partition_exactly`;
/// tests/typed_partition_overflow.rs).
///
/// The operand's check holds [`checked_base`]'s rule too (see
/// `OPERAND_FIT_HOLDS_BASE`), so the base is the wrapping one read in
/// the offset type, with no second walk: the span check in `i128` that
/// [`checked_base`] would make cost 9 instructions a call here, where
/// LLVM no longer folded it after the one comparison (branch partmacro:
/// `partition_macro` 57.4 → 46.4 instructions).
#[inline(always)]
pub fn partition_base<S, D, I, PS, PD>(
    layout: &Layout<S, D, I>,
    partition: Result<(Layout<PS, PD, I>, usize), Error>,
) -> Result<(Layout<PS, PD, I>, I), Error>
where
    S: Span<D> + Mode<D>,
    D: Tree,
    I: Offset,
    PS: Mode<PD>,
    PD: Tree,
{
    let (part, base) = partition?;
    if !layout
        .quick(Role::Operand)
        .and(part.quick(Role::Result))
        .holds()
    {
        return partition_exactly(layout, part, base);
    }
    if !OPERAND_FIT_HOLDS_BASE {
        return Ok((part, checked_base(layout, base)?));
    }
    debug_assert!(checked_base(layout, base).is_ok());
    Ok((part, I::from_wrapping(base)))
}

/// Whether a layout that fits the core's `i64` as an operand
/// (fits.rs's `CoreFit`: `Σ (extent-1)·|stride| ≤ i64::MAX`, the quick
/// comparison's bound included) has every offset in any offset type:
/// [`checked_base`]'s sums of negative and positive reaches then lie in
/// `[-i64::MAX, i64::MAX]`, inside `isize` and `usize` where `isize`
/// holds `i64::MAX` (a 64-bit target). Then a partition's base, an offset
/// of the layout (that of its first coordinate), read from its wrapping
/// `usize` is exact, and [`checked_base`] cannot refuse:
/// tests/typed_partition_overflow.rs compares the bases with the core's
/// at the edge of `i64` (signed layouts too), and a debug build asserts
/// it at every call.
const OPERAND_FIT_HOLDS_BASE: bool = isize::MAX as i128 >= i64::MAX as i128;

/// [`partition_base`] where a quick comparison did not pass: the exact
/// checks of the operand and the result ([`fits_exactly`]), then the
/// base. Out of line and cold, so the hot path keeps its values in
/// registers.
#[cold]
#[inline(never)]
fn partition_exactly<S, D, I, PS, PD>(
    layout: &Layout<S, D, I>,
    part: Layout<PS, PD, I>,
    base: usize,
) -> Result<(Layout<PS, PD, I>, I), Error>
where
    S: Span<D> + Mode<D>,
    D: Tree,
    I: Offset,
    PS: Mode<PD>,
    PD: Tree,
{
    fits_exactly(*layout, part)?;
    if !OPERAND_FIT_HOLDS_BASE {
        return Ok((part, checked_base(layout, base)?));
    }
    Ok((part, I::from_wrapping(base)))
}

/// `Ok(())` where a partition's operand (a layout, a tensor's layout) and
/// its result (a layout, a tile, a share, masked or not) fit the core's
/// `i64` as every typed call after `type` does (fits.rs's rule): the
/// partitions a named layout's `layout!(type local_tile(#l, …))` gives and
/// those of `tensor::typed` (whose engine does not bound a share's size,
/// a stride of extent 1, a masked share past its residue or an engine of
/// zero-sized elements: tests/typed_named_partition_overflow.rs). One
/// comparison of the run-time leaves OR-ed ([`FitsCore::quick`]), a
/// `bool`; the exact check out of line and cold (`fits_exactly`).
///
/// # Errors
/// [`ErrorKind::Overflow`] where either passes `i64::MAX`.
#[inline(always)]
pub fn partition_fits<A: FitsCore, P: FitsCore>(operand: &A, part: &P) -> Result<(), Error> {
    fits_as(operand, part, Role::Result)
}

/// [`partition_fits`] of a thread's share of `operand` (`local_partition`,
/// masked or not, with a step): the share's comparison reads its
/// strides alone, its extents, size and offsets being at most the
/// operand's, which the same comparison reads ([`Role::Share`]).
///
/// # Errors
/// [`ErrorKind::Overflow`] where either passes `i64::MAX`.
#[inline(always)]
pub fn share_fits<A: FitsCore, P: FitsCore>(operand: &A, share: &P) -> Result<(), Error> {
    fits_as(operand, share, Role::Share)
}

/// [`share_fits`] of a thread's share of a tensor, whose layout the core
/// holds (every tensor's: `Tensor::new`'s check): then the share passes
/// `i64` only by a stride (`T·d` of a mode of extent 1, which no offset
/// bounds), and the comparison of its strides OR-ed with `2^63` is the
/// exact rule, an empty share answered whatever its strides (as
/// `CoreFit` answers it). One comparison, no cold call: the loop around a
/// `local_partition` keeps its values in registers (cute_paired's
/// `partition_read`, against `share_fits`).
///
/// # Errors
/// [`ErrorKind::Overflow`] where a stride passes `i64::MAX`.
#[inline(always)]
pub fn tensor_share_fits<P: crate::__private::Fits>(share: &P) -> Result<(), Error> {
    // An empty share is answered whatever its strides, as the exact rule
    // answers it (the core's own share of an extent 0 has other strides):
    // asked only where a stride passes, inline, so no call in the loop.
    if share.quick(Role::Share).within_i64() {
        return Ok(());
    }
    // A branch, not one flag of the two tests: where the tensor's check
    // told the optimiser its extents are not 0, the share's emptiness is
    // not known to it (`ceil(m/32)`), and computed beside the strides'
    // test (three `setcc`, two `or`, as the two tests in one condition
    // compile) it cost seven instructions an input and spilled two values
    // (cute_paired's `partition_read`: 54.4 where 47.4 are;
    // `partition_read_masked` 64.4 where 40.4 are). `black_box` keeps the
    // emptiness test on this path (`core::hint::cold_path` is past the
    // MSRV; a cold function here made the loop spill three values around
    // its call, 48.5 and 46.4).
    match core::hint::black_box(share.any_empty()) {
        true => Ok(()),
        false => Err(Error::new(ErrorKind::Overflow(PAST_I64))),
    }
}

/// [`partition_fits`] with the result read in `role`.
#[inline(always)]
fn fits_as<A: FitsCore, P: FitsCore>(operand: &A, part: &P, role: Role) -> Result<(), Error> {
    if operand.quick(Role::Operand).and(part.quick(role)).holds() {
        return Ok(());
    }
    fits_exactly(*operand, *part)
}

/// The exact checks of a partition's operand and result (`CoreFit`,
/// leaf by leaf), where [`partition_fits`]'s or [`partition_base`]'s
/// comparison did not pass.
#[cold]
#[inline(never)]
pub(super) fn fits_exactly<A: FitsCore, P: FitsCore>(operand: A, part: P) -> Result<(), Error> {
    if layout_fits("a partition", &operand, Role::Operand).is_err()
        || layout_fits("a partition", &part, Role::Result).is_err()
    {
        return Err(past_i64());
    }
    Ok(())
}

/// `Ok(())` where a layout-level slice's operand (`layout!(slice(C, L))`
/// written out or named, `tensor::typed::slice_and_offset`) fits the
/// core's `i64` as an operand (fits.rs's rule): the core refuses to slice
/// a layout it cannot hold, so the typed slice does too
/// (tests/typed_slice_overflow.rs). The slice's kept modes are some of the
/// operand's leaves as they are, so they fit where it does, and so does
/// its base (an offset of the operand: `OPERAND_FIT_HOLDS_BASE`). One
/// comparison of the run-time leaves OR-ed, none for a static layout the
/// type says fits; the exact check out of line and cold. A tensor's slice
/// (`typed::slice`) asks nothing: its layout is one the core holds
/// (`Tensor::new`'s check).
///
/// # Errors
/// [`ErrorKind::Overflow`] where the operand passes `i64::MAX`.
#[inline(always)]
pub fn slice_fits<L: FitsCore>(layout: &L) -> Result<(), Error> {
    if layout.quick(Role::Operand).holds() {
        return Ok(());
    }
    slice_exactly(*layout)
}

/// [`slice_fits`]'s exact check, where its comparison did not pass.
#[cold]
#[inline(never)]
fn slice_exactly<L: FitsCore>(layout: L) -> Result<(), Error> {
    match layout_fits("a slice", &layout, Role::Operand) {
        Ok(()) => Ok(()),
        Err(_) => Err(Error::new(ErrorKind::Overflow(SLICE_PAST_I64))),
    }
}

/// What a slice refused past `i64` says.
const SLICE_PAST_I64: &str =
    "a slice's layout has a size or offsets past i64::MAX, which the core refuses";

/// What a partition refused past `i64` says, inline (a share's) or cold.
const PAST_I64: &str =
    "a partition's operand or result has a size or offsets past i64::MAX, which the core refuses";

/// [`partition_base`]'s refusal, out of the hot path.
#[cold]
#[inline(never)]
fn past_i64() -> Error {
    Error::new(ErrorKind::Overflow(PAST_I64))
}

impl<I: Offset, K> SliceBase<Poisoned<I, K>> for Poisoned<I> {
    type Base = I;
    fn slice_base(_: &Poisoned<I, K>, _: usize) -> Result<I, Error> {
        poisoned()
    }
}

/// The error, out of the hot path.
#[cold]
#[inline(never)]
fn overflow(signed: bool) -> Error {
    Error::new(ErrorKind::Overflow(match signed {
        true => {
            "the layout has offsets outside isize: a slice's or a partition's base could be wrong"
        }
        false => {
            "the layout has offsets past usize::MAX: a slice's or a partition's base could be wrong"
        }
    }))
}

/// The sums of the negative and of the positive reaches `(s-1)·d` of a
/// shape tree (`Self`) with stride tree `D`, a stride read as signed in a
/// signed layout (as `crd2idx` reads it), an extent 0 adding 0.
pub trait Span<D> {
    /// Adds this tree's reaches to `low` and `high`.
    fn span(&self, d: &D, signed: bool, low: &mut i128, high: &mut i128);
}

impl<S: Int + Tree, D: Int> Span<D> for S {
    #[inline(always)]
    fn span(&self, d: &D, signed: bool, low: &mut i128, high: &mut i128) {
        let last = self.get().saturating_sub(1) as i128;
        let d = match signed {
            true => d.get() as isize as i128,
            false => d.get() as i128,
        };
        let r = last.saturating_mul(d);
        if r < 0 {
            *low = low.saturating_add(r);
        } else {
            *high = high.saturating_add(r);
        }
    }
}

macro_rules! tuple {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: Span<$D>, $D),*> Span<($($D,)*)> for ($($S,)*) {
            #[inline(always)]
            #[allow(unused_variables)]
            fn span(&self, d: &($($D,)*), signed: bool, low: &mut i128, high: &mut i128) {
                $(self.$i.span(&d.$i, signed, low, high);)*
            }
        }
    };
}

for_each_rank!(tuple);

/// `layout!(slice(C, L))`'s result from the typed slice's: the base in
/// `L`'s offset type, checked ([`SliceBase`]).
#[inline(always)]
pub fn slice_base<L, O: SliceBase<L>>(
    layout: &L,
    slice: Result<(O, usize), Error>,
) -> Result<(O, O::Base), Error> {
    let (kept, base) = slice?;
    Ok((kept, O::slice_base(layout, base)?))
}

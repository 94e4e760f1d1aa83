//! `complement` as a method of typed values (ARCHITECTURE.md, "Typed
//! algebra on dynamic leaves: the plan", the paragraph on values; its
//! siblings `coalesce` and `filter_zeros` are in coalesce_filter.rs). A
//! value's type is all the trait sees, and stable Rust cannot pick a type
//! from a const value, so the result's nesting is fixed by the input's
//! *nesting* alone: the complement of a layout of `R` leaves has `R + 1`
//! flat modes, the holes below each mode in the order of its stride (the
//! order a `const` sorted from the static strides), then the rest up to
//! the cotarget. A mode the core drops (extent 1 or stride 0) leaves a hole
//! of extent 1. The values are computed by straight-line code; the first
//! stride is `C<1>`, the rest `usize`.

use super::algebra::AlgebraError;
use super::compose::{complement_hole, product};
use super::construct::nonzero;
use super::edit::Leaves;
use super::fits_gate::gated_after;
use super::fits_value::{FitsCore, Role, integer_fits};
use super::int::{C, Int, Offset};
use super::layout::Layout;
pub use super::static_complement::ComplementLeaf;
use super::static_complement::{Bit, IsStatic, Pick};
use super::static_int::StaticInt;
use super::tree::{Mode, Tree};

/// CuTe's `complement(A, M)` of a typed layout: the layout of the offsets
/// below `M` that `A` does not reach, so that `(A, complement(A, M))` is a
/// bijection onto `[0, M')` (`M'` the first multiple of `A`'s span from `M`).
///
/// `A`'s strides are static (`C<N>`) when it has more than one leaf, as
/// CuTe requires (the order of the holes is sorted while compiling); one
/// leaf may have any stride. `M` is a `usize` or a `C<N>`. The result has
/// one mode per leaf of `A` and one more, flat, in the order of `A`'s
/// strides; a leaf of extent 1 or stride 0 (which CuTe and the core drop)
/// leaves a hole of extent 1 there. The first stride is `C<1>`. When every
/// leaf of `A` is static (`C<N>` or any folded static leaf: `Quot`,
/// `Prod`, `CeilQuot`, `Min`, `IfNonZero`, `ComplementLeaf`), the holes and
/// the strides after them are static ([`ComplementLeaf`], zero-sized), and
/// the rest's extent is static when `M` is too, a `usize` otherwise. When
/// a leaf of `A` is dynamic, the computed leaves are `usize`: which hole
/// a leaf's extent reaches is the strides' order, a comparison of their
/// numbers, and on stable Rust a type cannot be chosen by comparing const
/// generics (`Pick<{ A < B }>` needs `generic_const_exprs`), so the type
/// cannot say which holes stay static (CuTe's `if constexpr` can). As a function it is the core's
/// complement (whose modes are these, coalesced); a stride that is not a
/// multiple of the span below it has no complement, and an extent 0 none
/// either: both are [`AlgebraError`]s naming the values, as the core refuses.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Complement, Layout};
/// let m = 3;
/// let a = layout!((m,4):(1,6)); // offsets {0,1,2} + 6·{0..4}
/// let c: Layout<(usize, usize, usize), (C<1>, usize, usize)> = a.complement(48).unwrap();
/// assert_eq!(c.to_string(), "(1,2,2):(1,3,24)");
/// // Three rows do not tile a stride of 8:
/// let b = layout!((m,4):(1,8));
/// assert!(b.complement(64).is_err());
/// // One leaf takes a dynamic stride.
/// let d = 4;
/// assert_eq!(layout!(m:d).complement(C::<24>).unwrap().to_string(), "(4,2):(1,12)");
/// // Every leaf and the cotarget static: every leaf of the result is
/// // static (a `ComplementLeaf`, its value a `const`), zero-sized.
/// let s = layout!(type (2,4):(1,8)).complement(C::<64>).unwrap();
/// assert_eq!((s.to_string(), core::mem::size_of_val(&s)), ("(1,4,2):(1,2,32)".into(), 0));
/// ```
///
/// `A` may have at most 11 leaves (`MAX_RANK - 1`; `MAX_RANK` = 12, the
/// widest tuple a typed layout has at any level, is the macro crate's
/// one constant): the result is flat, with one mode more than `A` has
/// leaves, and a flat result of 13 modes has no typed form. A nested
/// result could hold more, but not with CuTe's flat nesting; 12 leaves
/// and more are refused by the bound (a note says so). For the same
/// reason [`Coalesce`](super::Coalesce) takes at most `MAX_RANK` leaves (its result is
/// flat), while [`FilterZeros`](super::FilterZeros) keeps the nesting (any typed layout) and
/// [`MakeLike`](super::MakeLike) takes up to 32 leaves (`MAX_LEAVES`).
///
/// A static layout with no complement is a compile error (CuTe's
/// `static_assert`), as a dynamic one is an error value:
///
/// ```compile_fail
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Complement};
/// let _ = layout!(type (3,4):(1,8)).complement(C::<64>);
/// ```
///
/// Two leaves with a dynamic stride have no fixed order (CuTe's
/// `static_assert`, "Dynamic-stride complement only for rank-1 layouts"):
///
/// ```compile_fail
/// use layout_dsl::layout;
/// use layout_dsl::typed::Complement;
/// let (m, d) = (3, 4);
/// let _ = layout!((m,4):(1,d)).complement(64);
/// ```
pub trait Complement<M> {
    /// The complement's layout.
    type Out;
    /// The complement up to `cotarget`.
    fn complement(&self, cotarget: M) -> Result<Self::Out, AlgebraError>;
}

/// [`Complement`] of a flat tuple of extents `Self` with strides `G`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "no typed complement of the leaves `{Self}` with strides `{G}`",
    note = "a typed value's complement needs static strides (`C<N>`) when it has more than one leaf (CuTe: \"Dynamic-stride complement only for rank-1 layouts\"), at most 11 leaves, and a cotarget `usize` or `C<N>`"
)]
pub trait ComplementLeaves<G, M> {
    /// The complement's layout.
    type Out;
    /// The complement of `self:stride` up to `cotarget`.
    fn complement_leaves(self, stride: G, cotarget: M) -> Result<Self::Out, AlgebraError>;
}

impl<S: Mode<D> + Leaves, D: Tree + Leaves, M: Int, I: Offset> Complement<M> for Layout<S, D, I>
where
    S::Out: ComplementLeaves<D::Out, M>,
    <S::Out as ComplementLeaves<D::Out, M>>::Out: FitsCore,
{
    type Out = <S::Out as ComplementLeaves<D::Out, M>>::Out;
    #[inline]
    fn complement(&self, cotarget: M) -> Result<Self::Out, AlgebraError> {
        // The cotarget, `A` (each mode's `extent·stride` too, as the
        // core's complement) and the result against the core's `i64`
        // (fits_value.rs).
        // The gate (fits_gate.rs) reads the cotarget too: the result's
        // last extent is read from it.
        let m = cotarget.get();
        integer_fits("complement", m)?;
        let result = self
            .shape()
            .leaves()
            .complement_leaves(self.stride().leaves(), cotarget)?;
        gated_after::<_, _, _, 2, 1>(
            "complement",
            self,
            &Layout::<usize, C<0>>::from_parts(m, C),
            Role::Spanned,
            result,
            Role::Result,
        )
    }
}

/// The leaves' indices sorted by stride (ties by index, as the core);
/// a negative stride has no complement (refused while compiling).
#[doc(hidden)]
pub const fn by_stride<const R: usize>(strides: [i64; R]) -> [usize; R] {
    let mut order = [0; R];
    let mut i = 0;
    while i < R {
        assert!(
            strides[i] >= 0,
            "complement: a negative stride has no complement"
        );
        // Insert leaf i after every leaf of a smaller or equal stride.
        let mut k = i;
        while k > 0 && strides[order[k - 1]] > strides[i] {
            order[k] = order[k - 1];
            k -= 1;
        }
        order[k] = i;
        i += 1;
    }
    order
}

/// The holes of the leaves `shape:stride` taken in `order`, up to
/// `cotarget`: each hole's extent, the stride of the mode after each hole
/// (the first hole's stride is 1), and the rest's extent. The core's walk
/// (`layout_core::complement`) without its coalescing.
///
/// Written for the common case, where nothing is refused: a first pass
/// multiplies the spans with no division and no branch but one (an extent
/// 0 or an overflowing span, flagged as it goes), the second divides
/// each stride by the span below it. A leaf the core drops (extent 1 or
/// stride 0) keeps the span by a select, which LLVM folds when the
/// product is the same either way (`4·m` at `m = 1` is `4`). A refusal
/// goes to [`complement_refusal`], which walks again in the core's order
/// so that the error is the one the core gives first.
#[doc(hidden)]
#[inline]
pub fn complement_modes<const R: usize>(
    shape: [usize; R],
    stride: [usize; R],
    order: [usize; R],
    cotarget: usize,
) -> Result<([usize; R], [usize; R], usize), AlgebraError> {
    let (mut holes, mut next, mut below) = ([1; R], [0; R], [1; R]);
    let (mut span, mut refused) = (1usize, false);
    for k in 0..R {
        let (s, d) = (shape[order[k]], stride[order[k]]);
        let (product, overflow) = s.overflowing_mul(d);
        let kept = s != 1 && d != 0;
        refused |= s == 0 || (kept && overflow);
        below[k] = span;
        span = if kept { product } else { span };
        next[k] = span;
    }
    if refused {
        cold();
        return Err(complement_refusal(shape, stride, order));
    }
    for k in 0..R {
        let (s, d) = (shape[order[k]], stride[order[k]]);
        if s != 1 && d != 0 {
            // `below[k]` is not 0: every extent is, and no span overflowed.
            if d % below[k] != 0 {
                cold();
                return Err(complement_refusal(shape, stride, order));
            }
            holes[k] = d / below[k];
        }
    }
    Ok((holes, next, cotarget.div_ceil(span)))
}

/// Marks the branch that calls it unlikely.
#[cold]
#[inline(never)]
fn cold() {}

/// The error the core gives for a layout [`complement_modes`] refuses:
/// the same walk with each check in the core's order (every extent
/// nonzero, then per leaf its hole's divisibility and its span's product).
///
/// Inlined (in the cold branch): each error is then built with a known
/// variant, and LLVM sees that the refused branch never reaches the
/// caller's `Ok` path, whose constants stay folded. Out of line, the
/// returned error's variant is unknown, the two paths merge and the
/// result's leaves become run-time values.
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn complement_refusal<const R: usize>(
    shape: [usize; R],
    stride: [usize; R],
    order: [usize; R],
) -> AlgebraError {
    const F: &str = "complement";
    let walk = || {
        for s in shape {
            nonzero(F, s)?;
        }
        let mut span = 1;
        for k in 0..R {
            let (s, d) = (shape[order[k]], stride[order[k]]);
            if s != 1 && d != 0 {
                complement_hole(F, d, span, span)?;
                span = product(F, s, d)?;
            }
        }
        Ok(())
    };
    match walk() {
        Err(e) => e,
        // Not reached: the fast walk refuses only what this walk refuses.
        Ok(()) => AlgebraError::NotComplementable {
            function: F,
            stride: 0,
            span: 0,
        },
    }
}

/// [`Yes`] when the leaves are all static.
macro_rules! all_static {
    ($T:ty) => { <$T as IsStatic>::Is };
    ($T:ty, $($rest:ty),+) => { <<$T as IsStatic>::Is as Bit>::And<all_static!($($rest),+)> };
}

/// The cotarget a complement's leaf of part `W` names: the rest (`W = 2`)
/// depends on it; a hole's extent and the stride after it do not, so
/// their static leaves name none (`C<0>`) and are static whenever `A`'s
/// leaves are, whatever the cotarget.
macro_rules! co {
    (2) => { M };
    ($W:literal) => { C<0> };
}

/// Leaf `K`, part `W` of the complement (static when `All` is [`Yes`]).
macro_rules! leaf {
    ($All:ty; $Sh:ty, $St:ty; $K:tt, $W:tt) => {
        <$All as Pick<ComplementLeaf<$Sh, $St, co!($W), $K, $W>>>::Out
    };
}

macro_rules! complement_leaves {
    (0;) => {};
    (12; $($rest:tt)*) => {
        // R + 1 = 13 modes: wider than a typed layout may be.
    };
    (1; ($i:tt $S:ident $D:ident $_c:ident)) => {
        complement_impl!([$S: [Int + IsStatic]] [$D: [Int + IsStatic]] [$i]; all_static!($S, $D); ($S,), ($D,));
    };
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        complement_impl!([$($S: [Int + IsStatic])*] [$($D: [StaticInt])*] [$($i)*]; all_static!($($S),*); ($($S,)*), ($($D,)*));
    };
}

// `$Leaves` is [`Yes`] when every leaf of `A` is static: then the holes
// and the strides after them are static (`ComplementLeaf`s), and the rest
// is too when the cotarget also is (`All`).
macro_rules! complement_impl {
    ([$($S:ident: [$($SB:tt)*])*] [$($D:ident: [$($DB:tt)*])*] [$($i:tt)*]; $Leaves:ty; $Sh:ty, $St:ty) => {
        impl<$($S: $($SB)*,)* $($D: $($DB)*,)* M: Int + IsStatic> ComplementLeaves<$St, M> for $Sh
        where
            $Leaves: $(Pick<ComplementLeaf<$Sh, $St, co!(0), $i, 0>> + Pick<ComplementLeaf<$Sh, $St, co!(1), $i, 1>> +)* Bit,
            <$Leaves as Bit>::And<M::Is>: Pick<ComplementLeaf<$Sh, $St, co!(2), 0, 2>>,
        {
            type Out = Layout<
                ($(leaf!($Leaves; $Sh, $St; $i, 0),)* leaf!(<$Leaves as Bit>::And<M::Is>; $Sh, $St; 0, 2)),
                (C<1>, $(leaf!($Leaves; $Sh, $St; $i, 1),)*),
            >;
            #[inline]
            fn complement_leaves(self, stride: $St, cotarget: M) -> Result<Self::Out, AlgebraError> {
                const { assert!(!matches!(M::STATIC, Some(m) if m < 0), "a cotarget must not be negative") };
                $(const { assert!(!matches!($D::STATIC, Some(d) if d < 0), "complement: a negative stride has no complement") };)*
                let order = const { by_stride([$(match $D::STATIC { Some(d) => d, None => 0 },)*]) };
                let (holes, next, rest) = complement_modes(
                    [$(self.$i.get(),)*],
                    [$(stride.$i.get(),)*],
                    order,
                    cotarget.get(),
                )?;
                Ok(Layout::from_parts(
                    ($(<$Leaves as Pick<ComplementLeaf<$Sh, $St, co!(0), $i, 0>>>::pick(holes[$i]),)*
                        <<$Leaves as Bit>::And<M::Is> as Pick<ComplementLeaf<$Sh, $St, co!(2), 0, 2>>>::pick(rest)),
                    (C::<1>, $(<$Leaves as Pick<ComplementLeaf<$Sh, $St, co!(1), $i, 1>>>::pick(next[$i]),)*),
                ))
            }
        }
    };
}

for_each_rank!(complement_leaves);

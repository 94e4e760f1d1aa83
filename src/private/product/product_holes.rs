//! The complement every product of typed values takes (`product_copies.rs`
//! composes it with `B`): the complement of `A` up to `size(A)·cosize(B)`
//! under CuTe's rounded-hole rule (`partial.rs`).
//!
//! The complement here is `shape_values.rs`'s (`R` leaves give `R + 1`
//! flat modes in the order of the strides, a leaf of extent 1 or stride 0
//! a hole of extent 1), but a hole whose span does not divide its stride
//! is rounded down, as CuTe does, and the product is refused unless
//! `B` stays in the copies below the first (`partial.rs`, `product_fits`): so the typed-value
//! door answers where `layout!(type logical_product(…))` of written-out
//! layouts answers. Dynamic strides are sorted at run time
//! ([`sorted_by_stride`]), and where every hole but the last is 1 the
//! complement says so ([`ProductHoles::unit_inner_holes`]).

use crate::__private::algebra::AlgebraError;
use crate::__private::construct::nonzero;
use crate::__private::int::{C, Int};
use crate::__private::layout::Layout;
use crate::__private::shape_values::by_stride;

mod modes;

use modes::{Modes, rounded_modes};
pub use modes::{exact_rest, exact_spans, product_modes};

/// The holes with the rest's place unset and the span of `A`'s leaves, or
/// the whole complement and 0 ([`ProductHoles::product_spans`]).
pub type Spans<S, D> = (Layout<S, D>, usize);

/// The complement a product of the flat leaves `Self` (strides `G`)
/// takes: `R + 1` flat modes, strides `C<1>` then `usize`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "no typed product of a layout of the leaves `{Self}` with strides `{G}`",
    note = "a typed value's product takes a left layout of at most 11 leaves with no negative stride"
)]
pub trait ProductHoles<G>: Copy {
    /// The complement's shape: `R + 1` `usize`s.
    type Shape: Copy;
    /// The complement's stride: `C<1>` and `R` `usize`s.
    type Stride: Copy;
    /// The complement of `self:stride` for a product of a layout of
    /// `size` elements by one of cosize `cosize`.
    fn product_holes(
        self,
        stride: G,
        size: usize,
        cosize: usize,
        function: &'static str,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError>;
    /// [`product_holes`](Self::product_holes) with its rest left to the
    /// caller where every hole is exact: the holes (the rest's place holds
    /// 0) and the span of `A`'s leaves, the rest then [`exact_rest`]; or,
    /// where a hole is rounded, the whole complement and the span 0.
    fn product_spans(
        self,
        stride: G,
        size: usize,
        cosize: usize,
        function: &'static str,
    ) -> Result<Spans<Self::Shape, Self::Stride>, AlgebraError>;
    /// `holes` with the rest `rest`.
    fn with_rest(
        holes: Layout<Self::Shape, Self::Stride>,
        rest: usize,
    ) -> Layout<Self::Shape, Self::Stride>;
    /// With dynamic strides over two leaves or more, where every hole but
    /// the last (the one below `A`'s largest stride) is 1, the same
    /// complement with those extents written as the constant 1: the
    /// composition after it then folds them as it does for static strides.
    /// That is a compact `A` (column- or row-major alike) and one padded
    /// only in its largest stride (a matrix whose leading dimension is
    /// above its extent). `None` otherwise, and always when every stride
    /// is static (those holes fold already) or `A` has one leaf (its one
    /// hole is the last).
    fn unit_inner_holes(
        holes: Layout<Self::Shape, Self::Stride>,
    ) -> Option<Layout<Self::Shape, Self::Stride>>;
    /// With a dynamic stride, where every hole is 1 and the rest is
    /// `cosize` (a compact `A`, column- or row-major alike), the same
    /// complement with those extents written as the constants 1 and
    /// `cosize` (a constant itself for a static `B`): the composition
    /// after it then folds every extent, as for static strides. `None`
    /// otherwise, and always when every stride is static or `A` has one
    /// leaf (there the general walk alone took fewer instructions, 90
    /// against 102 a call with `L(77)`: BENCHMARKS.md, branch `prodfast`).
    fn compact_holes(
        holes: Layout<Self::Shape, Self::Stride>,
        cosize: usize,
    ) -> Option<Layout<Self::Shape, Self::Stride>>;
    /// [`unit_inner_holes`](Self::unit_inner_holes)' answer `unit` where
    /// its last hole is `hole`, with that hole written as `hole`: a value
    /// the caller knows while compiling (the extent of a static `B`'s
    /// unit-stride leaf, `product_copies.rs`), so that the composition
    /// after it folds that hole as well. `None` where the last hole is
    /// another.
    fn filled_holes(
        unit: Layout<Self::Shape, Self::Stride>,
        hole: usize,
    ) -> Option<Layout<Self::Shape, Self::Stride>>;
    /// `unit` with its last hole written as `cosize` where it is at least
    /// `cosize`, a `B`'s cosize known while compiling: not the complement
    /// then, but `B` composed with it gives what it gives with the
    /// complement where `B` lies in that hole whole and has no leaf of
    /// extent 1 (each leaf a mode of that hole, `product_copies.rs`).
    /// `None` where the last hole is smaller.
    fn fits_holes(
        unit: Layout<Self::Shape, Self::Stride>,
        cosize: usize,
    ) -> Option<Layout<Self::Shape, Self::Stride>>;
}

/// `usize`, one per named leaf.
macro_rules! usize_of {
    ($x:ident) => {
        usize
    };
}

/// `1`, one per named hole.
macro_rules! one {
    ($x:ident) => {
        1
    };
}

macro_rules! holes {
    (0;) => {};
    (12; $($rest:tt)*) => {
        // R + 1 = 13 modes: wider than a typed layout may be.
    };
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: Int, $D: Int,)*> ProductHoles<($($D,)*)> for ($($S,)*) {
            type Shape = ($(usize_of!($S),)* usize);
            type Stride = (C<1>, $(usize_of!($D),)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn product_spans(
                self,
                stride: ($($D,)*),
                size: usize,
                cosize: usize,
                function: &'static str,
            ) -> Result<Spans<Self::Shape, Self::Stride>, AlgebraError> {
                /// `rounded_modes` of the sorted leaves, passed one by one:
                /// in registers (arrays would be passed through memory, and
                /// the stores to it would stay on the hot path).
                #[cold]
                #[inline(never)]
                #[allow(non_snake_case, clippy::too_many_arguments)]
                fn rounded(
                    $($S: usize,)*
                    $($D: usize,)*
                    function: &'static str,
                    size: usize,
                    cosize: usize,
                ) -> Result<Modes<$rank>, AlgebraError> {
                    let order = core::array::from_fn(|k| k);
                    rounded_modes(function, [$($S,)*], [$($D,)*], order, (size, cosize))
                }
                $(const { assert!(!matches!($D::STATIC, Some(d) if d < 0), "a product's left layout has a negative stride, which has no complement") };)*
                let (shape, strides) = ([$(self.$i.get(),)*], [$(stride.$i.get(),)*]);
                // Before the sort: a static extent's test folds.
                $(nonzero(function, shape[$i])?;)*
                // Static strides are sorted while compiling; any dynamic
                // one sorts all at run time (every hole is a `usize`, so
                // the order never changes the type): the leaves themselves
                // move, so the holes' walk reads them at constant places.
                let leaves = if const { true $(&& $D::STATIC.is_some())* } {
                    (shape, strides, const { by_stride([$(match $D::STATIC { Some(d) => d, None => 0 },)*]) })
                } else {
                    let (shape, strides) = sorted_by_stride(shape, strides);
                    (shape, strides, core::array::from_fn(|k| k))
                };
                let (extents, next, rest, span) = match exact_spans(function, leaves, size, cosize)? {
                    Some((extents, next, span)) => (extents, next, 0, span),
                    None => {
                        let (shape, strides, order) = leaves;
                        let (extents, next, rest) =
                            rounded($(shape[order[$i]],)* $(strides[order[$i]],)* function, size, cosize)?;
                        (extents, next, rest, 0)
                    }
                };
                Ok((Layout::from_parts(($(extents[$i],)* rest), (C::<1>, $(next[$i],)*)), span))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn product_holes(
                self,
                stride: ($($D,)*),
                size: usize,
                cosize: usize,
                function: &'static str,
            ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
                let (holes, span) = self.product_spans(stride, size, cosize, function)?;
                if span == 0 {
                    return Ok(holes);
                }
                Ok(<Self as ProductHoles<($($D,)*)>>::with_rest(holes, exact_rest(size, cosize, span)))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn with_rest(
                holes: Layout<Self::Shape, Self::Stride>,
                rest: usize,
            ) -> Layout<Self::Shape, Self::Stride> {
                let (($($_c,)* _), stride) = holes.into_parts();
                Layout::from_parts(($($_c,)* rest), stride)
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn unit_inner_holes(
                holes: Layout<Self::Shape, Self::Stride>,
            ) -> Option<Layout<Self::Shape, Self::Stride>> {
                let (($($_c,)* rest), stride) = holes.into_parts();
                let inner = |i: usize| i + 1 < $rank;
                if const { $rank < 2 || (true $(&& $D::STATIC.is_some())*) }
                    || !(true $(&& (!inner($i) || $_c == 1))*)
                {
                    return None;
                }
                Some(Layout::from_parts(($(if inner($i) { 1 } else { $_c },)* rest), stride))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn compact_holes(
                holes: Layout<Self::Shape, Self::Stride>,
                cosize: usize,
            ) -> Option<Layout<Self::Shape, Self::Stride>> {
                let (($($_c,)* rest), stride) = holes.into_parts();
                if const { $rank < 2 || (true $(&& $D::STATIC.is_some())*) }
                    || !(true $(&& $_c == 1)* && rest == cosize)
                {
                    return None;
                }
                Some(Layout::from_parts(($(one!($_c),)* cosize), stride))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn filled_holes(
                unit: Layout<Self::Shape, Self::Stride>,
                hole: usize,
            ) -> Option<Layout<Self::Shape, Self::Stride>> {
                let (($($_c,)* rest), stride) = unit.into_parts();
                let last = |i: usize| i + 1 == $rank;
                if !(true $(&& (!last($i) || $_c == hole))*) {
                    return None;
                }
                Some(Layout::from_parts(($(if last($i) { hole } else { $_c },)* rest), stride))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn fits_holes(
                unit: Layout<Self::Shape, Self::Stride>,
                cosize: usize,
            ) -> Option<Layout<Self::Shape, Self::Stride>> {
                let (($($_c,)* rest), stride) = unit.into_parts();
                let last = |i: usize| i + 1 == $rank;
                if !(true $(&& (!last($i) || $_c >= cosize))*) {
                    return None;
                }
                Some(Layout::from_parts(($(if last($i) { cosize } else { $_c },)* rest), stride))
            }
        }
    };
}

/// `by_stride` on strides known only at run time (never negative: a
/// dynamic leaf is a `usize`, a negative static one is refused while
/// compiling), applied to the leaves: `shape:stride` sorted by stride,
/// ties in index order, as the core's complement orders them.
///
/// A bubble network of adjacent compare-exchanges, unrolled for the rank
/// (at most 11 leaves): each exchange is a pair of selects on registers,
/// no branch, no indexed load, no allocation; exchanging only on a
/// strictly greater stride keeps it stable.
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn sorted_by_stride<const R: usize>(
    mut shape: [usize; R],
    mut stride: [usize; R],
) -> ([usize; R], [usize; R]) {
    for pass in 1..R {
        for j in 0..R - pass {
            let swap = stride[j] > stride[j + 1];
            let (s0, s1, d0, d1) = (shape[j], shape[j + 1], stride[j], stride[j + 1]);
            (shape[j], shape[j + 1]) = if swap { (s1, s0) } else { (s0, s1) };
            (stride[j], stride[j + 1]) = (d0.min(d1), d0.max(d1));
        }
    }
    (shape, stride)
}

for_each_rank!(holes);

#[cfg(test)]
mod copies_tests;
#[cfg(test)]
mod tests;

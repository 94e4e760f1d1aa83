//! The copies of a product of typed values (`product_value.rs`,
//! `product_ranked.rs`, `product_by_mode.rs`): where each copy of `A`
//! starts, CuTe's `composition(complement(A, size(A)·cosize(B)), B)`,
//! from the complement `product_holes.rs` computes (static holes from
//! `product_static.rs` when every leaf is), and the tile `B` a product
//! takes ([`ProductTile`]).
//!
//! The tile types are in `product_copies/tile.rs`, and the folded holes
//! the run-time copies choose among in `product_copies/folds.rs`.

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_folded::TreeStatic;
use crate::__private::compose_run::ComposeWith;
use crate::__private::edit::Leaves;
use crate::__private::layout::Layout;
use crate::__private::leaf_list::LeafList;
use crate::__private::list::IntoTuple;
use crate::__private::product_holes::ProductHoles;
use crate::__private::product_static::ChooseHoles;
use crate::__private::static_complement::{Bit, No};
use crate::__private::tree::{Mode, Tree};

mod folds;
mod tile;

use folds::{compact, filled_hole, fits_hole, whole};
pub(in crate::__private) use folds::{filled_by, fits_in};
pub use tile::{ProductEntry, ProductTile};

/// `copies` of `A` (`Self`) laid out as `B`: `complement(A,
/// size(A)·cosize(B)) ∘ B`, the second mode of `logical_product(A, B)`,
/// in `B`'s nesting with one sub-mode per hole ([`Compose`](crate::__private::Compose)).
#[doc(hidden)]
pub trait ProductCopies<B>: Copy {
    /// Its shape.
    type Shape;
    /// Its stride.
    type Stride;
    /// The layout of where each copy of `A` starts; errors name
    /// `function`; a hole is rounded down as CuTe does (`partial.rs`).
    fn copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
}

/// The complement a product of `Layout<S, D>` takes, computed at run time.
type RunHoles<S, D> = Layout<
    <<S as Leaves>::Out as ProductHoles<<D as Leaves>::Out>>::Shape,
    <<S as Leaves>::Out as ProductHoles<<D as Leaves>::Out>>::Stride,
>;

/// The run-time holes as a product with a `usize` leaf takes them
/// (`ChooseHoles` for [`No`]).
type HolesOf<S, D, B> = <RunHoles<S, D> as ChooseHoles<
    No,
    <S as Leaves>::Out,
    <D as Leaves>::Out,
    TupleOf<<B as ProductTile>::Shape>,
    TupleOf<<B as ProductTile>::Stride>,
>>::Holes;

/// A tree's leaves as a flat tuple.
pub(in crate::__private) type TupleOf<T> = <<T as LeafList>::List as IntoTuple>::Tuple;

/// Which path the copies of `Layout<S, D>` by `B` take: [`Yes`] when every
/// leaf of both is static (`product_static/fold.rs`: the copies named by
/// `B`'s tree, the holes from `const`s), else [`No`] (the holes computed
/// at run time, below).
type CopiesKind<S, D, B> = <<S as TreeStatic>::Is as Bit>::And<
    <<D as TreeStatic>::Is as Bit>::And<
        <<<B as ProductTile>::Shape as TreeStatic>::Is as Bit>::And<
            <<B as ProductTile>::Stride as TreeStatic>::Is,
        >,
    >,
>;

/// [`ProductCopies`] by the path `K` chooses ([`CopiesKind`]).
#[doc(hidden)]
pub trait CopiesWith<B, K>: Copy {
    /// Its shape.
    type Shape;
    /// Its stride.
    type Stride;
    /// As [`ProductCopies::copies`].
    fn copies_with(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
}

impl<S: Mode<D> + TreeStatic, D: Tree + TreeStatic, B: ProductTile> ProductCopies<B>
    for Layout<S, D>
where
    B::Shape: TreeStatic,
    B::Stride: TreeStatic,
    Self: CopiesWith<B, CopiesKind<S, D, B>>,
{
    type Shape = <Self as CopiesWith<B, CopiesKind<S, D, B>>>::Shape;
    type Stride = <Self as CopiesWith<B, CopiesKind<S, D, B>>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        self.copies_with(b, function)
    }
}

// A product with a `usize` leaf: the holes computed at run time.
impl<S: Mode<D> + Leaves, D: Tree + Leaves, B: ProductTile> CopiesWith<B, No> for Layout<S, D>
where
    S::Out: ProductHoles<D::Out>,
    B::Shape: LeafList<List: IntoTuple>,
    B::Stride: LeafList<List: IntoTuple>,
    RunHoles<S, D>: ChooseHoles<No, S::Out, D::Out, TupleOf<B::Shape>, TupleOf<B::Stride>>,
    // The run-time path directly (`ComposeWith` for `No`), not
    // `Compose`: the holes of a product with a `usize` leaf are `usize`
    // leaves, which `Compose` would send there after proving its choice of
    // path, and that extra layer changed their release code (BENCHMARKS.md,
    // "Release code of dynamic products: the holes composed directly").
    HolesOf<S, D, B>: ComposeWith<B::Shape, B::Stride, No>,
{
    type Shape = <HolesOf<S, D, B> as ComposeWith<B::Shape, B::Stride, No>>::Shape;
    type Stride = <HolesOf<S, D, B> as ComposeWith<B::Shape, B::Stride, No>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn copies_with(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        let b = b.tile();
        let cosize = b.cosize();
        let size = self.size();
        let (shape, stride) = (self.shape().leaves(), self.stride().leaves());
        // The rest is left to the copy that needs it (a division, where
        // the holes do not fill `A`): the folded copies know it.
        let (holes, span) = ok_or_return!(shape.product_spans(stride, size, cosize, function));
        let (filled, fits) = (filled_hole(&b), fits_hole(&b));
        // Copies of the walk for dynamic strides: over inner holes known to
        // be 1 (compact, a last hole `B` fills, or any last hole), folded,
        // and general (the same function). (All static, a product takes
        // `product_static/fold.rs` instead.) Matches, not closures: a
        // closure here is a function of its own that LLVM may leave out of
        // line (and merge the copies into one call), and then the unit
        // holes no longer fold. A compact `A` is one whose inner holes are
        // 1 (tested once, here), with its last hole 1 and its span `size`
        // (the rest then `cosize`).
        let composed = match <S::Out as ProductHoles<D::Out>>::unit_inner_holes(holes) {
            Some(unit) => match compact::<S::Out, D::Out>(unit, (size, cosize, span)) {
                Some(compact) => match compact.choose() {
                    Ok(holes) => match holes.compose_with(b) {
                        Ok(d) => return Ok(d.into_parts()),
                        Err(e) => e,
                    },
                    Err(e) => e,
                },
                // A padded `A` whose last hole `B`'s unit-stride leaf
                // fills: that hole and the rest fold too.
                None => match filled_by::<S::Out, D::Out>(unit, (size, cosize, span), filled) {
                    Some(folded) => match folded.choose() {
                        Ok(holes) => match holes.compose_with(b) {
                            Ok(d) => return Ok(d.into_parts()),
                            Err(e) => e,
                        },
                        Err(e) => e,
                    },
                    // A padded `A` whose last hole holds `B` whole: that
                    // hole is written as `cosize(B)`, and folds.
                    None => match fits_in::<S::Out, D::Out>(unit, span, fits) {
                        Some(folded) => match folded.choose() {
                            Ok(holes) => match holes.compose_with(b) {
                                Ok(d) => return Ok(d.into_parts()),
                                Err(e) => e,
                            },
                            Err(e) => e,
                        },
                        None => {
                            match whole::<S::Out, D::Out>(unit, (size, cosize, span)).choose() {
                                Ok(holes) => match holes.compose_with(b) {
                                    Ok(d) => return Ok(d.into_parts()),
                                    Err(e) => e,
                                },
                                Err(e) => e,
                            }
                        }
                    },
                },
            },
            None => match whole::<S::Out, D::Out>(holes, (size, cosize, span)).choose() {
                Ok(holes) => match holes.compose_with(b) {
                    Ok(d) => return Ok(d.into_parts()),
                    Err(e) => e,
                },
                Err(e) => e,
            },
        };
        Err(composed.naming(function))
    }
}

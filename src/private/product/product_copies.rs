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
use crate::__private::compose_run::ComposeWith;
use crate::__private::compose_static::AllStatic;
use crate::__private::edit::Leaves;
use crate::__private::layout::Layout;
use crate::__private::leaf_list::LeafList;
use crate::__private::list::{IntoList, IntoTuple};
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
    /// [`copies`](Self::copies) from the holes computed at run time: a
    /// function of its own, so that an all-static product, which never
    /// calls it, compiles none of it in a debug build.
    fn run_time_copies(
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

/// The complement a product of `Layout<S, D>` by `B` takes: static
/// (`product_static.rs`) when every leaf of both is.
type HolesOf<S, D, B> = <RunHoles<S, D> as ChooseHoles<
    ProductStatics<S, D, B>,
    <S as Leaves>::Out,
    <D as Leaves>::Out,
    TupleOf<<B as ProductTile>::Shape>,
    TupleOf<<B as ProductTile>::Stride>,
>>::Holes;

/// A tree's leaves as a flat tuple (the static holes name `A` and `B` by
/// these: shorter names than lists, `StaticList`).
type TupleOf<T> = <<T as LeafList>::List as IntoTuple>::Tuple;

/// A flat tuple as a type-level list.
type ListOf<T> = <T as IntoList>::List;

/// [`Yes`](crate::__private::Yes) when every leaf of `Layout<S, D>` and of `B` is static.
type ProductStatics<S, D, B> = <<ListOf<<S as Leaves>::Out> as AllStatic>::Is as Bit>::And<
    <<ListOf<<D as Leaves>::Out> as AllStatic>::Is as Bit>::And<
        <<<<B as ProductTile>::Shape as LeafList>::List as AllStatic>::Is as Bit>::And<
            <<<B as ProductTile>::Stride as LeafList>::List as AllStatic>::Is,
        >,
    >,
>;

impl<S: Mode<D> + Leaves, D: Tree + Leaves, B: ProductTile> ProductCopies<B> for Layout<S, D>
where
    S::Out: ProductHoles<D::Out> + IntoList<List: AllStatic>,
    D::Out: IntoList<List: AllStatic>,
    B::Shape: LeafList<List: AllStatic + IntoTuple>,
    B::Stride: LeafList<List: AllStatic + IntoTuple>,
    RunHoles<S, D>:
        ChooseHoles<ProductStatics<S, D, B>, S::Out, D::Out, TupleOf<B::Shape>, TupleOf<B::Stride>>,
    // The run-time path directly (`ComposeWith` for `No`), not
    // `Compose`: the holes of a product with a `usize` leaf are `usize`
    // leaves, which `Compose` would send there after proving its choice of
    // path, and that extra layer changed their release code (BENCHMARKS.md,
    // "Release code of dynamic products: the holes composed directly");
    // static holes implement the same trait (`product_static/fold.rs`).
    HolesOf<S, D, B>: ComposeWith<B::Shape, B::Stride, No>,
{
    type Shape = <HolesOf<S, D, B> as ComposeWith<B::Shape, B::Stride, No>>::Shape;
    type Stride = <HolesOf<S, D, B> as ComposeWith<B::Shape, B::Stride, No>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        // All static: the folded holes, from `const`s, and none of the
        // run-time holes below, which a debug build then does not compile
        // for this product (the branch not taken of an `if const` is not
        // collected: BENCHMARKS.md, "Compile cost of static products: the
        // run-time holes skipped").
        if const {
            <RunHoles<S, D> as ChooseHoles<
                ProductStatics<S, D, B>,
                S::Out,
                D::Out,
                TupleOf<B::Shape>,
                TupleOf<B::Stride>,
            >>::FOLDED
        } {
            return match <RunHoles<S, D> as ChooseHoles<
                ProductStatics<S, D, B>,
                S::Out,
                D::Out,
                TupleOf<B::Shape>,
                TupleOf<B::Stride>,
            >>::folded(function)
            {
                Ok(holes) => match holes.compose_with(b.tile()) {
                    Ok(d) => Ok(d.into_parts()),
                    Err(e) => Err(e.naming(function)),
                },
                Err(e) => Err(e),
            };
        }
        self.run_time_copies(b, function)
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run_time_copies(
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
        // and general (the same function). All static, the holes are
        // static leaves (`product_static.rs`). Matches, not closures: a
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

//! The copies of a product of typed values (`product_value.rs`,
//! `product_ranked.rs`, `product_by_mode.rs`): where each copy of `A`
//! starts, CuTe's `composition(complement(A, size(A)·cosize(B)), B)`,
//! from the complement `product_holes.rs` computes (static holes from
//! `product_static.rs` when every leaf is), and the tile `B` a product
//! takes ([`ProductTile`]).

use super::algebra::AlgebraError;
use super::compose_static::AllStatic;
use super::compose_value::Compose;
use super::edit::Leaves;
use super::int::C;
use super::layout::Layout;
use super::leaf_list::LeafList;
use super::list::{IntoList, IntoTuple};
use super::product_holes::ProductHoles;
use super::product_static::ChooseHoles;
use super::static_complement::Bit;
use super::tree::{Mode, Tree};

/// A product's right operand `B`: a typed layout with `usize` offsets, or
/// an extent `n` (the layout `n:1`, as CuTe's `logical_product(a, n)`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tile of a typed product: a product's tile is a typed `Layout` with `usize` offsets or an extent (`C<N>`, `usize`)"
)]
pub trait ProductTile: Copy {
    /// The tile as a layout.
    type Shape: Mode<Self::Stride>;
    /// Its stride.
    type Stride: Tree;
    /// The tile as a layout.
    fn tile(self) -> Layout<Self::Shape, Self::Stride>;
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree> ProductTile for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<const N: i64> ProductTile for C<N> {
    type Shape = C<N>;
    type Stride = C<1>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Layout<C<N>, C<1>> {
        const { assert!(N >= 0, "a product's tile extent must not be negative") };
        Layout::from_parts(self, C::<1>)
    }
}

#[diagnostic::do_not_recommend]
impl ProductTile for usize {
    type Shape = usize;
    type Stride = C<1>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Layout<usize, C<1>> {
        Layout::from_parts(self, C::<1>)
    }
}

/// `copies` of `A` (`Self`) laid out as `B`: `complement(A,
/// size(A)·cosize(B)) ∘ B`, the second mode of `logical_product(A, B)`,
/// in `B`'s nesting with one sub-mode per hole ([`Compose`]).
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

/// [`Yes`](super::Yes) when every leaf of `Layout<S, D>` and of `B` is static.
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
    HolesOf<S, D, B>: Compose<Layout<B::Shape, B::Stride>>,
{
    type Shape = <HolesOf<S, D, B> as Compose<Layout<B::Shape, B::Stride>>>::Shape;
    type Stride = <HolesOf<S, D, B> as Compose<Layout<B::Shape, B::Stride>>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        let b = b.tile();
        let cosize = b.cosize();
        let (shape, stride) = (self.shape().leaves(), self.stride().leaves());
        let holes = ok_or_return!(shape.product_holes(stride, self.size(), cosize, function));
        // Two copies of the walk for dynamic strides: one over inner holes
        // known to be 1, folded, the other general (the same function). All
        // static, the holes are static leaves (`product_static.rs`).
        // Matches, not closures: a closure here is a function of its own
        // that LLVM may leave out of line (and merge the two copies into
        // one call), and then the unit holes no longer fold.
        // A compact `A` is one whose inner holes are 1 (tested once,
        // here), with its last hole 1 and its rest `cosize`.
        let composed = match <S::Out as ProductHoles<D::Out>>::unit_inner_holes(holes) {
            Some(unit) => match <S::Out as ProductHoles<D::Out>>::compact_holes(unit, cosize) {
                Some(compact) => match compact.choose() {
                    Ok(holes) => match holes.composition(b) {
                        Ok(d) => return Ok(d.into_parts()),
                        Err(e) => e,
                    },
                    Err(e) => e,
                },
                None => match unit.choose() {
                    Ok(holes) => match holes.composition(b) {
                        Ok(d) => return Ok(d.into_parts()),
                        Err(e) => e,
                    },
                    Err(e) => e,
                },
            },
            None => match holes.choose() {
                Ok(holes) => match holes.composition(b) {
                    Ok(d) => return Ok(d.into_parts()),
                    Err(e) => e,
                },
                Err(e) => e,
            },
        };
        Err(renamed(composed, function))
    }
}

/// `e` naming `function` (the product) where the composition named itself.
/// Cold: only a refusal comes here.
#[cold]
#[inline(never)]
pub(super) fn renamed(e: AlgebraError, function: &'static str) -> AlgebraError {
    use AlgebraError as E;
    match e {
        E::Overflow { stride, factor, .. } => E::Overflow {
            function,
            stride,
            factor,
        },
        E::StrideNotDivisible { stride, extent, .. } => E::StrideNotDivisible {
            function,
            stride,
            extent,
        },
        E::ShapeNotDivisible { shape, part, .. } => E::ShapeNotDivisible {
            function,
            shape,
            part,
        },
        E::Carry { reach, extent, .. } => E::Carry {
            function,
            reach,
            extent,
        },
        E::ZeroExtent { .. } => E::ZeroExtent { function },
        E::ProductOverflow { left, right, .. } => E::ProductOverflow {
            function,
            left,
            right,
        },
        other => other,
    }
}

/// An entry of a product's by-mode tiler, as the macro passes a named one
/// (`logical_product(#a, (#s, 2))`): a tile ([`ProductTile`]: a typed
/// layout or an extent), as its layout, or a tuple of entries (a shape
/// nesting as the mode it multiplies, CuTe's `make_tile(make_shape(3, 1),
/// 2)`: by-mode again, [`TileTimes`](super::TileTimes)), entry by entry.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an entry of a typed product's tiler: an entry is a typed `Layout` with `usize` offsets, an extent (`C<N>`, `usize`), or a tuple of entries (a shape, multiplying the mode's sub-modes one by one)"
)]
pub trait ProductEntry: Copy {
    /// The entry as the product takes it.
    type Entry;
    /// The entry as the product takes it.
    fn entry(self) -> Self::Entry;
}

#[diagnostic::do_not_recommend]
impl<T: ProductTile> ProductEntry for T {
    type Entry = Layout<T::Shape, T::Stride>;
    #[inline(always)]
    fn entry(self) -> Self::Entry {
        self.tile()
    }
}

macro_rules! tuple_entries {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($T: ProductEntry),*> ProductEntry for ($($T,)*) {
            type Entry = ($($T::Entry,)*);
            #[inline(always)]
            fn entry(self) -> Self::Entry {
                ($(self.$i.entry(),)*)
            }
        }
    };
}

for_each_rank!(tuple_entries);

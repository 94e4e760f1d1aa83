//! The two steps every product of typed values shares (`product_value.rs`):
//! the complement of `A` up to `size(A)·cosize(B)` under CuTe's
//! rounded-hole rule (`partial.rs`), and its composition with `B`, the
//! layout of where each copy of `A` starts (CuTe's
//! `composition(complement(A, size(A)·cosize(B)), B)`).
//!
//! The complement here is `shape_values.rs`'s (`R` leaves give `R + 1`
//! flat modes in the order of the strides, a leaf of extent 1 or stride 0
//! a hole of extent 1), but a hole whose span does not divide its stride
//! is rounded down once, as CuTe does, and the product is refused unless
//! `B` stays in the copies below it ([`product_fits`]): so the typed-value
//! door answers where `layout!(type logical_product(…))` of written-out
//! layouts answers.

use super::algebra::{AlgebraError, ceil_div};
use super::compose::{product, tri};
use super::compose_static::AllStatic;
use super::compose_value::Compose;
use super::construct::nonzero;
use super::edit::Leaves;
use super::int::{C, Int};
use super::layout::Layout;
use super::leaf_list::LeafList;
use super::list::IntoList;
use super::partial::{Holes, product_fits, product_hole};
use super::product_static::ChooseHoles;
use super::shape_values::by_stride;
use super::static_complement::Bit;
use super::tree::{Mode, Tree};

/// The holes of the leaves `shape:stride` taken in `order` for a product
/// by a `B` of cosize `cosize`: each hole's extent, the stride after each
/// hole, and the rest's extent up to `size·cosize`. A stride the span
/// below it does not divide is rounded down once (partial.rs), and then
/// `B` must reach only the copies below that hole (every product rounds,
/// as every door does).
/// (`const`: the static holes of an all-static product,
/// `product_static.rs`, are this function's answer.)
#[doc(hidden)]
#[inline(always)]
pub const fn product_modes<const R: usize>(
    function: &'static str,
    (shape, stride, order): ([usize; R], [usize; R], [usize; R]),
    size: usize,
    cosize: usize,
) -> Result<([usize; R], [usize; R], usize), AlgebraError> {
    let mut i = 0;
    while i < R {
        tri!(nonzero(function, shape[i]));
        i += 1;
    }
    let cotarget = tri!(product(function, size, cosize));
    let (mut extents, mut next) = ([1; R], [0; R]);
    let (mut span, mut holes) = (1, Holes::new(1));
    let mut k = 0;
    while k < R {
        let (s, d) = (shape[order[k]], stride[order[k]]);
        // The core drops a mode of extent 1 or stride 0: a hole of 1.
        if s != 1 && d != 0 {
            (extents[k], holes) = tri!(product_hole(function, d, span, span, holes));
            span = tri!(product(function, s, d));
        }
        next[k] = span;
        k += 1;
    }
    tri!(product_fits(function, cosize, holes));
    Ok((extents, next, ceil_div(cotarget, span)))
}

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
}

/// `usize`, one per named leaf.
macro_rules! usize_of {
    ($x:ident) => {
        usize
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
            #[inline(always)]
            fn product_holes(
                self,
                stride: ($($D,)*),
                size: usize,
                cosize: usize,
                function: &'static str,
            ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
                $(const { assert!(!matches!($D::STATIC, Some(d) if d < 0), "a product's left layout has a negative stride, which has no complement") };)*
                let strides = [$(stride.$i.get(),)*];
                // Static strides are sorted while compiling; any dynamic
                // one sorts all at run time (every hole is a `usize`, so
                // the order never changes the type).
                let order = if const { true $(&& $D::STATIC.is_some())* } {
                    const { by_stride([$(match $D::STATIC { Some(d) => d, None => 0 },)*]) }
                } else {
                    by_stride_at_run_time(strides)
                };
                let leaves = ([$(self.$i.get(),)*], strides, order);
                let (extents, next, rest) = product_modes(function, leaves, size, cosize)?;
                Ok(Layout::from_parts(($(extents[$i],)* rest), (C::<1>, $(next[$i],)*)))
            }
        }
    };
}

/// `by_stride` on strides known only at run time (never negative: a
/// dynamic leaf is a `usize`, a negative static one is refused while
/// compiling): the leaves' indices sorted by stride, ties by index, as
/// the core's complement orders them. An insertion sort of at most 11
/// leaves, no allocation.
#[doc(hidden)]
#[inline(always)]
pub fn by_stride_at_run_time<const R: usize>(strides: [usize; R]) -> [usize; R] {
    let mut order = [0; R];
    for i in 0..R {
        // Insert leaf i after every leaf of a smaller or equal stride.
        let mut k = i;
        while k > 0 && strides[order[k - 1]] > strides[i] {
            order[k] = order[k - 1];
            k -= 1;
        }
        order[k] = i;
    }
    order
}

for_each_rank!(holes);

/// A product's right operand `B`: a typed layout with `usize` offsets, or
/// an extent `n` (the layout `n:1`, as CuTe's `logical_product(a, n)`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tile of a typed product",
    label = "a product's tile is a typed `Layout` with `usize` offsets or an extent (`C<N>`, `usize`)"
)]
pub trait ProductTile: Copy {
    /// The tile as a layout.
    type Shape: Mode<Self::Stride>;
    /// Its stride.
    type Stride: Tree;
    /// The tile as a layout.
    fn tile(self) -> Layout<Self::Shape, Self::Stride>;
}

impl<S: Mode<D>, D: Tree> ProductTile for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn tile(self) -> Self {
        self
    }
}

impl<const N: i64> ProductTile for C<N> {
    type Shape = C<N>;
    type Stride = C<1>;
    #[inline(always)]
    fn tile(self) -> Layout<C<N>, C<1>> {
        const { assert!(N >= 0, "a product's tile extent must not be negative") };
        Layout::from_parts(self, C::<1>)
    }
}

impl ProductTile for usize {
    type Shape = usize;
    type Stride = C<1>;
    #[inline(always)]
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
    ListOf<<S as Leaves>::Out>,
    ListOf<<D as Leaves>::Out>,
    <<B as ProductTile>::Shape as LeafList>::List,
    <<B as ProductTile>::Stride as LeafList>::List,
>>::Holes;

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
    B::Shape: LeafList<List: AllStatic>,
    B::Stride: LeafList<List: AllStatic>,
    RunHoles<S, D>: ChooseHoles<
            ProductStatics<S, D, B>,
            ListOf<S::Out>,
            ListOf<D::Out>,
            <B::Shape as LeafList>::List,
            <B::Stride as LeafList>::List,
        >,
    HolesOf<S, D, B>: Compose<Layout<B::Shape, B::Stride>>,
{
    type Shape = <HolesOf<S, D, B> as Compose<Layout<B::Shape, B::Stride>>>::Shape;
    type Stride = <HolesOf<S, D, B> as Compose<Layout<B::Shape, B::Stride>>>::Stride;
    #[inline(always)]
    fn copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        let b = b.tile();
        let cosize = b.cosize();
        let (shape, stride) = (self.shape().leaves(), self.stride().leaves());
        let holes = shape.product_holes(stride, self.size(), cosize, function)?;
        match holes.choose().and_then(|holes| holes.composition(b)) {
            Ok(d) => Ok(d.into_parts()),
            Err(e) => Err(renamed(e, function)),
        }
    }
}

/// `e` naming `function` (the product) where the composition named itself.
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

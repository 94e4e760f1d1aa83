//! The two steps every product of typed values shares (`product_value.rs`):
//! the complement of `A` up to `size(A)·cosize(B)` under CuTe's
//! rounded-hole rule (`partial.rs`), and its composition with `B`, the
//! layout of where each copy of `A` starts (CuTe's
//! `composition(complement(A, size(A)·cosize(B)), B)`).
//!
//! The complement here is `shape_values.rs`'s (`R` leaves give `R + 1`
//! flat modes in the order of the strides, a leaf of extent 1 or stride 0
//! a hole of extent 1), but a hole whose span does not divide its stride
//! is rounded down, as CuTe does, and the product is refused unless
//! `B` stays in the copies below the first ([`product_fits`]): so the typed-value
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
/// below it does not divide is rounded down (partial.rs), and then
/// `B` must reach only the copies below the first such hole (every product rounds,
/// as every door does).
/// (`const`: the static holes of an all-static product,
/// `product_static.rs`, are this function's answer.)
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
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
    /// With a dynamic stride, where every hole below the rest is 1 (a
    /// compact `A`, column- or row-major alike), the same complement with
    /// those extents written as the constant 1: the composition after it
    /// then folds as it does for static strides. `None` otherwise, and
    /// always when every stride is static (those holes fold already).
    fn unit_holes(
        holes: Layout<Self::Shape, Self::Stride>,
    ) -> Option<Layout<Self::Shape, Self::Stride>>;
}

/// `usize`, one per named leaf.
macro_rules! usize_of {
    ($x:ident) => {
        usize
    };
}

/// The constant 1, one per named hole.
macro_rules! one {
    ($x:tt) => {
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
            fn product_holes(
                self,
                stride: ($($D,)*),
                size: usize,
                cosize: usize,
                function: &'static str,
            ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
                $(const { assert!(!matches!($D::STATIC, Some(d) if d < 0), "a product's left layout has a negative stride, which has no complement") };)*
                let (shape, strides) = ([$(self.$i.get(),)*], [$(stride.$i.get(),)*]);
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
                let (extents, next, rest) = product_modes(function, leaves, size, cosize)?;
                Ok(Layout::from_parts(($(extents[$i],)* rest), (C::<1>, $(next[$i],)*)))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn unit_holes(
                holes: Layout<Self::Shape, Self::Stride>,
            ) -> Option<Layout<Self::Shape, Self::Stride>> {
                let (($($_c,)* rest), stride) = holes.into_parts();
                if const { true $(&& $D::STATIC.is_some())* } || !(true $(&& $_c == 1)*) {
                    return None;
                }
                Some(Layout::from_parts(($(one!($i),)* rest), stride))
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
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Self {
        self
    }
}

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
        let holes = shape.product_holes(stride, self.size(), cosize, function)?;
        // Two copies of the walk for dynamic strides: one over holes known
        // to be 1, folded, the other general (the same function). All
        // static, the holes are static leaves (`product_static.rs`).
        let composed = match <S::Out as ProductHoles<D::Out>>::unit_holes(holes) {
            Some(unit) => unit.choose().and_then(|holes| holes.composition(b)),
            None => holes.choose().and_then(|holes| holes.composition(b)),
        };
        match composed {
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

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::compose_value::Compose;
    use super::super::int::C;
    use super::super::layout::Layout;
    use super::{ProductHoles, sorted_by_stride};
    use std::vec::Vec;

    /// The folded copy of the walk (holes known to be 1) gives what the
    /// general one gives, the same layout or the same error, for every
    /// `A = (m,n):(s,t)` with unit holes (`m`, `n` in 1..=4, strides up
    /// to 16) by rank-2 `B`s; and it is taken for compact `A`s both ways.
    #[test]
    fn unit_holes_compose_as_the_general_walk() {
        let tiles = [
            (2, 3, 3, 1),
            (2, 2, 1, 2),
            (3, 2, 0, 1),
            (4, 1, 5, 0),
            (1, 1, 0, 0),
        ];
        let mut taken = 0;
        for (m, n, s, t) in (1..=4usize).flat_map(|m| {
            (1..=4)
                .flat_map(move |n| (0..=16).flat_map(move |s| (0..=16).map(move |t| (m, n, s, t))))
        }) {
            for (p, q, u, v) in tiles {
                let b = Layout::from_parts((p, q), (u, v));
                let Ok(holes) = (m, n).product_holes((s, t), m * n, 16, "logical_product") else {
                    continue;
                };
                if let Some(unit) =
                    <(usize, usize) as ProductHoles<(usize, usize)>>::unit_holes(holes)
                {
                    assert_eq!(
                        unit.composition(b),
                        holes.composition(b),
                        "({m},{n}):({s},{t})"
                    );
                    taken += 1;
                }
            }
        }
        assert!(taken > 500, "{taken}");
        let col = (4usize, 5usize)
            .product_holes((1usize, 4usize), 20, 6, "f")
            .unwrap();
        let row = (4usize, 5usize)
            .product_holes((5usize, 1usize), 20, 6, "f")
            .unwrap();
        let unit = <(usize, usize) as ProductHoles<(usize, usize)>>::unit_holes;
        assert!(unit(col).is_some() && unit(row).is_some());
        // Static strides: the holes fold already, no second copy.
        let fixed = (4usize, 5usize)
            .product_holes((C::<1>, C::<4>), 20, 6, "f")
            .unwrap();
        assert!(<(usize, usize) as ProductHoles<(C<1>, C<4>)>>::unit_holes(fixed).is_none());
    }

    /// Every array of up to 5 strides from 0..=3 (ties included): the
    /// network's order is the standard library's stable sort by stride.
    #[test]
    fn sorted_by_stride_is_the_stable_sort() {
        fn check<const R: usize>() {
            for code in 0..4usize.pow(R as u32) {
                let stride: [usize; R] = core::array::from_fn(|i| code / 4usize.pow(i as u32) % 4);
                let shape: [usize; R] = core::array::from_fn(|i| 10 + i);
                let mut expected: Vec<(usize, usize)> = shape.into_iter().zip(stride).collect();
                expected.sort_by_key(|&(_, d)| d);
                let (s, d) = sorted_by_stride(shape, stride);
                let got: Vec<(usize, usize)> = s.into_iter().zip(d).collect();
                assert_eq!(got, expected, "strides {stride:?}");
            }
        }
        check::<0>();
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<5>();
    }
}

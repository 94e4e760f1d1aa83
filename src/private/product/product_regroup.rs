//! `tiled_product`'s and `flat_product`'s regrouping of a product by one
//! tile (`product_value.rs`): `A`'s shape and stride and the copies' shape
//! and stride, regrouped as the two products' top modes.
//!
//! One impl per pair of top-level ranks, each with no bound: proving that a
//! product can be regrouped is one obligation matched by one impl. The
//! regrouping was a walk over type-level lists (`Unpack` of each part,
//! `Chain`, `IntoTuple`), whose bounds sat on `Product`'s impl and so were
//! proven for every `logical_product` and `zipped_product` too, over the
//! copies' long types (BENCHMARKS.md, "Compile cost of static products:
//! the regrouping in one step").

use crate::__private::int::C;

/// The top modes of `tiled_product` and `flat_product` from `A`'s shape
/// (`Self`) and stride (`D`) and the copies' shape (`XS`) and stride
/// (`XD`): tiled `(A, copy modes…)`, flat `(A's modes…, copy modes…)`.
///
/// A part that is a leaf or a tuple of one mode is one mode, kept whole
/// (CuTe slices it with a plain `_`); a tuple of two or more gives its
/// elements. Implemented where the flat result has at most
/// [`MAX_RANK`](crate::__private::MAX_RANK) modes, the ranks of before.
#[doc(hidden)]
pub trait Regroup<D, XS, XD>: Sized {
    /// `tiled_product`'s shape.
    type TiledS;
    /// `tiled_product`'s stride.
    type TiledD;
    /// `flat_product`'s shape.
    type FlatS;
    /// `flat_product`'s stride.
    type FlatD;
    /// `tiled_product`'s shape and stride.
    fn tiled(self, d: D, xs: XS, xd: XD) -> (Self::TiledS, Self::TiledD);
    /// `flat_product`'s shape and stride.
    fn flat(self, d: D, xs: XS, xd: XD) -> (Self::FlatS, Self::FlatD);
}

/// The impls for one form of `A` (`[generics] Shape, Stride, the patterns
/// that bind its modes, [mode: type, stride: type]…`) and every rank of
/// the copies from the length of the list given (pairs of a shape and a
/// stride name) down to 2, then the copies as a tuple of one.
macro_rules! regroup_copies {
    ($a:tt; $X:ident $Y:ident) => {
        regroup_one!($a; $X $Y);
    };
    ($a:tt; $X:ident $Y:ident $($rest:ident)+) => {
        regroup_impl!($a; $X $Y $($rest)+);
        regroup_copies!($a; $($rest)+);
    };
}

/// The copies of two or more modes: each a top mode of the result.
macro_rules! regroup_impl {
    (
        [[$($g:tt)*] $S:ty, $D:ty, $sp:pat, $dp:pat, [$($a:ident: $AT:ty, $d:ident: $DT:ty),*]];
        $($X:ident $Y:ident)*
    ) => {
        impl<$($g)* $($X, $Y,)*> Regroup<$D, ($($X,)*), ($($Y,)*)> for $S {
            type TiledS = ($S, $($X,)*);
            type TiledD = ($D, $($Y,)*);
            type FlatS = ($($AT,)* $($X,)*);
            type FlatD = ($($DT,)* $($Y,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(non_snake_case)]
            fn tiled(
                self,
                d: $D,
                xs: ($($X,)*),
                xd: ($($Y,)*),
            ) -> (Self::TiledS, Self::TiledD) {
                let ($($X,)*) = xs;
                let ($($Y,)*) = xd;
                ((self, $($X,)*), (d, $($Y,)*))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(non_snake_case)]
            fn flat(
                self,
                d: $D,
                xs: ($($X,)*),
                xd: ($($Y,)*),
            ) -> (Self::FlatS, Self::FlatD) {
                let $sp = self;
                let $dp = d;
                let ($($X,)*) = xs;
                let ($($Y,)*) = xd;
                (($($a,)* $($X,)*), ($($d,)* $($Y,)*))
            }
        }
    };
}

/// The copies as a tuple of one mode: that tuple, whole, is one top mode.
macro_rules! regroup_one {
    (
        [[$($g:tt)*] $S:ty, $D:ty, $sp:pat, $dp:pat, [$($a:ident: $AT:ty, $d:ident: $DT:ty),*]];
        $X:ident $Y:ident
    ) => {
        impl<$($g)* $X, $Y> Regroup<$D, ($X,), ($Y,)> for $S {
            type TiledS = ($S, ($X,));
            type TiledD = ($D, ($Y,));
            type FlatS = ($($AT,)* ($X,));
            type FlatD = ($($DT,)* ($Y,));
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn tiled(self, d: $D, xs: ($X,), xd: ($Y,)) -> (Self::TiledS, Self::TiledD) {
                ((self, xs), (d, xd))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(non_snake_case)]
            fn flat(self, d: $D, xs: ($X,), xd: ($Y,)) -> (Self::FlatS, Self::FlatD) {
                let $sp = self;
                let $dp = d;
                (($($a,)* xs), ($($d,)* xd))
            }
        }
    };
}

/// `A` kept whole (a leaf, or a tuple of one mode): one mode.
macro_rules! regroup_whole {
    ([$($g:tt)*] $S:ty, $D:ty) => {
        regroup_copies!(
            [[$($g)*] $S, $D, SA, SD, [SA: $S, SD: $D]];
            X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4 Y4 X5 Y5 X6 Y6 X7 Y7 X8 Y8 X9 Y9 X10 Y10
        );
    };
}

regroup_whole!([const N: i64, SD,] C<N>, SD);
regroup_whole!([SD,] usize, SD);
regroup_whole!([A0, D0,](A0,), (D0,));

/// `A` a tuple of two or more modes, each a top mode of `flat_product`;
/// the copies from `12 − rank(A)` modes down.
macro_rules! regroup_tuple {
    ([$($A:ident $D:ident)*]; $($x:ident)*) => {
        regroup_copies!(
            [[$($A, $D,)*] ($($A,)*), ($($D,)*), ($($A,)*), ($($D,)*), [$($A: $A, $D: $D),*]];
            $($x)*
        );
    };
}

regroup_tuple!([A0 D0 A1 D1];
    X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4 Y4 X5 Y5 X6 Y6 X7 Y7 X8 Y8 X9 Y9);
regroup_tuple!([A0 D0 A1 D1 A2 D2];
    X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4 Y4 X5 Y5 X6 Y6 X7 Y7 X8 Y8);
regroup_tuple!([A0 D0 A1 D1 A2 D2 A3 D3];
    X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4 Y4 X5 Y5 X6 Y6 X7 Y7);
regroup_tuple!([A0 D0 A1 D1 A2 D2 A3 D3 A4 D4];
    X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4 Y4 X5 Y5 X6 Y6);
regroup_tuple!([A0 D0 A1 D1 A2 D2 A3 D3 A4 D4 A5 D5];
    X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4 Y4 X5 Y5);
regroup_tuple!([A0 D0 A1 D1 A2 D2 A3 D3 A4 D4 A5 D5 A6 D6];
    X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4 Y4);
regroup_tuple!([A0 D0 A1 D1 A2 D2 A3 D3 A4 D4 A5 D5 A6 D6 A7 D7];
    X0 Y0 X1 Y1 X2 Y2 X3 Y3);
regroup_tuple!([A0 D0 A1 D1 A2 D2 A3 D3 A4 D4 A5 D5 A6 D6 A7 D7 A8 D8];
    X0 Y0 X1 Y1 X2 Y2);
regroup_tuple!([A0 D0 A1 D1 A2 D2 A3 D3 A4 D4 A5 D5 A6 D6 A7 D7 A8 D8 A9 D9];
    X0 Y0 X1 Y1);
regroup_tuple!([A0 D0 A1 D1 A2 D2 A3 D3 A4 D4 A5 D5 A6 D6 A7 D7 A8 D8 A9 D9 A10 D10];
    X0 Y0);

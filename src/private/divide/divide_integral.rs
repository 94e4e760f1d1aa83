//! The divides of a typed layout by an integral tiler, as CuTe's
//! `logical_divide(layout, Int<4>{})`: an integer tiler `N` is the layout
//! `N:1` (CuTe's `is_integral<Tiler>` branch makes it with `make_layout`),
//! a divide by a layout divides the *whole* layout (not its first mode),
//! `composition(layout, make_layout(N:1, complement(N:1, size(layout))))`,
//! and that tiler is `(N, ⌈size/N⌉):(1, N)` (the complement of `N:1` up
//! to the size is one mode of stride `N`). So
//!
//! ```text
//! logical_divide(A, N) = A ∘ (N, ⌈size(A)/N⌉):(1, N)
//! ```
//!
//! computed by the facade's [`Compose`] (whose nesting is one sub-mode per
//! leaf of `A` in each of the two modes, a leaf where `A` is one: CuTe's
//! nesting for a layout with dynamic leaves, g++ on CUTLASS printing
//! `logical_divide((m,_16):(_1,m), _4{})` as `((4,1),(2,16)):((_1,8),(_4,8))`
//! at `m = 8`; an all-static `A` CuTe coalesces first, `(_4,_32):(_1,_4)`
//! for `(_8,_16):(_1,_8)`, which a type cannot follow on stable Rust: it
//! is chosen by comparing the leaves' values, `generic_const_exprs`; the
//! same function at every index). `zipped_divide` is `logical_divide`
//! (CuTe's `zip2_by` of a non-tuple tiler is the identity), `tiled_divide`
//! unpacks the rest's modes and `flat_divide` both parts' (CuTe's
//! `result(_, repeat<R1>(_))` and `result(repeat<R0>(_), repeat<R1>(_))`:
//! a leaf, or a tuple of one mode, stays whole).
//!
//! Where the composition has no layout the walk can give, the result is
//! [`Compose`]'s error naming the values (never a layout that differs from
//! the core's), as for any typed composition.

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_value::Compose;
use crate::__private::divide::Divide;
use crate::__private::int::{C, Int};
use crate::__private::layout::Layout;
use crate::__private::leaf_list::LeafList;
use crate::__private::list::{Chain, Cons, IntoTuple};
use crate::__private::list::{IntoList, Nil};
use crate::__private::product_value::{Lift, Tup};
use crate::__private::shape_size::{FromSize, ListSize, SizeOf};
use crate::__private::static_int::CeilBy;
use crate::__private::tree::{Mode, Tree};

/// The layout CuTe divides by for the integral tiler `T` (`C<N>` or a
/// `usize`) over a layout of shape `S`: `(T, ⌈size(S)/T⌉):(1, T)` (static
/// where the size and the tile are).
pub type ExtentTiler<S, T> = Layout<(T, <SizeOf<S> as RestOf<T>>::Out), (C<1>, T)>;

/// The rest's extent `⌈Self/T⌉` of a size leaf `Self` by an integral tile
/// `T`: static where both are; a dynamic tile of 0 is an error.
#[doc(hidden)]
pub trait RestOf<T>: Int {
    /// The rest's extent leaf.
    type Out: Int;
    /// `⌈self/tile⌉`.
    fn rest_of(self, tile: T, function: &'static str) -> Result<Self::Out, AlgebraError>;
}

impl<Z: CeilBy<C<N>>, const N: i64> RestOf<C<N>> for Z {
    type Out = Z::Out;
    #[inline(always)]
    fn rest_of(self, _: C<N>, _: &'static str) -> Result<Z::Out, AlgebraError> {
        Ok(self.ceil_by())
    }
}

impl<Z: Int> RestOf<usize> for Z {
    type Out = usize;
    #[inline(always)]
    fn rest_of(self, tile: usize, function: &'static str) -> Result<usize, AlgebraError> {
        match tile {
            0 => Err(AlgebraError::ZeroExtent { function }),
            _ => Ok(self.get().div_ceil(tile)),
        }
    }
}

/// The two modes of a divide's result (the tile and the rest).
#[doc(hidden)]
pub trait Halves {
    /// The tile's tree.
    type Tile;
    /// The rest's tree.
    type Rest;
    /// Both trees.
    fn halves(self) -> (Self::Tile, Self::Rest);
}

impl<T, R> Halves for (T, R) {
    type Tile = T;
    type Rest = R;
    #[inline(always)]
    fn halves(self) -> (T, R) {
        self
    }
}

/// The top-level modes of the tree `X` (`Self` its shape, which decides),
/// as CuTe's `repeat<R>(_)` slices them: a leaf of any leaf type (`C<N>`,
/// a folded `Prod`, a `usize`) or a tuple of one mode is one mode, kept
/// whole, else the tuple's elements (product_value.rs's `Unpack`, which
/// takes only `C<N>` and `usize` leaves; the composition's leaves may be
/// folded ones).
#[doc(hidden)]
pub trait Unpack<X> {
    /// The list of modes.
    type List;
    /// The list of modes.
    fn unpack(x: X) -> Self::List;
}

impl<S: Int, X> Unpack<X> for S {
    type List = Cons<X, Nil>;
    #[inline(always)]
    fn unpack(x: X) -> Cons<X, Nil> {
        Cons(x, Nil)
    }
}

macro_rules! tuple_unpack {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $_b:ident $_c:ident))*) => {
        impl<$($S,)* X: IntoList<List: Lift>> Unpack<X> for ($($S,)*) {
            type List = <X::List as Lift>::Out;
            #[inline(always)]
            fn unpack(x: X) -> Self::List {
                x.into_list().lift()
            }
        }
    };
}

for_each_rank!(tuple_unpack);

/// `A ∘` [`ExtentTiler`]: the shape and the stride of `logical_divide(A, N)`.
type DivS<S, D, T> = <Layout<S, D> as Compose<ExtentTiler<S, T>>>::Shape;
type DivD<S, D, T> = <Layout<S, D> as Compose<ExtentTiler<S, T>>>::Stride;
/// The tile's and the rest's shape and stride.
type TileS<S, D, T> = <DivS<S, D, T> as Halves>::Tile;
type RestS<S, D, T> = <DivS<S, D, T> as Halves>::Rest;
type TileD<S, D, T> = <DivD<S, D, T> as Halves>::Tile;
type RestD<S, D, T> = <DivD<S, D, T> as Halves>::Rest;
/// `tiled_divide`'s top modes: the tile, then the rest's lifted modes.
type TiledTop<X, R, XR> = Tup<Cons<X, <R as Unpack<XR>>::List>>;
/// `flat_divide`'s top modes: both parts' lifted modes.
type FlatTop<T, XT, R, XR> = Tup<<<T as Unpack<XT>>::List as Chain<<R as Unpack<XR>>::List>>::Out>;

/// CuTe's four divides by an integral tiler, `C<N>` or a `usize` `n` (the
/// layout `n:1`; a tile of 0 is an error): the module's doc. One impl
/// each (`Divide<T>` for any `T` would meet the by-mode tilers' impls).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Divide};
/// let m = 8;
/// let a = layout!(type (m,16):(1,m));
/// // CuTe: ((4,1),(2,16)):((_1,8),(_4,8)); the same leaves (0 where an
/// // extent-1 leaf's stride is CuTe's 8).
/// let d = a.logical_divide(C::<4>).unwrap();
/// assert_eq!(d.to_string(), "((4,1),(2,16)):((1,0),(4,8))");
/// assert_eq!(a.tiled_divide(C::<4>).unwrap().to_string(), "((4,1),2,16):((1,0),4,8)");
/// assert_eq!(a.flat_divide(C::<4>).unwrap().to_string(), "(4,1,2,16):(1,0,4,8)");
/// // A leaf: the tile and the rest, as CuTe's `(_4,2):(_3,_12)`.
/// let leaf = layout!(type m:3).zipped_divide(C::<4>).unwrap();
/// assert_eq!(leaf.to_string(), "(4,2):(3,12)");
/// // A dynamic tile: CuTe's `((4,1),(2,16)):((_1,8),(4,8))` at `k = 4`.
/// let k = 4;
/// assert_eq!(a.logical_divide(k).unwrap().to_string(), d.to_string());
/// assert!(a.logical_divide(0usize).is_err());
/// ```
macro_rules! integral_divide {
    ([$($g:tt)*] $T:ty) => {
#[diagnostic::do_not_recommend]
impl<S, D, $($g)*> Divide<$T> for Layout<S, D>
where
    S: Mode<D> + LeafList<List: ListSize>,
    D: Tree,
    SizeOf<S>: RestOf<$T>,
    Layout<S, D>: Compose<ExtentTiler<S, $T>>,
    DivS<S, D, $T>: Halves,
    DivD<S, D, $T>: Halves,
    RestS<S, D, $T>: Unpack<RestS<S, D, $T>> + Unpack<RestD<S, D, $T>>,
    TileS<S, D, $T>: Unpack<TileS<S, D, $T>> + Unpack<TileD<S, D, $T>>,
    Cons<TileS<S, D, $T>, <RestS<S, D, $T> as Unpack<RestS<S, D, $T>>>::List>: IntoTuple,
    Cons<TileD<S, D, $T>, <RestS<S, D, $T> as Unpack<RestD<S, D, $T>>>::List>: IntoTuple,
    <TileS<S, D, $T> as Unpack<TileS<S, D, $T>>>::List:
        Chain<<RestS<S, D, $T> as Unpack<RestS<S, D, $T>>>::List, Out: IntoTuple>,
    <TileS<S, D, $T> as Unpack<TileD<S, D, $T>>>::List:
        Chain<<RestS<S, D, $T> as Unpack<RestD<S, D, $T>>>::List, Out: IntoTuple>,
{
    type Logical = Layout<DivS<S, D, $T>, DivD<S, D, $T>>;
    type Zipped = Self::Logical;
    type Tiled = Layout<
        TiledTop<TileS<S, D, $T>, RestS<S, D, $T>, RestS<S, D, $T>>,
        TiledTop<TileD<S, D, $T>, RestS<S, D, $T>, RestD<S, D, $T>>,
    >;
    type Flat = Layout<
        FlatTop<TileS<S, D, $T>, TileS<S, D, $T>, RestS<S, D, $T>, RestS<S, D, $T>>,
        FlatTop<TileS<S, D, $T>, TileD<S, D, $T>, RestS<S, D, $T>, RestD<S, D, $T>>,
    >;

    #[inline]
    fn logical_divide(&self, t: $T) -> Result<Self::Logical, AlgebraError> {
        divided::<S, D, $T>(self, t, "logical_divide")
    }

    #[inline]
    fn zipped_divide(&self, t: $T) -> Result<Self::Zipped, AlgebraError> {
        divided::<S, D, $T>(self, t, "zipped_divide")
    }

    #[inline]
    fn tiled_divide(&self, t: $T) -> Result<Self::Tiled, AlgebraError> {
        let (shape, stride) = ok_or_return!(divided::<S, D, $T>(self, t, "tiled_divide")).into_parts();
        let ((ts, rs), (td, rd)) = (shape.halves(), stride.halves());
        let shape = Cons(ts, <RestS<S, D, $T> as Unpack<_>>::unpack(rs));
        let stride = Cons(td, <RestS<S, D, $T> as Unpack<_>>::unpack(rd));
        Ok(Layout::from_parts(shape.into_tuple(), stride.into_tuple()))
    }

    #[inline]
    fn flat_divide(&self, t: $T) -> Result<Self::Flat, AlgebraError> {
        let (shape, stride) = ok_or_return!(divided::<S, D, $T>(self, t, "flat_divide")).into_parts();
        let ((ts, rs), (td, rd)) = (shape.halves(), stride.halves());
        let tile_s = <TileS<S, D, $T> as Unpack<_>>::unpack(ts);
        let tile_d = <TileS<S, D, $T> as Unpack<_>>::unpack(td);
        let shape = tile_s.concat(<RestS<S, D, $T> as Unpack<_>>::unpack(rs));
        let stride = tile_d.concat(<RestS<S, D, $T> as Unpack<_>>::unpack(rd));
        Ok(Layout::from_parts(shape.into_tuple(), stride.into_tuple()))
    }
}
    };
}

integral_divide!([const N: i64] C<N>);
integral_divide!([] usize);

/// `A ∘ (T, ⌈size(A)/T⌉):(1, T)`.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn divided<S, D, T: Int>(
    a: &Layout<S, D>,
    tile: T,
    function: &'static str,
) -> Result<Layout<DivS<S, D, T>, DivD<S, D, T>>, AlgebraError>
where
    S: Mode<D> + LeafList<List: ListSize>,
    D: Tree,
    SizeOf<S>: RestOf<T>,
    Layout<S, D>: Compose<ExtentTiler<S, T>>,
{
    let size = <SizeOf<S> as FromSize>::from_size(a.size());
    let rest = ok_or_return!(size.rest_of(tile, function));
    // The composition checks `A`, the tiler and the result against the
    // core's `i64` (fits_value.rs); its refusal names the divide.
    match a.composition(Layout::from_parts((tile, rest), (C::<1>, tile))) {
        Err(e @ AlgebraError::OffsetsOverflow { .. }) => Err(e.naming(function)),
        other => other,
    }
}

/// The offsets of a layout an integral tiler divides (the facade's
/// [`Compose`] takes it on the left): `usize`. Asked of the named layout's
/// offsets at its token before the divide (`layout!` calls
/// [`IntegralOffsets::layout`], the trait's own function, so that no
/// "required by a bound" note points here), so that a layout of `isize`
/// offsets is one error there, in words, not the list of `Divide`'s impls.
#[diagnostic::on_unimplemented(
    message = "a layout with `{Self}` offsets cannot be divided by an integral tiler: the divide composes it with `(N, size/N):(1, N)`, and a typed composition takes layouts with `usize` offsets (no negative stride)"
)]
pub trait IntegralOffsets: Sized {
    /// The layout, its offsets `usize`.
    fn layout<S, D>(l: &Layout<S, D, Self>) -> &Layout<S, D>;
}

#[diagnostic::do_not_recommend]
impl IntegralOffsets for usize {
    #[inline(always)]
    fn layout<S, D>(l: &Layout<S, D>) -> &Layout<S, D> {
        l
    }
}

//! [`Product`] by a by-mode tiler (`product_value.rs` has the trait and
//! the product by one tile): CuTe's `transform_layout`, mode `i` of `A`
//! times tile `i`, the modes past the tiler kept, walked as type-level
//! lists of `A`'s modes and the tiles, then regrouped.

use crate::__private::algebra::AlgebraError;
use crate::__private::edit::AsModes;
use crate::__private::fits_value::{FitsCore, Role, checked};
use crate::__private::layout::Layout;
use crate::__private::list::{Chain, Cons, IntoList, IntoTuple, Nil};
use crate::__private::product_copies::{ProductCopies, ProductTile};
use crate::__private::product_value::{CopiesD, CopiesS, Lift, Product, Tup};
use crate::__private::tree::{Mode, Tree};

/// A by-mode product over the lists of `A`'s top-level modes (`Self`,
/// strides `AD`) and of the tiles (`T`): the tiled modes `(A_i, D_i)`,
/// then the modes past the tiler as they are; and the two parts
/// `zipped_product` gathers, `(A_0, …)` and `(D_0, …, A_k, …)`.
#[doc(hidden)]
pub trait ByModeProduct<AD, T>: Copy {
    /// `logical_product`'s top-level shapes.
    type LogicalS;
    /// `logical_product`'s top-level strides.
    type LogicalD;
    /// The tiled modes' shapes.
    type FirstS;
    /// The tiled modes' strides.
    type FirstD;
    /// The copies' shapes, then the modes past the tiler.
    type SecondS;
    /// Their strides.
    type SecondD;
    /// The six lists.
    fn by_mode(
        self,
        d: AD,
        t: T,
        function: &'static str,
    ) -> Result<ByModeLists<Self, AD, T>, AlgebraError>;
}

/// The six lists of a [`ByModeProduct`] `M` (strides `AD`, tiles `T`).
type ByModeLists<M, AD, T> = (
    <M as ByModeProduct<AD, T>>::LogicalS,
    <M as ByModeProduct<AD, T>>::LogicalD,
    <M as ByModeProduct<AD, T>>::FirstS,
    <M as ByModeProduct<AD, T>>::FirstD,
    <M as ByModeProduct<AD, T>>::SecondS,
    <M as ByModeProduct<AD, T>>::SecondD,
);

impl<AS: Copy, AD: Copy> ByModeProduct<AD, Nil> for AS {
    type LogicalS = AS;
    type LogicalD = AD;
    type FirstS = Nil;
    type FirstD = Nil;
    type SecondS = AS;
    type SecondD = AD;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn by_mode(
        self,
        d: AD,
        _: Nil,
        _: &'static str,
    ) -> Result<(AS, AD, Nil, Nil, AS, AD), AlgebraError> {
        Ok((self, d, Nil, Nil, self, d))
    }
}

impl<S0, RS, D0, RD, T0, RT> ByModeProduct<Cons<D0, RD>, Cons<T0, RT>> for Cons<S0, RS>
where
    T0: TileTimes<S0, D0>,
    S0: Copy,
    RS: ByModeProduct<RD, RT>,
    Cons<S0, RS>: Copy,
    Cons<D0, RD>: Copy,
{
    type LogicalS = Cons<T0::LogicalS, RS::LogicalS>;
    type LogicalD = Cons<T0::LogicalD, RS::LogicalD>;
    type FirstS = Cons<T0::FirstS, RS::FirstS>;
    type FirstD = Cons<T0::FirstD, RS::FirstD>;
    type SecondS = Cons<T0::SecondS, RS::SecondS>;
    type SecondD = Cons<T0::SecondD, RS::SecondD>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn by_mode(
        self,
        d: Cons<D0, RD>,
        t: Cons<T0, RT>,
        function: &'static str,
    ) -> Result<ByModeLists<Self, Cons<D0, RD>, Cons<T0, RT>>, AlgebraError> {
        // Mode i of A times tile i (CuTe's `transform_layout`).
        let (l_s, l_d, f_s, f_d, s_s, s_d) = ok_or_return!(t.0.times(self.0, d.0, function));
        let (ls, ld, fs, fd, ss, sd) = ok_or_return!(self.1.by_mode(d.1, t.1, function));
        Ok((
            Cons(l_s, ls),
            Cons(l_d, ld),
            Cons(f_s, fs),
            Cons(f_d, fd),
            Cons(s_s, ss),
            Cons(s_d, sd),
        ))
    }
}

/// What [`TileTimes::times`] gives: the mode's parts of `logical_product`
/// and of `zipped_product`'s two modes, shapes and strides.
pub type Parts<T, S, D> = Result<
    (
        <T as TileTimes<S, D>>::LogicalS,
        <T as TileTimes<S, D>>::LogicalD,
        <T as TileTimes<S, D>>::FirstS,
        <T as TileTimes<S, D>>::FirstD,
        <T as TileTimes<S, D>>::SecondS,
        <T as TileTimes<S, D>>::SecondD,
    ),
    AlgebraError,
>;

/// A tile (`Self`) times one mode of `A` (`S`, stride `D`), as CuTe's
/// `logical_product(mode, tile)` inside `transform_layout`: a layout or an
/// extent gives `(mode, copies)`; a tuple of tiles (CuTe's tiler nesting a
/// shape, `make_tile(make_shape(3, 1), 2)`) is by-mode again over the
/// mode's sub-modes, its parts as [`ByModeProduct`]'s, as tuples (CuTe's
/// `zip2_by` splits each level so). The tile is `Self` so that rustc,
/// asking of a tile it does not know yet, stops there rather than trying
/// tuples of tuples of it.
#[doc(hidden)]
pub trait TileTimes<S, D> {
    /// The mode's part of `logical_product`.
    type LogicalS;
    /// Its strides.
    type LogicalD;
    /// The mode's part of the first mode of `zipped_product`.
    type FirstS;
    /// Its strides.
    type FirstD;
    /// The mode's part of the second mode of `zipped_product`.
    type SecondS;
    /// Its strides.
    type SecondD;
    /// The six parts.
    fn times(self, s: S, d: D, function: &'static str) -> Parts<Self, S, D>;
}

impl<S: Mode<D>, D: Tree, T: ProductTile> TileTimes<S, D> for T
where
    Layout<S, D>: ProductCopies<T>,
    CopiesS<S, D, T>: Copy,
    CopiesD<S, D, T>: Copy,
{
    type LogicalS = (S, CopiesS<S, D, T>);
    type LogicalD = (D, CopiesD<S, D, T>);
    type FirstS = S;
    type FirstD = D;
    type SecondS = CopiesS<S, D, T>;
    type SecondD = CopiesD<S, D, T>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn times(self, s: S, d: D, function: &'static str) -> Parts<Self, S, D> {
        let (xs, xd) = ok_or_return!(Layout::from_parts(s, d).copies(self, function));
        Ok(((s, xs), (d, xd), s, d, xs, xd))
    }
}

/// `A`'s top-level modes (`S` its shape or `D` its stride) as a list.
type ModesOf<S> = <<S as AsModes>::Modes as IntoList>::List;

/// The by-mode walk of a layout by the tiler `T` (a tuple): the
/// [`ByModeProduct`] of its top-level modes by the tiles.
#[doc(hidden)]
pub trait ProductWalk<T> {
    /// The layout's top-level shapes, as a list.
    type Modes: ByModeProduct<Self::Strides, Self::Tiles>;
    /// Its top-level strides, as a list.
    type Strides;
    /// The tiles, as a list.
    type Tiles;
    /// The six lists.
    fn walk(&self, tiler: T, function: &'static str) -> Result<Walked<Self, T>, AlgebraError>;
}

/// The six lists of the walk `W` ([`ProductWalk`]) by `T`.
type Walked<W, T> = ByModeLists<
    <W as ProductWalk<T>>::Modes,
    <W as ProductWalk<T>>::Strides,
    <W as ProductWalk<T>>::Tiles,
>;

impl<S, D, T: IntoList> ProductWalk<T> for Layout<S, D>
where
    S: Mode<D> + AsModes<Modes: IntoList>,
    D: Tree + AsModes<Modes: IntoList>,
    ModesOf<S>: ByModeProduct<ModesOf<D>, T::List>,
{
    type Modes = ModesOf<S>;
    type Strides = ModesOf<D>;
    type Tiles = T::List;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk(&self, tiler: T, function: &'static str) -> Result<Walked<Self, T>, AlgebraError> {
        let (shape, stride) = self.into_parts();
        let (a, d) = (shape.as_modes().into_list(), stride.as_modes().into_list());
        a.by_mode(d, tiler.into_list(), function)
    }
}

/// One of the six lists of the walk of `Layout<S, D>` by `T`.
macro_rules! walked {
    ($item:ident, $S:ty, $D:ty, $T:ty) => {
        <<Layout<$S, $D> as ProductWalk<$T>>::Modes as ByModeProduct<
            <Layout<$S, $D> as ProductWalk<$T>>::Strides,
            <Layout<$S, $D> as ProductWalk<$T>>::Tiles,
        >>::$item
    };
}

/// A mode (`S`, stride `D`) times a tuple of tiles: by-mode again over its
/// sub-modes ([`TileTimes`]), each part a tuple.
macro_rules! nested_tiles {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        nested_tiles_impl!([$($T)*] ($($T,)*));
    };
}

macro_rules! nested_tiles_impl {
    ([$($T:ident)*] $Tu:ty) => {
        impl<S: Mode<D>, D: Tree, $($T,)*> TileTimes<S, D> for $Tu
        where
            Layout<S, D>: ProductWalk<$Tu>,
            Ls<S, D, $Tu>: IntoTuple<Tuple: Copy>,
            Ld<S, D, $Tu>: IntoTuple<Tuple: Copy>,
            Fs<S, D, $Tu>: IntoTuple<Tuple: Copy>,
            Fd<S, D, $Tu>: IntoTuple<Tuple: Copy>,
            Ss<S, D, $Tu>: IntoTuple<Tuple: Copy>,
            Sd<S, D, $Tu>: IntoTuple<Tuple: Copy>,
        {
            type LogicalS = Tup<Ls<S, D, $Tu>>;
            type LogicalD = Tup<Ld<S, D, $Tu>>;
            type FirstS = Tup<Fs<S, D, $Tu>>;
            type FirstD = Tup<Fd<S, D, $Tu>>;
            type SecondS = Tup<Ss<S, D, $Tu>>;
            type SecondD = Tup<Sd<S, D, $Tu>>;
            #[inline]
            fn times(
                self,
                s: S,
                d: D,
                function: &'static str,
            ) -> Parts<Self, S, D> {
                let (ls, ld, fs, fd, ss, sd) =
                    ok_or_return!(Layout::from_parts(s, d).walk(self, function));
                Ok((
                    ls.into_tuple(),
                    ld.into_tuple(),
                    fs.into_tuple(),
                    fd.into_tuple(),
                    ss.into_tuple(),
                    sd.into_tuple(),
                ))
            }
        }
    };
}

for_each_rank!(nested_tiles);

type Ls<S, D, T> = walked!(LogicalS, S, D, T);
type Ld<S, D, T> = walked!(LogicalD, S, D, T);
type Fs<S, D, T> = walked!(FirstS, S, D, T);
type Fd<S, D, T> = walked!(FirstD, S, D, T);
type Ss<S, D, T> = walked!(SecondS, S, D, T);
type Sd<S, D, T> = walked!(SecondD, S, D, T);
/// A list of modes as the top of a result.
type Lifted<L> = <L as Lift>::Out;

macro_rules! by_mode {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        by_mode_impl!([$($T)*] ($($T,)*));
    };
}

macro_rules! by_mode_impl {
    ([$($T:ident)*] $Tu:ty) => {
        #[diagnostic::do_not_recommend]
        impl<S: Mode<D>, D: Tree, $($T,)*> Product<$Tu> for Layout<S, D>
        where
            Self: ProductWalk<$Tu>,
            Ls<S, D, $Tu>: IntoTuple,
            Ld<S, D, $Tu>: IntoTuple,
            Fs<S, D, $Tu>: IntoTuple + Lift<Out: Chain<Lifted<Ss<S, D, $Tu>>, Out: IntoTuple>>,
            Fd<S, D, $Tu>: IntoTuple + Lift<Out: Chain<Lifted<Sd<S, D, $Tu>>, Out: IntoTuple>>,
            Ss<S, D, $Tu>: IntoTuple + Lift,
            Sd<S, D, $Tu>: IntoTuple + Lift,
            Cons<Tup<Fs<S, D, $Tu>>, Lifted<Ss<S, D, $Tu>>>: IntoTuple,
            Cons<Tup<Fd<S, D, $Tu>>, Lifted<Sd<S, D, $Tu>>>: IntoTuple,
            Layout<Tup<Ls<S, D, $Tu>>, Tup<Ld<S, D, $Tu>>>: FitsCore,
            Layout<
                (Tup<Fs<S, D, $Tu>>, Tup<Ss<S, D, $Tu>>),
                (Tup<Fd<S, D, $Tu>>, Tup<Sd<S, D, $Tu>>),
            >: FitsCore,
            Layout<
                Tup<Cons<Tup<Fs<S, D, $Tu>>, Lifted<Ss<S, D, $Tu>>>>,
                Tup<Cons<Tup<Fd<S, D, $Tu>>, Lifted<Sd<S, D, $Tu>>>>,
            >: FitsCore,
            Layout<
                Tup<<Lifted<Fs<S, D, $Tu>> as Chain<Lifted<Ss<S, D, $Tu>>>>::Out>,
                Tup<<Lifted<Fd<S, D, $Tu>> as Chain<Lifted<Sd<S, D, $Tu>>>>::Out>,
            >: FitsCore,
        {
            type Logical = Layout<Tup<Ls<S, D, $Tu>>, Tup<Ld<S, D, $Tu>>>;
            type Zipped = Layout<
                (Tup<Fs<S, D, $Tu>>, Tup<Ss<S, D, $Tu>>),
                (Tup<Fd<S, D, $Tu>>, Tup<Sd<S, D, $Tu>>),
            >;
            type Tiled = Layout<
                Tup<Cons<Tup<Fs<S, D, $Tu>>, Lifted<Ss<S, D, $Tu>>>>,
                Tup<Cons<Tup<Fd<S, D, $Tu>>, Lifted<Sd<S, D, $Tu>>>>,
            >;
            type Flat = Layout<
                Tup<<Lifted<Fs<S, D, $Tu>> as Chain<Lifted<Ss<S, D, $Tu>>>>::Out>,
                Tup<<Lifted<Fd<S, D, $Tu>> as Chain<Lifted<Sd<S, D, $Tu>>>>::Out>,
            >;

            #[inline]
            fn logical_product(&self, tiler: $Tu) -> Result<Self::Logical, AlgebraError> {
                let (ls, ld, ..) = ok_or_return!(self.walk(tiler, "logical_product"));
                checked("logical_product", self, Role::Spanned, Layout::from_parts(ls.into_tuple(), ld.into_tuple()))
            }

            #[inline]
            fn zipped_product(&self, tiler: $Tu) -> Result<Self::Zipped, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = ok_or_return!(self.walk(tiler, "zipped_product"));
                checked("zipped_product", self, Role::Spanned, Layout::from_parts(
                    (fs.into_tuple(), ss.into_tuple()),
                    (fd.into_tuple(), sd.into_tuple()),
                ))
            }

            #[inline]
            fn tiled_product(&self, tiler: $Tu) -> Result<Self::Tiled, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = ok_or_return!(self.walk(tiler, "tiled_product"));
                checked("tiled_product", self, Role::Spanned, Layout::from_parts(
                    Cons(fs.into_tuple(), ss.lift()).into_tuple(),
                    Cons(fd.into_tuple(), sd.lift()).into_tuple(),
                ))
            }

            #[inline]
            fn flat_product(&self, tiler: $Tu) -> Result<Self::Flat, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = ok_or_return!(self.walk(tiler, "flat_product"));
                checked("flat_product", self, Role::Spanned, Layout::from_parts(
                    fs.lift().concat(ss.lift()).into_tuple(),
                    fd.lift().concat(sd.lift()).into_tuple(),
                ))
            }
        }
    };
}

for_each_rank!(by_mode);

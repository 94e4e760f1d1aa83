//! [`Product`] by a by-mode tiler (`product_value.rs` has the trait and
//! the product by one tile): CuTe's `transform_layout`, mode `i` of `A`
//! times tile `i`, the modes past the tiler kept, walked as type-level
//! lists of `A`'s modes and the tiles, then regrouped.

use super::algebra::AlgebraError;
use super::edit::AsModes;
use super::layout::Layout;
use super::list::{Chain, Cons, IntoList, IntoTuple, Nil};
use super::product_copies::ProductCopies;
use super::product_value::{CopiesD, CopiesS, Lift, Product, Tup};
use super::tree::{Mode, Tree};

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

impl<S0: Mode<D0>, RS, D0: Tree, RD, T0, RT> ByModeProduct<Cons<D0, RD>, Cons<T0, RT>>
    for Cons<S0, RS>
where
    Layout<S0, D0>: ProductCopies<T0>,
    CopiesS<S0, D0, T0>: Copy,
    CopiesD<S0, D0, T0>: Copy,
    RS: ByModeProduct<RD, RT>,
    Cons<S0, RS>: Copy,
    Cons<D0, RD>: Copy,
{
    type LogicalS = Cons<(S0, CopiesS<S0, D0, T0>), RS::LogicalS>;
    type LogicalD = Cons<(D0, CopiesD<S0, D0, T0>), RS::LogicalD>;
    type FirstS = Cons<S0, RS::FirstS>;
    type FirstD = Cons<D0, RS::FirstD>;
    type SecondS = Cons<CopiesS<S0, D0, T0>, RS::SecondS>;
    type SecondD = Cons<CopiesD<S0, D0, T0>, RS::SecondD>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn by_mode(
        self,
        d: Cons<D0, RD>,
        t: Cons<T0, RT>,
        function: &'static str,
    ) -> Result<ByModeLists<Self, Cons<D0, RD>, Cons<T0, RT>>, AlgebraError> {
        // Mode i of A times tile i (CuTe's `transform_layout`).
        let (xs, xd) = ok_or_return!(Layout::from_parts(self.0, d.0).copies(t.0, function));
        let (ls, ld, fs, fd, ss, sd) = ok_or_return!(self.1.by_mode(d.1, t.1, function));
        Ok((
            Cons((self.0, xs), ls),
            Cons((d.0, xd), ld),
            Cons(self.0, fs),
            Cons(d.0, fd),
            Cons(xs, ss),
            Cons(xd, sd),
        ))
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
                Ok(Layout::from_parts(ls.into_tuple(), ld.into_tuple()))
            }

            #[inline]
            fn zipped_product(&self, tiler: $Tu) -> Result<Self::Zipped, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = ok_or_return!(self.walk(tiler, "zipped_product"));
                Ok(Layout::from_parts(
                    (fs.into_tuple(), ss.into_tuple()),
                    (fd.into_tuple(), sd.into_tuple()),
                ))
            }

            #[inline]
            fn tiled_product(&self, tiler: $Tu) -> Result<Self::Tiled, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = ok_or_return!(self.walk(tiler, "tiled_product"));
                Ok(Layout::from_parts(
                    Cons(fs.into_tuple(), ss.lift()).into_tuple(),
                    Cons(fd.into_tuple(), sd.lift()).into_tuple(),
                ))
            }

            #[inline]
            fn flat_product(&self, tiler: $Tu) -> Result<Self::Flat, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = ok_or_return!(self.walk(tiler, "flat_product"));
                Ok(Layout::from_parts(
                    fs.lift().concat(ss.lift()).into_tuple(),
                    fd.lift().concat(sd.lift()).into_tuple(),
                ))
            }
        }
    };
}

for_each_rank!(by_mode);

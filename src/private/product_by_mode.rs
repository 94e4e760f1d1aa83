//! [`Product`] by a by-mode tiler (`product_value.rs` has the trait and
//! the product by one tile): CuTe's `transform_layout`, mode `i` of `A`
//! times tile `i`, the modes past the tiler kept, walked as type-level
//! lists of `A`'s modes and the tiles, then regrouped.

use super::algebra::AlgebraError;
use super::edit::AsModes;
use super::layout::Layout;
use super::list::{Chain, Cons, IntoList, IntoTuple, Nil};
use super::product_holes::ProductCopies;
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
    #[allow(clippy::type_complexity)]
    fn by_mode(
        self,
        d: AD,
        t: T,
        function: &'static str,
    ) -> Result<
        (
            Self::LogicalS,
            Self::LogicalD,
            Self::FirstS,
            Self::FirstD,
            Self::SecondS,
            Self::SecondD,
        ),
        AlgebraError,
    >;
}

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
    #[allow(clippy::type_complexity)]
    fn by_mode(
        self,
        d: Cons<D0, RD>,
        t: Cons<T0, RT>,
        function: &'static str,
    ) -> Result<
        (
            Self::LogicalS,
            Self::LogicalD,
            Self::FirstS,
            Self::FirstD,
            Self::SecondS,
            Self::SecondD,
        ),
        AlgebraError,
    > {
        // Mode i of A times tile i (CuTe's `transform_layout`).
        let (xs, xd) = Layout::from_parts(self.0, d.0).copies(t.0, function)?;
        let (ls, ld, fs, fd, ss, sd) = self.1.by_mode(d.1, t.1, function)?;
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

/// The by-mode walk of a layout by the tiler `T` (a tuple).
#[doc(hidden)]
pub trait ProductWalk<T> {
    /// As [`ByModeProduct`].
    type LogicalS;
    /// As [`ByModeProduct`].
    type LogicalD;
    /// As [`ByModeProduct`].
    type FirstS;
    /// As [`ByModeProduct`].
    type FirstD;
    /// As [`ByModeProduct`].
    type SecondS;
    /// As [`ByModeProduct`].
    type SecondD;
    /// The six lists.
    #[allow(clippy::type_complexity)]
    fn walk(
        &self,
        tiler: T,
        function: &'static str,
    ) -> Result<
        (
            Self::LogicalS,
            Self::LogicalD,
            Self::FirstS,
            Self::FirstD,
            Self::SecondS,
            Self::SecondD,
        ),
        AlgebraError,
    >;
}

/// The walk over `A`'s modes and the tiles.
type ModeWalk<S> = <<S as AsModes>::Modes as IntoList>::List;
type ModeStrides<D> = <<D as AsModes>::Modes as IntoList>::List;

impl<S: AsModes<Modes: IntoList>, D: AsModes<Modes: IntoList>, T: IntoList> ProductWalk<T>
    for Layout<S, D>
where
    ModeWalk<S>: ByModeProduct<ModeStrides<D>, T::List>,
{
    type LogicalS = <ModeWalk<S> as ByModeProduct<ModeStrides<D>, T::List>>::LogicalS;
    type LogicalD = <ModeWalk<S> as ByModeProduct<ModeStrides<D>, T::List>>::LogicalD;
    type FirstS = <ModeWalk<S> as ByModeProduct<ModeStrides<D>, T::List>>::FirstS;
    type FirstD = <ModeWalk<S> as ByModeProduct<ModeStrides<D>, T::List>>::FirstD;
    type SecondS = <ModeWalk<S> as ByModeProduct<ModeStrides<D>, T::List>>::SecondS;
    type SecondD = <ModeWalk<S> as ByModeProduct<ModeStrides<D>, T::List>>::SecondD;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk(
        &self,
        tiler: T,
        function: &'static str,
    ) -> Result<
        (
            Self::LogicalS,
            Self::LogicalD,
            Self::FirstS,
            Self::FirstD,
            Self::SecondS,
            Self::SecondD,
        ),
        AlgebraError,
    > {
        let (shape, stride) = self.into_parts();
        let (a, d) = (shape.as_modes().into_list(), stride.as_modes().into_list());
        a.by_mode(d, tiler.into_list(), function)
    }
}

type Ls<S, D, T> = <Layout<S, D> as ProductWalk<T>>::LogicalS;
type Ld<S, D, T> = <Layout<S, D> as ProductWalk<T>>::LogicalD;
type Fs<S, D, T> = <Layout<S, D> as ProductWalk<T>>::FirstS;
type Fd<S, D, T> = <Layout<S, D> as ProductWalk<T>>::FirstD;
type Ss<S, D, T> = <Layout<S, D> as ProductWalk<T>>::SecondS;
type Sd<S, D, T> = <Layout<S, D> as ProductWalk<T>>::SecondD;
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
                let (ls, ld, ..) = self.walk(tiler, "logical_product")?;
                Ok(Layout::from_parts(ls.into_tuple(), ld.into_tuple()))
            }

            #[inline]
            fn zipped_product(&self, tiler: $Tu) -> Result<Self::Zipped, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = self.walk(tiler, "zipped_product")?;
                Ok(Layout::from_parts(
                    (fs.into_tuple(), ss.into_tuple()),
                    (fd.into_tuple(), sd.into_tuple()),
                ))
            }

            #[inline]
            fn tiled_product(&self, tiler: $Tu) -> Result<Self::Tiled, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = self.walk(tiler, "tiled_product")?;
                Ok(Layout::from_parts(
                    Cons(fs.into_tuple(), ss.lift()).into_tuple(),
                    Cons(fd.into_tuple(), sd.lift()).into_tuple(),
                ))
            }

            #[inline]
            fn flat_product(&self, tiler: $Tu) -> Result<Self::Flat, AlgebraError> {
                let (_, _, fs, fd, ss, sd) = self.walk(tiler, "flat_product")?;
                Ok(Layout::from_parts(
                    fs.lift().concat(ss.lift()).into_tuple(),
                    fd.lift().concat(sd.lift()).into_tuple(),
                ))
            }
        }
    };
}

for_each_rank!(by_mode);

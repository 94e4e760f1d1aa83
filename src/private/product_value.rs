//! Products of typed layout *values* (ARCHITECTURE.md, "Typed algebra on
//! dynamic leaves: the plan", the paragraph on values): `a.logical_product(b)`
//! and its regroupings for typed layouts of any nesting, a typed layout
//! from straight-line code or an [`AlgebraError`] naming the values.
//! `blocked_product`, `raked_product` and `tile_to_shape` are in
//! `product_ranked.rs`; the complement and composition both share, in
//! `product_holes.rs`.

use super::algebra::AlgebraError;
use super::edit::AsModes;
use super::int::C;
use super::layout::Layout;
use super::list::{Chain, Cons, IntoList, IntoTuple, Nil};
use super::product_holes::{ProductCopies, ProductTile};
use super::tree::{Mode, Tree};

/// CuTe's products of a typed layout value by a tile `B`: `logical_product`
/// and its regroupings `zipped_product`, `tiled_product`, `flat_product`.
///
/// `B` is a typed [`Layout`] of any nesting with `usize` offsets, an
/// extent `C<N>` or `usize` (`n` is the layout `n:1`), or a by-mode
/// tiler: a tuple of those, at most one per top-level mode of `self` (mode
/// `i` multiplied by `Bi`, the modes past the tiler kept, as CuTe).
///
/// **The values** are CuTe's definition,
/// `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`,
/// computed by straight-line code: the complement walks `A`'s leaves in the
/// order of their strides (static when `A` has more than one leaf, as
/// CuTe's complement requires), and where a stride is not a multiple of the
/// span below it, CuTe rounds the hole down; that answer is exact only
/// while `B` reaches the copies below that hole, so it is taken there and
/// refused beyond (the rule `layout!(type logical_product(…))` of
/// written-out layouts follows). The composition is [`Compose`](super::Compose)'s, each
/// step checked. A value that breaks a condition is an [`AlgebraError`]
/// naming the values and this function; never a layout that differs from
/// CuTe's product.
///
/// **The nesting** depends on the operands' nestings only (a value cannot
/// choose a type): `A` keeps its nesting and leaf types; the copies
/// `complement ∘ B` have `B`'s nesting with each leaf of `B` a mode of one
/// `usize` sub-mode per hole (`A`'s leaves and one more), the nesting
/// CuTe gives when every leaf is dynamic (where a hole is a static 1,
/// CuTe drops it; here it stays, of extent 1: the same function).
/// `zipped_product` by one layout is `logical_product` (CuTe's
/// `tile_unzip` keeps the two modes); `tiled_product` lifts the copies'
/// modes to the top, `flat_product` `A`'s too; a part of one mode stays
/// whole, as CuTe slices it with a plain `_`.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Layout, Product};
/// let m = 4;
/// let a = layout!(type (m,2):(1,8)); // two columns of m, 8 apart
/// let p = a.logical_product(layout!(type 4:1)).unwrap();
/// // A's holes, one sub-mode each: below stride 1 (empty), below stride 8
/// // (8/4 = 2), and the rest.
/// let _: Layout<((usize, C<2>), (usize, usize, usize)), ((C<1>, C<8>), (usize, usize, usize))> = p;
/// assert_eq!(p.to_string(), "((4,2),(1,2,2)):((1,8),(0,4,16))");
/// assert_eq!(p.crd2idx(((3, 1), 2)), 3 + 8 + 16);
/// // By-mode: each mode of A times its tile, regrouped.
/// let t = layout!(type (m,3):(1,4)).tiled_product((C::<2>, 4)).unwrap();
/// // ((A0,A1), copies of mode 0, copies of mode 1): 3 strided by 4,
/// // copied 4 times at stride 1, fills the holes between them.
/// assert_eq!(t.to_string(), "((4,3),(1,2),(4,1)):((1,4),(0,4),(1,0))");
/// // A stride the span below does not divide: CuTe's rounded hole holds
/// // two copies of three rows below stride 8, and B needs four.
/// let m = 3;
/// let e = layout!(type (m,2):(1,8)).logical_product(4).unwrap_err();
/// assert_eq!(e.to_string(), layout_dsl::typed::AlgebraError::NotComplementable {
///     function: "logical_product", stride: 8, span: 3 }.to_string());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no typed product by `{B}`",
    label = "not a tile of a product of this layout",
    note = "a product's tile is a typed `Layout` with `usize` offsets, an extent (`C<N>`, `usize`), or a by-mode tuple of those no longer than the left layout's rank; the left layout has `usize` offsets, static strides when it has more than one leaf, and at most 11 leaves"
)]
pub trait Product<B> {
    /// The layout `logical_product` gives.
    type Logical;
    /// The layout `zipped_product` gives.
    type Zipped;
    /// The layout `tiled_product` gives.
    type Tiled;
    /// The layout `flat_product` gives.
    type Flat;
    /// CuTe's `logical_product(A, B)`: `(A, complement(A, size(A)·cosize(B)) ∘ B)`.
    fn logical_product(&self, b: B) -> Result<Self::Logical, AlgebraError>;
    /// CuTe's `zipped_product(A, B)`: `((A…), (copies…))`.
    fn zipped_product(&self, b: B) -> Result<Self::Zipped, AlgebraError>;
    /// CuTe's `tiled_product(A, B)`: `((A…), copy0, copy1, …)`.
    fn tiled_product(&self, b: B) -> Result<Self::Tiled, AlgebraError>;
    /// CuTe's `flat_product(A, B)`: `(A0, A1, …, copy0, copy1, …)`.
    fn flat_product(&self, b: B) -> Result<Self::Flat, AlgebraError>;
}

/// The top-level modes of the tree `X` (`Self` its shape, which decides):
/// one for a leaf or a tuple of one mode (CuTe slices it with a plain `_`,
/// so it stays whole), else its elements.
#[doc(hidden)]
pub trait Unpack<X> {
    /// The list of modes.
    type List;
    /// The list of modes.
    fn unpack(x: X) -> Self::List;
}

macro_rules! leaf_unpack {
    ([$($g:tt)*] $N:ty) => {
        impl<$($g)* X> Unpack<X> for $N {
            type List = Cons<X, Nil>;
            #[inline(always)]
            fn unpack(x: X) -> Cons<X, Nil> {
                Cons(x, Nil)
            }
        }
    };
}

leaf_unpack!([const N: i64,] C<N>);
leaf_unpack!([] usize);

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

/// A list of modes as the top of a result: a list of one mode becomes
/// that mode as a tuple of one (CuTe's `repeat<1>(_)` is a plain `_`).
#[doc(hidden)]
pub trait Lift {
    /// The modes.
    type Out;
    /// The modes.
    fn lift(self) -> Self::Out;
}

impl<X> Lift for Cons<X, Nil> {
    type Out = Cons<(X,), Nil>;
    #[inline(always)]
    fn lift(self) -> Self::Out {
        Cons((self.0,), Nil)
    }
}

impl<X, Y, R> Lift for Cons<X, Cons<Y, R>> {
    type Out = Self;
    #[inline(always)]
    fn lift(self) -> Self {
        self
    }
}

/// The tuple of a list.
type Tup<L> = <L as IntoTuple>::Tuple;
/// The copies' shape and stride of `Layout<S, D>` by `B`.
type CopiesS<S, D, B> = <Layout<S, D> as ProductCopies<B>>::Shape;
type CopiesD<S, D, B> = <Layout<S, D> as ProductCopies<B>>::Stride;
/// `tiled_product`'s top modes: `A`, then the copies' lifted modes.
type TiledTop<X, S, L> = Tup<Cons<X, <S as Unpack<L>>::List>>;
/// `flat_product`'s top modes: both parts lifted.
type FlatTop<SA, XA, SB, XB> =
    Tup<<<SA as Unpack<XA>>::List as Chain<<SB as Unpack<XB>>::List>>::Out>;

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, B: ProductTile> Product<B> for Layout<S, D>
where
    Self: ProductCopies<B>,
    CopiesS<S, D, B>: Unpack<CopiesS<S, D, B>> + Unpack<CopiesD<S, D, B>>,
    Cons<S, <CopiesS<S, D, B> as Unpack<CopiesS<S, D, B>>>::List>: IntoTuple,
    Cons<D, <CopiesS<S, D, B> as Unpack<CopiesD<S, D, B>>>::List>: IntoTuple,
    S: Unpack<S> + Unpack<D>,
    <S as Unpack<S>>::List:
        Chain<<CopiesS<S, D, B> as Unpack<CopiesS<S, D, B>>>::List, Out: IntoTuple>,
    <S as Unpack<D>>::List:
        Chain<<CopiesS<S, D, B> as Unpack<CopiesD<S, D, B>>>::List, Out: IntoTuple>,
{
    type Logical = Layout<(S, CopiesS<S, D, B>), (D, CopiesD<S, D, B>)>;
    type Zipped = Self::Logical;
    type Tiled = Layout<
        TiledTop<S, CopiesS<S, D, B>, CopiesS<S, D, B>>,
        TiledTop<D, CopiesS<S, D, B>, CopiesD<S, D, B>>,
    >;
    type Flat = Layout<
        FlatTop<S, S, CopiesS<S, D, B>, CopiesS<S, D, B>>,
        FlatTop<S, D, CopiesS<S, D, B>, CopiesD<S, D, B>>,
    >;

    #[inline]
    fn logical_product(&self, b: B) -> Result<Self::Logical, AlgebraError> {
        let (xs, xd) = self.copies(b, ("logical_product", true))?;
        Ok(Layout::from_parts((self.shape(), xs), (self.stride(), xd)))
    }

    #[inline]
    fn zipped_product(&self, b: B) -> Result<Self::Zipped, AlgebraError> {
        let (xs, xd) = self.copies(b, ("zipped_product", true))?;
        Ok(Layout::from_parts((self.shape(), xs), (self.stride(), xd)))
    }

    #[inline]
    fn tiled_product(&self, b: B) -> Result<Self::Tiled, AlgebraError> {
        let (xs, xd) = self.copies(b, ("tiled_product", true))?;
        let shape = Cons(self.shape(), <CopiesS<S, D, B> as Unpack<_>>::unpack(xs));
        let stride = Cons(self.stride(), <CopiesS<S, D, B> as Unpack<_>>::unpack(xd));
        Ok(Layout::from_parts(shape.into_tuple(), stride.into_tuple()))
    }

    #[inline]
    fn flat_product(&self, b: B) -> Result<Self::Flat, AlgebraError> {
        let (xs, xd) = self.copies(b, ("flat_product", true))?;
        let (a, d) = (
            S::unpack(self.shape()),
            <S as Unpack<D>>::unpack(self.stride()),
        );
        let shape = a.concat(<CopiesS<S, D, B> as Unpack<_>>::unpack(xs));
        let stride = d.concat(<CopiesS<S, D, B> as Unpack<_>>::unpack(xd));
        Ok(Layout::from_parts(shape.into_tuple(), stride.into_tuple()))
    }
}

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
    #[inline(always)]
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
    #[inline(always)]
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
        let (xs, xd) = Layout::from_parts(self.0, d.0).copies(t.0, (function, true))?;
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
    #[inline(always)]
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

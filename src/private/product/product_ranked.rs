//! The rank-sensitive products of typed layout values, `blocked_product`
//! and `raked_product` (`tile_to_shape.rs` builds on them; CuTe's
//! `layout.hpp`): `logical_product` of `A` and `B` padded to the larger
//! rank with `1:0` modes, its two parts zipped mode by mode. The copies
//! are `product_copies.rs`'s ([`ProductCopies`]), so the values, the checks
//! and the nesting of each copy mode are [`Product`](crate::__private::Product)'s.

use crate::__private::algebra::AlgebraError;
use crate::__private::edit::AsModes;
use crate::__private::fits_gate::gated_after;
use crate::__private::fits_value::{FitsCore, Role};
use crate::__private::int::{C, Int};
use crate::__private::layout::Layout;
use crate::__private::list::{Cons, IntoList, IntoTuple, Nil};
use crate::__private::product_copies::ProductCopies;
use crate::__private::product_value::Tup;
use crate::__private::tree::{Mode, Tree};

/// CuTe's `blocked_product(A, B)` and `raked_product(A, B)` of typed
/// layout values: copies of the block `A` arranged as `B`, mode by mode
/// (both padded with `1:0` modes to the larger rank). Mode `i` of
/// `blocked_product` is `(A_i, D_i)`, the block's extent first, so a block
/// stays contiguous; `raked_product` gives `(D_i, A_i)`, the copies
/// interleaved. `D` is `complement(A, size(A)·cosize(B)) ∘ B`, with
/// [`Product`](crate::__private::Product)'s values, checks and nesting (each leaf of
/// `B` a mode of one sub-mode per hole); `B` is a typed [`Layout`] (CuTe's
/// take layouts only).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::RankedProduct;
/// let (m, n) = (2, 3);
/// let block = layout!(type (2,2):(1,2));
/// let grid = layout!((m,n):(n,1));
/// let b = block.blocked_product(grid).unwrap();
/// // ((2,2),(2,3)):((1,12),(2,4)) as the core prints it:
/// assert_eq!((b.size(), b.crd2idx(((1, 1), (1, 2)))), (24, 1 + 12 + 2 + 8));
/// let r = block.raked_product(grid).unwrap();
/// // ((2,2),(3,2)):((12,1),(4,2)): the copy's index first in each mode.
/// assert_eq!(r.crd2idx(((1, 1), (2, 1))), 12 + 1 + 8 + 2);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no typed blocked or raked product by `{B}`",
    note = "the arrangement is a typed `Layout` with `usize` offsets; the block has `usize` offsets and at most 11 leaves"
)]
pub trait RankedProduct<B> {
    /// The layout `blocked_product` gives.
    type Blocked;
    /// The layout `raked_product` gives.
    type Raked;
    /// CuTe's `blocked_product(A, B)`: mode `i` is `(A_i, D_i)`.
    fn blocked_product(&self, b: B) -> Result<Self::Blocked, AlgebraError>;
    /// CuTe's `raked_product(A, B)`: mode `i` is `(D_i, A_i)`.
    fn raked_product(&self, b: B) -> Result<Self::Raked, AlgebraError>;
}

/// The top-level modes of the copies `X` of a product by `B` (`Self`,
/// `B`'s shape): one for a leaf `B` (its copies are one mode), else one
/// per mode of `B`.
#[doc(hidden)]
pub trait CopyModes<X> {
    /// The list of modes.
    type List;
    /// The list of modes.
    fn copy_modes(x: X) -> Self::List;
}

impl<N: Int, X> CopyModes<X> for N {
    type List = Cons<X, Nil>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn copy_modes(x: X) -> Cons<X, Nil> {
        Cons(x, Nil)
    }
}

macro_rules! tuple_modes {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $_b:ident $_c:ident))*) => {
        impl<$($S,)* X: IntoList> CopyModes<X> for ($($S,)*) {
            type List = X::List;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn copy_modes(x: X) -> X::List {
                x.into_list()
            }
        }
    };
}

for_each_rank!(tuple_modes);

/// The lists of `A`'s modes (`Self`, strides `AD`) and of the copies'
/// (`XS`, `XD`) zipped mode by mode, the shorter padded with `1:0`
/// (static: `(C<1>, C<0>)`).
#[doc(hidden)]
pub trait ZipPad<AD, XS, XD> {
    /// `blocked_product`'s modes `(A_i, D_i)`.
    type BlockS;
    /// Their strides.
    type BlockD;
    /// `raked_product`'s modes `(D_i, A_i)`.
    type RakeS;
    /// Their strides.
    type RakeD;
    /// The four lists.
    #[allow(clippy::type_complexity)]
    fn zip_pad(
        self,
        d: AD,
        xs: XS,
        xd: XD,
    ) -> (Self::BlockS, Self::BlockD, Self::RakeS, Self::RakeD);
}

/// One step of [`ZipPad`]: the pair of heads, then the tails.
macro_rules! zip_step {
    ([$($g:tt)*] $Sf:ty, $Df:ty, $XSf:ty, $XDf:ty; $S0:ty, $D0:ty, $X0:ty, $Y0:ty; $RS:ty, $RD:ty, $RX:ty, $RY:ty;
     |$a:ident, $d:ident, $x:ident, $y:ident| $heads:expr, $tails:expr) => {
        impl<$($g)*> ZipPad<$Df, $XSf, $XDf> for $Sf
        where
            $RS: ZipPad<$RD, $RX, $RY>,
        {
            type BlockS = Cons<($S0, $X0), <$RS as ZipPad<$RD, $RX, $RY>>::BlockS>;
            type BlockD = Cons<($D0, $Y0), <$RS as ZipPad<$RD, $RX, $RY>>::BlockD>;
            type RakeS = Cons<($X0, $S0), <$RS as ZipPad<$RD, $RX, $RY>>::RakeS>;
            type RakeD = Cons<($Y0, $D0), <$RS as ZipPad<$RD, $RX, $RY>>::RakeD>;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::type_complexity)]
            fn zip_pad(self, $d: $Df, $x: $XSf, $y: $XDf) -> (Self::BlockS, Self::BlockD, Self::RakeS, Self::RakeD) {
                let $a = self;
                let (s0, d0, x0, y0): ($S0, $D0, $X0, $Y0) = $heads;
                let (bs, bd, rs, rd) = $tails;
                (Cons((s0, x0), bs), Cons((d0, y0), bd), Cons((x0, s0), rs), Cons((y0, d0), rd))
            }
        }
    };
}

impl ZipPad<Nil, Nil, Nil> for Nil {
    type BlockS = Nil;
    type BlockD = Nil;
    type RakeS = Nil;
    type RakeD = Nil;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zip_pad(self, _: Nil, _: Nil, _: Nil) -> (Nil, Nil, Nil, Nil) {
        (Nil, Nil, Nil, Nil)
    }
}

zip_step!([S0: Copy, RS, D0: Copy, RD, X0: Copy, RX, Y0: Copy, RY]
    Cons<S0, RS>, Cons<D0, RD>, Cons<X0, RX>, Cons<Y0, RY>; S0, D0, X0, Y0; RS, RD, RX, RY;
    |a, d, x, y| (a.0, d.0, x.0, y.0), a.1.zip_pad(d.1, x.1, y.1));
zip_step!([S0: Copy, RS, D0: Copy, RD]
    Cons<S0, RS>, Cons<D0, RD>, Nil, Nil; S0, D0, C<1>, C<0>; RS, RD, Nil, Nil;
    |a, d, x, y| (a.0, d.0, C::<1>, C::<0>), a.1.zip_pad(d.1, x, y));
zip_step!([X0: Copy, RX, Y0: Copy, RY]
    Nil, Nil, Cons<X0, RX>, Cons<Y0, RY>; C<1>, C<0>, X0, Y0; Nil, Nil, RX, RY;
    |a, d, x, y| (C::<1>, C::<0>, x.0, y.0), a.zip_pad(d, x.1, y.1));

/// `blocked_product`'s and `raked_product`'s lists of `Layout<S, D>` by `B`.
#[doc(hidden)]
pub trait ZipProduct<B> {
    /// As [`ZipPad`].
    type BlockS;
    /// As [`ZipPad`].
    type BlockD;
    /// As [`ZipPad`].
    type RakeS;
    /// As [`ZipPad`].
    type RakeD;
    /// The four lists; errors name `function`.
    #[allow(clippy::type_complexity)]
    fn zip_product(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::BlockS, Self::BlockD, Self::RakeS, Self::RakeD), AlgebraError>;
}

type ModesOf<S> = <<S as AsModes>::Modes as IntoList>::List;
type CopyS<S, D, B> = <Layout<S, D> as ProductCopies<B>>::Shape;
type CopyD<S, D, B> = <Layout<S, D> as ProductCopies<B>>::Stride;
/// An item of the [`ZipPad`] of `Layout<S, D>` by `Layout<SB, DB>`.
macro_rules! zip {
    ($item:ident) => {
        <ModesOf<S> as ZipPad<
            ModesOf<D>,
            <SB as CopyModes<CopyS<S, D, Layout<SB, DB>>>>::List,
            <SB as CopyModes<CopyD<S, D, Layout<SB, DB>>>>::List,
        >>::$item
    };
}

impl<S, D, SB, DB> ZipProduct<Layout<SB, DB>> for Layout<S, D>
where
    S: Mode<D> + AsModes<Modes: IntoList>,
    D: Tree + AsModes<Modes: IntoList>,
    SB: Mode<DB> + CopyModes<CopyS<S, D, Layout<SB, DB>>> + CopyModes<CopyD<S, D, Layout<SB, DB>>>,
    DB: Tree,
    Self: ProductCopies<Layout<SB, DB>>,
    ModesOf<S>: ZipPad<
            ModesOf<D>,
            <SB as CopyModes<CopyS<S, D, Layout<SB, DB>>>>::List,
            <SB as CopyModes<CopyD<S, D, Layout<SB, DB>>>>::List,
        >,
{
    type BlockS = zip!(BlockS);
    type BlockD = zip!(BlockD);
    type RakeS = zip!(RakeS);
    type RakeD = zip!(RakeD);
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[allow(clippy::type_complexity)]
    fn zip_product(
        &self,
        b: Layout<SB, DB>,
        function: &'static str,
    ) -> Result<(Self::BlockS, Self::BlockD, Self::RakeS, Self::RakeD), AlgebraError> {
        let (xs, xd) = ok_or_return!(self.copies(b, function));
        let (shape, stride) = self.into_parts();
        let (a, d) = (shape.as_modes().into_list(), stride.as_modes().into_list());
        Ok(a.zip_pad(d, SB::copy_modes(xs), SB::copy_modes(xd)))
    }
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, B: FitsCore> RankedProduct<B> for Layout<S, D>
where
    Self: ZipProduct<B>,
    <Self as ZipProduct<B>>::BlockS: IntoTuple,
    <Self as ZipProduct<B>>::BlockD: IntoTuple,
    <Self as ZipProduct<B>>::RakeS: IntoTuple,
    <Self as ZipProduct<B>>::RakeD: IntoTuple,
    Layout<Tup<<Self as ZipProduct<B>>::BlockS>, Tup<<Self as ZipProduct<B>>::BlockD>>: FitsCore,
    Layout<Tup<<Self as ZipProduct<B>>::RakeS>, Tup<<Self as ZipProduct<B>>::RakeD>>: FitsCore,
{
    type Blocked =
        Layout<Tup<<Self as ZipProduct<B>>::BlockS>, Tup<<Self as ZipProduct<B>>::BlockD>>;
    type Raked = Layout<Tup<<Self as ZipProduct<B>>::RakeS>, Tup<<Self as ZipProduct<B>>::RakeD>>;
    #[inline]
    fn blocked_product(&self, b: B) -> Result<Self::Blocked, AlgebraError> {
        let (bs, bd, _, _) = ok_or_return!(self.zip_product(b, "blocked_product"));
        let result = Layout::from_parts(bs.into_tuple(), bd.into_tuple());
        gated_after::<_, _, _, 2, 2>(
            "blocked_product",
            self,
            &b,
            Role::Spanned,
            result,
            Role::Result,
        )
    }
    #[inline]
    fn raked_product(&self, b: B) -> Result<Self::Raked, AlgebraError> {
        let (_, _, rs, rd) = ok_or_return!(self.zip_product(b, "raked_product"));
        let result = Layout::from_parts(rs.into_tuple(), rd.into_tuple());
        gated_after::<_, _, _, 2, 2>(
            "raked_product",
            self,
            &b,
            Role::Spanned,
            result,
            Role::Result,
        )
    }
}

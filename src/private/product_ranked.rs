//! The rank-sensitive products of typed layout values, `blocked_product`
//! and `raked_product`, and `tile_to_shape` built on them (CuTe's
//! `layout.hpp`): `logical_product` of `A` and `B` padded to the larger
//! rank with `1:0` modes, its two parts zipped mode by mode. The copies
//! are `product_holes.rs`'s ([`ProductCopies`]), so the values, the checks
//! and the nesting of each copy mode are [`Product`](super::Product)'s.

use super::algebra::AlgebraError;
use super::compose::product;
use super::construct::copies;
use super::construct_values::{LeafValues, MAX_LEAVES, OrderOf, compact_order};
use super::edit::AsModes;
use super::int::{C, Int};
use super::layout::{Layout, size};
use super::list::{Cons, IntoList, IntoTuple, Nil};
use super::product_holes::ProductCopies;
use super::tree::{Mode, Shape, Tree};

/// CuTe's `blocked_product(A, B)` and `raked_product(A, B)` of typed
/// layout values: copies of the block `A` arranged as `B`, mode by mode
/// (both padded with `1:0` modes to the larger rank). Mode `i` of
/// `blocked_product` is `(A_i, D_i)`, the block's extent first, so a block
/// stays contiguous; `raked_product` gives `(D_i, A_i)`, the copies
/// interleaved. `D` is `complement(A, size(A)·cosize(B)) ∘ B`, with
/// [`Product`](super::Product)'s values, checks and nesting (each leaf of
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
    label = "not a typed layout to arrange copies of this block by",
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
        let (xs, xd) = self.copies(b, function)?;
        let (shape, stride) = self.into_parts();
        let (a, d) = (shape.as_modes().into_list(), stride.as_modes().into_list());
        Ok(a.zip_pad(d, SB::copy_modes(xs), SB::copy_modes(xd)))
    }
}

/// The tuple of a list.
type Tup<L> = <L as IntoTuple>::Tuple;

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, B> RankedProduct<B> for Layout<S, D>
where
    Self: ZipProduct<B>,
    <Self as ZipProduct<B>>::BlockS: IntoTuple,
    <Self as ZipProduct<B>>::BlockD: IntoTuple,
    <Self as ZipProduct<B>>::RakeS: IntoTuple,
    <Self as ZipProduct<B>>::RakeD: IntoTuple,
{
    type Blocked =
        Layout<Tup<<Self as ZipProduct<B>>::BlockS>, Tup<<Self as ZipProduct<B>>::BlockD>>;
    type Raked = Layout<Tup<<Self as ZipProduct<B>>::RakeS>, Tup<<Self as ZipProduct<B>>::RakeD>>;
    #[inline]
    fn blocked_product(&self, b: B) -> Result<Self::Blocked, AlgebraError> {
        let (bs, bd, _, _) = self.zip_product(b, "blocked_product")?;
        Ok(Layout::from_parts(bs.into_tuple(), bd.into_tuple()))
    }
    #[inline]
    fn raked_product(&self, b: B) -> Result<Self::Raked, AlgebraError> {
        let (_, _, rs, rd) = self.zip_product(b, "raked_product")?;
        Ok(Layout::from_parts(rs.into_tuple(), rd.into_tuple()))
    }
}

/// The sizes of a list of modes, written from `out[0]` on.
#[doc(hidden)]
pub trait ModeSizesInto {
    /// The number of modes.
    const LEN: usize;
    /// Writes each mode's size.
    fn mode_sizes(&self, out: &mut [usize]);
}

impl ModeSizesInto for Nil {
    const LEN: usize = 0;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_sizes(&self, _: &mut [usize]) {}
}

impl<H: Shape, T: ModeSizesInto> ModeSizesInto for Cons<H, T> {
    const LEN: usize = 1 + T::LEN;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_sizes(&self, out: &mut [usize]) {
        out[0] = size(self.0);
        self.1.mode_sizes(&mut out[1..]);
    }
}

/// CuTe's `tile_to_shape(block, target[, order])` of a typed layout
/// value: copies of the block arranged column-major (CuTe's default
/// `LayoutLeft` order; [`tile_to_shape_ordered`](Self::tile_to_shape_ordered)
/// takes CuTe's third argument)
/// so that mode `i` covers the target's mode `i`,
/// `blocked_product(block, make_layout(target / block))`, the block padded
/// with `1:0` modes to the target's rank. `target` is a tuple of extents
/// (or of nested shapes: a mode's size counts) at least as long as the
/// block's rank (a longer block is a compile error, CuTe's
/// `static_assert`). A block mode whose size does not divide the target's
/// is an [`AlgebraError::BlockNotDividing`] naming them; the copies are
/// `usize`, with [`RankedProduct`]'s checks.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{AlgebraError, C, LayoutRight, TileToShape};
/// let m = 128;
/// let atom = layout!(type (8,8):(8,1));
/// let s = atom.tile_to_shape((m, C::<64>)).unwrap();
/// assert_eq!((s.size(), s.crd2idx(((7, 1), (7, 1)))), (128 * 64, 7 * 8 + 64 + 7 + 1024));
/// let m = 100;
/// assert_eq!(atom.tile_to_shape((m, C::<64>)).unwrap_err(),
///            AlgebraError::BlockNotDividing { function: "tile_to_shape", mode: 0, block: 8, target: 100 });
/// // The copies row-major, as CuTe's `tile_to_shape(atom, shape, GenRowMajor{})`:
/// // ((8,2),(8,2)):((8,128),(1,64)).
/// let r = atom.tile_to_shape_ordered((16, C::<16>), LayoutRight).unwrap();
/// assert_eq!(r.crd2idx(((0, 1), (0, 1))), 128 + 64);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be tiled to the shape `{T}`",
    label = "not a target shape for this block",
    note = "the target is a tuple of extents (`usize`, `C<N>`) or nested shapes, at least as long as the block's rank; the block has `usize` offsets and at most 11 leaves"
)]
pub trait TileToShape<T> {
    /// The tiled layout.
    type Out;
    /// The block tiled to `target`, the copies column-major.
    fn tile_to_shape(&self, target: T) -> Result<Self::Out, AlgebraError>;
    /// The block tiled to `target`, the copies compact in `order` (CuTe's
    /// `tile_to_shape(block, target, order)`): [`LayoutLeft`](crate::typed::LayoutLeft) (the
    /// default, as [`tile_to_shape`](Self::tile_to_shape)),
    /// [`LayoutRight`](crate::typed::LayoutRight) (CuTe's `GenRowMajor`) or one static `C<N>` per
    /// target mode (CuTe's `Step<…>`). Two modes of one order whose
    /// copies are both above 1 are an [`AlgebraError::OrderTie`], as the
    /// core refuses them. The result's type does not depend on the order:
    /// the copies' strides are `usize` either way.
    fn tile_to_shape_ordered<O>(&self, target: T, order: O) -> Result<Self::Out, AlgebraError>
    where
        T: TargetShape,
        O: OrderOf<T::Copies>;
}

/// A target shape of [`TileToShape`], a tuple of modes: names the shape
/// of its copies, which an order of
/// [`TileToShape::tile_to_shape_ordered`] is for (a bound generic code
/// writes as `T: TargetShape, O: OrderOf<T::Copies>`).
pub trait TargetShape {
    /// The copies' shape: one `usize` per mode of the target, the shape
    /// an order of [`TileToShape::tile_to_shape_ordered`] is for.
    type Copies: LeafValues;
}

/// Whether a list is no longer than another (a block's rank against the
/// target's).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`tile_to_shape`: the block has more modes than the target shape",
    label = "a target of at least the block's rank"
)]
pub trait NoLonger<L> {}
impl<L> NoLonger<L> for Nil {}
impl<H, T: NoLonger<R>, G, R> NoLonger<Cons<G, R>> for Cons<H, T> {}

/// `usize`, one per named mode.
macro_rules! usize_of {
    ($x:ident) => {
        usize
    };
}

macro_rules! tile_to_shape {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<$($T,)*> TargetShape for ($($T,)*) {
            type Copies = ($(usize_of!($T),)*);
        }

        #[diagnostic::do_not_recommend]
        impl<S: Mode<D> + AsModes<Modes: IntoList<List: ModeSizesInto + NoLonger<<($($T,)*) as IntoList>::List>>>, D: Tree, $($T: Shape,)*>
            TileToShape<($($T,)*)> for Layout<S, D>
        where
            Self: ZipProduct<Layout<($(usize_of!($T),)*), ($(usize_of!($T),)*)>, BlockS: IntoTuple, BlockD: IntoTuple>,
        {
            type Out = Layout<
                Tup<<Self as ZipProduct<Layout<($(usize_of!($T),)*), ($(usize_of!($T),)*)>>>::BlockS>,
                Tup<<Self as ZipProduct<Layout<($(usize_of!($T),)*), ($(usize_of!($T),)*)>>>::BlockD>,
            >;
            #[inline]
            fn tile_to_shape(&self, target: ($($T,)*)) -> Result<Self::Out, AlgebraError> {
                const F: &str = "tile_to_shape";
                let mut block = [1; $rank];
                self.shape().as_modes().into_list().mode_sizes(&mut block);
                // CuTe's `make_ordered_layout(target / block, LayoutLeft)`.
                let mut next = 1;
                let copies = ($({
                    let n = copies(F, $i, block[$i], size(target.$i))?;
                    let stride = next;
                    next = product(F, next, n)?;
                    (n, stride)
                },)*);
                let _ = next;
                let b = Layout::from_parts(($(copies.$i.0,)*), ($(copies.$i.1,)*));
                let (bs, bd, _, _) = self.zip_product(b, F)?;
                Ok(Layout::from_parts(bs.into_tuple(), bd.into_tuple()))
            }
            #[inline]
            fn tile_to_shape_ordered<O>(&self, target: ($($T,)*), order: O) -> Result<Self::Out, AlgebraError>
            where
                ($($T,)*): TargetShape,
                O: OrderOf<<($($T,)*) as TargetShape>::Copies>,
            {
                const F: &str = "tile_to_shape";
                let mut block = [1; $rank];
                self.shape().as_modes().into_list().mode_sizes(&mut block);
                // CuTe's `make_ordered_layout(target / block, order)`.
                let mut extent = [0; MAX_LEAVES];
                $(extent[$i] = copies(F, $i, block[$i], size(target.$i))?;)*
                let (mut place, mut part, mut parts) = ([0; MAX_LEAVES], [0; MAX_LEAVES], 0);
                order.parts(&mut place, &mut part, &mut 0, &mut parts);
                let stride = compact_order(F, &extent, &place, &part, ($rank, parts), true)?;
                let b = Layout::from_parts(($(extent[$i],)*), ($(stride[$i],)*));
                let (bs, bd, _, _) = self.zip_product(b, F)?;
                Ok(Layout::from_parts(bs.into_tuple(), bd.into_tuple()))
            }
        }
    };
}

for_each_rank!(tile_to_shape);

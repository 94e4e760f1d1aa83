//! CuTe's `tile_to_shape(block, target[, order])` of typed layout
//! values: copies of the block arranged (column-major by default) so that
//! mode `i` covers the target's mode `i`, `blocked_product(block,
//! make_layout(target / block))` through `product_ranked.rs`'s
//! [`ZipProduct`], so the values, checks and nesting are
//! [`RankedProduct`]'s.

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::product;
use crate::__private::construct::copies;
use crate::__private::construct_values::{LeafValues, MAX_LEAVES, OrderOf, compact_order};
use crate::__private::edit::AsModes;
use crate::__private::fits_value::{FitsCore, Role, checked};
use crate::__private::layout::{Layout, size};
use crate::__private::list::{Cons, IntoList, IntoTuple, Nil};
#[cfg(doc)]
use crate::__private::product_ranked::RankedProduct;
use crate::__private::product_ranked::ZipProduct;
use crate::__private::product_value::Tup;
use crate::__private::tree::{Mode, Shape, Tree};

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

/// A named target of `tile_to_shape(A, #S[, ORDER])` after `type`: a
/// shape the block `L` tiles to (the facade's [`TileToShape`]), tiled by
/// it. `layout!` calls [`TileTarget::tile_target`] at the name, the
/// trait's own function, for the whole call, so that a target of another
/// kind (an integer, a shape shorter than the block) is one error there,
/// not at the function's name, where a failed `TileToShape` bound of the
/// call would put it (as `ComposeOperand` does for `composition(A, #B)`).
/// The impl is `do_not_recommend`: the message is this trait's, whole,
/// with no note.
#[diagnostic::on_unimplemented(
    message = "`{L}` cannot be tiled to the named target `{Self}`: write a shape at least as long as the block's rank (CuTe's `static_assert`); the block has `usize` offsets and 11 leaves at most"
)]
pub trait TileTarget<L>: Sized {
    /// The tiled layout.
    type Out;
    /// `block` tiled to `self`, as [`TileToShape::tile_to_shape`].
    fn tile_target(self, block: &L) -> Result<Self::Out, AlgebraError>;
}

#[diagnostic::do_not_recommend]
impl<L: TileToShape<T>, T> TileTarget<L> for T {
    type Out = L::Out;
    #[inline(always)]
    fn tile_target(self, block: &L) -> Result<L::Out, AlgebraError> {
        block.tile_to_shape(self)
    }
}

/// [`TileTarget`] with CuTe's third argument, `tile_to_shape(A, #S,
/// ORDER)`: one error at the name likewise. Its impl asks its bounds of
/// the block only ([`OrderedTiles`]), so that rustc reports a failure
/// once, with the block's type known (rustc may not know the order's yet,
/// so the message does not name it). Where "the trait `…` is not
/// implemented for `…`", naming the block's whole type, is longer than
/// rustc's diagnostic width (140), rustc says it in a `help` line instead
/// of the label, as for [`TileTarget`]: no attribute changes that.
#[diagnostic::on_unimplemented(
    message = "`{L}` cannot be tiled to `{Self}` in this order: one `C<N>` place per target mode, a target rank ≥ the block's (CuTe's `static_assert`), `usize` offsets, ≤ 11 leaves"
)]
pub trait TileTargetOrdered<L, O>: Sized {
    /// The tiled layout.
    type Out;
    /// `block` tiled to `self` in `order`, as
    /// [`TileToShape::tile_to_shape_ordered`].
    fn tile_target_ordered(self, block: &L, order: O) -> Result<Self::Out, AlgebraError>;
}

#[diagnostic::do_not_recommend]
impl<L: OrderedTiles<T, O>, T, O> TileTargetOrdered<L, O> for T {
    type Out = L::Out;
    #[inline(always)]
    fn tile_target_ordered(self, block: &L, order: O) -> Result<L::Out, AlgebraError> {
        block.ordered_tiles(self, order)
    }
}

/// The bounds of [`TileTargetOrdered`], asked of the block (`Self`).
#[doc(hidden)]
pub trait OrderedTiles<T, O> {
    /// The tiled layout.
    type Out;
    /// `self` tiled to `target` in `order`.
    fn ordered_tiles(&self, target: T, order: O) -> Result<Self::Out, AlgebraError>;
}

#[diagnostic::do_not_recommend]
impl<L: TileToShape<T>, T: TargetShape, O: OrderOf<T::Copies>> OrderedTiles<T, O> for L {
    type Out = L::Out;
    #[inline(always)]
    fn ordered_tiles(&self, target: T, order: O) -> Result<L::Out, AlgebraError> {
        self.tile_to_shape_ordered(target, order)
    }
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
    message = "`tile_to_shape`: the block has more modes than the target shape; the target needs at least the block's rank"
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
            Layout<
                Tup<<Self as ZipProduct<Layout<($(usize_of!($T),)*), ($(usize_of!($T),)*)>>>::BlockS>,
                Tup<<Self as ZipProduct<Layout<($(usize_of!($T),)*), ($(usize_of!($T),)*)>>>::BlockD>,
            >: FitsCore,
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
                let (bs, bd, _, _) = ok_or_return!(self.zip_product(b, F));
                checked(F, self, Role::Spanned, Layout::from_parts(bs.into_tuple(), bd.into_tuple()))
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
                let (bs, bd, _, _) = ok_or_return!(self.zip_product(b, F));
                checked(F, self, Role::Spanned, Layout::from_parts(bs.into_tuple(), bd.into_tuple()))
            }
        }
    };
}

for_each_rank!(tile_to_shape);

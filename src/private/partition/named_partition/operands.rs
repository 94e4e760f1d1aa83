//! What a named partition asks of its operands before it partitions:
//! the layout is a typed one ([`Partitioned`]), a named tiler or thread
//! layout has static extents ([`StaticExtents`], asked at its name), and
//! which operands are static or not layouts ([`StaticOperand`],
//! [`NotALayout`]). A named coordinate, step or integer: value_operands.rs.

use crate::tensor::typed::LayoutShape;

use crate::__private::algebra::AlgebraError;
use layout_core::Error;

use crate::__private::Compose;
use crate::__private::basis::BasisLayout;
use crate::__private::composed::Composed;
use crate::__private::fits_value::FitsCore;
use crate::__private::identity::UnitStride;
use crate::__private::int::{C, Offset};
use crate::__private::layout::Layout;
use crate::__private::poisoned::Poisoned;
use crate::__private::slice_base::{Span, checked_base};
use crate::__private::tree::{Mode, Tree};
use crate::tensor::typed::UnitTile;

/// A typed layout a named partition cuts: its offset type is the base's.
#[diagnostic::on_unimplemented(
    message = "`type` partitions a typed layout, but `{Self}` is not one: a `layout!(type …)` or `layout!(SHAPE:STRIDE)` value; drop `type` to partition another value through the core at run time"
)]
pub trait Partitioned: LayoutShape + FitsCore {
    /// The offset type: `usize`, or `isize` for a signed layout.
    type Base: Offset;
    /// The partition's true base from the wrapping one, or an error when
    /// the layout has offsets its offset type cannot hold (the slices'
    /// rule, [`checked_base`]).
    #[doc(hidden)]
    fn base(&self, wrapped: usize) -> Result<Self::Base, Error>;
}

impl<S: Span<D> + Mode<D>, D: Tree, I: Offset> Partitioned for Layout<S, D, I> {
    type Base = I;
    #[inline(always)]
    fn base(&self, wrapped: usize) -> Result<I, Error> {
        checked_base(self, wrapped)
    }
}

/// A named value where the call takes a typed layout: the layout of
/// `slice(C, #L)`, `dice`, `crd2idx(C, #L)`, a `type` partition, divide or
/// product, `composition(#A, …)`. `layout!` passes the name through
/// [`LayoutOperand::layout_operand`] at its token, the trait's own
/// function, so that another value (a tuple, an integer, a shape) is one
/// error there, with no note into the library (a trait's own `Self` bound
/// has no span for rustc's "required by a bound" note); its result is the
/// projection `Self::Layout`, which rustc cannot name for such a value,
/// so the call around it reports nothing more. The impls are
/// `do_not_recommend`: the message lists none.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a typed layout, but the call takes a typed layout here: name a value of `layout!(SHAPE:STRIDE)` or `layout!(type …)` (a `typed::Layout`)"
)]
pub trait LayoutOperand {
    /// The layout itself.
    type Layout;
    /// The layout, unchanged.
    fn layout_operand(&self) -> &Self::Layout;
}

#[diagnostic::do_not_recommend]
impl<S, D, I> LayoutOperand for Layout<S, D, I> {
    type Layout = Self;
    #[inline(always)]
    fn layout_operand(&self) -> &Self {
        self
    }
}

/// An identity layout (CuTe's `make_identity_layout`, `E<i>` strides):
/// `crd2idx(C, #id)` reads it.
#[diagnostic::do_not_recommend]
impl<S: UnitStride, O, const K: usize> LayoutOperand for BasisLayout<S, O, K> {
    type Layout = Self;
    #[inline(always)]
    fn layout_operand(&self) -> &Self {
        self
    }
}

/// A swizzled layout (CuTe's `ComposedLayout`): `crd2idx(C, #s)` reads it.
#[diagnostic::do_not_recommend]
impl<Sw, O, L> LayoutOperand for Composed<Sw, O, L> {
    type Layout = Self;
    #[inline(always)]
    fn layout_operand(&self) -> &Self {
        self
    }
}

/// A failed `layout!` value named in another call: the first call's error
/// is the only one.
#[diagnostic::do_not_recommend]
impl<I, K> LayoutOperand for Poisoned<I, K> {
    type Layout = Self;
    #[inline(always)]
    fn layout_operand(&self) -> &Self {
        self
    }
}

/// A named tiler or thread layout of a `type` partition, as the typed
/// partitions take it: the same value (`C<N>` extents, nested tuples of
/// them, a typed layout of such a shape). The type is total (a `usize`
/// extent is `C<1>` in it; the call does not compile then, so no value of
/// it is made), so that after a run-time extent's one error where the name
/// stands ([`StaticOperand`]) the partition's own bounds hold and report
/// nothing more.
pub trait StaticExtents: Sized {
    /// The operand's type with every extent static.
    type Static;
    /// As a tiler: a typed layout's shape stands for it.
    type Tiler;
    /// The operand in that type (a `usize` extent as `C<1>`).
    #[doc(hidden)]
    fn statics(self) -> Self::Static;
    /// The same as a tiler.
    #[doc(hidden)]
    fn tiler_statics(self) -> Self::Tiler;
}

/// An operand whose extents are all static. The impls are
/// `do_not_recommend`, so that the message names the whole operand rather
/// than the `usize` inside it, and lists no impls.
///
/// `layout!` asks it where the name stands by calling its own functions,
/// `StaticOperand::static_extents(t)` (a thread layout) and
/// `StaticOperand::static_tiler(NotALayout::not_a_layout(t))` (a tiler):
/// a trait's own `Self` bound has no span for rustc's "required by a
/// bound" note, so each mistake is the message and the label alone.
#[diagnostic::on_unimplemented(
    message = "the named tiler or thread layout `{Self}` has a run-time extent; a `type` partition takes `C<N>` ones (`(C::<4>, C::<8>)`): write those or drop `type`"
)]
pub trait StaticOperand: StaticExtents {
    /// The operand, unchanged: every extent is static.
    #[inline(always)]
    fn static_extents(self) -> Self::Static {
        self.statics()
    }
    /// The tiler, unchanged: every extent is static (and, asked first,
    /// [`NotALayout`]: a typed layout as the tiler is CuTe's layout tiler,
    /// which only the core takes).
    #[inline(always)]
    fn static_tiler(self) -> Self::Tiler {
        self.tiler_statics()
    }
}

/// Any tiler but a typed layout.
#[diagnostic::on_unimplemented(
    message = "the named tiler or tile `{Self}` is a layout, not the static extents (`(C::<4>, C::<8>)`) a `type` partition tiles by: name its shape, or drop `type` to tile by it"
)]
///
/// Its result is the projection `Self::Tiler`, which rustc cannot name for
/// a typed layout, so that a layout nested in a written-out tiler
/// (`(#a, 2)`) is this one error, and the mode's fit asked after it
/// reports nothing more.
pub trait NotALayout: Sized {
    /// The tiler itself.
    type Tiler;
    /// The tiler, unchanged.
    fn not_a_layout(self) -> Self::Tiler;
}

/// A named right operand of `composition(A, #B)` after `type`: a value the
/// left layout `L` composes with (the facade's [`Compose`]), composed by
/// it. `layout!` calls [`ComposeOperand::compose_operand`] at the name,
/// the trait's own function, for the whole composition, so that a tiler
/// longer than `L`'s rank or a value of another kind is one error there
/// (not over the whole call, as a failed `Compose` bound of the call
/// is). The impl is `do_not_recommend`: the message is this trait's.
#[diagnostic::on_unimplemented(
    message = "`{L}` cannot be composed with the named `{Self}`: take a layout, an extent or a by-mode tiler no longer than the left, `usize` offsets"
)]
pub trait ComposeOperand<L>: Sized {
    /// The result's shape tree.
    type Shape;
    /// The result's stride tree.
    type Stride;
    /// `left ∘ self`, as [`Compose::composition`].
    fn compose_operand(self, left: &L) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError>;
}

#[diagnostic::do_not_recommend]
impl<L: Compose<B>, B> ComposeOperand<L> for B {
    type Shape = L::Shape;
    type Stride = L::Stride;
    #[inline(always)]
    fn compose_operand(self, left: &L) -> Result<Layout<L::Shape, L::Stride>, AlgebraError> {
        left.composition(self)
    }
}

/// A named tile of one mode in a divide's written-out tiler (`(#t, 2)`):
/// any tile but a typed layout. `layout!` passes the name through
/// [`DivideTile::divide_tile`] at its token before the mode's fit
/// (`FitsMode`), so that a typed layout there is this one error, with no
/// `help` line (the fit's `Self` is the mode, inferred, so its failure
/// carries one); its result is the projection `Self::Tile`, which rustc
/// cannot name for a layout, so the fit reports nothing more. `F` is the
/// divide ([`tilers`](crate::__private::tilers)), so the message names it.
#[diagnostic::on_unimplemented(
    message = "the named tile `{Self}` is a typed layout, but `{F}` here tiles by static extents (`C<N>`, `UnitTile`) or tuples of them: name its shape"
)]
pub trait DivideTile<F>: Sized {
    /// The tile itself.
    type Tile;
    /// The tile, unchanged.
    fn divide_tile(self) -> Self::Tile;
}

macro_rules! divide_tiles {
    ($($t:ty $(, const $n:ident)?);*) => {$(
        #[diagnostic::do_not_recommend]
        impl<F $(, const $n: i64)?> DivideTile<F> for $t {
            type Tile = Self;
            #[inline(always)]
            fn divide_tile(self) -> Self {
                self
            }
        }
    )*};
}

divide_tiles!(C<N>, const N; usize; UnitTile);

#[diagnostic::do_not_recommend]
impl<const N: i64> StaticOperand for C<N> {}

#[diagnostic::do_not_recommend]
impl<S: StaticOperand, D, I> StaticOperand for Layout<S, D, I> {}

#[diagnostic::do_not_recommend]
impl<const N: i64> NotALayout for C<N> {
    type Tiler = Self;
    #[inline(always)]
    fn not_a_layout(self) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl NotALayout for usize {
    type Tiler = Self;
    #[inline(always)]
    fn not_a_layout(self) -> Self {
        self
    }
}

impl<const N: i64> StaticExtents for C<N> {
    type Static = C<N>;
    type Tiler = C<N>;
    #[inline(always)]
    fn statics(self) -> C<N> {
        self
    }
    #[inline(always)]
    fn tiler_statics(self) -> C<N> {
        self
    }
}

/// CuTe's static tile of 1 (`_1:_0` for any mode): a named tiler may hold
/// it (`(C::<2>, (C::<2>, UnitTile))`), as a written-out `1` in a tiler
/// is written, so that the tile is the written-out one, of the same type
/// (a `C<1>` entry gives the same elements, its stride the mode's type:
/// whether a `C<N>` is 1 cannot choose a type on stable Rust).
impl StaticExtents for UnitTile {
    type Static = UnitTile;
    type Tiler = UnitTile;
    #[inline(always)]
    fn statics(self) -> UnitTile {
        self
    }
    #[inline(always)]
    fn tiler_statics(self) -> UnitTile {
        self
    }
}

#[diagnostic::do_not_recommend]
impl StaticOperand for UnitTile {}

#[diagnostic::do_not_recommend]
impl NotALayout for UnitTile {
    type Tiler = Self;
    #[inline(always)]
    fn not_a_layout(self) -> Self {
        self
    }
}

impl StaticExtents for usize {
    type Static = C<1>;
    type Tiler = C<1>;
    fn statics(self) -> C<1> {
        C
    }
    fn tiler_statics(self) -> C<1> {
        C
    }
}

impl<S: StaticExtents, D, I> StaticExtents for Layout<S, D, I> {
    type Static = Layout<S::Static, D, I>;
    type Tiler = S::Tiler;
    #[inline(always)]
    fn statics(self) -> Self::Static {
        let (shape, stride) = self.into_parts();
        Layout::from_parts(shape.statics(), stride)
    }
    fn tiler_statics(self) -> S::Tiler {
        self.into_parts().0.tiler_statics()
    }
}

macro_rules! static_tuples {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($A: StaticOperand),*> StaticOperand for ($($A,)*) {}

        #[diagnostic::do_not_recommend]
        impl<F, $($A: DivideTile<F>),*> DivideTile<F> for ($($A,)*) {
            type Tile = Self;
            #[inline(always)]
            fn divide_tile(self) -> Self {
                self
            }
        }

        #[diagnostic::do_not_recommend]
        impl<$($A: NotALayout),*> NotALayout for ($($A,)*) {
            type Tiler = Self;
            #[inline(always)]
            fn not_a_layout(self) -> Self {
                self
            }
        }

        impl<$($A: StaticExtents),*> StaticExtents for ($($A,)*) {
            type Static = ($($A::Static,)*);
            type Tiler = ($($A::Tiler,)*);
            #[inline(always)]
            #[allow(clippy::unused_unit)]
            fn statics(self) -> Self::Static {
                ($(self.$i.statics(),)*)
            }
            #[inline(always)]
            #[allow(clippy::unused_unit)]
            fn tiler_statics(self) -> Self::Tiler {
                ($(self.$i.tiler_statics(),)*)
            }
        }
    };
}

for_each_rank!(static_tuples);

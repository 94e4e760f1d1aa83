//! CuTe's `make_layout(L0, L1, …)` of typed layouts, as `layout!(type
//! make_layout(#a, #b, …))` calls it for named operands: each layout one
//! mode of the result, its shape and stride trees whole
//! (`make_layout(make_shape(shape(L0), …), make_stride(stride(L0), …))`),
//! so every static leaf stays in the type and the value is moved, not
//! computed. The macro cannot see whether a name is a layout or a shape,
//! so the two-operand form also takes CuTe's `make_layout(shape, stride)`
//! of a named shape and a congruent named stride (the run-time path took
//! both); the compiler chooses by the operands' types.
//!
//! The choice goes through each operand's [`OperandKind`] first, so that
//! operands of no form (a layout beside a shape) match no impl at all:
//! one error at the call, and no layout type guessed from the one impl of
//! the right arity for the code after it to trip on.

use core::marker::PhantomData;

use layout_core::Error;

use crate::__private::int::Offset;
use crate::__private::layout::Layout;
use crate::__private::tree::{Mode, Shape, Tree};

/// An operand of `make_layout(#a, …)` that is a typed layout.
#[derive(Clone, Copy, Debug)]
pub struct IsLayout;

/// An operand of `make_layout(#a, …)` that is a tree of `usize`/`C<N>`.
#[derive(Clone, Copy, Debug)]
pub struct IsTree;

/// Whether an operand is a layout or a tree.
pub trait OperandKind {
    /// [`IsLayout`] or [`IsTree`].
    type Kind;
}

impl<S, D, I> OperandKind for Layout<S, D, I> {
    type Kind = IsLayout;
}

// `Layout` is no `Shape` (both this crate's), so the two impls are apart.
impl<T: Shape> OperandKind for T {
    type Kind = IsTree;
}

/// The operands of `make_layout(#a, #b, …)`, of kinds `K`: a tuple of
/// typed layouts of one offset type (concatenated as modes), or a shape
/// and a congruent stride tree.
#[diagnostic::on_unimplemented(
    message = "`make_layout` takes typed layouts of one offset type (each one mode of the result), or a shape and a stride tree nested alike; these operands are `{Self}`"
)]
pub trait MakeLayoutOf<K>: Copy {
    /// The layout.
    type Out;
    /// The layout; `Ok` always (the `Result` is the typed constructors'
    /// common form, so the call reads as the run-time path's).
    fn make_layout_of(self) -> Result<Self::Out, Error>;
}

/// The kinds of a tuple of operands.
pub trait OperandKinds {
    /// A tuple of [`OperandKind::Kind`]s.
    type Kinds;
}

/// The kinds of the operands of `make_layout(#a, #b, …)` (`Self`) that
/// make one of its forms: layouts only, or two trees (a shape and a
/// stride). Asked before [`MakeLayoutOf`] and keyed by the kinds alone,
/// so that operands of no form are this error, whose sentence is short
/// enough for rustc's label (a help line less than [`MakeLayoutOf`]'s,
/// which names the operand types).
#[diagnostic::on_unimplemented(
    message = "`make_layout` takes typed layouts (a mode of the result each) or a shape and a stride, not operands of the kinds `{Self}` (`IsLayout`: a typed layout; `IsTree`: a shape or stride)"
)]
pub trait MakeLayoutKinds: Sized {
    /// `Self`, which [`MakeLayoutWith`] is then asked of: no type when the
    /// kinds make no form, so nothing more is reported.
    type Checked;
    /// The operands, their kinds (`Self`, which rustc infers from them)
    /// checked. What `layout!` calls, as the trait's own function: a
    /// trait's own `Self` bound has no span, so operands of no form are
    /// the message and the label, with no "required by a bound" note into
    /// this file.
    #[inline(always)]
    fn kinds_checked<T: OperandKinds<Kinds = Self>>(operands: T) -> Kinded<Self::Checked, T> {
        Kinded(operands, PhantomData)
    }
}

/// Operands `T` of `make_layout(#a, #b, …)` whose kinds `K` make a form
/// ([`MakeLayoutKinds::kinds_checked`]).
pub struct Kinded<K, T>(T, PhantomData<fn() -> K>);

#[diagnostic::do_not_recommend]
impl MakeLayoutKinds for (IsTree, IsTree) {
    type Checked = Self;
}

/// [`MakeLayoutOf`] asked with the kinds `Self` first: when the kinds
/// make no form, `Self` is a type rustc has not inferred, so it waits
/// rather than guessing the kinds of the one impl of the operands' arity
/// (which would be a second error).
#[diagnostic::on_unimplemented(
    message = "`make_layout` takes typed layouts of one offset type (each one mode of the result), or a shape and a stride tree nested alike; these operands are `{T}`"
)]
pub trait MakeLayoutWith<T>: Sized {
    /// The layout.
    type Out;
    /// `make_layout(#a, #b, …)` of the checked operands: what `layout!`
    /// calls on [`MakeLayoutKinds::kinds_checked`]'s value, the trait's own
    /// function (no "required by a bound" note, as that one).
    fn make_layout_with(operands: Kinded<Self, T>) -> Result<Self::Out, Error>;
}

#[diagnostic::do_not_recommend]
impl<K, T: MakeLayoutOf<K>> MakeLayoutWith<T> for K {
    type Out = T::Out;
    #[inline(always)]
    fn make_layout_with(operands: Kinded<K, T>) -> Result<T::Out, Error> {
        operands.0.make_layout_of()
    }
}

// CuTe's `make_layout(shape, stride)`.
#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree> MakeLayoutOf<(IsTree, IsTree)> for (S, D) {
    type Out = Layout<S, D>;
    #[inline(always)]
    fn make_layout_of(self) -> Result<Layout<S, D>, Error> {
        Ok(Layout::from_parts(self.0, self.1))
    }
}

macro_rules! concat_layouts {
    // Rank 0 has no operand.
    ($rank:literal;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $K:ident))*) => {
        impl<$($K: OperandKind),*> OperandKinds for ($($K,)*) {
            type Kinds = ($($K::Kind,)*);
        }

        #[diagnostic::do_not_recommend]
        impl MakeLayoutKinds for ($(concat_layouts!(@layout $S),)*) {
            type Checked = Self;
        }

        #[diagnostic::do_not_recommend]
        impl<I: Offset, $($S: Mode<$D>, $D: Tree),*> MakeLayoutOf<($(concat_layouts!(@layout $S),)*)>
            for ($(Layout<$S, $D, I>,)*)
        {
            type Out = Layout<($($S,)*), ($($D,)*), I>;
            #[inline(always)]
            fn make_layout_of(self) -> Result<Self::Out, Error> {
                let parts = ($(self.$i.into_parts(),)*);
                Ok(Layout::from_parts(($(parts.$i.0,)*), ($(parts.$i.1,)*)))
            }
        }
    };
    (@layout $S:ident) => { IsLayout };
}

for_each_rank!(concat_layouts);

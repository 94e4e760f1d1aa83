//! A named value where a `type` call takes a coordinate, a step or an
//! integer, asked at its name to be one ([`CoordOperand`],
//! [`StepOperand`], [`IntOperand`]), or the typed layout `type flatten`
//! flattens ([`FlattenOperand`]): another value is one error there.

use crate::__private::edit::Flatten;
use crate::__private::int::{C, Offset};
use crate::__private::layout::Layout;
use crate::__private::poisoned::Poisoned;
use crate::__private::tree::{Mode, Tree};
use crate::tensor::X;

/// A named cotarget of `layout!(type complement(#A, #M))`: an integer
/// (`usize` or `C<N>`), as the facade's [`Complement`](crate::typed::Complement)
/// takes it. `layout!` passes the name through
/// [`IntOperand::int_operand`] at its token, the trait's own function, so
/// that another value (a shape, a layout) is one error there, with no note
/// into the library; its result is the projection `Self::Int`, which rustc
/// cannot name for such a value, so the complement reports nothing more.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer, but a typed `complement`'s cotarget is one (`usize` or `C<N>`): pass an integer, or drop `type` for a shape"
)]
pub trait IntOperand {
    /// The integer itself.
    type Int;
    /// The integer, unchanged.
    fn int_operand(self) -> Self::Int;
}

#[diagnostic::do_not_recommend]
impl IntOperand for usize {
    type Int = usize;
    #[inline(always)]
    fn int_operand(self) -> usize {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<const N: i64> IntOperand for C<N> {
    type Int = C<N>;
    #[inline(always)]
    fn int_operand(self) -> C<N> {
        self
    }
}

/// A named step of `local_tile(#l, T, C, #step)` (CuTe's `Step<_1, X>`):
/// a tuple of `C<1>` (keep the tiler's entry) and `X` (drop it).
/// `layout!` passes the name through [`StepOperand::step_operand`] at its
/// token, the trait's own function, so that another value (a typed
/// layout, a shape) is one error there, with no note into the library;
/// its result is the projection `Self::Step`, which rustc cannot name for
/// such a value, so the step's rank check and the partition report
/// nothing more.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a step, but this argument of the call is a step: a tuple of `C<1>` (keep the tiler's entry) and `X` (drop it), CuTe's `Step<_1, X>`"
)]
pub trait StepOperand {
    /// The step itself.
    type Step;
    /// The step, unchanged.
    fn step_operand(self) -> Self::Step;
}

#[diagnostic::do_not_recommend]
impl StepOperand for C<1> {
    type Step = C<1>;
    #[inline(always)]
    fn step_operand(self) -> C<1> {
        self
    }
}

#[diagnostic::do_not_recommend]
impl StepOperand for X {
    type Step = X;
    #[inline(always)]
    fn step_operand(self) -> X {
        self
    }
}

/// A named tile coordinate or thread index of a `type` partition: an
/// integer (`usize`, `C<N>`), `X` (CuTe's `_`), or a tuple of them.
/// `layout!` passes the name through [`CoordOperand::coord_operand`] at
/// its token, the trait's own function, so that another value (a typed
/// layout, the likely mistake) is one error there, with no note into the
/// library; its result is the projection `Self::Coord`, which rustc
/// cannot name for such a value, so the partition reports nothing more.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tile coordinate or a thread index: write a `usize`, `C<N>`, `X` (CuTe's `_`) or a tuple of them (CuTe's `make_coord(…)`)"
)]
pub trait CoordOperand {
    /// The coordinate itself.
    type Coord;
    /// The coordinate, unchanged.
    fn coord_operand(self) -> Self::Coord;
}

#[diagnostic::do_not_recommend]
impl CoordOperand for usize {
    type Coord = usize;
    #[inline(always)]
    fn coord_operand(self) -> usize {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<const N: i64> CoordOperand for C<N> {
    type Coord = C<N>;
    #[inline(always)]
    fn coord_operand(self) -> C<N> {
        self
    }
}

#[diagnostic::do_not_recommend]
impl CoordOperand for X {
    type Coord = X;
    #[inline(always)]
    fn coord_operand(self) -> X {
        self
    }
}

macro_rules! value_tuples {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($A: CoordOperand),*> CoordOperand for ($($A,)*) {
            type Coord = ($($A::Coord,)*);
            #[inline(always)]
            #[allow(clippy::unused_unit)]
            fn coord_operand(self) -> Self::Coord {
                ($(self.$i.coord_operand(),)*)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<$($A: StepOperand),*> StepOperand for ($($A,)*) {
            type Step = ($($A::Step,)*);
            #[inline(always)]
            #[allow(clippy::unused_unit)]
            fn step_operand(self) -> Self::Step {
                ($(self.$i.step_operand(),)*)
            }
        }
    };
}

for_each_rank!(value_tuples);

/// The named operand of `layout!(type flatten(#A))`: a typed layout,
/// flattened as its own [`Layout::flatten`] does (CuTe's `flatten`: every
/// leaf mode at one level, structure only). `layout!` calls
/// [`FlattenOperand::flatten_operand`] at the name, the trait's own
/// function, so that another value (a shape, an integer) is one error
/// there, with no note into the library. The impls are
/// `do_not_recommend`: the message lists none.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a typed layout, which `type flatten` takes: name a `layout!(…)` value, or drop `type` to flatten a shape at run time"
)]
pub trait FlattenOperand {
    /// The flat layout.
    type Out;
    /// The layout with its leaf modes at one level.
    fn flatten_operand(&self) -> Self::Out;
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D> + Flatten, D: Tree + Flatten, I: Offset> FlattenOperand for Layout<S, D, I> {
    type Out = Layout<S::Out, D::Out, I>;
    #[inline(always)]
    fn flatten_operand(&self) -> Self::Out {
        self.flatten()
    }
}

/// A failed `layout!` value named here: the first call's error is the
/// only one.
#[diagnostic::do_not_recommend]
impl<I, K> FlattenOperand for Poisoned<I, K> {
    type Out = Poisoned<I>;
    #[inline(always)]
    fn flatten_operand(&self) -> Poisoned<I> {
        self.flatten()
    }
}

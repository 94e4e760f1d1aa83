//! How `layout!` values and Rust tuples serve tensors (`crate::tensor`):
//! the tensor traits for the typed [`Layout`], and for tuples of every
//! rank a typed layout may have.

use alloc::borrow::Cow;
use alloc::vec;

use layout_core::{Coord as SliceCoordinate, Error, IntTuple};

use super::coord::TypedCoord;
use super::int::Offset;
use super::layout::Layout;
use super::reach::Reach;
use super::tree::{Mode, Tree};
use super::walk::{Form, Leaf};
use crate::tensor::{AsLayout, Coordinate, IndexBy, SliceCoord};

impl<S: Mode<D> + Reach<D>, D: Tree, I: Offset> AsLayout for Layout<S, D, I> {
    type View = layout_core::Layout;
    fn to_core(&self) -> Result<Cow<'_, layout_core::Layout>, Error> {
        Layout::to_core(self).map(Cow::Owned)
    }
    fn size(&self) -> usize {
        Layout::size(self)
    }
    #[inline]
    fn check_fits(&self, base: usize, len: usize) -> Result<(), Error> {
        super::reach::check_fits(self, base, len)
    }
}

/// A typed layout's offset as an `isize`: the offsets wrap in `usize`
/// (a negative static stride included), so the cast is exact.
pub trait ToIsize: Offset {
    fn to_isize(self) -> isize;
}

impl ToIsize for usize {
    #[inline(always)]
    fn to_isize(self) -> isize {
        self as isize
    }
}

impl ToIsize for isize {
    #[inline(always)]
    fn to_isize(self) -> isize {
        self
    }
}

/// Whether a typed coordinate lies in the domain of a shape of form `F`:
/// every integer below the size of the mode it stands for.
pub trait InDomain<F: Form> {
    fn in_domain(&self, shape: &F::Desc) -> bool;
}

impl InDomain<Leaf> for usize {
    #[inline(always)]
    fn in_domain(&self, shape: &usize) -> bool {
        *self < *shape
    }
}

/// A coordinate a tensor over a typed layout of shape `S` and stride `D`
/// can be indexed by: one bound for both of its parts. The `IndexBy` impl
/// that asks for it is `do_not_recommend`, so a coordinate of the wrong
/// rank is reported as `IndexBy`'s one message, at the coordinate; this
/// one is for code that names the bound itself. Its one impl is
/// `do_not_recommend` (as [`TypedCoord`]'s).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a tensor whose layout has shape `{S}`: write one `usize`, or a tuple of them nested like the shape"
)]
pub trait TensorCoord<S: Mode<D>, D: Tree>: TypedCoord<S, D> + InDomain<S::Form> {}

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, Cd: TypedCoord<S, D> + InDomain<S::Form>> TensorCoord<S, D> for Cd {}

#[diagnostic::do_not_recommend]
impl<S: Mode<D> + Reach<D>, D: Tree, I: ToIsize, Cd: TensorCoord<S, D>> IndexBy<Cd>
    for Layout<S, D, I>
{
    #[inline]
    fn offset_of(&self, coord: Cd) -> Option<isize> {
        if !coord.in_domain(&self.shape().desc()) {
            return None;
        }
        // SAFETY: a coordinate in the domain proves every extent is at
        // least 1, by induction on the coordinate (`InDomain`): a `usize`
        // for a leaf is below its extent; a `usize` for a tuple mode is
        // below the mode's size, the wrapping product of its extents,
        // which is 0 when one of them is (0 times anything is 0, wrapped
        // or not); a tuple coordinate has one entry per mode (`TypedCoord`
        // fixes its nesting) and each is in its mode's domain. These are
        // all the impls: `InDomain` is in this private module, not
        // re-exported, so no other crate can add one. So the
        // walk's tests for an extent 0 (the colex split divides by each
        // extent but the last: `walk.rs`, `split_tested`) are dead here,
        // and this says so to the optimiser, which drops them: a 1-D
        // index into `(a,b)` loses its `a == 0` test and branch.
        // `tests/typed_tensor_checks.rs` reads every coordinate form,
        // including 1-D indices into tuple modes and extents of 1.
        unsafe { core::hint::assert_unchecked(!self.shape().any_empty()) };
        Some(self.crd2idx(coord).to_isize())
    }

    #[inline]
    unsafe fn offset_unchecked(&self, coord: Cd) -> isize {
        self.crd2idx(coord).to_isize()
    }
}

macro_rules! tuple {
    ($rank:literal; $(($i:tt $A:ident $F:ident $_c:ident))*) => {
        /// One integer for a whole tuple mode: below its size.
        impl<$($F: Form),*> InDomain<($($F,)*)> for usize {
            #[inline(always)]
            fn in_domain(&self, shape: &($($F::Desc,)*)) -> bool {
                *self < <($($F,)*) as Form>::size(shape)
            }
        }

        impl<$($A: InDomain<$F>, $F: Form),*> InDomain<($($F,)*)> for ($($A,)*) {
            #[inline(always)]
            #[allow(unused_variables)]
            fn in_domain(&self, shape: &($($F::Desc,)*)) -> bool {
                true $(&& self.$i.in_domain(&shape.$i))*
            }
        }

        impl<$($A: Coordinate),*> Coordinate for ($($A,)*) {
            #[inline]
            #[allow(unused_variables)]
            fn offset_in(&self, shape: &IntTuple, stride: &IntTuple) -> Option<i64> {
                match (shape, stride) {
                    (IntTuple::Tuple(s), IntTuple::Tuple(d)) if s.len() == $rank => {
                        Some(0i64 $(.wrapping_add(self.$i.offset_in(&s[$i], &d[$i])?))*)
                    }
                    _ => None,
                }
            }
        }

        impl<$($A: SliceCoord),*> SliceCoord for ($($A,)*) {
            #[allow(clippy::vec_init_then_push)]
            fn into_coord(self) -> SliceCoordinate {
                SliceCoordinate::Tuple(vec![$(self.$i.into_coord()),*])
            }
        }
    };
}

for_each_rank!(tuple);

/// `usize`, whatever `T` is: a tuple of one `usize` per field of another
/// tuple is `(<A0 as OneUsize>::Is, …)`.
pub trait OneUsize {
    type Is;
}

impl<T> OneUsize for T {
    type Is = usize;
}

/// A typed layout indexed by an array of one integer per top-level mode,
/// as by the tuple of those integers: what an identity tensor's elements
/// are, so that a [`Residue`](crate::tensor::Residue) of a tensor over a
/// typed layout can read it (`get`, `iter`, `copy_into`).
macro_rules! by_array {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $c:ident))*) => {
        // Not listed under a wrong tuple coordinate's error (ui-tests/tensor).
        #[diagnostic::do_not_recommend]
        impl<$($S, $D,)* I> IndexBy<[usize; $rank]> for Layout<($($S,)*), ($($D,)*), I>
        where
            Self: IndexBy<($(<$S as OneUsize>::Is,)*)>,
        {
            #[inline]
            #[allow(non_snake_case)]
            fn offset_of(&self, coord: [usize; $rank]) -> Option<isize> {
                let [$($c),*] = coord;
                self.offset_of(($($c,)*))
            }

            #[inline]
            #[allow(non_snake_case)]
            unsafe fn offset_unchecked(&self, coord: [usize; $rank]) -> isize {
                let [$($c),*] = coord;
                // SAFETY: the caller's promise, for the same coordinate.
                unsafe { self.offset_unchecked(($($c,)*)) }
            }
        }
    };
}

for_each_rank!(by_array);

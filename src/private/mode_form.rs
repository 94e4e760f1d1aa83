//! How a check prints a mode whose extents the typed algebra computed: a
//! static leaf folded from others (`CeilQuot<C<32>, C<8>>`, the number of
//! tiles of 8 over 32) is a type whose value rustc cannot print (`C<{A / B}>`
//! needs `generic_const_exprs`), so a message that names such a mode names
//! its form instead: the same nesting, each written leaf (`C<N>`, `usize`)
//! as it is and each folded one [`Extent`].

use super::int::C;
use super::poisoned::Unknown;

/// A static extent the typed algebra folded from others (a
/// [`Quot`](super::Quot), [`CeilQuot`](super::CeilQuot), …), as a check's
/// message prints it: rustc cannot print its value, and what the check is
/// about is the nesting (`(Extent, usize)`: a mode of two extents).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extent;

/// A mode's form (`Self` a shape): the same nesting, each `C<N>` and
/// `usize` leaf itself and each folded static leaf [`Extent`]. Total over
/// the shapes the typed algebra makes (a tuple of them, `C<N>`, `usize`,
/// the folded leaves, [`Unknown`]).
pub trait ModeForm {
    /// The form.
    type Form;
}

impl<const N: i64> ModeForm for C<N> {
    type Form = C<N>;
}

impl ModeForm for usize {
    type Form = usize;
}

impl ModeForm for Extent {
    type Form = Extent;
}

impl ModeForm for Unknown {
    type Form = Unknown;
}

/// A tuple's form: its entries' forms.
macro_rules! tuple_form {
    ($rank:literal; $(($i:tt $A:ident $M:ident $B:ident))*) => {
        impl<$($A: ModeForm),*> ModeForm for ($($A,)*) {
            type Form = ($($A::Form,)*);
        }
    };
}

for_each_rank!(tuple_form);

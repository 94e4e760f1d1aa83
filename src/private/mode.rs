//! Mode access by a compile-time index, as CuTe's `get<I>`: mode `K` of a
//! layout, its shape and stride keeping their types (a static sub-mode
//! stays static). A single extent is its own mode 0, as in CuTe.
//!
//! One trait on the shape, with the stride a parameter, so that a wrong
//! `K` fails one bound and gives one error. Its impls are hidden from the
//! message (`do_not_recommend`): a list of which tuples have which modes
//! says less than the note does. No `label`: rustc adds the "trait is not
//! implemented" sentence as a `help` line under a custom label, so the
//! message, that sentence at the span and one note are the whole error.

use super::int::Int;

/// A layout of shape type `Self` and stride type `D` has a mode `K`: `K`
/// below the tuple's rank, or 0 for a single extent.
#[diagnostic::on_unimplemented(
    message = "a typed layout of shape type `{Self}` has no mode {K}",
    note = "mode indices start at 0 and stay below the layout's rank: a tuple shape's rank is its number of elements; a single extent has one mode, 0"
)]
pub trait Get<const K: usize, D>: Copy {
    /// The shape tree type of mode `K`.
    type Mode: Copy;
    /// The stride tree type of mode `K`.
    type StrideMode: Copy;
    /// Mode `K` of the shape tree.
    fn shape_mode(&self) -> Self::Mode;
    /// Mode `K` of the stride tree.
    fn stride_mode(stride: &D) -> Self::StrideMode;
}

/// Every leaf type (`C<N>`, `usize`, the folded static leaves: whatever
/// implements `Int`) is its own mode 0.
#[diagnostic::do_not_recommend]
impl<T: Int, D: Int> Get<0, D> for T {
    type Mode = Self;
    type StrideMode = D;
    #[inline]
    fn shape_mode(&self) -> Self {
        *self
    }
    #[inline]
    fn stride_mode(stride: &D) -> D {
        *stride
    }
}

/// `impl Get<K, (D0, …)> for (S0, …)` for one `K`.
macro_rules! get_one {
    (($($S:ident)*); ($($D:ident)*); $i:tt $Si:ident $Di:ident) => {
        #[diagnostic::do_not_recommend]
        impl<$($S: Copy,)* $($D: Copy),*> Get<$i, ($($D,)*)> for ($($S,)*) {
            type Mode = $Si;
            type StrideMode = $Di;
            #[inline]
            fn shape_mode(&self) -> $Si {
                self.$i
            }
            #[inline]
            fn stride_mode(stride: &($($D,)*)) -> $Di {
                stride.$i
            }
        }
    };
}

/// Every `K` below one rank.
macro_rules! get_all {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        get_all!(@ ($($S)*); ($($D)*); $(($i $S $D))*);
    };
    (@ $shapes:tt; $strides:tt; $(($i:tt $S:ident $D:ident))*) => {
        $(get_one!($shapes; $strides; $i $S $D);)*
    };
}

for_each_rank!(get_all);

//! CuTe's mode editing on typed trees: `take<B,E>`, `group<B,E>`,
//! `select<I…>`, `append`, `prepend`, `replace<I>` and `flatten`, as traits
//! whose associated types compute the result's nesting while compiling.
//! The layout methods that use them are in edit_layout.rs.
//!
//! Each editing trait is on a shape's tuple of top-level modes with the
//! stride's tuple a parameter (as `Get`), so that a wrong index fails one
//! bound and gives one error. Leaves move, never change: a static leaf
//! stays static, and the code is field moves (no arithmetic, no allocation).
//! The impls are generated per rank from `for_each_rank!`, for every
//! `B ≤ E ≤ rank` (`take` needs `B < E`, as the core).

use super::int::Int;

/// A mode index as a type, for [`select`](super::Layout::select): CuTe's
/// `select<3, 0>(l)` is `l.select::<(Ix<3>, Ix<0>)>()`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ix<const K: usize>;

/// The top-level modes of a tree as a tuple: a tuple is its own, a single
/// extent is one mode (CuTe's rank 1 for an integer).
pub trait AsModes: Copy {
    /// The tuple of modes.
    type Modes: Copy;
    /// The modes.
    fn as_modes(self) -> Self::Modes;
}

/// Modes `B..E` of a shape's modes `Self` and a stride's modes `D` (CuTe's
/// `take<B,E>`): always a tuple, even of one mode.
#[diagnostic::on_unimplemented(
    message = "`take::<{B}, {E}>()`: a typed layout whose modes are `{Self}` has no modes {B}..{E}",
    note = "take needs B < E ≤ the layout's rank (a single extent has rank 1)"
)]
pub trait Take<const B: usize, const E: usize, D>: Copy {
    /// The shape of the result.
    type Shape: Copy;
    /// The stride of the result.
    type Stride: Copy;
    /// The taken modes of the shape and of the stride.
    fn take(self, stride: D) -> (Self::Shape, Self::Stride);
}

/// Modes `B..E` gathered into one mode, the others around it (CuTe's
/// `group<B,E>`); `B = E` changes nothing.
#[diagnostic::on_unimplemented(
    message = "`group::<{B}, {E}>()`: a typed layout whose modes are `{Self}` has no modes {B}..{E}",
    note = "group needs B ≤ E ≤ the layout's rank (a single extent has rank 1)"
)]
pub trait Group<const B: usize, const E: usize, D>: Copy {
    /// The shape of the result.
    type Shape: Copy;
    /// The stride of the result.
    type Stride: Copy;
    /// The grouped shape and stride.
    fn group(self, stride: D) -> (Self::Shape, Self::Stride);
}

/// Mode `I` replaced by a mode of shape `X` and stride `Y` (CuTe's
/// `replace<I>`); a single extent's mode 0 is the whole tree.
#[diagnostic::on_unimplemented(
    message = "`replace::<{I}>()`: a typed layout of shape type `{Self}` has no mode {I}",
    note = "mode indices start at 0 and stay below the layout's rank: a tuple shape's rank is its number of elements; a single extent has one mode, 0"
)]
pub trait Replace<const I: usize, X, Y, D>: Copy {
    /// The shape of the result.
    type Shape: Copy;
    /// The stride of the result.
    type Stride: Copy;
    /// The shape and stride with mode `I` replaced.
    fn replace(self, stride: D, shape: X, mode_stride: Y) -> (Self::Shape, Self::Stride);
}

/// A mode of shape `X` and stride `Y` added after the last (CuTe's `append`).
pub trait Append<X, Y, D>: Copy {
    /// The shape of the result.
    type Shape: Copy;
    /// The stride of the result.
    type Stride: Copy;
    /// The shape and stride with the new last mode.
    fn append(self, stride: D, shape: X, mode_stride: Y) -> (Self::Shape, Self::Stride);
}

/// A mode of shape `X` and stride `Y` added before the first (CuTe's `prepend`).
pub trait Prepend<X, Y, D>: Copy {
    /// The shape of the result.
    type Shape: Copy;
    /// The stride of the result.
    type Stride: Copy;
    /// The shape and stride with the new first mode.
    fn prepend(self, stride: D, shape: X, mode_stride: Y) -> (Self::Shape, Self::Stride);
}

/// The modes of two tuples in one tuple (for `flatten`).
pub trait Concat<T>: Copy {
    /// `Self`'s elements, then `T`'s.
    type Out: Copy;
    /// Both tuples' elements in one.
    fn concat(self, other: T) -> Self::Out;
}

/// The leaves of a tree as one tuple: what a tree contributes to the
/// flattening of a tuple holding it (a leaf is a tuple of one).
pub trait Leaves: Copy {
    /// The tuple of leaves.
    type Out: Copy;
    /// The leaves in order.
    fn leaves(self) -> Self::Out;
}

/// CuTe's `flatten`: a tuple of every leaf; a single extent stays one.
pub trait Flatten: Copy {
    /// The flat tree.
    type Out: Copy;
    /// The flat tree.
    fn flatten(self) -> Self::Out;
}

/// The shape and stride of the modes `Self` (a tuple of [`Ix`]) of a layout
/// of shape `S` and stride `D` (CuTe's `select<I…>`): repeats allowed.
#[diagnostic::on_unimplemented(
    message = "`select::<{Self}>()`: a typed layout of shape type `{S}` lacks one of these modes",
    note = "select takes a tuple of mode indices `(Ix<I>, …)`, each below the layout's rank: a tuple shape's rank is its number of elements; a single extent has one mode, 0"
)]
pub trait Select<S, D>: Copy {
    /// The shape of the result.
    type Shape: Copy;
    /// The stride of the result.
    type Stride: Copy;
    /// The selected modes of the shape and of the stride.
    fn select(shape: S, stride: D) -> (Self::Shape, Self::Stride);
}

// The leaf impls, one per trait for every leaf type (`C<N>`, `usize`
// and the folded static leaves `Quot`, `Prod`, `Min`, `CeilQuot`,
// `IfNonZero`, `ComplementLeaf`: whatever implements `Int`), so that a
// typed algebra result is an input again. A leaf is one mode (rank 1),
// replaced whole at index 0. (Tuples never implement `Int`, so these do
// not overlap the tuple impls.)
impl<T: Int> AsModes for T {
    type Modes = (Self,);
    #[inline(always)]
    fn as_modes(self) -> (Self,) {
        (self,)
    }
}
#[diagnostic::do_not_recommend]
impl<T: Int, X: Copy, Y: Copy, D: Copy> Replace<0, X, Y, D> for T {
    type Shape = X;
    type Stride = Y;
    #[inline(always)]
    fn replace(self, _: D, shape: X, mode_stride: Y) -> (X, Y) {
        (shape, mode_stride)
    }
}
impl<T: Int> Leaves for T {
    type Out = (Self,);
    #[inline(always)]
    fn leaves(self) -> (Self,) {
        (self,)
    }
}
impl<T: Int> Flatten for T {
    type Out = Self;
    #[inline(always)]
    fn flatten(self) -> Self {
        self
    }
}

/// Everything a tuple of one rank gets: the walk over every split of its
/// fields into a prefix `P`, a middle `M` and a suffix `Q`.
macro_rules! tuple {
    ($rank:literal; $(($i:tt $A:ident $B:ident $K:ident))*) => {
        impl<$($A: Copy),*> AsModes for ($($A,)*) {
            type Modes = Self;
            #[inline(always)]
            fn as_modes(self) -> Self {
                self
            }
        }
        impl<$($A: Copy,)* $($B: Copy,)* X: Copy, Y: Copy> Append<X, Y, ($($B,)*)> for ($($A,)*) {
            type Shape = ($($A,)* X,);
            type Stride = ($($B,)* Y,);
            #[inline(always)]
            #[allow(unused_variables)]
            fn append(self, stride: ($($B,)*), shape: X, mode_stride: Y) -> (Self::Shape, Self::Stride) {
                (($(self.$i,)* shape,), ($(stride.$i,)* mode_stride,))
            }
        }
        impl<$($A: Copy,)* $($B: Copy,)* X: Copy, Y: Copy> Prepend<X, Y, ($($B,)*)> for ($($A,)*) {
            type Shape = (X, $($A,)*);
            type Stride = (Y, $($B,)*);
            #[inline(always)]
            #[allow(unused_variables)]
            fn prepend(self, stride: ($($B,)*), shape: X, mode_stride: Y) -> (Self::Shape, Self::Stride) {
                ((shape, $(self.$i,)*), (mode_stride, $(stride.$i,)*))
            }
        }
        #[diagnostic::do_not_recommend]
        impl<S: Copy, D: Copy, $(const $K: usize),*> Select<S, D> for ($(Ix<$K>,)*)
        where
            $(S: super::mode::Get<$K, D>,)*
        {
            type Shape = ($(<S as super::mode::Get<$K, D>>::Mode,)*);
            type Stride = ($(<S as super::mode::Get<$K, D>>::StrideMode,)*);
            #[inline(always)]
            #[allow(unused_variables, clippy::unused_unit)]
            fn select(shape: S, stride: D) -> (Self::Shape, Self::Stride) {
                (
                    ($(<S as super::mode::Get<$K, D>>::shape_mode(&shape),)*),
                    ($(<S as super::mode::Get<$K, D>>::stride_mode(&stride),)*),
                )
            }
        }
        leaves!($(($i $A $B $K))*);
        splits!(@b $rank; []; $(($i $A $B $K))*);
    };
}

/// Every split of one rank's fields: for each `B` (the first field of the
/// rest, or the rank), `replace<B>` and `concat`; for each `E ≥ B`,
/// `take<B,E>` and `group<B,E>`.
macro_rules! splits {
    (@b $rank:tt; [$($p:tt)*];) => {
        concat_one!([$($p)*]; []);
        range_one!($rank; $rank; [$($p)*]; []; []);
    };
    (@b $rank:tt; [$($p:tt)*]; ($bi:tt $ba:ident $bb:ident $bk:ident) $($rest:tt)*) => {
        concat_one!([$($p)*]; [($bi $ba $bb $bk) $($rest)*]);
        replace_one!([$($p)*]; ($bi $ba $bb $bk); [$($rest)*]);
        splits!(@e $rank; $bi; [$($p)*]; []; ($bi $ba $bb $bk) $($rest)*);
        splits!(@b $rank; [$($p)* ($bi $ba $bb $bk)]; $($rest)*);
    };
    (@e $rank:tt; $b:tt; [$($p:tt)*]; [$($m:tt)*];) => {
        range_one!($b; $rank; [$($p)*]; [$($m)*]; []);
    };
    (@e $rank:tt; $b:tt; [$($p:tt)*]; [$($m:tt)*]; ($ei:tt $($e:ident)*) $($rest:tt)*) => {
        range_one!($b; $ei; [$($p)*]; [$($m)*]; [($ei $($e)*) $($rest)*]);
        splits!(@e $rank; $b; [$($p)*]; [$($m)* ($ei $($e)*)]; $($rest)*);
    };
}

/// `group<B,E>` (and `take<B,E>` when `B < E`) for a tuple `P M Q`.
macro_rules! range_one {
    ($b:tt; $e:tt; [$(($pi:tt $pa:ident $pb:ident $pk:ident))*]; [];
        [$(($qi:tt $qa:ident $qb:ident $qk:ident))*]) => {
        #[diagnostic::do_not_recommend]
        impl<$($pa: Copy,)* $($qa: Copy,)* $($pb: Copy,)* $($qb: Copy,)*>
            Group<$b, $e, ($($pb,)* $($qb,)*)> for ($($pa,)* $($qa,)*)
        {
            type Shape = Self;
            type Stride = ($($pb,)* $($qb,)*);
            #[inline(always)]
            fn group(self, stride: Self::Stride) -> (Self, Self::Stride) {
                (self, stride)
            }
        }
    };
    ($b:tt; $e:tt; [$(($pi:tt $pa:ident $pb:ident $pk:ident))*];
        [$(($mi:tt $ma:ident $mb:ident $mk:ident))+];
        [$(($qi:tt $qa:ident $qb:ident $qk:ident))*]) => {
        #[diagnostic::do_not_recommend]
        impl<$($pa: Copy,)* $($ma: Copy,)* $($qa: Copy,)* $($pb: Copy,)* $($mb: Copy,)* $($qb: Copy,)*>
            Group<$b, $e, ($($pb,)* $($mb,)* $($qb,)*)> for ($($pa,)* $($ma,)* $($qa,)*)
        {
            type Shape = ($($pa,)* ($($ma,)*), $($qa,)*);
            type Stride = ($($pb,)* ($($mb,)*), $($qb,)*);
            #[inline(always)]
            fn group(self, stride: ($($pb,)* $($mb,)* $($qb,)*)) -> (Self::Shape, Self::Stride) {
                (
                    ($(self.$pi,)* ($(self.$mi,)*), $(self.$qi,)*),
                    ($(stride.$pi,)* ($(stride.$mi,)*), $(stride.$qi,)*),
                )
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($pa: Copy,)* $($ma: Copy,)* $($qa: Copy,)* $($pb: Copy,)* $($mb: Copy,)* $($qb: Copy,)*>
            Take<$b, $e, ($($pb,)* $($mb,)* $($qb,)*)> for ($($pa,)* $($ma,)* $($qa,)*)
        {
            type Shape = ($($ma,)*);
            type Stride = ($($mb,)*);
            #[inline(always)]
            fn take(self, stride: ($($pb,)* $($mb,)* $($qb,)*)) -> (Self::Shape, Self::Stride) {
                (($(self.$mi,)*), ($(stride.$mi,)*))
            }
        }
    };
}

/// `replace<I>` for a tuple `P x Q`, `I` the index of `x`.
macro_rules! replace_one {
    ([$(($pi:tt $pa:ident $pb:ident $pk:ident))*]; ($xi:tt $xa:ident $xb:ident $xk:ident);
        [$(($qi:tt $qa:ident $qb:ident $qk:ident))*]) => {
        #[diagnostic::do_not_recommend]
        impl<$($pa: Copy,)* $xa: Copy, $($qa: Copy,)* $($pb: Copy,)* $xb: Copy, $($qb: Copy,)* X: Copy, Y: Copy>
            Replace<$xi, X, Y, ($($pb,)* $xb, $($qb,)*)> for ($($pa,)* $xa, $($qa,)*)
        {
            type Shape = ($($pa,)* X, $($qa,)*);
            type Stride = ($($pb,)* Y, $($qb,)*);
            #[inline(always)]
            #[allow(unused_variables)]
            fn replace(
                self,
                stride: ($($pb,)* $xb, $($qb,)*),
                shape: X,
                mode_stride: Y,
            ) -> (Self::Shape, Self::Stride) {
                (($(self.$pi,)* shape, $(self.$qi,)*), ($(stride.$pi,)* mode_stride, $(stride.$qi,)*))
            }
        }
    };
}

/// `concat` of a tuple `P` and a tuple `Q` (by moving the fields out, as
/// `Q`'s own indices are not the ones listed).
macro_rules! concat_one {
    ([$(($pi:tt $pa:ident $pb:ident $pk:ident))*]; [$(($qi:tt $qa:ident $qb:ident $qk:ident))*]) => {
        impl<$($pa: Copy,)* $($qa: Copy,)*> Concat<($($qa,)*)> for ($($pa,)*) {
            type Out = ($($pa,)* $($qa,)*);
            #[inline(always)]
            #[allow(non_snake_case, clippy::unused_unit)]
            fn concat(self, other: ($($qa,)*)) -> Self::Out {
                let ($($pk,)*) = self;
                let ($($qk,)*) = other;
                ($($pk,)* $($qk,)*)
            }
        }
    };
}

/// `Leaves` of a tuple: its first element's leaves, then the rest's; and
/// `Flatten`, which is the same for a tuple.
macro_rules! leaves {
    () => {
        impl Leaves for () {
            type Out = ();
            #[inline(always)]
            fn leaves(self) {}
        }
        impl Flatten for () {
            type Out = ();
            #[inline(always)]
            fn flatten(self) {}
        }
    };
    (($i0:tt $A0:ident $B0:ident $K0:ident) $(($i:tt $A:ident $B:ident $K:ident))*) => {
        impl<$A0: Leaves, $($A: Copy),*> Leaves for ($A0, $($A,)*)
        where
            ($($A,)*): Leaves,
            $A0::Out: Concat<<($($A,)*) as Leaves>::Out>,
        {
            type Out = <$A0::Out as Concat<<($($A,)*) as Leaves>::Out>>::Out;
            #[inline(always)]
            #[allow(non_snake_case)]
            fn leaves(self) -> Self::Out {
                let ($K0, $($K,)*) = self;
                $K0.leaves().concat(($($K,)*).leaves())
            }
        }
        impl<$A0: Leaves, $($A: Copy),*> Flatten for ($A0, $($A,)*)
        where
            Self: Leaves,
        {
            type Out = <Self as Leaves>::Out;
            #[inline(always)]
            fn flatten(self) -> Self::Out {
                self.leaves()
            }
        }
    };
}

for_each_rank!(tuple);

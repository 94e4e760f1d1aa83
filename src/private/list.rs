//! Type-level lists of a flat layout's modes, for the typed partitions
//! (`partition.rs`): a Rust tuple `(A, B, C)` becomes `Cons<A, Cons<B,
//! Cons<C, Nil>>>`, which traits can walk by recursion (keep a mode, drop
//! it, append one) where a tuple would need one impl per rank and per
//! pattern of kept modes. Every step inlines: after monomorphisation a
//! list is its fields, and a walk is straight-line code.

use super::int::Int;

/// The empty list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nil;

/// A list with a head `H` and a tail `T`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cons<H, T>(pub H, pub T);

/// The list type of a sequence of types.
macro_rules! list_ty {
    () => { Nil };
    ($h:ident $($t:ident)*) => { Cons<$h, list_ty!($($t)*)> };
}

/// A list value from expressions.
macro_rules! list_val {
    () => { Nil };
    ($h:expr $(, $t:expr)*) => { Cons($h, list_val!($($t),*)) };
}

/// A pattern binding each element of a list to a name.
macro_rules! list_pat {
    () => { Nil };
    ($h:ident $($t:ident)*) => { Cons($h, list_pat!($($t)*)) };
}

/// A tuple (a flat shape, stride, tiler, coordinate or step) as a list.
pub trait IntoList {
    /// The list type.
    type List;
    /// The list.
    fn into_list(self) -> Self::List;
}

/// A list back as a tuple.
pub trait IntoTuple {
    /// The tuple type.
    type Tuple;
    /// The tuple.
    fn into_tuple(self) -> Self::Tuple;
}

macro_rules! lists {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A),*> IntoList for ($($A,)*) {
            type List = list_ty!($($A)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::unused_unit)]
            fn into_list(self) -> Self::List {
                list_val!($(self.$i),*)
            }
        }

        impl<$($A),*> IntoTuple for list_ty!($($A)*) {
            type Tuple = ($($A,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(non_snake_case, clippy::unused_unit)]
            fn into_tuple(self) -> Self::Tuple {
                let list_pat!($($A)*) = self;
                ($($A,)*)
            }
        }
    };
}

for_each_rank!(lists);

/// `self` followed by `L`.
pub trait Chain<L> {
    /// The joined list.
    type Out;
    /// The joined list.
    fn concat(self, l: L) -> Self::Out;
}

impl<L> Chain<L> for Nil {
    type Out = L;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn concat(self, l: L) -> L {
        l
    }
}

impl<H, T: Chain<L>, L> Chain<L> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn concat(self, l: L) -> Self::Out {
        Cons(self.0, self.1.concat(l))
    }
}

/// The same list with every leaf a `usize` (its value): generic code that
/// only reads the numbers is then compiled once per length rather than
/// once per list of static leaves (the composition walk, `compose_walk.rs`).
pub trait Erased: Copy {
    /// The list of `usize`s.
    type List: Copy;
    /// The values.
    fn erased(self) -> Self::List;
}

impl Erased for Nil {
    type List = Nil;
    #[inline(always)]
    fn erased(self) -> Nil {
        Nil
    }
}

impl<H: Int, T: Erased> Erased for Cons<H, T> {
    type List = Cons<usize, T::List>;
    #[inline(always)]
    fn erased(self) -> Self::List {
        Cons(self.0.get(), self.1.erased())
    }
}

//! The right operand of a typed product: a tile ([`ProductTile`], a typed
//! layout or an extent, as its layout) and an entry of a by-mode tiler
//! ([`ProductEntry`], a tile or a tuple of entries).

use crate::__private::int::C;
use crate::__private::layout::Layout;
use crate::__private::tree::{Mode, Tree};

/// A product's right operand `B`: a typed layout with `usize` offsets, or
/// an extent `n` (the layout `n:1`, as CuTe's `logical_product(a, n)`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tile of a typed product: a product's tile is a typed `Layout` with `usize` offsets or an extent (`C<N>`, `usize`)"
)]
pub trait ProductTile: Copy {
    /// The tile as a layout.
    type Shape: Mode<Self::Stride>;
    /// Its stride.
    type Stride: Tree;
    /// The tile as a layout.
    fn tile(self) -> Layout<Self::Shape, Self::Stride>;
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree> ProductTile for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<const N: i64> ProductTile for C<N> {
    type Shape = C<N>;
    type Stride = C<1>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Layout<C<N>, C<1>> {
        const { assert!(N >= 0, "a product's tile extent must not be negative") };
        Layout::from_parts(self, C::<1>)
    }
}

#[diagnostic::do_not_recommend]
impl ProductTile for usize {
    type Shape = usize;
    type Stride = C<1>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Layout<usize, C<1>> {
        Layout::from_parts(self, C::<1>)
    }
}

/// An entry of a product's by-mode tiler, as the macro passes a named one
/// (`logical_product(#a, (#s, 2))`): a tile ([`ProductTile`]: a typed
/// layout or an extent), as its layout, or a tuple of entries (a shape
/// nesting as the mode it multiplies, CuTe's `make_tile(make_shape(3, 1),
/// 2)`: by-mode again, [`TileTimes`](crate::__private::TileTimes)), entry by entry.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an entry of a typed product's tiler: an entry is a typed `Layout` with `usize` offsets, an extent (`C<N>`, `usize`), or a tuple of entries (a shape, multiplying the mode's sub-modes one by one)"
)]
pub trait ProductEntry: Copy {
    /// The entry as the product takes it.
    type Entry;
    /// The entry as the product takes it.
    fn entry(self) -> Self::Entry;
}

#[diagnostic::do_not_recommend]
impl<T: ProductTile> ProductEntry for T {
    type Entry = Layout<T::Shape, T::Stride>;
    #[inline(always)]
    fn entry(self) -> Self::Entry {
        self.tile()
    }
}

macro_rules! tuple_entries {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($T: ProductEntry),*> ProductEntry for ($($T,)*) {
            type Entry = ($($T::Entry,)*);
            #[inline(always)]
            fn entry(self) -> Self::Entry {
                ($(self.$i.entry(),)*)
            }
        }
    };
}

for_each_rank!(tuple_entries);

//! [`TypedLayout`]: the bound generic code names to take any typed layout.

use core::fmt;
use core::hash::Hash;

use super::coord::TypedCoord;
use super::int::Offset;
use super::layout::Layout;
use super::tree::{Mode, Shape, Tree};

/// Any typed layout, static, dynamic or mixed: the bound for functions,
/// structs and generics that take what `layout!` gives. The methods are
/// those of [`Layout`], which implements it.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::TypedLayout;
///
/// /// Sum of every offset, for any layout.
/// fn total<L: TypedLayout<Offset = usize>>(l: &L) -> usize {
///     (0..l.size()).map(|i| l.at(i)).sum()
/// }
///
/// struct Tile<L: TypedLayout> {
///     layout: L,
/// }
///
/// let m = 3;
/// let tile = Tile { layout: layout!((m,2):(2,1)) };
/// assert_eq!(total(&tile.layout), 0 + 2 + 4 + 1 + 3 + 5);
/// assert_eq!(total(&layout!(type (2,2):(1,2))), 6);
/// ```
pub trait TypedLayout: Copy + fmt::Debug + fmt::Display + Eq + Hash {
    /// The shape tree type.
    type Shape: Mode<Self::Stride>;
    /// The stride tree type, nested as the shape.
    type Stride: Tree;
    /// What offsets are returned as: `usize`, or `isize`.
    type Offset: Offset;

    /// The shape tree.
    fn shape(&self) -> Self::Shape;
    /// The stride tree.
    fn stride(&self) -> Self::Stride;
    /// The number of coordinates.
    fn size(&self) -> usize;
    /// `L(size-1) + 1`, 0 for an empty layout.
    fn cosize(&self) -> Self::Offset;
    /// The number of top-level modes.
    fn rank(&self) -> usize;
    /// The nesting depth of the shape: 0 for a single extent.
    fn depth(&self) -> usize;
    /// The offset of a coordinate ([`Layout::crd2idx`]).
    fn crd2idx<Cd: TypedCoord<Self::Shape, Self::Stride>>(&self, coord: Cd) -> Self::Offset;
    /// `L(i)`: the offset of the `i`-th coordinate in colexicographic order.
    fn at(&self, index: usize) -> Self::Offset;
    /// The natural coordinate of an index.
    fn idx2crd(&self, index: usize) -> <Self::Shape as Shape>::Coord;
}

impl<S, D, I> TypedLayout for Layout<S, D, I>
where
    S: Mode<D> + Eq + Hash,
    D: Tree + Eq + Hash,
    I: Offset + Eq + Hash,
{
    type Shape = S;
    type Stride = D;
    type Offset = I;

    #[inline]
    fn shape(&self) -> S {
        Layout::shape(self)
    }
    #[inline]
    fn stride(&self) -> D {
        Layout::stride(self)
    }
    #[inline]
    fn size(&self) -> usize {
        Layout::size(self)
    }
    #[inline]
    fn cosize(&self) -> I {
        Layout::cosize(self)
    }
    #[inline]
    fn rank(&self) -> usize {
        Layout::rank(self)
    }
    #[inline]
    fn depth(&self) -> usize {
        Layout::depth(self)
    }
    #[inline]
    fn crd2idx<Cd: TypedCoord<S, D>>(&self, coord: Cd) -> I {
        Layout::crd2idx(self, coord)
    }
    #[inline]
    fn at(&self, index: usize) -> I {
        Layout::at(self, index)
    }
    #[inline]
    fn idx2crd(&self, index: usize) -> S::Coord {
        Layout::idx2crd(self, index)
    }
}

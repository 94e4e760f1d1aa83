//! [`Composed`]: CuTe's `ComposedLayout<Swizzle, Offset, Layout>` over a
//! typed layout, what `layout!(Sw<3,4,3> o 0 o (8,64):(64,1))` gives.

use core::fmt;

use layout_core::Error;

use super::coord::TypedCoord;
use super::int::{Int, Offset};
use super::swizzle::TypedSwizzle;
use super::tree::Shape;
use super::typed_layout::TypedLayout;

/// The composed layout `SWIZZLE o OFFSET o INNER`: coordinate `c` goes to
/// `swizzle(offset + inner(c))` (CuTe's `ComposedLayout`, printed as CuTe
/// prints it without the static underscores). `Sw` is a typed
/// [`Swizzle`](super::Swizzle), `O` the offset (a static `C<N>`, or a
/// `usize`), `L` a typed layout; static parts are zero-sized, and a static
/// one's `crd2idx` folds to the inner layout's arithmetic and one XOR.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Composed, Layout, Swizzle};
///
/// let tile = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
/// let named: Composed<Swizzle<3, 3, 3>, C<0>, Layout<(usize, usize), (usize, usize)>> = tile;
/// assert_eq!(named.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
/// // row 3, column 17: 3*64 + 17 = 209; the row (bits 6..9) flips bits 3..6
/// assert_eq!(tile.crd2idx((3, 17)), 209 ^ (3 << 3));
/// assert_eq!(tile.pre_swizzle((3, 17)), 209);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Composed<Sw, O, L> {
    swizzle: Sw,
    offset: O,
    inner: L,
}

impl<Sw: TypedSwizzle, O: Int, L: TypedLayout> Composed<Sw, O, L> {
    /// CuTe's `make_composed_layout(swizzle, offset, inner)`.
    #[inline(always)]
    pub const fn new(swizzle: Sw, offset: O, inner: L) -> Self {
        Composed {
            swizzle,
            offset,
            inner,
        }
    }

    /// The swizzle, applied last.
    pub const fn swizzle(&self) -> Sw {
        self.swizzle
    }

    /// The offset added to the inner layout's.
    pub const fn offset(&self) -> O {
        self.offset
    }

    /// The layout applied first.
    pub const fn inner(&self) -> &L {
        &self.inner
    }

    /// `offset + inner(c)`: the offset before the swizzle.
    #[inline]
    pub fn pre_swizzle<Cd: TypedCoord<L::Shape, L::Stride>>(&self, coord: Cd) -> L::Offset {
        let inner = self.inner.crd2idx(coord).to_wrapping();
        L::Offset::from_wrapping(self.offset.get().wrapping_add(inner))
    }

    /// `swizzle(offset + inner(c))`, the offset of a coordinate.
    #[inline]
    pub fn crd2idx<Cd: TypedCoord<L::Shape, L::Stride>>(&self, coord: Cd) -> L::Offset {
        let pre = self.pre_swizzle(coord).to_wrapping();
        L::Offset::from_wrapping(self.swizzle.apply(pre))
    }

    /// `swizzle(offset + inner(i))`: the offset of the `i`-th coordinate in
    /// colexicographic order.
    #[inline]
    pub fn at(&self, index: usize) -> L::Offset {
        let pre = self
            .offset
            .get()
            .wrapping_add(self.inner.at(index).to_wrapping());
        L::Offset::from_wrapping(self.swizzle.apply(pre))
    }

    /// The natural coordinate of an index (the inner layout's).
    #[inline]
    pub fn idx2crd(&self, index: usize) -> <L::Shape as Shape>::Coord {
        self.inner.idx2crd(index)
    }

    /// The number of coordinates (the inner layout's).
    #[inline]
    pub fn size(&self) -> usize {
        self.inner.size()
    }

    /// CuTe's `cosize` of a composed layout: the inner layout's. It bounds
    /// the offsets before the swizzle, not after it: `Sw<3,4,3>` moves
    /// offset 448 of `(8,8):(64,1)` (cosize 456) to 496.
    #[inline]
    pub fn cosize(&self) -> L::Offset {
        self.inner.cosize()
    }

    /// The number of top-level modes (the inner layout's).
    pub fn rank(&self) -> usize {
        self.inner.rank()
    }

    /// The nesting depth of the shape (the inner layout's).
    pub fn depth(&self) -> usize {
        self.inner.depth()
    }

    /// The same composed layout in the runtime core (fails as the inner
    /// layout's conversion, or for an offset above `i64::MAX`).
    pub fn to_core(&self) -> Result<layout_core::ComposedLayout, Error>
    where
        L: TryInto<layout_core::Layout, Error = Error>,
    {
        let inner = self.inner.try_into()?;
        let offset = self.offset.to_i64()?;
        Ok(layout_core::ComposedLayout::new(
            self.swizzle.to_core(),
            offset,
            inner,
        ))
    }
}

/// CuTe's notation: `Sw<3,4,3> o 0 o (8,64):(64,1)`.
impl<Sw: fmt::Display, O: Int, L: fmt::Display> fmt::Display for Composed<Sw, O, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o ", self.swizzle)?;
        self.offset.write(f)?;
        write!(f, " o {}", self.inner)
    }
}

/// `Composed(Sw<3,4,3> o 0 o (8,64):(64,1))`, the notation inside.
impl<Sw: fmt::Display, O: Int, L: fmt::Display> fmt::Debug for Composed<Sw, O, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Composed({self})")
    }
}

//! `Layout`: a shape and a congruent stride, a function from coordinates to offsets.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

use crate::error::{DomainError, ErrorKind, Result, add, mul};
use crate::int_tuple::IntTuple::{self, Int, Tuple};

mod coord;
mod fits;
mod index;
mod offsets;
mod split;

pub use coord::{crd2idx, idx2crd, natural_coord};
pub use split::index_offset;

use fits::fits;
pub(crate) use fits::{concat_fits, fits_without_zero, leaf_modes_fit};
pub use offsets::{Offsets, Run};

/// A CuTe layout `shape:stride`.
///
/// Construction checks that shape and stride are congruent, that no extent is
/// negative and that every offset of the domain fits in an `i64`; after that
/// `size`, `cosize` and in-domain indexing cannot fail.
///
/// ```
/// use layout_core::Layout;
/// let l: Layout = "((2,4),(3,5)):((3,6),(1,24))".parse().unwrap();
/// assert_eq!((l.size(), l.cosize(), l.rank(), l.depth()), (120, 120, 2, 2));
/// assert_eq!(l.crd2idx(&"(11,12)".parse().unwrap()).unwrap(), 129);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    shape: IntTuple,
    stride: IntTuple,
}

impl Layout {
    /// A layout from a shape and a stride, checked: they must be congruent,
    /// extents non-negative and every offset must fit in an `i64`.
    ///
    /// # Errors
    ///
    /// [`NotCongruent`](crate::DomainError::NotCongruent),
    /// [`NegativeExtent`](crate::DomainError::NegativeExtent) or
    /// [`Overflow`](crate::ErrorKind::Overflow), naming what failed.
    ///
    /// ```
    /// # use layout_core::{IntTuple, Layout};
    /// let l = Layout::new(IntTuple::from([4, 2]), IntTuple::from([1, 4])).unwrap();
    /// assert_eq!(l.to_string(), "(4,2):(1,4)");
    /// assert!(Layout::new(IntTuple::from([4, 2]), IntTuple::Int(1)).is_err());
    /// ```
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout> {
        // Every algebra step builds layouts: check a valid one in one pass,
        // and leave naming what is wrong to the checks below.
        if fits(&shape, &stride, &mut 1, &mut 0) {
            return Ok(Layout { shape, stride });
        }
        if !shape.is_congruent(&stride) {
            return Err(DomainError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            }
            .into());
        }
        if let Some(s) = shape.leaves().find(|&s| s < 0) {
            return Err(DomainError::NegativeExtent(s).into());
        }
        shape.size()?;
        let mut span = 0i64;
        for (s, d) in shape.leaves().zip(stride.leaves()) {
            // Largest distance one mode can move the offset: (s-1)·|d|, and
            // nothing for an empty mode (not a negative distance).
            span = mul((s - 1).max(0), d.checked_abs().unwrap_or(i64::MAX))
                .and_then(|reach| add(span, reach))
                .map_err(|_| ErrorKind::Overflow("the layout's offsets do not fit in 64 bits"))?;
        }
        Ok(Layout { shape, stride })
    }

    /// A layout the algebra built and knows to be valid (same domain and
    /// offsets as a checked one); skips the checks of [`Layout::new`].
    pub(crate) fn from_valid(shape: IntTuple, stride: IntTuple) -> Layout {
        // `fits` first: what `Layout::new` accepts, without the two clones.
        debug_assert!(
            fits(&shape, &stride, &mut 1, &mut 0)
                || Layout::new(shape.clone(), stride.clone()).is_ok()
        );
        Layout { shape, stride }
    }

    /// A mode of a valid layout, as [`Layout::modes`] hands it out: valid as
    /// part of that layout, not always on its own (in a layout of size 0 a
    /// mode's extents may multiply past `i64`).
    pub(crate) fn from_mode_of_valid(shape: IntTuple, stride: IntTuple) -> Layout {
        Layout { shape, stride }
    }

    /// A layout from leaf modes `(extent, stride)`: `1:0` when there are
    /// none, the bare mode when there is one, else a flat tuple. Checked.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// assert_eq!(Layout::from_leaf_modes(&[(4, 1), (2, 8)]).unwrap().to_string(), "(4,2):(1,8)");
    /// assert_eq!(Layout::from_leaf_modes(&[]).unwrap().to_string(), "1:0");
    /// ```
    pub fn from_leaf_modes(modes: &[(i64, i64)]) -> Result<Layout> {
        match modes {
            [] => Layout::leaf(1, 0),
            [(s, d)] => Layout::leaf(*s, *d),
            _ => Layout::new(
                Tuple(modes.iter().map(|m| Int(m.0)).collect()),
                Tuple(modes.iter().map(|m| Int(m.1)).collect()),
            ),
        }
    }

    /// The compact column-major layout of `shape` (`make_layout(S)`, `LayoutLeft`).
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l = Layout::column_major("(2,(3,4))".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(2,(3,4)):(1,(2,6))");
    /// ```
    pub fn column_major(shape: IntTuple) -> Result<Layout> {
        let stride = shape.compact_col_major()?;
        Layout::new(shape, stride)
    }

    /// The compact row-major layout of `shape` (`LayoutRight`).
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l = Layout::row_major("(2,(2,2))".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(2,(2,2)):(4,(2,1))");
    /// ```
    pub fn row_major(shape: IntTuple) -> Result<Layout> {
        let stride = shape.compact_row_major()?;
        Layout::new(shape, stride)
    }

    /// The one-mode layout `size:stride`.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// assert_eq!(Layout::leaf(8, 2).unwrap().to_string(), "8:2");
    /// ```
    pub fn leaf(size: i64, stride: i64) -> Result<Layout> {
        Layout::new(Int(size), Int(stride))
    }

    /// The shape: the extents of the coordinate space, `(4,8)` in `(4,8):(8,1)`.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "((2,4),3):((1,2),8)".parse().unwrap();
    /// assert_eq!(l.shape().to_string(), "((2,4),3)");
    /// ```
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// Shape and stride, moved out (the algebra rebuilds trees from them).
    pub(crate) fn into_parts(self) -> (IntTuple, IntTuple) {
        (self.shape, self.stride)
    }

    /// The stride, congruent with the shape: how far one step along each
    /// leaf moves the offset, `(8,1)` in `(4,8):(8,1)`.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "((2,4),3):((1,2),8)".parse().unwrap();
    /// assert_eq!(l.stride().to_string(), "((1,2),8)");
    /// ```
    #[must_use]
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }

    /// Number of coordinates in the domain.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// assert_eq!("((2,4),3):((1,2),8)".parse::<Layout>().unwrap().size(), 24);
    /// ```
    #[must_use]
    pub fn size(&self) -> i64 {
        // Checked in `new`.
        self.shape.size().unwrap_or(i64::MAX)
    }

    /// CuTe's cosize, `1 + Σ (s-1)·|d|` over the leaves: one past the
    /// largest offset when the strides are not negative, the extent of the
    /// codomain otherwise ([`coshape`](crate::coshape)); 0 for an empty layout.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// assert_eq!("(4,2):(2,1)".parse::<Layout>().unwrap().cosize(), 8);
    /// assert_eq!("(4,3):(3,-1)".parse::<Layout>().unwrap().cosize(), 12);
    /// ```
    #[must_use]
    pub fn cosize(&self) -> i64 {
        if self.size() == 0 {
            return 0;
        }
        // The sum is the span `new` checked to fit; only the +1 may not.
        let mut span = 0i64;
        self.for_each_leaf_mode(|s, d| {
            span = span.saturating_add((s - 1).saturating_mul(d.saturating_abs()));
        });
        span.saturating_add(1)
    }

    /// Number of top-level modes (CuTe's `rank`): 1 for a single mode.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// assert_eq!("((2,4),3):((1,2),8)".parse::<Layout>().unwrap().rank(), 2);
    /// assert_eq!("8:1".parse::<Layout>().unwrap().rank(), 1);
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Nesting depth of the shape (CuTe's `depth`): 0 for a single mode.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// assert_eq!("((2,4),3):((1,2),8)".parse::<Layout>().unwrap().depth(), 2);
    /// assert_eq!("8:1".parse::<Layout>().unwrap().depth(), 0);
    /// ```
    #[must_use]
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// The top-level modes as layouts; a one-mode layout is its own mode.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "((2,4),3):((1,2),8)".parse().unwrap();
    /// let modes: Vec<String> = l.modes().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(modes, ["(2,4):(1,2)", "3:8"]);
    /// ```
    #[must_use]
    pub fn modes(&self) -> Vec<Layout> {
        // Plain loops here and in `concat`: `layout!` runs this as debug code.
        let (shapes, strides) = (self.shape.modes(), self.stride.modes());
        let n = shapes.len().min(strides.len());
        let mut modes = Vec::with_capacity(n);
        let mut k = 0;
        while k < n {
            modes.push(Layout {
                shape: shapes[k].clone(),
                stride: strides[k].clone(),
            });
            k += 1;
        }
        modes
    }

    /// Mode `i` as a layout.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "((2,4),3):((1,2),8)".parse().unwrap();
    /// assert_eq!(l.mode(1).unwrap().to_string(), "3:8");
    /// assert!(l.mode(2).is_none());
    /// ```
    #[must_use]
    pub fn mode(&self, i: usize) -> Option<Layout> {
        Some(Layout {
            shape: self.shape.mode(i)?.clone(),
            stride: self.stride.mode(i)?.clone(),
        })
    }

    /// Every leaf mode as `(extent, stride)`, left to right.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "((2,4),3):((1,2),8)".parse().unwrap();
    /// assert_eq!(l.leaf_modes().collect::<Vec<_>>(), [(2, 1), (4, 2), (3, 8)]);
    /// ```
    pub fn leaf_modes(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        self.shape.leaves().zip(self.stride.leaves())
    }

    /// `f(extent, stride)` for every leaf mode, in the order of
    /// [`Layout::leaf_modes`]: one recursion over both trees, cheaper than
    /// zipping two iterators (the algebra's inner loops use it).
    pub(crate) fn for_each_leaf_mode(&self, mut f: impl FnMut(i64, i64)) {
        fn walk(shape: &IntTuple, stride: &IntTuple, f: &mut impl FnMut(i64, i64)) {
            match (shape, stride) {
                (Int(s), Int(d)) => f(*s, *d),
                // Most modes are leaves: visit them here, recurse only into tuples.
                (Tuple(s), Tuple(d)) => s.iter().zip(d).for_each(|pair| match pair {
                    (Int(s), Int(d)) => f(*s, *d),
                    (s, d) => walk(s, d, f),
                }),
                // Not congruent: `Layout::new` refuses it.
                _ => debug_assert!(false, "a Layout's shape and stride are congruent"),
            }
        }
        walk(&self.shape, &self.stride, &mut f);
    }

    /// Concatenate layouts, each becoming one mode (`make_layout(L0, L1, …)`).
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l = Layout::concat(["2:1".parse().unwrap(), "(3,4):(2,6)".parse().unwrap()]).unwrap();
    /// assert_eq!(l.to_string(), "(2,(3,4)):(1,(2,6))");
    /// ```
    pub fn concat(modes: impl IntoIterator<Item = Layout>) -> Result<Layout> {
        let modes = modes.into_iter();
        let n = modes.size_hint().0;
        let (mut shapes, mut strides) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for l in modes {
            shapes.push(l.shape);
            strides.push(l.stride);
        }
        Layout::new(Tuple(shapes), Tuple(strides))
    }

    /// The offset of a coordinate: a tuple congruent with (a prefix of the
    /// hierarchy of) the shape, any level of which may be one integer that is
    /// split colexicographically over that mode. The last mode absorbs
    /// overflow, as in CuTe.
    ///
    /// # Errors
    ///
    /// [`RankMismatch`](crate::DomainError::RankMismatch) or
    /// [`CoordinateTooDeep`](crate::DomainError::CoordinateTooDeep) when the
    /// coordinate does not fit the shape's hierarchy,
    /// [`ZeroSizeMode`](crate::DomainError::ZeroSizeMode) when an integer must be
    /// split over a mode of size 0, [`Overflow`](crate::ErrorKind::Overflow).
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "((13,0),(14,0)):((14,182),(1,154))".parse().unwrap();
    /// assert_eq!(l.crd2idx(&"(20,30)".parse().unwrap()).unwrap(), 590);
    /// ```
    pub fn crd2idx(&self, coord: &IntTuple) -> Result<i64> {
        crd2idx(coord, &self.shape, &self.stride)
    }

    /// `L(i)`: the offset of the `i`-th coordinate in colexicographic order.
    ///
    /// # Errors
    ///
    /// As [`crd2idx`](Layout::crd2idx) of the integer coordinate `index`.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "(2,4):(4,1)".parse().unwrap();
    /// assert_eq!(l.at(3).unwrap(), 5);
    /// ```
    pub fn at(&self, index: i64) -> Result<i64> {
        crd2idx(&Int(index), &self.shape, &self.stride)
    }

    /// The natural coordinate of index `i` in this layout's shape
    /// (`idx2crd(i, shape)`).
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "(3,(2,3)):(1,(3,6))".parse().unwrap();
    /// assert_eq!(l.idx2crd(16).unwrap().to_string(), "(1,(1,2))");
    /// ```
    pub fn idx2crd(&self, index: i64) -> Result<IntTuple> {
        idx2crd(&Int(index), &self.shape)
    }

    /// `L(0), L(1), …, L(size-1)` in CuTe order, stepping each leaf like an
    /// odometer: no division or modulo per element.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "(2,4):(4,1)".parse().unwrap();
    /// assert_eq!(l.offsets().collect::<Vec<_>>(), [0, 4, 1, 5, 2, 6, 3, 7]);
    /// ```
    pub fn offsets(&self) -> Offsets {
        Offsets::new(self)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

/// `Layout((2,(2,8)):(8,(16,1)))`: the notation inside, as a typed
/// layout's `Debug` prints it, so the two compare by eye. `{:#?}` is the
/// same one line.
impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({self})")
    }
}

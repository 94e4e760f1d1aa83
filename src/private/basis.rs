//! CuTe's layouts with scaled-basis strides (`make_identity_layout`'s
//! kind) as `layout!` folds them: `(4,8):(1@0,1@1)` maps a coordinate to a
//! coordinate. The core's `BasisLayout` (`layout_core::basis`) computes
//! the layout while compiling; what runs is one integer layout per entry
//! of the resulting coordinate (a *slot*), as the identity tensor keeps its
//! entries (identity.rs): slot `k`'s layout has each leaf's scale where the
//! leaf's basis names slot `k`, and 0 elsewhere, so `crd2idx` is the typed
//! shell's walk once per slot.

use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use layout_core::{BasisTuple, Error, IntTuple, ScaledBasis};

use super::coord::TypedCoord;
use super::identity::UnitStride;
use super::layout::Layout;
use super::tree::{Mode, Tree};

/// One leaf's stride in a [`BasisLayout`]: `scale@path` (CuTe's
/// `E<path…>{} * scale`, the path outermost first), or the integer `0`
/// (an empty path). `slot` is the entry of the coordinate the basis adds
/// to (the core's `BasisLayout::coordinate_slots`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BasisStride {
    scale: i64,
    path: &'static [usize],
    slot: usize,
}

impl BasisStride {
    /// `scale@path` adding to coordinate entry `slot`.
    #[must_use]
    pub const fn new(scale: i64, path: &'static [usize], slot: usize) -> Self {
        BasisStride { scale, path, slot }
    }

    /// The integer stride `0` (no basis).
    pub const ZERO: BasisStride = BasisStride::new(0, &[], usize::MAX);

    /// This stride in the core.
    fn to_core(self) -> ScaledBasis {
        ScaledBasis::new(self.scale, self.path.iter().copied())
    }
}

/// The coordinate a [`BasisLayout`] maps to: `isize`, or a tuple of them
/// nested like the layout's basis paths (`(isize, isize)` for
/// `(4,8):(1@0,1@1)`, `((isize, isize), isize)` for `((2,3),4)`'s identity).
/// Every path of the layout has its entry (CuTe's arithmetic tuple with
/// zeros where no stride reaches; `(4):(1@1)` maps to `(0, i)`).
pub trait Coordinate: Copy {
    /// The number of entries.
    const ENTRIES: usize;
    /// The coordinate from its entries, in order (depth first).
    fn from_entries(entries: &mut core::slice::Iter<'_, isize>) -> Self;
    /// The coordinate in the core.
    fn to_core(&self) -> IntTuple;
}

impl Coordinate for isize {
    const ENTRIES: usize = 1;
    #[inline]
    fn from_entries(entries: &mut core::slice::Iter<'_, isize>) -> isize {
        entries.next().copied().unwrap_or(0)
    }
    fn to_core(&self) -> IntTuple {
        IntTuple::Int(*self as i64)
    }
}

macro_rules! coordinates {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A: Coordinate),*> Coordinate for ($($A,)*) {
            const ENTRIES: usize = 0 $(+ $A::ENTRIES)*;
            #[inline]
            #[allow(unused_variables, clippy::unused_unit)]
            fn from_entries(entries: &mut core::slice::Iter<'_, isize>) -> Self {
                ($($A::from_entries(entries),)*)
            }
            fn to_core(&self) -> IntTuple {
                IntTuple::Tuple(alloc::vec![$(self.$i.to_core()),*])
            }
        }
    };
}

for_each_rank!(coordinates);

/// A layout whose strides are scaled bases, what `layout!` folds
/// `make_identity_layout(…)`, `SHAPE:(1@0,1@1)` and the algebra on them
/// to: `crd2idx` gives a coordinate `O` ([`Coordinate`]), not an integer.
/// `S` is the shape (a tree of `usize` or `C<N>` leaves), `K` the number of
/// entries of `O`.
///
/// ```
/// use layout_dsl::layout;
///
/// let id = layout!(make_identity_layout((4,8)));
/// assert_eq!(id.to_string(), "(4,8):(1@0,1@1)");
/// assert_eq!(id.crd2idx(13), (1, 3));
/// assert_eq!(id.crd2idx((2, 5)), (2, 5));
/// // CuTe's slice_and_offset: the kept modes and the coordinate they start at.
/// let (column, start) = layout!(slice((_,3), make_identity_layout((4,8))));
/// assert_eq!(column.to_string(), "(4):(1@0)");
/// assert_eq!((start, column.crd2idx(2)), ((0, 3), (2,)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BasisLayout<S: UnitStride, O, const K: usize> {
    shape: S,
    /// One per leaf of the shape, in leaf order.
    strides: &'static [BasisStride],
    /// Slot `k`'s integer layout.
    slots: [Layout<S, S::D, isize>; K],
    coordinate: PhantomData<O>,
}

impl<S: UnitStride, O: Coordinate, const K: usize> BasisLayout<S, O, K> {
    /// The layout `shape:strides` (one stride per leaf, their slots below `K`).
    #[must_use]
    pub fn new(shape: S, strides: &'static [BasisStride]) -> Self {
        const { assert!(O::ENTRIES == K, "one slot per coordinate entry") };
        let slots = core::array::from_fn(|k| {
            let mut leaves = strides.iter();
            let stride = shape.with_leaves(&mut || match leaves.next() {
                // Two's complement: the walk's wrapping arithmetic gives the
                // signed entry back (`isize` offsets).
                Some(d) if d.slot == k => d.scale as usize,
                _ => 0,
            });
            Layout::from_parts(shape, stride)
        });
        BasisLayout {
            shape,
            strides,
            slots,
            coordinate: PhantomData,
        }
    }
}

impl<S, O: Coordinate, const K: usize> BasisLayout<S, O, K>
where
    S: UnitStride + Mode<S::D>,
    S::D: Tree,
{
    /// The coordinate `coord` maps to: a tuple nested like the shape (any
    /// level of which may be one integer), or one integer for the whole
    /// layout, split colexicographically as in [`Layout::crd2idx`].
    ///
    /// Not checked against the domain; an integer split over a dynamic
    /// mode of size 0 is all taken by that mode, as in [`Layout::crd2idx`].
    #[inline]
    pub fn crd2idx<Cd: TypedCoord<S, S::D> + Copy>(&self, coord: Cd) -> O {
        let entries = self.slots.each_ref().map(|l| l.crd2idx(coord));
        O::from_entries(&mut entries.iter())
    }

    /// The number of coordinates (the product of the extents).
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The number of top-level modes.
    #[inline]
    pub fn rank(&self) -> usize {
        S::RANK
    }

    /// The nesting depth of the shape: 0 for a single extent.
    #[inline]
    pub fn depth(&self) -> usize {
        S::DEPTH
    }

    /// This layout in the core (`layout_core::BasisLayout`).
    ///
    /// # Errors
    ///
    /// An extent above `i64::MAX`.
    pub fn to_core(&self) -> Result<layout_core::BasisLayout, Error> {
        fn shaped(shape: &IntTuple, leaves: &mut core::slice::Iter<'_, BasisStride>) -> BasisTuple {
            match shape {
                IntTuple::Int(_) => BasisTuple::Leaf(
                    leaves
                        .next()
                        .copied()
                        .unwrap_or(BasisStride::ZERO)
                        .to_core(),
                ),
                IntTuple::Tuple(v) => {
                    BasisTuple::Tuple(v.iter().map(|s| shaped(s, leaves)).collect::<Vec<_>>())
                }
            }
        }
        let shape = self.shape.to_core()?;
        let strides = shaped(&shape, &mut self.strides.iter());
        layout_core::BasisLayout::new(shape, &strides)
    }
}

impl<S, O: Coordinate, const K: usize> TryFrom<BasisLayout<S, O, K>> for layout_core::BasisLayout
where
    S: UnitStride + Mode<S::D>,
    S::D: Tree,
{
    type Error = Error;
    fn try_from(l: BasisLayout<S, O, K>) -> Result<Self, Error> {
        l.to_core()
    }
}

/// CuTe's notation, `(4,8):(1@0,1@1)`.
impl<S, O: Coordinate, const K: usize> fmt::Display for BasisLayout<S, O, K>
where
    S: UnitStride + Mode<S::D>,
    S::D: Tree,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_core() {
            Ok(l) => write!(f, "{l}"),
            Err(_) => f.write_str("<a basis layout past i64>"),
        }
    }
}

impl<S, O: Coordinate, const K: usize> fmt::Debug for BasisLayout<S, O, K>
where
    S: UnitStride + Mode<S::D>,
    S::D: Tree,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BasisLayout({self})")
    }
}

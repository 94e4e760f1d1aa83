//! The typed layout `layout!` expands to: a shape tree and a stride tree
//! whose static leaves are zero-sized, so a fully static layout takes no
//! space and a dynamic one holds just its `usize` leaves.

use core::fmt;
use core::marker::PhantomData;

use layout_core::Error;

use super::coord::Coord;
use super::int::Offset;
use super::tree::{EMPTY_MODE, Mode, Shape, Tree};
use super::walk::Form;

/// A layout `shape:stride` whose structure is in its type. `I` is what
/// offsets are returned as: `usize`, or `isize` when a static stride is negative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layout<S, D, I = usize> {
    shape: S,
    stride: D,
    offset: PhantomData<I>,
}

// `inline(always)`: even a debug build inlines these (in MIR), so that a
// distinct layout makes no function of its own for them.
impl<S, D> Layout<S, D> {
    #[inline(always)]
    pub const fn new(shape: S, stride: D) -> Self {
        Layout {
            shape,
            stride,
            offset: PhantomData,
        }
    }
}

impl<S, D> Layout<S, D, isize> {
    /// A layout with a negative stride: offsets are signed.
    #[inline(always)]
    pub const fn new_signed(shape: S, stride: D) -> Self {
        Layout {
            shape,
            stride,
            offset: PhantomData,
        }
    }
}

impl<S: Mode<D>, D: Tree, I: Offset> Layout<S, D, I> {
    /// The offset of a coordinate: a tuple nested like the shape (any level
    /// of which may be one integer), or one integer for the whole layout.
    /// An integer is split colexicographically over the modes it indexes,
    /// the last of them taking what is left (as CuTe).
    ///
    /// # Panics
    ///
    /// If an integer is split over a dynamic mode of size 0 that is not the
    /// last (the core's `ZeroSizeMode`; the layout is empty, so no integer
    /// indexes it). Over a static one, this is a compile error instead.
    #[inline]
    pub fn crd2idx<Cd: Coord<S, D>>(&self, coord: Cd) -> I {
        // Checked while compiling: no integer is split over a static empty mode.
        const { assert!(Cd::SPLITS, "{}", EMPTY_MODE) };
        // A zero-sized layout's numbers are constants; the condition is
        // constant too, so only the path taken is instantiated.
        I::from_wrapping(if const { S::STATIC && D::STATIC } {
            coord.walk(&S::DESC, &S::STRIDES)
        } else {
            coord.walk(&self.shape.desc(), &S::strides(&self.stride))
        })
    }

    /// `L(i)`: the offset of the `i`-th coordinate in colexicographic order.
    ///
    /// # Panics
    ///
    /// As [`Layout::crd2idx`] of an integer: if a mode but the last is
    /// dynamic and of size 0.
    #[inline]
    pub fn at(&self, index: usize) -> I {
        I::from_wrapping(self.offset_of(index))
    }

    #[inline]
    fn offset_of(&self, index: usize) -> usize {
        const { assert!(S::SPLITTABLE, "{}", EMPTY_MODE) };
        if const { S::STATIC && D::STATIC } {
            S::Form::split(&S::DESC, &S::STRIDES, index)
        } else {
            S::Form::split(&self.shape.desc(), &S::strides(&self.stride), index)
        }
    }

    /// The natural coordinate of an index (CuTe's `idx2crd(i, shape)`).
    ///
    /// # Panics
    ///
    /// If the shape is a tuple with a dynamic extent of 0 anywhere (every
    /// leaf takes the index modulo its extent, as in the core, which
    /// reports `ZeroSizeMode`).
    #[inline]
    pub fn idx2crd(&self, index: usize) -> S::Coord {
        self.shape.idx2crd(index)
    }

    /// The number of coordinates.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// `1 + Σ (s-1)·|d|`, 0 for an empty layout, as CuTe defines it (the
    /// core's `Layout::cosize`): `L(size-1) + 1` when no stride is negative.
    #[inline]
    pub fn cosize(&self) -> I {
        if self.size() == 0 {
            return I::from_wrapping(0);
        }
        let span = if const { S::STATIC && D::STATIC } {
            S::Form::span(&S::DESC, &S::STRIDES)
        } else {
            S::Form::span(&self.shape.desc(), &S::strides(&self.stride))
        };
        I::from_wrapping(span.wrapping_add(1))
    }

    /// The number of top-level modes.
    pub const fn rank(&self) -> usize {
        S::RANK
    }

    /// The nesting depth of the shape: 0 for a single extent.
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }

    pub const fn shape(&self) -> S {
        self.shape
    }

    pub const fn stride(&self) -> D {
        self.stride
    }

    /// The same layout in the runtime core (fails only if a dynamic leaf
    /// does not fit the core's `i64`, or an offset would overflow it).
    pub fn to_core(&self) -> Result<layout_core::Layout, Error> {
        layout_core::Layout::new(self.shape.to_core()?, self.stride.to_core()?)
    }
}

/// Canonical CuTe notation, the same text the core prints.
impl<S: Tree, D: Tree, I> fmt::Display for Layout<S, D, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.write(f)?;
        f.write_str(":")?;
        self.stride.write(f)
    }
}

/// A dynamic leaf of a `layout!` input: always a `usize`.
#[inline]
pub const fn dynamic(value: usize) -> usize {
    value
}

/// `idx2crd(index, shape)` for a typed shape.
#[inline]
pub fn idx2crd<S: Shape>(index: usize, shape: S) -> S::Coord {
    shape.idx2crd(index)
}

/// `size(shape)` for a typed shape.
#[inline]
pub fn size<S: Shape>(shape: S) -> usize {
    shape.size()
}

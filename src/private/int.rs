//! The leaves of a typed layout: a static integer `C<N>` (zero-sized, the
//! value lives in the type, as CuTe's `Int<N>`) or a dynamic `usize`.

use core::fmt;

use layout_core::{Error, ErrorKind, IntTuple};

/// A static integer. Zero-sized: a layout made only of these takes no space,
/// and every use of it folds to a constant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct C<const N: i64>;

/// A leaf of a shape or stride tree.
#[diagnostic::on_unimplemented(
    message = "a dynamic leaf of `layout!` must be a `usize`, found `{Self}`",
    label = "expected `usize`"
)]
pub trait Int: Copy {
    /// The value as a `usize`; negative static strides wrap (two's
    /// complement), which keeps offset sums exact modulo 2^64.
    fn get(self) -> usize;
    fn to_i64(self) -> Result<i64, Error>;
    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<const N: i64> Int for C<N> {
    #[inline]
    fn get(self) -> usize {
        N as usize
    }
    fn to_i64(self) -> Result<i64, Error> {
        Ok(N)
    }
    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{N}")
    }
}

impl Int for usize {
    #[inline]
    fn get(self) -> usize {
        self
    }
    fn to_i64(self) -> Result<i64, Error> {
        i64::try_from(self).map_err(|_| too_large())
    }
    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

pub(crate) fn too_large() -> Error {
    Error::new(ErrorKind::Overflow(
        "a dynamic value is above i64::MAX, the largest integer the core takes",
    ))
}

/// The integer type `crd2idx` returns: `usize`, or `isize` for a layout
/// with a negative static stride (the macro picks it).
pub trait Offset: Copy {
    fn from_wrapping(offset: usize) -> Self;
}

impl Offset for usize {
    #[inline]
    fn from_wrapping(offset: usize) -> usize {
        offset
    }
}

impl Offset for isize {
    #[inline]
    fn from_wrapping(offset: usize) -> isize {
        offset as isize
    }
}

/// Converts a leaf into the core's integer tuple.
pub(crate) fn leaf_to_core(leaf: impl Int) -> Result<IntTuple, Error> {
    leaf.to_i64().map(IntTuple::Int)
}

//! The leaves of a typed layout: a static integer `C<N>` (zero-sized, the
//! value lives in the type, as CuTe's `Int<N>`) or a dynamic `usize`.

use core::fmt;

use layout_core::{Error, ErrorKind, IntTuple};

/// A static integer, CuTe's `Int<N>` (`_4` in CuTe's printing). Zero-sized:
/// a layout made only of these takes no space, and every use of it folds to
/// a constant.
///
/// ```
/// use layout_dsl::typed::C;
/// assert_eq!(core::mem::size_of::<C<4>>(), 0);
/// assert_eq!(format!("{:?}", C::<4>), "C<4>");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct C<const N: i64>;

impl<const N: i64> fmt::Debug for C<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "C<{N}>")
    }
}

/// A leaf of a shape or stride tree.
#[diagnostic::on_unimplemented(
    message = "a dynamic leaf of `layout!` must be a `usize`, found `{Self}`"
)]
pub trait Int: Copy {
    /// The value when it is in the type (`C<N>`, and the folded leaves
    /// [`Quot`](super::Quot) and [`Prod`](super::Prod)), `None` for a
    /// dynamic `usize`: generic code folds on it.
    const STATIC: Option<i64>;
    /// The value as a `usize`; negative static strides wrap (two's
    /// complement), which keeps offset sums exact modulo 2^64.
    fn get(self) -> usize;
    /// The value as the core's integer (a `usize` above `i64::MAX` has none).
    fn to_i64(self) -> Result<i64, Error>;
    /// The value in the notation.
    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// The leaf for a core integer: a non-negative one for `usize` (a
    /// dynamic leaf is never negative), exactly `N` for `C<N>`.
    fn from_i64(value: i64) -> Option<Self>;
    /// The leaf's part of a typed layout's nesting: `N`, or `_` when dynamic.
    fn write_form(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<const N: i64> Int for C<N> {
    const STATIC: Option<i64> = Some(N);
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
    fn from_i64(value: i64) -> Option<Self> {
        (value == N).then_some(C)
    }
    fn write_form(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{N}")
    }
}

impl Int for usize {
    const STATIC: Option<i64> = None;
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
    fn from_i64(value: i64) -> Option<Self> {
        usize::try_from(value).ok()
    }
    fn write_form(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
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
    /// Whether offsets may be negative (and so may strides).
    const SIGNED: bool;
    /// The offset from its two's complement bits.
    fn from_wrapping(offset: usize) -> Self;
    /// The offset's two's complement bits (what a swizzle reads).
    fn to_wrapping(self) -> usize;
}

impl Offset for usize {
    const SIGNED: bool = false;
    #[inline]
    fn from_wrapping(offset: usize) -> usize {
        offset
    }
    #[inline]
    fn to_wrapping(self) -> usize {
        self
    }
}

impl Offset for isize {
    const SIGNED: bool = true;
    #[inline]
    fn from_wrapping(offset: usize) -> isize {
        offset as isize
    }
    #[inline]
    fn to_wrapping(self) -> usize {
        self as usize
    }
}

/// Converts a leaf into the core's integer tuple.
pub(crate) fn leaf_to_core(leaf: impl Int) -> Result<IntTuple, Error> {
    leaf.to_i64().map(IntTuple::Int)
}

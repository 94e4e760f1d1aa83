//! [`IdiomError`]: the kernel-library idioms' refusals.
//! Each variant and field is documented; its message, the `Display`, follows
//! the enum, in the same order.

use alloc::string::String;
use core::fmt;

use crate::access::AccessInput;

/// The kernel-library idioms refusing their arguments: broadcasting, tensor
/// descriptors, diagonals, and the access analysis
/// ([`access`](crate::access)).
///
/// The message is the `Display`, one sentence naming the numbers that
/// failed; where in the source text is the [`Error`](crate::Error)'s span.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IdiomError {
    /// Two extents at one axis that are neither equal nor 1.
    CannotBroadcast {
        /// The extent broadcast so far.
        left: i64,
        /// The extent that does not match it.
        right: i64,
        /// The axis, counted from the left of the result.
        axis: usize,
        /// Which shape (argument) brought the extent `right`.
        operand: usize,
    },
    /// A layout mode that cannot be stretched to the target extent.
    NotBroadcastable {
        /// The layout's extent, in notation.
        from: String,
        /// The target extent, in notation.
        to: String,
        /// The axis of the target shape.
        axis: usize,
    },
    /// A layout of higher rank than the shape it is broadcast to.
    BroadcastRank {
        /// The layout's rank.
        from: usize,
        /// The target shape's rank.
        to: usize,
    },
    /// A descriptor whose lengths and strides differ in number.
    DescriptorRank {
        /// How many lengths.
        lengths: usize,
        /// How many strides.
        strides: usize,
    },
    /// A descriptor stride that must be positive but is not.
    DescriptorStrideNotPositive {
        /// The descriptor's tag (`RowMajor`, `ColumnMajor`).
        tag: &'static str,
        /// The dimension.
        dim: usize,
        /// Its stride.
        stride: i64,
    },
    /// A descriptor stride too small to step over the dimension inside it.
    DescriptorStrideTooSmall {
        /// The descriptor's tag.
        tag: &'static str,
        /// The dimension.
        dim: usize,
        /// Its stride.
        stride: i64,
        /// The least stride it needs.
        needed: i64,
        /// The dimension inside it.
        inner: usize,
        /// That dimension's extent.
        extent: i64,
        /// That dimension's stride.
        inner_stride: i64,
    },
    /// `diagonal` of a dimension with itself.
    SameDiagonalDims {
        /// The dimension given twice.
        dim: usize,
    },
    /// An access the analysis does not model (`access`): a TV layout not
    /// of rank 2, an element size not a power of two up to 16 bytes, values
    /// per access that do not fit.
    UnsupportedAccess {
        /// Which input is at fault.
        input: AccessInput,
        /// The sentence saying why (the whole message).
        why: String,
    },
}

impl fmt::Display for IdiomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One arm per variant, every variant named: bare names read better.
        #[allow(clippy::enum_glob_use)]
        use IdiomError::*;
        match self {
            CannotBroadcast {
                left, right, axis, ..
            } => write!(
                f,
                "cannot broadcast extent {left} with extent {right} at axis {axis}"
            ),
            NotBroadcastable { from, to, axis } => write!(
                f,
                "cannot broadcast extent {from} to extent {to} at axis {axis}"
            ),
            BroadcastRank { from, to } => write!(
                f,
                "cannot broadcast a layout of rank {from} to a shape of rank {to}"
            ),
            DescriptorRank { lengths, strides } => write!(
                f,
                "the descriptor has {lengths} lengths but {strides} strides"
            ),
            DescriptorStrideNotPositive { tag, dim, stride } => write!(
                f,
                "{tag} needs positive strides (only the last two may be 0 or negative, to be computed), but dimension {dim} has stride {stride}"
            ),
            DescriptorStrideTooSmall {
                tag,
                dim,
                stride,
                needed,
                inner,
                extent,
                inner_stride,
            } => write!(
                f,
                "{tag} needs stride {stride} of dimension {dim} to be at least {needed}, extent {extent} times stride {inner_stride} of dimension {inner} inside it"
            ),
            SameDiagonalDims { dim } => write!(
                f,
                "diagonal needs two different dimensions, but both are dimension {dim}"
            ),
            UnsupportedAccess { why, .. } => write!(f, "{why}"),
        }
    }
}

impl core::error::Error for IdiomError {}

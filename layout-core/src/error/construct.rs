//! [`ConstructError`]: layouts that cannot be built from an order, a block
//! or a recast.
//! Each variant and field is documented; its message, the `Display`, follows
//! the enum, in the same order.

use alloc::string::String;
use core::fmt;

/// A layout that cannot be built as asked: from an order
/// ([`make_ordered_layout`](crate::make_ordered_layout)), by tiling a block
/// ([`tile_to_shape`](crate::tile_to_shape)), or for another element width
/// ([`upcast`](crate::upcast), [`downcast`](crate::downcast)).
///
/// The message is the `Display`, one sentence naming the numbers that
/// failed; where in the source text is the [`Error`](crate::Error)'s span.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConstructError {
    /// An order (`make_ordered_layout`, `tile_to_shape`) whose nesting does
    /// not fit the shape it orders: a tuple where the shape has an integer,
    /// or a tuple of another rank.
    OrderMismatch {
        /// The order, in notation.
        order: String,
        /// The shape, in notation.
        shape: String,
    },
    /// Two modes of extent above 1 given the same place in an order, so
    /// no compact layout follows it (CuTe would give both the same stride).
    OrderTie {
        /// The order, in notation.
        order: String,
        /// The place both modes have.
        place: i64,
        /// The extent of the first of them.
        first: i64,
        /// The extent of the second.
        second: i64,
    },
    /// `tile_to_shape` of a block that does not tile the target shape.
    BlockNotDividing {
        /// The mode.
        mode: usize,
        /// The block's extent there (its size, for a hierarchical mode).
        block: i64,
        /// The target's extent there.
        target: i64,
    },
    /// `tile_to_shape` of a block with more modes than the target shape.
    BlockRankTooHigh {
        /// The block's rank.
        block: usize,
        /// The target shape's rank.
        target: usize,
    },
    /// An upcast by a width ratio that a stride neither divides nor is a
    /// multiple of, so the wider elements do not line up with the layout.
    RecastNotDivisible {
        /// The width ratio.
        n: i64,
        /// The leaf mode (counted over the flattened layout).
        mode: usize,
        /// Its stride.
        stride: i64,
    },
    /// A downcast of a layout without a stride-1 mode: there are no
    /// adjacent elements to split.
    NoUnitStride {
        /// The layout, in notation.
        layout: String,
    },
}

impl fmt::Display for ConstructError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One arm per variant, every variant named: bare names read better.
        #[allow(clippy::enum_glob_use)]
        use ConstructError::*;
        match self {
            OrderMismatch { order, shape } => write!(
                f,
                "order {order} does not fit shape {shape}: each tuple of the order needs a mode of the same rank"
            ),
            OrderTie {
                order,
                place,
                first,
                second,
            } => write!(
                f,
                "order {order} gives two modes (of extents {first} and {second}) the same place {place}: a compact layout needs each mode its own"
            ),
            BlockNotDividing {
                mode,
                block,
                target,
            } => write!(
                f,
                "tile_to_shape needs the block to divide the target: mode {mode} has block extent {block} and target extent {target}"
            ),
            BlockRankTooHigh { block, target } => write!(
                f,
                "tile_to_shape needs a block of at most the target's rank {target}, but the block has rank {block}"
            ),
            RecastNotDivisible { n, mode, stride } => write!(
                f,
                "upcast by {n} needs each stride to divide {n} or be a multiple of it, but leaf mode {mode} has stride {stride}"
            ),
            NoUnitStride { layout } => write!(
                f,
                "downcast needs a mode of stride 1 (adjacent elements), but {layout} has none"
            ),
        }
    }
}

impl core::error::Error for ConstructError {}

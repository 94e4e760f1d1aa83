//! The kernel-library idioms' functions ([`crate::idioms`]): one entry each.

use super::calls::first;
use super::idiom_calls as calls;
use super::{BASE, Function, Kind, Narration, Returns};
use crate::coerce::Accepts::{Any, Int, IntTuple, Layout, View};

/// Broadcasting, descriptors, views, tables and walks, as notation functions.
pub(super) const FUNCTIONS: &[Function] = &[
    Function {
        name: "broadcast",
        narration: Narration::Broadcast,
        usage: "broadcast(SHAPE[, …])",
        arity: 1..=usize::MAX,
        args: &[IntTuple],
        returns: Returns::Always(Kind::IntTuple),
        blame: calls::broadcast_blame,
        about: "the shape the flat shapes broadcast to, NumPy's rules",
        example: "broadcast((2,1,4),(3,1))",
        apply: calls::broadcast_shapes,
        ..BASE
    },
    Function {
        name: "broadcast_to",
        narration: Narration::BroadcastTo,
        usage: "broadcast_to(L, SHAPE)",
        arity: 2..=2,
        args: &[Layout, IntTuple],
        blame: calls::broadcast_blame,
        about: "L read as SHAPE: stride 0 along broadcast axes",
        example: "broadcast_to((3,1):(1,1),(2,3,4))",
        apply: calls::broadcast_layout,
        ..BASE
    },
    Function {
        name: "real_axis",
        narration: Narration::RealAxis,
        usage: "real_axis(AXIS, RANK)",
        arity: 2..=2,
        args: &[Int, Int],
        returns: Returns::Always(Kind::Int),
        about: "a negative axis counted from the end, checked against the rank",
        example: "real_axis(-1,4)",
        apply: calls::real_axis_of,
        ..BASE
    },
    Function {
        name: "descriptor",
        narration: Narration::Descriptor,
        usage: "descriptor(LENGTHS[, STRIDES], TAG)",
        arity: 2..=3,
        args: &[IntTuple, Any, Any],
        blame: calls::descriptor_blame,
        about: "Composable Kernel's tensor descriptor as a flat layout",
        example: "descriptor((2,3,4),RowMajor)",
        apply: calls::descriptor_layout,
        ..BASE
    },
    Function {
        name: "table",
        on_composed: super::swizzle::SWIZZLED_TABLE,
        narration: Narration::Table,
        usage: "table(L)",
        args: &[View],
        returns: Returns::Always(Kind::Table),
        blame: first,
        static_only: true,
        about: "every offset in index order, [L(0),L(1),…]",
        example: "table((2,3):(3,1))",
        apply: calls::table_of,
        ..BASE
    },
    Function {
        name: "view",
        on_basis: super::basis::VIEW,
        narration: Narration::View,
        usage: "view(L, BASE)",
        arity: 2..=2,
        args: &[Layout, Int],
        returns: Returns::Always(Kind::View),
        about: "L read from offset BASE",
        example: "view((2,3):(3,1),5)",
        apply: calls::view_of,
        ..BASE
    },
    Function {
        name: "positions",
        narration: Narration::Positions,
        usage: "positions(L[, START])",
        arity: 1..=2,
        args: &[View, IntTuple],
        returns: Returns::Always(Kind::Table),
        static_only: true,
        about: "the offsets a row-major walk from START visits to the end",
        example: "positions((2,4):(4,1),(1,2))",
        apply: calls::positions,
        ..BASE
    },
    Function {
        name: "diagonal",
        narration: Narration::Diagonal,
        usage: "diagonal(L[, OFFSET[, DIM1[, DIM2]]])",
        arity: 1..=4,
        args: &[View, Int],
        returns: Returns::Always(Kind::View),
        blame: calls::view_blame,
        about: "torch's diagonal: two dims merged into one, their strides summed",
        example: "diagonal((3,4):(4,1),1)",
        apply: calls::diagonal_of,
        ..BASE
    },
    Function {
        name: "stripes",
        narration: Narration::Stripes,
        usage: "stripes(L, AXIS)",
        arity: 2..=2,
        args: &[View, Int],
        returns: Returns::LikeArg(0),
        blame: calls::view_blame,
        about: "AXIS first, the other axes grouped: one stripe per other index",
        example: "stripes((2,3,4):(12,4,1),1)",
        apply: calls::stripes_of,
        ..BASE
    },
    Function {
        name: "slice_axis",
        narration: Narration::SliceAxis,
        usage: "slice_axis(L, AXIS, I)",
        arity: 3..=3,
        args: &[View, Int, Int],
        returns: Returns::Always(Kind::View),
        blame: calls::view_blame,
        about: "the sub-tensor at index I of AXIS (torch's select)",
        example: "slice_axis((2,3,4):(12,4,1),1,2)",
        apply: calls::slice_axis_of,
        ..BASE
    },
    Function {
        name: "block",
        narration: Narration::Block,
        usage: "block(L, TILE, INDEX)",
        arity: 3..=3,
        args: &[View, IntTuple, IntTuple],
        returns: Returns::Always(Kind::View),
        blame: calls::block_blame,
        about: "block INDEX of L cut into TILE-shaped blocks (edge blocks cut)",
        example: "block((5,4):(4,1),(2,3),5)",
        apply: calls::block_of,
        ..BASE
    },
];

//! What kernel libraries do by hand with shapes and strides, written as the
//! layout operations they are:
//!
//! | seed | here |
//! |---|---|
//! | InfiniTensor `operator_utils` | [`broadcast`], [`broadcast_to`] (stride 0), [`real_axis`], [`idx2crd_row_major`] (`LayoutRight`), [`broadcast_offset`], [`Device`], [`KernelAttrs`] |
//! | Composable Kernel `HostTensorDescriptor` | [`TensorDescriptor`]: a flat layout plus stride rules per [`TensorLayout`] tag |
//! | CANN `PositionIterator` and kernels | [`Positions`] (row-major odometer), [`diagonal`] (two modes merged, strides summed), [`stripes`], [`slice_axis`], [`split_axis`], [`block`] (`zipped_divide`) |
//!
//! Their notation functions are entries of the one registry,
//! [`FUNCTIONS`](crate::FUNCTIONS).

mod broadcast;
mod descriptor;
mod device;
mod diagonal;
mod position;
mod slices;
mod view;

pub use broadcast::{
    broadcast, broadcast_offset, broadcast_to, idx2crd_row_major, idx2crd_strided, real_axis,
};
pub use descriptor::{TensorDescriptor, TensorLayout};
pub use device::{Device, KernelAttrs, OpType};
pub use diagonal::diagonal;
pub use position::Positions;
pub use slices::{block, blocks, slice_axis, split_axis, stripes};
pub use view::{TABLE_LIMIT, Table, View, table};
pub(crate) use view::{check_table_size, shifted};

use alloc::string::ToString;
use alloc::vec::Vec;

use crate::error::{DomainError, Result};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;

/// The integers of a flat tuple (an integer is a tuple of one).
pub(crate) fn flat_extents(t: &IntTuple, what: &'static str) -> Result<Vec<i64>> {
    match t {
        Int(n) => Ok(alloc::vec![*n]),
        Tuple(items) => items
            .iter()
            .map(|item| {
                item.as_int().ok_or_else(|| {
                    let found = t.to_string();
                    DomainError::NotFlat { what, found }.into()
                })
            })
            .collect(),
    }
}

/// Modes as one layout: `1:0` for none, the mode itself for one (as CuTe
/// prints a single mode), else a tuple of them.
fn join_modes(mut modes: Vec<Layout>) -> Result<Layout> {
    match modes.len() {
        0 => Layout::leaf(1, 0),
        1 => Ok(modes.remove(0)),
        _ => Layout::concat(modes),
    }
}

//! The diagonal of two modes (torch's and CANN's `Diagonal`), as a layout:
//! walking the diagonal moves one step along both modes at once, so the two
//! modes merge into one whose stride is the sum of theirs.

use alloc::string::ToString;
use alloc::vec::Vec;

use crate::error::{DomainError, ErrorKind, IdiomError, Result, add, mul};
use crate::int_tuple::IntTuple::Int;
use crate::layout::Layout;

use super::{View, join_modes, real_axis};

/// The diagonal of modes `dim1` and `dim2` (negative counts from the end),
/// `offset` places above the main diagonal (below when negative). The
/// diagonal becomes the last mode; the other modes keep their order. Both
/// modes must be single extents.
///
/// ```
/// use layout_core::{diagonal, Layout};
/// let l: Layout = "(3,4):(4,1)".parse().unwrap();
/// let d = diagonal(&l, 1, 0, 1).unwrap();
/// assert_eq!(d.to_string(), "view(3:5,1)");
/// assert_eq!(d.table().unwrap().to_string(), "[1,6,11]");
/// ```
pub fn diagonal(layout: &Layout, offset: i64, dim1: i64, dim2: i64) -> Result<View> {
    let rank = layout.rank();
    let (d1, d2) = (real_axis(dim1, rank)?, real_axis(dim2, rank)?);
    if d1 == d2 {
        return Err(IdiomError::SameDiagonalDims { dim: d1 }.into());
    }
    let modes = layout.modes();
    let (s1, t1) = leaf(&modes[d1], d1)?;
    let (s2, t2) = leaf(&modes[d2], d2)?;
    // Row `i` of the diagonal is element (i, i + offset) of the two modes, or
    // (i - offset, i) below the main diagonal.
    let (len, row, col) = if offset >= 0 {
        (s1.min(s2.saturating_sub(offset)), 0, offset)
    } else {
        (
            s1.saturating_add(offset).min(s2),
            offset.saturating_neg(),
            0,
        )
    };
    let len = len.max(0);
    // The start is in the domain only when the diagonal is not empty.
    let base = if len > 0 {
        add(mul(row, t1)?, mul(col, t2)?)?
    } else {
        0
    };
    let step = match t1.checked_add(t2) {
        Some(step) => step,
        // A diagonal of at most one element never steps.
        None if len <= 1 => 0,
        None => {
            return Err(ErrorKind::Overflow(
                "the diagonal's stride, a sum of two strides, does not fit in 64 bits",
            )
            .into());
        }
    };
    let mut out: Vec<Layout> = modes
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| i != d1 && i != d2)
        .map(|(_, m)| m)
        .collect();
    out.push(Layout::leaf(len, step)?);
    View::new(join_modes(out)?, base)
}

fn leaf(mode: &Layout, i: usize) -> Result<(i64, i64)> {
    match (mode.shape(), mode.stride()) {
        (Int(s), Int(d)) => Ok((*s, *d)),
        _ => Err(DomainError::ModeNotLeaf {
            function: "diagonal",
            mode: i,
            shape: mode.shape().to_string(),
        }
        .into()),
    }
}

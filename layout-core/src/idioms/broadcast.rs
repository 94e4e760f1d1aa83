//! NumPy/ONNX broadcasting and row-major indexing, as layouts: a broadcast
//! axis is an axis of stride 0, and a row-major linear index is the
//! coordinate of that index under `LayoutRight` strides.

use alloc::string::ToString;
use alloc::vec::Vec;

use crate::error::{AlgebraRefusal, DomainError, ErrorKind, IdiomError, Result};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;

use super::flat_extents;

/// The multidirectional broadcast of flat shapes, aligned on the right: on
/// each axis the extents must agree, or all but one be 1 (so 0 with 1 is 0).
/// An integer is a rank-1 shape; the result is always a tuple.
///
/// ```
/// use layout_core::{broadcast, IntTuple};
/// let s = broadcast(&[IntTuple::from([2, 3, 4]), IntTuple::from([3, 1])]).unwrap();
/// assert_eq!(s.to_string(), "(2,3,4)");
/// let e = broadcast(&[IntTuple::from([2, 3]), IntTuple::from([4])]).unwrap_err();
/// assert_eq!(e.to_string(), "cannot broadcast extent 3 with extent 4 at axis 1");
/// ```
pub fn broadcast(shapes: &[IntTuple]) -> Result<IntTuple> {
    let shapes = shapes
        .iter()
        .map(|s| flat_extents(s, "a shape to broadcast"))
        .collect::<Result<Vec<_>>>()?;
    let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = alloc::vec![1i64; rank];
    for (operand, shape) in shapes.iter().enumerate() {
        // Right-aligned: the shape's last extent meets the result's last axis.
        let first_axis = rank - shape.len();
        for (k, &right) in shape.iter().enumerate() {
            let axis = first_axis + k;
            if right < 0 {
                return Err(DomainError::NegativeExtent(right).into());
            }
            let left = out[axis];
            out[axis] = match (left, right) {
                _ if left == right => left,
                (1, _) => right,
                (_, 1) => left,
                _ => {
                    return Err(IdiomError::CannotBroadcast {
                        left,
                        right,
                        axis,
                        operand,
                    }
                    .into());
                }
            };
        }
    }
    Ok(Tuple(out.into_iter().map(Int).collect()))
}

/// The layout over `shape` that reads `layout`: `layout`'s modes are aligned
/// on the right with `shape`'s; a mode equal to its target keeps its stride,
/// a mode of size 1 and every missing leading mode get stride 0.
///
/// ```
/// use layout_core::{broadcast_to, IntTuple, Layout};
/// let l: Layout = "(3,1):(1,1)".parse().unwrap();
/// let b = broadcast_to(&l, &IntTuple::from([2, 3, 4])).unwrap();
/// assert_eq!(b.to_string(), "(2,3,4):(0,1,0)");
/// ```
pub fn broadcast_to(layout: &Layout, shape: &IntTuple) -> Result<Layout> {
    let (from, to) = (layout.rank(), shape.rank());
    if from > to {
        return Err(IdiomError::BroadcastRank { from, to }.into());
    }
    let zeros = |t: &IntTuple| t.with_leaves(&mut core::iter::repeat(0));
    let modes = layout.modes();
    let mut out = Vec::with_capacity(to);
    for (axis, target) in shape.modes().iter().enumerate() {
        let mode = (axis + from).checked_sub(to).map(|i| &modes[i]);
        out.push(match mode {
            Some(m) if m.shape() == target => m.clone(),
            Some(m) if m.size() != 1 => {
                return Err(IdiomError::NotBroadcastable {
                    from: m.shape().to_string(),
                    to: target.to_string(),
                    axis,
                }
                .into());
            }
            _ => Layout::new(target.clone(), zeros(target))?,
        });
    }
    // An integer shape is its own single mode: the result is that mode, not
    // a rank-1 tuple.
    match (shape, out.as_slice()) {
        (Int(_), [mode]) => Ok(mode.clone()),
        _ => Layout::concat(out),
    }
}

/// A possibly negative axis (counted from the end) as an index in `0..rank`.
///
/// ```
/// use layout_core::real_axis;
/// assert_eq!(real_axis(-1, 4).unwrap(), 3);
/// assert_eq!(real_axis(4, 4).unwrap_err().to_string(),
///            "axis 4 is out of range for rank 4: it must be at least -4 and less than 4");
/// ```
pub fn real_axis(axis: i64, rank: usize) -> Result<usize> {
    let r =
        i64::try_from(rank).map_err(|_| ErrorKind::Overflow("the rank does not fit in 64 bits"))?;
    let real = if axis < 0 { axis + r } else { axis };
    if (0..r).contains(&real) {
        Ok(real as usize)
    } else {
        Err(DomainError::AxisOutOfRange { axis, rank }.into())
    }
}

/// CuTe's `idx2crd(i, shape, stride)`: leaf by leaf, `(i / stride) % extent`.
/// With compact strides this inverts `crd2idx`; extent-1 leaves give 0.
///
/// ```
/// use layout_core::{idx2crd_strided, IntTuple};
/// let c = idx2crd_strided(10, &IntTuple::from([2, 3, 4]), &IntTuple::from([12, 4, 1]));
/// assert_eq!(c.unwrap().to_string(), "(0,2,2)");
/// ```
pub fn idx2crd_strided(index: i64, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple> {
    if !shape.is_congruent(stride) {
        let (shape, stride) = (shape.to_string(), stride.to_string());
        return Err(DomainError::NotCongruent { shape, stride }.into());
    }
    if let Some(extent) = shape.leaves().find(|&s| s < 0) {
        return Err(DomainError::NegativeExtent(extent).into());
    }
    if index < 0 {
        let found = index;
        return Err(DomainError::OutOfRange {
            what: "an index",
            min: 0,
            found,
        }
        .into());
    }
    // An empty extent leaves no index to find (and zeroes the strides outside it).
    if let Some(mode) = shape.leaves().position(|s| s == 0) {
        let shape = shape.to_string();
        return Err(DomainError::ZeroSizeMode { mode, shape }.into());
    }
    let mut coords = Vec::new();
    for (mode, (s, d)) in shape.leaves().zip(stride.leaves()).enumerate() {
        coords.push(match (s, d) {
            (1, _) => 0,
            (_, d) if d <= 0 => {
                let (extent, stride) = (s, d);
                return Err(AlgebraRefusal::NonPositiveStride {
                    mode,
                    extent,
                    stride,
                }
                .into());
            }
            _ => (index / d) % s,
        });
    }
    Ok(shape.with_leaves(&mut coords.into_iter()))
}

/// The coordinate of a row-major linear index, `idx2crd(i, shape, LayoutRight)`.
///
/// ```
/// use layout_core::{idx2crd_row_major, IntTuple};
/// let c = idx2crd_row_major(5, &IntTuple::from([2, 3])).unwrap();
/// assert_eq!(c.to_string(), "(1,2)");
/// ```
pub fn idx2crd_row_major(index: i64, shape: &IntTuple) -> Result<IntTuple> {
    idx2crd_strided(index, shape, &shape.compact_row_major()?)
}

/// Where element `index` (row-major) of a broadcast result of shape
/// `out_shape` reads `input`:
/// `crd2idx(idx2crd(index, out_shape, LayoutRight), broadcast_to(input, out_shape))`.
///
/// ```
/// use layout_core::{broadcast_offset, IntTuple, Layout};
/// let bias: Layout = "(3,1):(1,1)".parse().unwrap();
/// // Element 7 of a (2,3,4) result is (0,1,3); the bias is read at row 1.
/// assert_eq!(broadcast_offset(7, &IntTuple::from([2, 3, 4]), &bias).unwrap(), 1);
/// ```
pub fn broadcast_offset(index: i64, out_shape: &IntTuple, input: &Layout) -> Result<i64> {
    let coord = idx2crd_row_major(index, out_shape)?;
    broadcast_to(input, out_shape)?.crd2idx(&coord)
}

//! Cutting a tensor the ways CANN's kernels do, each as layouts and views:
//! stripes along an axis (Sort), the sub-tensors at each index of an axis
//! (UniqueConsecutive), and blocks (dice) from `zipped_divide`.

use alloc::string::ToString;
use alloc::vec::Vec;

use crate::algebra::{Tiler, zipped_divide};
use crate::error::{DomainError, Result};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;

use super::{View, flat_extents, join_modes, real_axis};

/// The 1-D stripes along `axis` (negative counts from the end): mode 0 of
/// the result walks one stripe, mode 1 enumerates the stripes (the other
/// modes in order; `1:0` when there are none, the mode itself when one).
///
/// ```
/// use layout_core::{stripes, Layout};
/// let l: Layout = "(2,3,4):(12,4,1)".parse().unwrap();
/// assert_eq!(stripes(&l, 1).unwrap().to_string(), "(3,(2,4)):(4,(12,1))");
/// ```
pub fn stripes(layout: &Layout, axis: i64) -> Result<Layout> {
    let (stripe, rest) = split_off(layout, axis)?;
    Layout::concat([stripe, join_modes(rest)?])
}

/// The sub-tensor at `index` along `axis` (torch's `select`; CuTe's `select` picks modes instead): the other
/// modes, from the offset of `index` in that mode.
///
/// ```
/// use layout_core::{slice_axis, Layout};
/// let l: Layout = "(2,3,4):(12,4,1)".parse().unwrap();
/// assert_eq!(slice_axis(&l, 1, 2).unwrap().to_string(), "view((2,4):(12,1),8)");
/// ```
pub fn slice_axis(layout: &Layout, axis: i64, index: i64) -> Result<View> {
    let (mode, rest) = split_off(layout, axis)?;
    let extent = mode.size();
    if !(0..extent).contains(&index) {
        let axis = real_axis(axis, layout.rank())?;
        return Err(DomainError::CoordOutOfRange {
            what: "index",
            coord: index,
            axis,
            extent,
        }
        .into());
    }
    View::new(join_modes(rest)?, mode.at(index)?)
}

/// Every sub-tensor along `axis`, in index order (`slice_axis` at each index).
///
/// ```
/// use layout_core::{split_axis, Layout};
/// let l: Layout = "(2,3):(3,1)".parse().unwrap();
/// let rows: Vec<String> = split_axis(&l, 0).unwrap().iter().map(|v| v.to_string()).collect();
/// assert_eq!(rows, ["view(3:1,0)", "view(3:1,3)"]);
/// ```
pub fn split_axis(layout: &Layout, axis: i64) -> Result<Vec<View>> {
    let (mode, _) = split_off(layout, axis)?;
    (0..mode.size())
        .map(|i| slice_axis(layout, axis, i))
        .collect()
}

/// Mode `axis` and the other modes in order.
fn split_off(layout: &Layout, axis: i64) -> Result<(Layout, Vec<Layout>)> {
    let axis = real_axis(axis, layout.rank())?;
    let mut modes = layout.modes();
    let mode = modes.remove(axis);
    Ok((mode, modes))
}

/// Block `index` of `layout` cut into blocks of `tile` (one extent per
/// leading mode, each mode tiled being a single extent). Blocks are
/// numbered as `zipped_divide(layout, tile)` numbers them: `index` is an
/// integer in CuTe order or one coordinate per mode of that divide's mode 1.
/// Blocks at the edge are cut to what is left of the tensor.
///
/// ```
/// use layout_core::{block, IntTuple, Layout};
/// let l: Layout = "(5,4):(4,1)".parse().unwrap();
/// let b = block(&l, &IntTuple::from([2, 3]), &IntTuple::from([2, 1])).unwrap();
/// assert_eq!(b.to_string(), "view((1,1):(4,1),19)");
/// ```
pub fn block(layout: &Layout, tile: &IntTuple, index: &IntTuple) -> Result<View> {
    Blocks::new(layout, tile)?.block(index)
}

/// Every block of `layout` cut into blocks of `tile`, in CuTe order (see [`block`]).
///
/// ```
/// use layout_core::{blocks, IntTuple, Layout};
/// let l: Layout = "5:1".parse().unwrap();
/// let all: Vec<String> = blocks(&l, &IntTuple::from(2)).unwrap().iter().map(|b| b.to_string()).collect();
/// assert_eq!(all, ["view((2):(1),0)", "view((2):(1),2)", "view((1):(1),4)"]);
/// ```
pub fn blocks(layout: &Layout, tile: &IntTuple) -> Result<Vec<View>> {
    let cut = Blocks::new(layout, tile)?;
    (0..cut.grid.size()).map(|i| cut.block(&Int(i))).collect()
}

/// A layout cut by `zipped_divide`: the tile's extents and strides, the
/// tiled modes' extents, and mode 1 of the divide (where each block starts).
struct Blocks {
    tile: Vec<(i64, i64)>,
    extents: Vec<i64>,
    grid: Layout,
}

impl Blocks {
    fn new(layout: &Layout, tile: &IntTuple) -> Result<Blocks> {
        let tiles = flat_extents(tile, "a block shape")?;
        if let Some(&found) = tiles.iter().find(|&&t| t < 1) {
            let what = "a block extent";
            return Err(DomainError::OutOfRange {
                what,
                min: 1,
                found,
            }
            .into());
        }
        let modes = layout.modes();
        if tiles.len() > modes.len() {
            let (tiler, layout) = (tiles.len(), modes.len());
            return Err(DomainError::TilerTooLong { tiler, layout }.into());
        }
        let mut extents = Vec::with_capacity(tiles.len());
        for (i, mode) in modes.iter().take(tiles.len()).enumerate() {
            match mode.shape() {
                Int(s) => extents.push(*s),
                shape => {
                    return Err(DomainError::ModeNotLeaf {
                        function: "block",
                        mode: i,
                        shape: shape.to_string(),
                    }
                    .into());
                }
            }
        }
        let tiler = Tiler::try_from(Tuple(tiles.into_iter().map(Int).collect()))?;
        let zipped = zipped_divide(layout, &tiler)?;
        let (Some(tile), Some(grid)) = (zipped.mode(0), zipped.mode(1)) else {
            unreachable!("a zipped divide has a tile mode and a rest mode");
        };
        let tile: Vec<(i64, i64)> = tile.leaf_modes().collect();
        debug_assert_eq!(tile.len(), extents.len());
        Ok(Blocks {
            tile,
            extents,
            grid,
        })
    }

    fn block(&self, index: &IntTuple) -> Result<View> {
        let coord = self.grid_coord(index)?;
        let base = self
            .grid
            .crd2idx(&Tuple(coord.iter().copied().map(Int).collect()))?;
        let mut modes = Vec::with_capacity(self.tile.len());
        for ((&(t, d), &s), &b) in self.tile.iter().zip(&self.extents).zip(&coord) {
            // What is left of the mode from this block's start (b·t < s in range).
            let left = s - b * t;
            modes.push(Layout::leaf(t.min(left), d)?);
        }
        View::new(Layout::concat(modes)?, base)
    }

    /// One coordinate per mode of the grid, each checked to be in range.
    fn grid_coord(&self, index: &IntTuple) -> Result<Vec<i64>> {
        let sizes: Vec<i64> = self.grid.modes().iter().map(Layout::size).collect();
        match index {
            Int(i) => {
                let size = self.grid.size();
                if !(0..size).contains(i) {
                    let (what, index) = ("block", *i);
                    return Err(DomainError::IndexOutOfRange { what, index, size }.into());
                }
                // CuTe order: the first mode varies fastest.
                let mut rest = *i;
                Ok(sizes
                    .iter()
                    .map(|&n| {
                        let c = rest % n;
                        rest /= n;
                        c
                    })
                    .collect())
            }
            Tuple(_) => {
                let coord = flat_extents(index, "a block coordinate")?;
                if coord.len() != sizes.len() {
                    let (expected, found) = (sizes.len(), coord.len());
                    return Err(DomainError::RankMismatch { expected, found }.into());
                }
                for (axis, (&c, &extent)) in coord.iter().zip(&sizes).enumerate() {
                    if !(0..extent).contains(&c) {
                        let what = "block coordinate";
                        return Err(DomainError::CoordOutOfRange {
                            what,
                            coord: c,
                            axis,
                            extent,
                        }
                        .into());
                    }
                }
                Ok(coord)
            }
        }
    }
}

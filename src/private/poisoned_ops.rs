//! The divide, product-tile and tensor-algorithm traits of [`Poisoned`]
//! (the others are in `poisoned.rs` and `poisoned_partition.rs`): a failed
//! `layout!` divided through [`Divide`], given as the tile of a real
//! layout's product, or under a tensor given to `copy`, `fill`, `axpby`
//! or `gemm` (on either side) reports nothing more.

use super::algebra::AlgebraError;
use super::divide::Divide;
use super::layout::Layout;
use super::loops::{Matrix, WalkWith};
use super::paired::WalkPaired;
use super::poisoned::{Poisoned, poisoned};
use super::product_copies::ProductTile;

impl<T, I, K> Divide<T> for Poisoned<I, K> {
    type Logical = Poisoned<I>;
    type Zipped = Poisoned<I>;
    type Tiled = Poisoned<I>;
    type Flat = Poisoned<I>;
    fn logical_divide(&self, _: T) -> Result<Poisoned<I>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn zipped_divide(&self, _: T) -> Result<Poisoned<I>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn tiled_divide(&self, _: T) -> Result<Poisoned<I>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn flat_divide(&self, _: T) -> Result<Poisoned<I>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
}

/// As a product's tile: a rank-1 layout (its type is not known).
impl<I, K> ProductTile for Poisoned<I, K> {
    type Shape = usize;
    type Stride = usize;
    fn tile(self) -> Layout<usize, usize> {
        poisoned()
    }
}

impl<O, I, K> WalkWith<O> for Poisoned<I, K> {
    fn same_shape(&self, _: &O) -> bool {
        poisoned()
    }
    fn walk_with(&self, _: &O, _: usize, _: usize, _: impl FnMut(usize, usize)) {
        poisoned()
    }
}

/// A real layout walked with a poisoned one (`fill` asks for the
/// layout with itself, `copy` for the source with the destination).
impl<S, D, I, J, K> WalkWith<Poisoned<J, K>> for Layout<S, D, I> {
    fn same_shape(&self, _: &Poisoned<J, K>) -> bool {
        poisoned()
    }
    fn walk_with(&self, _: &Poisoned<J, K>, _: usize, _: usize, _: impl FnMut(usize, usize)) {
        poisoned()
    }
}

impl<O, I, K> WalkPaired<O> for Poisoned<I, K> {
    fn same_size(&self, _: &O) -> bool {
        poisoned()
    }
    fn walk_paired(&self, _: &O, _: usize, _: usize, _: impl FnMut(usize, usize)) {
        poisoned()
    }
}

impl<S, D, I, J, K> WalkPaired<Poisoned<J, K>> for Layout<S, D, I> {
    fn same_size(&self, _: &Poisoned<J, K>) -> bool {
        poisoned()
    }
    fn walk_paired(&self, _: &Poisoned<J, K>, _: usize, _: usize, _: impl FnMut(usize, usize)) {
        poisoned()
    }
}

impl<I, K> Matrix for Poisoned<I, K> {
    fn extents(&self) -> (usize, usize) {
        poisoned()
    }
    fn strides(&self) -> (usize, usize) {
        poisoned()
    }
}

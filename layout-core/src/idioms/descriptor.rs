//! Composable Kernel's host tensor descriptor: lengths, strides and a GEMM
//! layout tag, which is a flat [`Layout`] plus rules for filling in and
//! checking the strides.
//!
//! Dimension nesting: `RowMajor` nests the dimensions right to left (the last
//! is innermost); `ColumnMajor` swaps the last two (the one before last is
//! innermost, then the last, then the batch dimensions right to left).
//! Computed strides are compact in that order, so `ColumnMajor` over
//! `(2,3,4)` is `(12,1,3)`. CK's literal swap of the row-major strides would
//! give `(12,1,4)`, which equals ours only when the last two lengths agree.

use alloc::vec::Vec;
use core::fmt;

use crate::error::{DomainError, IdiomError, Result, mul};
use crate::int_tuple::IntTuple::{Int, Tuple};
use crate::layout::Layout;

use super::flat_extents;

/// How a descriptor's strides are filled in and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TensorLayout {
    /// Last dimension innermost; strides are checked.
    RowMajor,
    /// The last two dimensions swapped; strides are checked.
    ColumnMajor,
    /// Strides are taken as given, 0 and negative included (row-major when
    /// none are given).
    Bypass,
}

impl TensorLayout {
    /// The tag's name in CK and in the notation: `RowMajor`, `ColumnMajor`, `Bypass`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TensorLayout::RowMajor => "RowMajor",
            TensorLayout::ColumnMajor => "ColumnMajor",
            TensorLayout::Bypass => "Bypass",
        }
    }

    /// Dimensions from innermost to outermost.
    fn nesting(self, rank: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..rank).rev().collect();
        if self == TensorLayout::ColumnMajor && rank >= 2 {
            order.swap(0, 1);
        }
        order
    }
}

/// Lengths, strides and a [`TensorLayout`] tag: CK's `HostTensorDescriptor`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorDescriptor {
    lengths: Vec<i64>,
    strides: Vec<i64>,
    tag: TensorLayout,
    layout: Layout,
}

impl TensorDescriptor {
    /// A descriptor with computed (compact) strides.
    ///
    /// ```
    /// use layout_core::{TensorDescriptor, TensorLayout::*};
    /// let d = TensorDescriptor::new(&[2, 3, 4], ColumnMajor).unwrap();
    /// assert_eq!(d.layout().to_string(), "(2,3,4):(12,1,3)");
    /// ```
    pub fn new(lengths: &[i64], tag: TensorLayout) -> Result<TensorDescriptor> {
        TensorDescriptor::with_strides(lengths, &[], tag)
    }

    /// A descriptor from lengths and strides. Under `RowMajor` and
    /// `ColumnMajor`, strides that are all 0 or negative (or none) are
    /// computed; otherwise a 0 or negative stride in the innermost two
    /// dimensions is computed and the others are kept; then every stride
    /// must be positive and at least the extent times the stride of the
    /// dimension nested inside it.
    ///
    /// ```
    /// use layout_core::{TensorDescriptor, TensorLayout::*};
    /// let d = TensorDescriptor::with_strides(&[2, 3, 4], &[100, 0, 0], RowMajor).unwrap();
    /// assert_eq!(d.strides(), [100, 4, 1]);
    /// assert!(TensorDescriptor::with_strides(&[2, 3, 4], &[12, 1, 4], RowMajor).is_err());
    /// assert!(TensorDescriptor::with_strides(&[2, 3, 4], &[0, 0, 7], Bypass).is_ok());
    /// ```
    pub fn with_strides(
        lengths: &[i64],
        strides: &[i64],
        tag: TensorLayout,
    ) -> Result<TensorDescriptor> {
        let rank = lengths.len();
        if !strides.is_empty() && strides.len() != rank {
            let strides = strides.len();
            return Err(IdiomError::DescriptorRank {
                lengths: rank,
                strides,
            }
            .into());
        }
        if let Some(&bad) = lengths.iter().find(|&&l| l < 0) {
            return Err(DomainError::NegativeExtent(bad).into());
        }
        let order = tag.nesting(rank);
        let given =
            !strides.is_empty() && (tag == TensorLayout::Bypass || strides.iter().any(|&s| s > 0));
        let strides = if given {
            let mut strides = strides.to_vec();
            if tag != TensorLayout::Bypass && rank >= 2 {
                fill_inner_two(lengths, &mut strides, &order)?;
                validate(lengths, &strides, &order, tag)?;
            }
            strides
        } else {
            compact(lengths, &order)?
        };
        let layout = Layout::new(
            Tuple(lengths.iter().copied().map(Int).collect()),
            Tuple(strides.iter().copied().map(Int).collect()),
        )?;
        Ok(TensorDescriptor {
            lengths: lengths.to_vec(),
            strides,
            tag,
            layout,
        })
    }

    /// CK's `GetNumOfDimension`.
    #[must_use]
    pub fn rank(&self) -> usize {
        self.lengths.len()
    }

    /// CK's `GetLengths`: the extent of each dimension.
    #[must_use]
    pub fn lengths(&self) -> &[i64] {
        &self.lengths
    }

    /// CK's `GetStrides`: the stride of each dimension, as given or as
    /// filled in (see [`with_strides`](TensorDescriptor::with_strides)).
    #[must_use]
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }

    /// The layout tag the strides were filled in and checked by.
    #[must_use]
    pub fn tag(&self) -> TensorLayout {
        self.tag
    }

    /// The flat layout `(lengths):(strides)`.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// CK's `GetElementSize`: the number of elements, the layout's size.
    #[must_use]
    pub fn element_size(&self) -> i64 {
        self.layout.size()
    }

    /// CK's `GetElementSpaceSize`: the memory the elements span, the
    /// layout's cosize.
    ///
    /// ```
    /// use layout_core::{TensorDescriptor, TensorLayout::*};
    /// let d = TensorDescriptor::with_strides(&[2, 3], &[8, 1], RowMajor).unwrap();
    /// assert_eq!((d.element_size(), d.element_space_size()), (6, 11));
    /// ```
    #[must_use]
    pub fn element_space_size(&self) -> i64 {
        self.layout.cosize()
    }

    /// CK's `GetOffsetFromMultiIndex`: the layout's `crd2idx`.
    ///
    /// ```
    /// use layout_core::{TensorDescriptor, TensorLayout::*};
    /// let d = TensorDescriptor::new(&[2, 3, 4, 5], RowMajor).unwrap();
    /// assert_eq!(d.offset(&[1, 2, 1, 3]).unwrap(), 108);
    /// ```
    pub fn offset(&self, index: &[i64]) -> Result<i64> {
        let coord = Tuple(index.iter().copied().map(Int).collect());
        self.layout.crd2idx(&coord)
    }
}

/// CK fills a 0 or negative stride of the innermost two dimensions: the
/// innermost gets 1, the next the innermost's extent times its stride.
fn fill_inner_two(lengths: &[i64], strides: &mut [i64], order: &[usize]) -> Result<()> {
    let (inner, outer) = (order[0], order[1]);
    if strides[inner] <= 0 {
        strides[inner] = 1;
    }
    if strides[outer] <= 0 {
        strides[outer] = mul(lengths[inner].max(1), strides[inner])?;
    }
    Ok(())
}

fn validate(lengths: &[i64], strides: &[i64], order: &[usize], tag: TensorLayout) -> Result<()> {
    let tag = tag.name();
    if let Some(dim) = (0..strides.len()).find(|&d| strides[d] <= 0) {
        let stride = strides[dim];
        return Err(IdiomError::DescriptorStrideNotPositive { tag, dim, stride }.into());
    }
    // Each dimension must step over the whole of the one nested inside it.
    for pair in order.windows(2) {
        let (inner, dim) = (pair[0], pair[1]);
        let needed = mul(lengths[inner], strides[inner])?;
        if strides[dim] < needed {
            return Err(IdiomError::DescriptorStrideTooSmall {
                tag,
                dim,
                stride: strides[dim],
                needed,
                inner,
                extent: lengths[inner],
                inner_stride: strides[inner],
            }
            .into());
        }
    }
    Ok(())
}

/// Compact strides in nesting order. An empty extent counts as 1 so that
/// every stride stays positive (the tensor has no elements anyway).
fn compact(lengths: &[i64], order: &[usize]) -> Result<Vec<i64>> {
    let mut strides = alloc::vec![0; lengths.len()];
    let mut next = 1i64;
    for &dim in order {
        strides[dim] = next;
        next = mul(next, lengths[dim].max(1))?;
    }
    Ok(strides)
}

impl From<TensorDescriptor> for Layout {
    fn from(d: TensorDescriptor) -> Layout {
        d.layout
    }
}

impl TryFrom<&Layout> for TensorDescriptor {
    type Error = crate::Error;

    /// A flat layout as a `Bypass` descriptor (its strides are taken as they are).
    fn try_from(layout: &Layout) -> Result<TensorDescriptor> {
        let lengths = flat_extents(layout.shape(), "a descriptor's lengths")?;
        let strides = flat_extents(layout.stride(), "a descriptor's strides")?;
        TensorDescriptor::with_strides(&lengths, &strides, TensorLayout::Bypass)
    }
}

impl fmt::Display for TensorLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `descriptor(LENGTHS,STRIDES,TAG)`: the notation call that rebuilds the
/// same strides (and evaluates to the descriptor's layout).
impl fmt::Display for TensorDescriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "descriptor({},{},{})",
            self.layout.shape(),
            self.layout.stride(),
            self.tag
        )
    }
}

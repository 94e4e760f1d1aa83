use alloc::vec::Vec;

use super::{Tiler, by_mode, complement, composition, tile_unzip, unpack};
use crate::error::{Result, mul};
use crate::layout::Layout;

/// `A ⊗ T = (A, complement(A, size A · cosize T) ∘ T)`: mode 0 is `A`, mode 1
/// lays copies of `A` out as `T` says. A by-mode tiler multiplies mode by mode.
///
/// ```
/// use layout_core::{logical_product, Layout, Tiler};
/// let a: Layout = "(2,2):(4,1)".parse().unwrap();
/// let t: Layout = "6:1".parse().unwrap();
/// assert_eq!(logical_product(&a, &Tiler::from(t)).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// ```
pub fn logical_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::ByMode(tilers) => by_mode(a, tilers, logical_product),
        Tiler::Layout(t) => {
            let rest = complement(a, mul(a.size(), t.cosize())?)?;
            let copies = composition(&rest, &Tiler::Layout(t.clone()))?;
            Layout::concat([a.clone(), copies])
        }
    }
}

/// `((A modes…),(copy modes…))`, the logical product regrouped like `zipped_divide`.
///
/// ```
/// use layout_core::{zipped_product, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let t = Tiler::ByMode(vec!["2:1".parse::<Layout>().unwrap().into(), "2:1".parse::<Layout>().unwrap().into()]);
/// assert_eq!(zipped_product(&a, &t).unwrap().to_string(), "((2,2),(2,2)):((1,2),(2,1))");
/// ```
pub fn zipped_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    tile_unzip(&logical_product(a, tiler)?, tiler)
}

/// `((A modes…),copy0,copy1,…)`.
///
/// ```
/// use layout_core::{tiled_product, IntTuple, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let t = Tiler::from(IntTuple::from([2, 2]));
/// assert_eq!(tiled_product(&a, &t).unwrap().to_string(), "((2,2),2,2):((1,2),2,1)");
/// ```
pub fn tiled_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    unpack(zipped_product(a, tiler)?, false)
}

/// `(A0,A1,…,copy0,copy1,…)`.
///
/// ```
/// use layout_core::{flat_product, IntTuple, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let t = Tiler::from(IntTuple::from([2, 2]));
/// assert_eq!(flat_product(&a, &t).unwrap().to_string(), "(2,2,2,2):(1,2,2,1)");
/// ```
pub fn flat_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    unpack(zipped_product(a, tiler)?, true)
}

/// Copies of the block `a` arranged as `b`, mode by mode: mode `i` of the
/// result is `(a_i, b_i)`, the block's extent first (a block stays contiguous).
///
/// ```
/// use layout_core::{blocked_product, Layout};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Layout = "(2,3):(3,1)".parse().unwrap();
/// assert_eq!(blocked_product(&a, &b).unwrap().to_string(), "((2,2),(2,3)):((1,12),(2,4))");
/// ```
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    zip_product(a, b, false)
}

/// Like [`blocked_product`] but mode `i` is `(b_i, a_i)`: the copies are
/// interleaved, each block raked across the result.
///
/// ```
/// use layout_core::{raked_product, Layout};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Layout = "(2,3):(3,1)".parse().unwrap();
/// assert_eq!(raked_product(&a, &b).unwrap().to_string(), "((2,2),(3,2)):((12,1),(4,2))");
/// ```
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    zip_product(a, b, true)
}

fn zip_product(a: &Layout, b: &Layout, raked: bool) -> Result<Layout> {
    let rank = a.rank().max(b.rank());
    let (a, b) = (pad(a, rank)?, pad(b, rank)?);
    let product = logical_product(&a, &Tiler::Layout(b))?;
    let (Some(block), Some(copies)) = (product.mode(0), product.mode(1)) else {
        return Ok(product);
    };
    let zipped = block.modes().into_iter().zip(copies.modes()).map(|(x, y)| {
        if raked {
            Layout::concat([y, x])
        } else {
            Layout::concat([x, y])
        }
    });
    Layout::concat(zipped.collect::<Result<Vec<_>>>()?)
}

/// CuTe's `append<R>`: the layout as a tuple of `rank` modes, padded with `1:0`.
fn pad(l: &Layout, rank: usize) -> Result<Layout> {
    let mut modes = if l.shape().is_int() {
        alloc::vec![l.clone()]
    } else {
        l.modes()
    };
    modes.resize(rank, Layout::leaf(1, 0)?);
    Layout::concat(modes)
}

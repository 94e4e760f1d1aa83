use alloc::vec::Vec;

use super::complement::product_complement;
use super::product_holes::RoundedHole;
use super::{Form, Tiler, by_mode, composition};
use crate::error::{AlgebraRefusal, ErrorKind, Result, mul};
use crate::layout::Layout;

/// `A ⊗ T = (A, complement(A, size A · cosize T) ∘ T)`: mode 0 is `A`, mode 1
/// lays copies of `A` out as `T` says. A by-mode tiler multiplies mode by mode.
///
/// Where a stride of `A` is not a multiple of the span of the modes below
/// it, CuTe's complement rounds that hole down; its product is then exact
/// while `T`'s offsets stay in the copies below the hole, and is returned;
/// past them it is no product and is refused
/// ([`AlgebraRefusal::ProductPastHole`]; `algebra::product_holes` has the rule).
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
        Tiler::Layout(t) => product_steps(a, t).map(|steps| steps.result),
    }
}

/// The intermediate layouts of `A ⊗ T` for one layout `T`, in the order
/// CuTe computes them. [`logical_product`] is this function's `result`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ProductSteps {
    /// `size A · cosize T`, the cotarget of the complement.
    pub cotarget: i64,
    /// `A* = complement(A, size A · cosize T)`: where copies of `A` may start.
    pub rest: Layout,
    /// The hole of `A*` CuTe rounded down (`T`'s offsets stay below its
    /// `limit`), if one was.
    pub rounded: Option<RoundedHole>,
    /// `(A, A* ∘ T)`: mode 1, `A* ∘ T`, is where each copy of `A` starts.
    pub result: Layout,
}

impl ProductSteps {
    /// `A* ∘ T`, where each copy of `A` starts: mode 1 of the result.
    #[must_use]
    pub fn copies(&self) -> Layout {
        self.result.mode(1).unwrap_or_else(|| self.result.clone())
    }
}

/// [`ProductSteps`] of `A ⊗ T`.
///
/// ```
/// use layout_core::{algebra::product_steps, Layout};
/// let a: Layout = "(2,2):(4,1)".parse().unwrap();
/// let steps = product_steps(&a, &"6:1".parse().unwrap()).unwrap();
/// assert_eq!((steps.cotarget, steps.rest.to_string()), (24, "(2,3):(2,8)".to_string()));
/// assert_eq!(steps.copies().to_string(), "(2,3):(2,8)");
/// assert_eq!(steps.result.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// ```
pub fn product_steps(a: &Layout, t: &Layout) -> Result<ProductSteps> {
    let cotarget = mul(a.size(), t.cosize())?;
    let (rest, holes) = product_complement(a, cotarget)?;
    let rounded = holes.rounded();
    if let Some(r) = rounded.filter(|_| t.size() != 0) {
        // T's offsets must lie in [0, limit): its smallest and largest.
        let (low, high) = t.leaf_modes().fold((0i64, 0i64), |(low, high), (s, d)| {
            let reach = (s - 1).saturating_mul(d);
            match d < 0 {
                true => (low.saturating_add(reach), high),
                false => (low, high.saturating_add(reach)),
            }
        });
        let reach = if low < 0 { low } else { high };
        if low < 0 || !holes.fits(high as u64 + 1) {
            return Err(past_hole(r, reach).into());
        }
    }
    let copies = composition(&rest, &Tiler::Layout(t.clone()))?;
    let result = Layout::concat([a.clone(), copies])?;
    Ok(ProductSteps {
        cotarget,
        rest,
        rounded,
        result,
    })
}

/// [`AlgebraRefusal::ProductPastHole`] for `B` reaching `reach` past `r`.
fn past_hole(r: RoundedHole, reach: i64) -> ErrorKind {
    // Each is at most A's stride or the holes' product below it (≤ the cotarget).
    let int = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    ErrorKind::Algebra(AlgebraRefusal::ProductPastHole {
        stride: int(r.stride),
        span: int(r.span),
        hole: int(r.hole),
        limit: int(r.limit),
        reach,
    })
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
    Form::Zipped.regroup(logical_product(a, tiler)?, tiler)
}

/// `((A modes…),copy0,copy1,…)`.
///
/// ```
/// use layout_core::{tiled_product, IntTuple, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let t = Tiler::try_from(IntTuple::from([2, 2])).unwrap();
/// assert_eq!(tiled_product(&a, &t).unwrap().to_string(), "((2,2),2,2):((1,2),2,1)");
/// ```
pub fn tiled_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    Form::Tiled.regroup(logical_product(a, tiler)?, tiler)
}

/// `(A0,A1,…,copy0,copy1,…)`.
///
/// ```
/// use layout_core::{flat_product, IntTuple, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let t = Tiler::try_from(IntTuple::from([2, 2])).unwrap();
/// assert_eq!(flat_product(&a, &t).unwrap().to_string(), "(2,2,2,2):(1,2,2,1)");
/// ```
pub fn flat_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    Form::Flat.regroup(logical_product(a, tiler)?, tiler)
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
    zip_product_steps(a, b, false).map(|steps| steps.result)
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
    zip_product_steps(a, b, true).map(|steps| steps.result)
}

/// The intermediate layouts of a blocked or raked product, in the order
/// CuTe computes them; those functions return its `result`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ZipProductSteps {
    /// The block `A` as a tuple of as many modes as the larger rank, padded with `1:0`.
    pub a: Layout,
    /// The arrangement `B`, padded the same way.
    pub b: Layout,
    /// `logical_product(A, B)` of the padded operands.
    pub product: Layout,
    /// Its two modes paired mode by mode: `(A_i, copies_i)` (blocked) or
    /// `(copies_i, A_i)` (raked).
    pub result: Layout,
}

/// [`ZipProductSteps`] of `blocked_product(A, B)` (or `raked_product` when `raked`).
///
/// ```
/// use layout_core::{algebra::zip_product_steps, Layout};
/// let a: Layout = "4:1".parse().unwrap();
/// let b: Layout = "(2,3):(3,1)".parse().unwrap();
/// let steps = zip_product_steps(&a, &b, false).unwrap();
/// assert_eq!(steps.a.to_string(), "(4,1):(1,0)");
/// assert_eq!(steps.result.to_string(), "((4,2),(1,3)):((1,12),(0,4))");
/// ```
pub fn zip_product_steps(a: &Layout, b: &Layout, raked: bool) -> Result<ZipProductSteps> {
    let rank = a.rank().max(b.rank());
    let (a, b) = (pad(a, rank)?, pad(b, rank)?);
    let product = logical_product(&a, &Tiler::Layout(b.clone()))?;
    let result = match (product.mode(0), product.mode(1)) {
        // CuTe's `zip` of a pair whose first part is one integer mode (rank-1
        // operands) is the pair itself, as the one mode.
        // The same where the two parts have different ranks (one is an
        // integer mode, the other a tuple): CuTe's `zip` does not compile
        // there, and zipping mode by mode would drop the unpaired modes.
        (Some(block), Some(copies))
            if (if raked { &copies } else { &block }).shape().is_int()
                || block.modes().len() != copies.modes().len() =>
        {
            let pair = if raked {
                [copies, block]
            } else {
                [block, copies]
            };
            Layout::concat([Layout::concat(pair)?])?
        }
        (Some(block), Some(copies)) => {
            let zipped = block.modes().into_iter().zip(copies.modes()).map(|(x, y)| {
                if raked {
                    Layout::concat([y, x])
                } else {
                    Layout::concat([x, y])
                }
            });
            Layout::concat(zipped.collect::<Result<Vec<_>>>()?)?
        }
        _ => product.clone(),
    };
    Ok(ZipProductSteps {
        a,
        b,
        product,
        result,
    })
}

/// CuTe's `append<R>`: the layout as a tuple of `rank` modes, padded with
/// `1:0`; a one-mode layout stays as it is for rank 1.
fn pad(l: &Layout, rank: usize) -> Result<Layout> {
    if rank == 1 && l.shape().is_int() {
        return Ok(l.clone());
    }
    let mut modes = if l.shape().is_int() {
        alloc::vec![l.clone()]
    } else {
        l.modes()
    };
    modes.resize(rank, Layout::leaf(1, 0)?);
    Layout::concat(modes)
}

//! CuTe's layout constructors that follow an order: `make_ordered_layout`,
//! `make_layout_like`, `make_fragment_like` and `tile_to_shape`, all built
//! on one rule, [`compact_order`].

use alloc::string::ToString;
use alloc::vec::Vec;

use super::{Tiler, blocked_product, filter_zeros, tiled_product};
use crate::error::{ConstructError, DomainError, Result, mul};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// CuTe's `compact_order(shape, order)`: compact strides in which the part
/// of `shape` under each leaf `o` of `order` is column-major, starting at
/// the product of the parts whose order is less than `o`.
///
/// `order` is weakly congruent with `shape`: an integer may stand for a
/// whole sub-tuple. Equal orders start at the same stride, as in CuTe; the
/// callers that promise a compact result refuse them first ([`check_ties`]).
fn compact_order(shape: &IntTuple, order: &IntTuple) -> Result<IntTuple> {
    let mut parts = Vec::new();
    order_parts(shape, order, &mut parts)?;
    let starts = parts
        .iter()
        .map(|&(o, _)| {
            parts
                .iter()
                .filter(|&&(p, _)| p < o)
                .try_fold(1, |acc, &(_, size)| mul(acc, size))
        })
        .collect::<Result<Vec<i64>>>()?;
    let mut starts = starts.into_iter();
    with_order(shape, order, &mut |sub| {
        compact_col_major_from(sub, starts.next().unwrap_or(1))
    })
}

/// Each leaf of `order` with the size of the part of `shape` it orders.
fn order_parts(shape: &IntTuple, order: &IntTuple, out: &mut Vec<(i64, i64)>) -> Result<()> {
    match (shape, order) {
        (_, IntTuple::Int(o)) => out.push((*o, shape.size()?)),
        (IntTuple::Tuple(s), IntTuple::Tuple(o)) if s.len() == o.len() => {
            for (s, o) in s.iter().zip(o) {
                order_parts(s, o, out)?;
            }
        }
        _ => return Err(mismatch(order, shape)),
    }
    Ok(())
}

fn mismatch(order: &IntTuple, shape: &IntTuple) -> crate::error::Error {
    ConstructError::OrderMismatch {
        order: order.to_string(),
        shape: shape.to_string(),
    }
    .into()
}

/// `shape` rebuilt with `f` applied to the part under each leaf of `order`
/// (which [`order_parts`] has checked to fit).
fn with_order(
    shape: &IntTuple,
    order: &IntTuple,
    f: &mut impl FnMut(&IntTuple) -> Result<IntTuple>,
) -> Result<IntTuple> {
    match (shape, order) {
        (IntTuple::Tuple(s), IntTuple::Tuple(o)) => s
            .iter()
            .zip(o)
            .map(|(s, o)| with_order(s, o, f))
            .collect::<Result<Vec<_>>>()
            .map(IntTuple::Tuple),
        _ => f(shape),
    }
}

/// Column-major strides of `shape` starting at `start`; extent-1 leaves
/// get stride 0, as CuTe gives static unit extents.
fn compact_col_major_from(shape: &IntTuple, start: i64) -> Result<IntTuple> {
    let mut current = start;
    let mut strides = Vec::new();
    for s in shape.leaves() {
        if s < 0 {
            return Err(DomainError::NegativeExtent(s).into());
        }
        strides.push(if s == 1 { 0 } else { current });
        if s != 1 {
            current = mul(current, s)?;
        }
    }
    Ok(shape.with_leaves(&mut strides.into_iter()))
}

/// Refuses two parts of extent above 1 with the same order: CuTe would
/// give them the same stride, and the layout would not be compact.
fn check_ties(shape: &IntTuple, order: &IntTuple) -> Result<()> {
    let mut parts = Vec::new();
    order_parts(shape, order, &mut parts)?;
    for (i, &(o, first)) in parts.iter().enumerate() {
        let tie = parts[i + 1..].iter().find(|&&(p, s)| p == o && s > 1);
        if let (Some(&(_, second)), true) = (tie, first > 1) {
            return Err(ConstructError::OrderTie {
                order: order.to_string(),
                place: o,
                first,
                second,
            }
            .into());
        }
    }
    Ok(())
}

/// The compact layout of `shape` whose strides grow in the order `order`
/// gives its modes (CuTe's `make_ordered_layout`): the mode of order 0 has
/// stride 1, the next the product of the extents before it, and so on.
/// `order` is weakly congruent with `shape`: one integer orders a whole
/// sub-tuple, column-major inside.
///
/// # Errors
///
/// [`OrderMismatch`](crate::ConstructError::OrderMismatch) when `order` does not fit
/// `shape`; [`OrderTie`](crate::ConstructError::OrderTie) when two modes of extent
/// above 1 share an order (CuTe would give them one stride: not compact);
/// [`NegativeExtent`](crate::DomainError::NegativeExtent),
/// [`Overflow`](crate::ErrorKind::Overflow).
///
/// ```
/// use layout_core::{make_ordered_layout, IntTuple};
/// let shape: IntTuple = "(2,3,4,5)".parse().unwrap();
/// let order: IntTuple = "(2,0,3,1)".parse().unwrap();
/// let l = make_ordered_layout(&shape, &order).unwrap();
/// assert_eq!(l.to_string(), "(2,3,4,5):(15,1,30,3)");
/// ```
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
    check_ties(shape, order)?;
    Layout::new(shape.clone(), compact_order(shape, order)?)
}

/// A compact layout with the shape of `l` whose strides are in the order of
/// `l`'s (CuTe's `make_layout_like`); stride-0 modes keep stride 0.
///
/// Modes with equal strides get equal strides back, as in CuTe: the
/// result is then not compact, but "like" `l`.
///
/// # Errors
///
/// [`Overflow`](crate::ErrorKind::Overflow) when a stride does not fit in 64 bits.
///
/// ```
/// use layout_core::{make_layout_like, Layout};
/// let l: Layout = "(2,3,4,5):(0,42,1,0)".parse().unwrap();
/// assert_eq!(make_layout_like(&l).unwrap().to_string(), "(2,3,4,5):(0,4,1,0)");
/// ```
pub fn make_layout_like(l: &Layout) -> Result<Layout> {
    let stride = compact_order(filter_zeros(l).shape(), l.stride())?;
    Layout::new(l.shape().clone(), stride)
}

/// A compact layout for a register fragment shaped like `l` (CuTe's
/// `make_fragment_like`): mode 0 column-major (keeping its stride-0
/// parts), the other modes ordered like `l`'s, placed after mode 0, in
/// `tiled_product`'s grouping. A layout of rank 1 gets `make_layout(shape)`.
///
/// # Errors
///
/// [`Overflow`](crate::ErrorKind::Overflow) when a stride does not fit in 64 bits.
///
/// ```
/// use layout_core::{make_fragment_like, Layout};
/// let l: Layout = "((2,2),4,3):((4,1),0,16)".parse().unwrap();
/// assert_eq!(make_fragment_like(&l).unwrap().to_string(), "((2,2),4,3):((1,2),4,16)");
/// ```
pub fn make_fragment_like(l: &Layout) -> Result<Layout> {
    let modes = l.modes();
    let [first, rest @ ..] = modes.as_slice() else {
        return Layout::column_major(l.shape().clone());
    };
    if rest.is_empty() {
        return Layout::column_major(l.shape().clone());
    }
    let first_stride = filter_zeros(first).shape().compact_col_major()?;
    let block = Layout::new(first.shape().clone(), first_stride)?;
    // CuTe's `take<1,R>`: modes 1.. as one tuple, even when it has one mode.
    let shape = IntTuple::Tuple(rest.iter().map(|m| m.shape().clone()).collect());
    let order = IntTuple::Tuple(rest.iter().map(|m| m.stride().clone()).collect());
    let ordered = Layout::new(shape.clone(), compact_order(&shape, &order)?)?;
    tiled_product(&block, &Tiler::Layout(ordered))
}

/// Copies of `block` laid out to fill `target` (CuTe's `tile_to_shape`): a
/// `blocked_product` of the block (padded to the target's rank with `1:0`
/// modes) with the compact layout of the copies, ordered by `order`
/// (column-major when `None`, CuTe's default `LayoutLeft`).
///
/// # Errors
///
/// [`BlockRankTooHigh`](crate::ConstructError::BlockRankTooHigh) when the block has
/// more modes than `target`; [`BlockNotDividing`](crate::ConstructError::BlockNotDividing)
/// when a mode's size does not divide the target's; the errors of
/// [`make_ordered_layout`] for `order`.
///
/// ```
/// use layout_core::{tile_to_shape, IntTuple, Layout};
/// let block: Layout = "(2,2):(1,2)".parse().unwrap();
/// let target: IntTuple = "(4,6)".parse().unwrap();
/// let l = tile_to_shape(&block, &target, None).unwrap();
/// assert_eq!(l.to_string(), "((2,2),(2,3)):((1,4),(2,8))");
/// let by_rows = tile_to_shape(&block, &target, Some(&"(1,0)".parse().unwrap())).unwrap();
/// assert_eq!(by_rows.to_string(), "((2,2),(2,3)):((1,12),(2,4))");
/// ```
pub fn tile_to_shape(
    block: &Layout,
    target: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<Layout> {
    tile_to_shape_steps(block, target, order).map(|steps| steps.result)
}

/// The intermediate layouts of [`tile_to_shape`], in the order CuTe
/// computes them; that function returns its `result`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TileToShapeSteps {
    /// The block padded to the target's rank with `1:0` modes.
    pub block: Layout,
    /// How many copies along each mode (target extent / block size), as the
    /// compact layout of that shape in the requested order.
    pub copies: Layout,
    /// `blocked_product(block, copies)`.
    pub result: Layout,
}

/// [`TileToShapeSteps`] of `tile_to_shape(block, target, order)`.
///
/// ```
/// use layout_core::{algebra::tile_to_shape_steps, Layout};
/// let block: Layout = "4:1".parse().unwrap();
/// let steps = tile_to_shape_steps(&block, &"(8,6)".parse().unwrap(), None).unwrap();
/// assert_eq!(steps.block.to_string(), "(4,1):(1,0)");
/// assert_eq!(steps.copies.to_string(), "(2,6):(1,2)");
/// assert_eq!(steps.result.to_string(), "((4,2),(1,6)):((1,4),(0,8))");
/// ```
pub fn tile_to_shape_steps(
    block: &Layout,
    target: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<TileToShapeSteps> {
    let rank = target.rank();
    if block.rank() > rank {
        return Err(ConstructError::BlockRankTooHigh {
            block: block.rank(),
            target: rank,
        }
        .into());
    }
    // CuTe's `append<R>`: a block of the target's rank stays as it is.
    let padded = match block.rank() == rank {
        true => block.clone(),
        false => {
            let pad = (block.rank()..rank)
                .map(|_| Layout::from_valid(IntTuple::Int(1), IntTuple::Int(0)));
            Layout::concat(block.modes().into_iter().chain(pad))?
        }
    };
    let targets: Vec<&IntTuple> = match target {
        IntTuple::Int(_) => alloc::vec![target],
        IntTuple::Tuple(modes) => modes.iter().collect(),
    };
    let mut copies = Vec::new();
    for (mode, (b, t)) in padded.modes().iter().zip(targets).enumerate() {
        let (b, t) = (b.size(), t.size()?);
        if b <= 0 || t % b != 0 {
            return Err(ConstructError::BlockNotDividing {
                mode,
                block: b,
                target: t,
            }
            .into());
        }
        copies.push(IntTuple::Int(t / b));
    }
    let copies = IntTuple::Tuple(copies);
    let ordered = match order {
        Some(order) => make_ordered_layout(&copies, order)?,
        None => Layout::column_major(copies)?,
    };
    let result = blocked_product(&padded, &ordered)?;
    Ok(TileToShapeSteps {
        block: padded,
        copies: ordered,
        result,
    })
}

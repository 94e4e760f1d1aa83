//! The kernel-library idioms' evaluations ([`crate::idioms`] written as
//! notation functions). Errors are pointed here at the operand they are
//! about when only the evaluation knows which one that is; the rest is the
//! blame rule of the function's table entry.

use alloc::vec::Vec;

use crate::coerce::Args;
use crate::error::{DomainError, Error, ErrorKind, IdiomError, Result};
use crate::idioms::{
    Positions, Table, TensorDescriptor, View, block, broadcast, broadcast_to, check_table_size,
    diagonal, flat_extents, idx2crd_strided, real_axis, shifted, slice_axis, stripes, table,
};
use crate::int_tuple::IntTuple;
use crate::value::{Major, Value};

/// `descriptor(LENGTHS[, STRIDES], TAG)`: a bad length or too few strides.
pub(super) fn descriptor_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Domain(DomainError::NegativeExtent(_)) => Some(0),
        ErrorKind::Idiom(
            IdiomError::DescriptorRank { .. }
            | IdiomError::DescriptorStrideNotPositive { .. }
            | IdiomError::DescriptorStrideTooSmall { .. },
        ) => Some(1),
        _ => None,
    }
}

/// Broadcasting: the shape that brought the extent, else the layout.
pub(super) fn broadcast_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Idiom(IdiomError::CannotBroadcast { operand, .. }) => Some(*operand),
        ErrorKind::Idiom(
            IdiomError::NotBroadcastable { .. } | IdiomError::BroadcastRank { .. },
        ) => Some(0),
        _ => None,
    }
}

/// A view operation: the view, unless the dims are the same (`diagonal`).
pub(super) fn view_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Idiom(IdiomError::SameDiagonalDims { .. }) => Some(3),
        ErrorKind::Domain(DomainError::ModeNotLeaf { .. } | DomainError::TableTooLarge { .. }) => {
            Some(0)
        }
        _ => None,
    }
}

/// `block(L, TILE, INDEX)`: a tile that does not fit the layout, else the index.
pub(super) fn block_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Domain(DomainError::OutOfRange { .. } | DomainError::TilerTooLong { .. }) => {
            Some(1)
        }
        ErrorKind::Domain(
            DomainError::NotFlat { .. }
            | DomainError::IndexOutOfRange { .. }
            | DomainError::CoordOutOfRange { .. }
            | DomainError::RankMismatch { .. },
        ) => Some(2),
        ErrorKind::Domain(DomainError::ModeNotLeaf { .. } | DomainError::TableTooLarge { .. }) => {
            Some(0)
        }
        _ => None,
    }
}

pub(super) fn broadcast_shapes(a: &Args) -> Result<Value> {
    let mut shapes = Vec::with_capacity(a.len());
    for i in 0..a.len() {
        let shape = a.int_tuple(i)?;
        // Check each shape here, where its span is known.
        let extents = flat_extents(&shape, "a shape to broadcast").map_err(a.at(i))?;
        if let Some(&bad) = extents.iter().find(|&&e| e < 0) {
            return Err(Error::at(DomainError::NegativeExtent(bad), a.span(i)));
        }
        shapes.push(shape);
    }
    Ok(Value::IntTuple(broadcast(&shapes)?))
}

pub(super) fn broadcast_layout(a: &Args) -> Result<Value> {
    Ok(Value::Layout(broadcast_to(a.layout(0)?, &a.int_tuple(1)?)?))
}

pub(super) fn real_axis_of(a: &Args) -> Result<Value> {
    let rank = a.int(1)?;
    let rank = usize::try_from(rank).map_err(|_| {
        let kind = DomainError::OutOfRange {
            what: "a rank",
            min: 0,
            found: rank,
        };
        Error::at(kind, a.span(1))
    })?;
    let axis = real_axis(a.int(0)?, rank).map_err(a.at(0))?;
    Ok(Value::IntTuple(IntTuple::Int(axis as i64)))
}

pub(super) fn descriptor_layout(a: &Args) -> Result<Value> {
    Ok(Value::Layout(descriptor(a)?.into()))
}

pub(super) fn table_of(a: &Args) -> Result<Value> {
    Ok(Value::Table(match &a.values[0] {
        Value::View(v) => v.table()?,
        _ => table(a.layout(0)?)?,
    }))
}

pub(super) fn view_of(a: &Args) -> Result<Value> {
    Ok(Value::View(View::new(a.layout(0)?.clone(), a.int(1)?)?))
}

pub(super) fn positions(a: &Args) -> Result<Value> {
    let v = view(a, 0)?;
    let start = match a.len() {
        2 => flat_extents(&a.int_tuple(1)?, "a start coordinate").map_err(a.at(1))?,
        _ => alloc::vec![0; v.layout().leaf_modes().count()],
    };
    let positions = Positions::new(v.layout(), &start).map_err(a.at(1))?;
    check_table_size(positions.len() as i64).map_err(a.at(0))?;
    Ok(Value::Table(Table(
        positions.map(|o| v.base() + o).collect(),
    )))
}

pub(super) fn diagonal_of(a: &Args) -> Result<Value> {
    let v = view(a, 0)?;
    let n = a.len();
    let int_or = |i: usize, default: i64| if i < n { a.int(i) } else { Ok(default) };
    let (offset, dim1, dim2) = (int_or(1, 0)?, int_or(2, 0)?, int_or(3, 1)?);
    let rank = v.layout().rank();
    real_axis(dim1, rank).map_err(a.at(2))?;
    real_axis(dim2, rank).map_err(a.at(3))?;
    let d = diagonal(v.layout(), offset, dim1, dim2)?;
    Ok(Value::View(shifted(d, v.base())?))
}

/// `stripes` of a layout is a layout; of a view, a view.
pub(super) fn stripes_of(a: &Args) -> Result<Value> {
    let v = view(a, 0)?;
    let s = stripes(v.layout(), a.int(1)?).map_err(a.at(1))?;
    Ok(match a.values[0] {
        Value::View(_) => Value::View(View::new(s, v.base())?),
        _ => Value::Layout(s),
    })
}

pub(super) fn slice_axis_of(a: &Args) -> Result<Value> {
    let v = view(a, 0)?;
    let (axis, index) = (a.int(1)?, a.int(2)?);
    real_axis(axis, v.layout().rank()).map_err(a.at(1))?;
    let s = slice_axis(v.layout(), axis, index).map_err(a.at(2))?;
    Ok(Value::View(shifted(s, v.base())?))
}

pub(super) fn block_of(a: &Args) -> Result<Value> {
    let v = view(a, 0)?;
    let (tile, index) = (a.int_tuple(1)?, a.int_tuple(2)?);
    flat_extents(&tile, "a block shape").map_err(a.at(1))?;
    let b = block(v.layout(), &tile, &index)?;
    Ok(Value::View(shifted(b, v.base())?))
}

/// A layout (from offset 0) or a view.
fn view(a: &Args, i: usize) -> Result<View> {
    match &a.values[i] {
        Value::View(v) => Ok(v.clone()),
        _ => a.layout(i).map(|l| View::from(l.clone())),
    }
}

/// `descriptor(LENGTHS, TAG)` or `descriptor(LENGTHS, STRIDES, TAG)`.
fn descriptor(a: &Args) -> Result<TensorDescriptor> {
    let last = a.values.len() - 1;
    let Value::TensorLayout(tag) = &a.values[last] else {
        let expected = "`RowMajor`, `ColumnMajor` or `Bypass`";
        return Err(a.wrong(last, expected));
    };
    let lengths =
        flat_extents(&a.int_tuple(0)?, "a descriptor's lengths").map_err(|e| e.or_at(a.span(0)))?;
    let strides = match last {
        2 => flat_extents(&a.int_tuple(1)?, "a descriptor's strides")
            .map_err(|e| e.or_at(a.span(1)))?,
        _ => Vec::new(),
    };
    TensorDescriptor::with_strides(&lengths, &strides, *tag)
}

/// `idx2crd(I, SHAPE, LayoutRight|LayoutLeft|STRIDE)`.
pub(super) fn idx2crd(a: &Args) -> Result<IntTuple> {
    let (index, shape) = (a.int(0)?, a.int_tuple(1)?);
    let stride = match &a.values[2] {
        Value::Major(Major::LayoutRight) => shape.compact_row_major(),
        Value::Major(Major::LayoutLeft) => shape.compact_col_major(),
        Value::IntTuple(stride) => Ok(stride.clone()),
        _ => {
            let expected = "`LayoutLeft`, `LayoutRight` or a stride";
            return Err(a.wrong(2, expected));
        }
    }
    .map_err(a.at(1))?;
    idx2crd_strided(index, &shape, &stride).map_err(|e| {
        let operand = match e.kind() {
            ErrorKind::Domain(DomainError::OutOfRange { .. }) => 0,
            ErrorKind::Domain(
                DomainError::ZeroSizeMode { .. } | DomainError::NegativeExtent(_),
            ) => 1,
            _ => 2,
        };
        e.or_at(a.span(operand))
    })
}

//! The seeds' notation functions: their table and their evaluation, kept
//! out of `eval.rs`, which consults both tables. Errors are pointed at the
//! operand they are about here, where it is known which one that is.

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::eval::{Args, wrong_type};
use crate::int_tuple::IntTuple;
use crate::value::{Major, Value};

use super::view::{check_table_size, shifted};
use super::{
    Positions, Table, TensorDescriptor, View, block, broadcast, broadcast_to, diagonal,
    flat_extents, idx2crd_strided, real_axis, slice_axis, stripes, table,
};

/// The seeds' notation functions with their least and most argument counts.
/// (`idx2crd(I, SHAPE, LayoutRight|LayoutLeft|STRIDE)` is also evaluated
/// here; its name is in the core's table.)
pub const FUNCTIONS: &[(&str, usize, usize)] = &[
    ("broadcast", 1, usize::MAX),
    ("broadcast_to", 2, 2),
    ("real_axis", 2, 2),
    ("descriptor", 2, 3),
    ("table", 1, 1),
    ("view", 2, 2),
    ("positions", 1, 2),
    ("diagonal", 1, 4),
    ("stripes", 2, 2),
    ("slice_axis", 3, 3),
    ("block", 3, 3),
];

pub(crate) fn apply(name: &str, a: &Args) -> Result<Value> {
    let at = |i: usize| move |e: Error| e.or_at(a.span(i));
    let n = a.values.len();
    Ok(match name {
        "broadcast" => {
            let mut shapes = Vec::with_capacity(n);
            for i in 0..n {
                let shape = a.int_tuple(i)?;
                // Check each shape here, where its span is known.
                let extents = flat_extents(&shape, "a shape to broadcast").map_err(at(i))?;
                if let Some(&bad) = extents.iter().find(|&&e| e < 0) {
                    return Err(Error::at(ErrorKind::NegativeExtent(bad), a.span(i)));
                }
                shapes.push(shape);
            }
            Value::IntTuple(broadcast(&shapes)?)
        }
        "broadcast_to" => Value::Layout(broadcast_to(a.layout(0)?, &a.int_tuple(1)?)?),
        "real_axis" => {
            let rank = a.int(1)?;
            let rank = usize::try_from(rank).map_err(|_| {
                let kind = ErrorKind::OutOfRange {
                    what: "a rank",
                    min: 0,
                    found: rank,
                };
                Error::at(kind, a.span(1))
            })?;
            let axis = real_axis(a.int(0)?, rank).map_err(at(0))?;
            Value::IntTuple(IntTuple::Int(axis as i64))
        }
        "descriptor" => Value::Layout(descriptor(a)?.into()),
        "table" => Value::Table(match &a.values[0] {
            Value::Layout(l) => table(l)?,
            Value::View(v) => v.table()?,
            v => return Err(wrong_type("a layout or a view", v, a.span(0))),
        }),
        "view" => Value::View(View::new(a.layout(0)?.clone(), a.int(1)?)?),
        "positions" => {
            let v = view(a, 0)?;
            let start = match n {
                2 => flat_extents(&a.int_tuple(1)?, "a start coordinate").map_err(at(1))?,
                _ => alloc::vec![0; v.layout().leaf_modes().count()],
            };
            let positions = Positions::new(v.layout(), &start).map_err(at(1))?;
            check_table_size(positions.len() as i64).map_err(at(0))?;
            Value::Table(Table(positions.map(|o| v.base() + o).collect()))
        }
        "diagonal" => {
            let v = view(a, 0)?;
            let int_or = |i: usize, default: i64| if i < n { a.int(i) } else { Ok(default) };
            let (offset, dim1, dim2) = (int_or(1, 0)?, int_or(2, 0)?, int_or(3, 1)?);
            let rank = v.layout().rank();
            real_axis(dim1, rank).map_err(at(2))?;
            real_axis(dim2, rank).map_err(at(3))?;
            let d = diagonal(v.layout(), offset, dim1, dim2).map_err(|e| match e.kind {
                ErrorKind::SameDiagonalDims { .. } => e.or_at(a.span(3)),
                _ => e,
            })?;
            Value::View(shifted(d, v.base())?)
        }
        "stripes" => {
            let v = view(a, 0)?;
            let s = stripes(v.layout(), a.int(1)?).map_err(at(1))?;
            match a.values[0] {
                Value::View(_) => Value::View(View::new(s, v.base())?),
                _ => Value::Layout(s),
            }
        }
        "slice_axis" => {
            let v = view(a, 0)?;
            let (axis, index) = (a.int(1)?, a.int(2)?);
            real_axis(axis, v.layout().rank()).map_err(at(1))?;
            let s = slice_axis(v.layout(), axis, index).map_err(at(2))?;
            Value::View(shifted(s, v.base())?)
        }
        "block" => {
            let v = view(a, 0)?;
            let (tile, index) = (a.int_tuple(1)?, a.int_tuple(2)?);
            flat_extents(&tile, "a block shape").map_err(at(1))?;
            let b = block(v.layout(), &tile, &index).map_err(|e| match e.kind {
                ErrorKind::OutOfRange { .. } => e.or_at(a.span(1)),
                ErrorKind::NotFlat { .. }
                | ErrorKind::IndexOutOfRange { .. }
                | ErrorKind::CoordOutOfRange { .. }
                | ErrorKind::RankMismatch { .. } => e.or_at(a.span(2)),
                _ => e,
            })?;
            Value::View(shifted(b, v.base())?)
        }
        "idx2crd" => Value::IntTuple(idx2crd(a)?),
        _ => unreachable!("every name in the seeds' FUNCTIONS has a case"),
    })
}

/// A layout (from offset 0) or a view.
fn view(a: &Args, i: usize) -> Result<View> {
    match &a.values[i] {
        Value::Layout(l) => Ok(View::from(l.clone())),
        Value::View(v) => Ok(v.clone()),
        v => Err(wrong_type("a layout or a view", v, a.span(i))),
    }
}

/// `descriptor(LENGTHS, TAG)` or `descriptor(LENGTHS, STRIDES, TAG)`.
fn descriptor(a: &Args) -> Result<TensorDescriptor> {
    let last = a.values.len() - 1;
    let Value::TensorLayout(tag) = &a.values[last] else {
        let expected = "`RowMajor`, `ColumnMajor` or `Bypass`";
        return Err(wrong_type(expected, &a.values[last], a.span(last)));
    };
    let lengths =
        flat_extents(&a.int_tuple(0)?, "a descriptor's lengths").map_err(|e| e.or_at(a.span(0)))?;
    let strides = match last {
        2 => flat_extents(&a.int_tuple(1)?, "a descriptor's strides")
            .map_err(|e| e.or_at(a.span(1)))?,
        _ => Vec::new(),
    };
    TensorDescriptor::with_strides(&lengths, &strides, *tag).map_err(|e| match e.kind {
        ErrorKind::NegativeExtent(_) => e.or_at(a.span(0)),
        _ => e,
    })
}

/// `idx2crd(I, SHAPE, LayoutRight|LayoutLeft|STRIDE)`.
fn idx2crd(a: &Args) -> Result<IntTuple> {
    let (index, shape) = (a.int(0)?, a.int_tuple(1)?);
    let stride = match &a.values[2] {
        Value::Major(Major::LayoutRight) => shape.compact_row_major(),
        Value::Major(Major::LayoutLeft) => shape.compact_col_major(),
        Value::IntTuple(stride) => Ok(stride.clone()),
        v => {
            let expected = "`LayoutLeft`, `LayoutRight` or a stride";
            return Err(wrong_type(expected, v, a.span(2)));
        }
    }
    .map_err(|e| e.or_at(a.span(1)))?;
    idx2crd_strided(index, &shape, &stride).map_err(|e| {
        let operand = match e.kind {
            ErrorKind::OutOfRange { .. } => 0,
            ErrorKind::ZeroSizeMode { .. } | ErrorKind::NegativeExtent(_) => 1,
            _ => 2,
        };
        e.or_at(a.span(operand))
    })
}

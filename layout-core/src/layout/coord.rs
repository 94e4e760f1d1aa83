//! Coordinates and offsets on bare shapes and strides: CuTe's `crd2idx` and
//! `idx2crd`, which `Layout`'s methods of the same names call.

use alloc::string::ToString;
use alloc::vec::Vec;

use crate::error::{DomainError, Result, add, mul};
use crate::int_tuple::IntTuple::{self, Int, Tuple};

/// The offset of `coord` under `shape:stride` (see [`Layout::crd2idx`](crate::Layout::crd2idx)).
/// Shape and stride must be congruent.
///
/// ```
/// # use layout_core::{crd2idx, IntTuple};
/// let idx = crd2idx(&IntTuple::from([1, 2, 3]), &IntTuple::from([3, 4, 5]), &IntTuple::from([20, 5, 1]));
/// assert_eq!(idx.unwrap(), 33);
/// ```
pub fn crd2idx(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<i64> {
    let mut index = 0;
    split_coord(coord, shape, stride, &mut |c, d| {
        index = add(index, mul(c, d)?)?;
        Ok(())
    })?;
    Ok(index)
}

/// The coordinate, one integer per leaf of `shape`, that [`crd2idx`] reads
/// `coord` as: an integer standing for a tuple mode is split
/// colexicographically over it and the last mode keeps what is left (so it
/// may run past its extent, as in CuTe). Unlike [`idx2crd`], which takes the
/// modulo at every leaf. `crd2idx(c, S, D)` is this coordinate's leaves
/// times `D`'s leaves, summed; `layout explain` shows that sum.
///
/// ```
/// # use layout_core::{crd2idx, natural_coord, IntTuple};
/// let (s, d): (IntTuple, IntTuple) = ("((2,4),(3,5))".parse().unwrap(), "((3,6),(1,24))".parse().unwrap());
/// let c = natural_coord(&"(11,12)".parse().unwrap(), &s).unwrap();
/// assert_eq!(c.to_string(), "((1,5),(0,4))");
/// let sum: i64 = c.leaves().zip(d.leaves()).map(|(c, d)| c * d).sum();
/// assert_eq!(sum, crd2idx(&"(11,12)".parse().unwrap(), &s, &d).unwrap());
/// ```
pub fn natural_coord(coord: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    let mut leaves = Vec::new();
    // Any tuple congruent with `shape` serves as the stride: only the split matters.
    split_coord(coord, shape, shape, &mut |c, _| {
        leaves.push(c);
        Ok(())
    })?;
    Ok(shape.with_leaves(&mut leaves.into_iter()))
}

/// Read `coord` against `shape` as CuTe does and hand each leaf coordinate,
/// with its stride, to `leaf`, left to right: an integer standing for a
/// tuple mode is split colexicographically and the last mode keeps the rest.
fn split_coord(
    coord: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
    leaf: &mut impl FnMut(i64, i64) -> Result<()>,
) -> Result<()> {
    match (coord, shape, stride) {
        (Int(c), Int(_), Int(d)) => leaf(*c, *d),
        (Int(c), Tuple(shapes), Tuple(strides)) => {
            let mut rest = *c;
            let last = shapes.len().saturating_sub(1);
            for (mode, (s, d)) in shapes.iter().zip(strides).enumerate() {
                let part = if mode == last {
                    rest
                } else {
                    let extent = s.size()?;
                    if extent == 0 {
                        // `mode` counts the modes of this level's shape.
                        let shape = shape.to_string();
                        return Err(DomainError::ZeroSizeMode { mode, shape }.into());
                    }
                    let part = rest % extent;
                    rest /= extent;
                    part
                };
                split_coord(&Int(part), s, d, leaf)?;
            }
            Ok(())
        }
        (Tuple(coords), Tuple(shapes), Tuple(strides)) => {
            if coords.len() != shapes.len() {
                let (expected, found) = (shapes.len(), coords.len());
                return Err(DomainError::RankMismatch { expected, found }.into());
            }
            for ((c, s), d) in coords.iter().zip(shapes).zip(strides) {
                split_coord(c, s, d, leaf)?;
            }
            Ok(())
        }
        (Tuple(_), Int(_), _) => Err(DomainError::CoordinateTooDeep {
            coord: coord.to_string(),
            extent: shape.to_string(),
        }
        .into()),
        _ => Err(DomainError::NotCongruent {
            shape: shape.to_string(),
            stride: stride.to_string(),
        }
        .into()),
    }
}

/// The coordinate of `index` in `shape`, CuTe's `idx2crd(i, shape)`: every
/// leaf of a tuple shape takes `(i / compact_stride) % extent`; an integer
/// shape returns the index unchanged; a tuple index splits mode by mode.
///
/// ```
/// # use layout_core::{idx2crd, IntTuple};
/// let c = idx2crd(&IntTuple::Int(16), &"(3,(2,3))".parse().unwrap()).unwrap();
/// assert_eq!(c.to_string(), "(1,(1,2))");
/// ```
pub fn idx2crd(index: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    match (index, shape) {
        (Int(i), Int(_)) => Ok(Int(*i)),
        (Int(i), Tuple(_)) => {
            let strides = shape.compact_col_major()?;
            let mut coords = Vec::new();
            for (s, d) in shape.leaves().zip(strides.leaves()) {
                coords.push(match (s, d) {
                    (1, _) => 0,
                    (0, _) => {
                        return Err(DomainError::ZeroSizeMode {
                            mode: coords.len(),
                            shape: shape.to_string(),
                        }
                        .into());
                    }
                    _ => (i / d) % s,
                });
            }
            Ok(shape.with_leaves(&mut coords.into_iter()))
        }
        (Tuple(is), Tuple(ss)) if is.len() == ss.len() => is
            .iter()
            .zip(ss)
            .map(|(i, s)| idx2crd(i, s))
            .collect::<Result<Vec<_>>>()
            .map(Tuple),
        (Tuple(is), _) => Err(DomainError::RankMismatch {
            expected: shape.rank(),
            found: is.len(),
        }
        .into()),
    }
}

//! CuTe's `slice` and `dice`: a coordinate in which `_` marks the modes to
//! keep (`slice`) or to drop (`dice`), and `slice_and_offset`, which also
//! gives where the kept modes start.
//!
//! As in CuTe (`underscore.hpp`), the kept modes are collected left to
//! right into one flat tuple, whatever the nesting of the coordinate:
//! `slice((_,(1,_)), (4,(2,3)):(1,(4,8)))` keeps `4:1` and `3:8` and gives
//! `(4,3):(1,8)`. Only a bare `_` (or a bare integer for `dice`) returns the
//! layout itself; a tuple coordinate always gives a tuple, so one kept mode
//! is the rank-1 layout `(4):(8)`, as CuTe prints `(_4):(_8)`.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

use crate::error::{DomainError, Result};
use crate::idioms::View;
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::{Layout, crd2idx};

/// A coordinate that may hold `_` ([`Coord::Underscore`]): an integer,
/// `_`, or a tuple of coordinates, nested like (a prefix of) the shape it
/// indexes.
///
/// ```
/// use layout_core::{Coord, IntTuple};
/// let c = Coord::Tuple(vec![Coord::Underscore, Coord::Int(3)]);
/// assert_eq!(c.to_string(), "(_,3)");
/// assert_eq!(Coord::from(IntTuple::from([1, 2])).to_string(), "(1,2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Coord {
    /// One integer for the whole mode, split over it colexicographically.
    Int(i64),
    /// CuTe's `_`: every coordinate of the mode.
    Underscore,
    /// One coordinate per mode.
    Tuple(Vec<Coord>),
}

impl Coord {
    /// The coordinate with every `_` read as 0: where the kept modes start
    /// (CuTe's `Underscore` is an `Int<0>` to `crd2idx`).
    #[must_use]
    pub fn with_underscores_as_zero(&self) -> IntTuple {
        match self {
            Coord::Int(n) => Int(*n),
            Coord::Underscore => Int(0),
            Coord::Tuple(v) => Tuple(v.iter().map(Coord::with_underscores_as_zero).collect()),
        }
    }

    /// Whether some `_` occurs in the coordinate (CuTe's `has_underscore`).
    #[must_use]
    pub fn has_underscore(&self) -> bool {
        match self {
            Coord::Int(_) => false,
            Coord::Underscore => true,
            Coord::Tuple(v) => v.iter().any(Coord::has_underscore),
        }
    }
}

impl From<i64> for Coord {
    fn from(n: i64) -> Coord {
        Coord::Int(n)
    }
}

impl From<IntTuple> for Coord {
    fn from(t: IntTuple) -> Coord {
        match t {
            Int(n) => Coord::Int(n),
            Tuple(v) => Coord::Tuple(v.into_iter().map(Coord::from).collect()),
        }
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Coord::Int(n) => write!(f, "{n}"),
            Coord::Underscore => f.write_str("_"),
            Coord::Tuple(v) => {
                f.write_str("(")?;
                for (i, c) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{c}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// CuTe's `slice(c, layout)`: the modes of `layout` paired with `_` in `c`
/// (the sub-layout that `c` leaves free). Errors when `c` is not nested like
/// the layout's shape (a tuple of another rank, or a tuple for a single extent).
///
/// ```
/// use layout_core::{slice, Coord, Layout};
/// let l: Layout = "(4,(2,3)):(1,(4,8))".parse().unwrap();
/// let c = Coord::Tuple(vec![Coord::Underscore, Coord::Tuple(vec![1.into(), Coord::Underscore])]);
/// assert_eq!(slice(&c, &l).unwrap().to_string(), "(4,3):(1,8)");
/// assert_eq!(slice(&Coord::Underscore, &l).unwrap(), l);
/// ```
pub fn slice(coord: &Coord, layout: &Layout) -> Result<Layout> {
    filter(coord, layout, Keep::Underscores)
}

/// CuTe's `dice(c, layout)`: the modes of `layout` paired with an integer
/// in `c`, the complement of [`slice()`]'s.
///
/// ```
/// use layout_core::{dice, Coord, Layout};
/// let l: Layout = "(4,(2,3)):(1,(4,8))".parse().unwrap();
/// let c = Coord::Tuple(vec![Coord::Underscore, Coord::Tuple(vec![1.into(), Coord::Underscore])]);
/// assert_eq!(dice(&c, &l).unwrap().to_string(), "(2):(4)");
/// ```
pub fn dice(coord: &Coord, layout: &Layout) -> Result<Layout> {
    filter(coord, layout, Keep::Integers)
}

/// CuTe's `slice_and_offset(c, layout)`: [`slice()`] and the offset of `c`
/// with every `_` read as 0, as a [`View`]. Coordinate `k` of the view is
/// at `layout(c with k in place of the underscores)`.
///
/// Stricter than CuTe, whose arithmetic reads on past an extent: every
/// integer of `c` must lie in the mode it indexes (as a whole, for an
/// integer at a tuple mode), else a [`DomainError::IndexOutOfRange`]
/// naming the coordinate and the extent, so that the view's offsets are
/// offsets of `layout` (as the typed slice, `tensor::typed::slice_and_offset`).
///
/// ```
/// use layout_core::{slice_and_offset, Coord, Layout};
/// let l: Layout = "(4,8):(8,1)".parse().unwrap();
/// let column = Coord::Tuple(vec![Coord::Underscore, 3.into()]);
/// assert_eq!(slice_and_offset(&column, &l).unwrap().to_string(), "view((4):(8),3)");
/// let past = Coord::Tuple(vec![Coord::Underscore, 8.into()]);
/// let error = slice_and_offset(&past, &l).unwrap_err();
/// assert_eq!(error.to_string(), "slice coordinate 8 is out of range 0..8");
/// ```
pub fn slice_and_offset(coord: &Coord, layout: &Layout) -> Result<View> {
    check_domain(coord, layout.shape(), "slice coordinate")?;
    let sliced = slice(coord, layout)?;
    let base = crd2idx(
        &coord.with_underscores_as_zero(),
        layout.shape(),
        layout.stride(),
    )?;
    View::new(sliced, base)
}

/// Errors unless every integer of `coord` lies in the mode of `shape` it
/// indexes (an integer at a tuple mode, in the mode as a whole): a
/// [`DomainError::IndexOutOfRange`] naming the integer, as `what`, and the
/// mode's size. `_` reads nothing; nesting unlike the shape is left to
/// [`slice()`], which names the mismatch.
///
/// ```
/// use layout_core::{check_domain, Coord, IntTuple};
/// let shape: IntTuple = "(4,(2,3))".parse().unwrap();
/// let c = Coord::Tuple(vec![Coord::Underscore, Coord::Tuple(vec![1.into(), 3.into()])]);
/// let error = check_domain(&c, &shape, "slice coordinate").unwrap_err();
/// assert_eq!(error.to_string(), "slice coordinate 3 is out of range 0..3");
/// assert!(check_domain(&Coord::Tuple(vec![3.into(), 5.into()]), &shape, "a").is_ok());
/// ```
pub fn check_domain(coord: &Coord, shape: &IntTuple, what: &'static str) -> Result<()> {
    match (coord, shape) {
        (Coord::Underscore, _) => Ok(()),
        (Coord::Int(n), _) => {
            let size = shape.size()?;
            if (0..size).contains(n) {
                Ok(())
            } else {
                let index = *n;
                Err(DomainError::IndexOutOfRange { what, index, size }.into())
            }
        }
        (Coord::Tuple(cs), Tuple(ss)) if cs.len() == ss.len() => cs
            .iter()
            .zip(ss)
            .try_for_each(|(c, s)| check_domain(c, s, what)),
        _ => Ok(()),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Keep {
    Underscores,
    Integers,
}

fn filter(coord: &Coord, layout: &Layout, keep: Keep) -> Result<Layout> {
    let whole = match coord {
        Coord::Underscore => keep == Keep::Underscores,
        Coord::Int(_) => keep == Keep::Integers,
        Coord::Tuple(_) => {
            let (mut shapes, mut strides) = (Vec::new(), Vec::new());
            lift(
                coord,
                layout.shape(),
                layout.stride(),
                keep,
                &mut shapes,
                &mut strides,
            )?;
            // Modes of a valid layout: the result is valid too.
            return Ok(Layout::from_valid(Tuple(shapes), Tuple(strides)));
        }
    };
    Ok(if whole {
        layout.clone()
    } else {
        Layout::from_valid(IntTuple::EMPTY, IntTuple::EMPTY)
    })
}

/// CuTe's `lift_slice` / `lift_dice`: push the kept modes of `shape:stride`.
fn lift(
    coord: &Coord,
    shape: &IntTuple,
    stride: &IntTuple,
    keep: Keep,
    shapes: &mut Vec<IntTuple>,
    strides: &mut Vec<IntTuple>,
) -> Result<()> {
    match (coord, shape, stride) {
        (Coord::Tuple(cs), Tuple(ss), Tuple(ds)) => {
            if cs.len() != ss.len() {
                let (expected, found) = (ss.len(), cs.len());
                return Err(DomainError::RankMismatch { expected, found }.into());
            }
            for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                lift(c, s, d, keep, shapes, strides)?;
            }
            Ok(())
        }
        (Coord::Tuple(_), _, _) => Err(DomainError::CoordinateTooDeep {
            coord: coord.to_string(),
            extent: shape.to_string(),
        }
        .into()),
        (Coord::Underscore, _, _) if keep == Keep::Underscores => {
            shapes.push(shape.clone());
            strides.push(stride.clone());
            Ok(())
        }
        (Coord::Int(_), _, _) if keep == Keep::Integers => {
            shapes.push(shape.clone());
            strides.push(stride.clone());
            Ok(())
        }
        _ => Ok(()),
    }
}

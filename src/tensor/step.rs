//! CuTe's `Step` projections (`Step<_1, X, _1>`, spelled `(1, X, 1)`):
//! `dice(step, x)` keeps the modes of a tiler or a coordinate that the step
//! marks with an integer and drops those marked `X`.

use alloc::vec::Vec;

use layout_core::{Coord, Error, ErrorKind, Tiler};

/// CuTe's `dice(step, tiler)`: the tiler's modes marked by an integer.
pub(super) fn dice_tiler(step: &Coord, tiler: Tiler) -> Result<Tiler, Error> {
    match (step, tiler) {
        (Coord::Int(_), t) => Ok(t),
        (Coord::Underscore, _) => Ok(Tiler::ByMode(Vec::new())),
        (Coord::Tuple(steps), Tiler::ByMode(modes)) if steps.len() == modes.len() => {
            let mut kept = Vec::new();
            for (s, m) in steps.iter().zip(modes) {
                match s {
                    Coord::Int(_) => kept.push(m),
                    Coord::Underscore => {}
                    nested => kept.push(dice_tiler(nested, m)?),
                }
            }
            Ok(Tiler::ByMode(kept))
        }
        (Coord::Tuple(_), Tiler::Layout(l)) => layout_core::dice(step, &l).map(Tiler::Layout),
        (Coord::Tuple(steps), Tiler::ByMode(modes)) => Err(ErrorKind::RankMismatch {
            expected: modes.len(),
            found: steps.len(),
        }
        .into()),
    }
}

/// CuTe's `dice(step, coord)`: the coordinate's modes marked by an integer.
pub(super) fn dice_coord(step: &Coord, coord: Coord) -> Result<Coord, Error> {
    match (step, coord) {
        (Coord::Int(_), c) => Ok(c),
        (Coord::Underscore, _) => Ok(Coord::Tuple(Vec::new())),
        (Coord::Tuple(steps), Coord::Tuple(modes)) if steps.len() == modes.len() => {
            let mut kept = Vec::new();
            for (s, m) in steps.iter().zip(modes) {
                match s {
                    Coord::Int(_) => kept.push(m),
                    Coord::Underscore => {}
                    nested => kept.push(dice_coord(nested, m)?),
                }
            }
            Ok(Coord::Tuple(kept))
        }
        (Coord::Tuple(steps), Coord::Tuple(modes)) => Err(ErrorKind::RankMismatch {
            expected: modes.len(),
            found: steps.len(),
        }
        .into()),
        (Coord::Tuple(steps), _) => Err(ErrorKind::RankMismatch {
            expected: 1,
            found: steps.len(),
        }
        .into()),
    }
}

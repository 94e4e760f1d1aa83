//! CuTe's partitioning (`tensor_impl.hpp`) as layout algebra
//! ([`crate::algebra::local_tile`] and its kin): one entry each.
//!
//! Each result is a view, the layout a partitioned tensor has and the
//! offset its new base moves by. A step (CuTe's `Step<_1, X, _1>`) is
//! written `(1,X,1)`: `X` is CuTe's alias of `_`, and `(1,_,1)` is the
//! same step. Each phase blames its own argument: the step a step that does
//! not fit, the divide's operands what `zipped_divide` refuses, the
//! coordinate (or thread index) one of the wrong rank or out of range.

use super::calls::divide;
use super::{BASE, Function, Kind, Narration, Returns};
use super::{Partition, TypedForm};
use crate::algebra::{self, Coord, Tiler};
use crate::coerce::Accepts::{Coord as CoordArg, Layout, Tiler as TilerArg};
use crate::coerce::Args;
use crate::error::{Error, Result};
use crate::value::Value;

/// `local_tile`, `local_partition`, `inner_partition`, `outer_partition`.
pub(super) const FUNCTIONS: &[Function] = &[
    Function {
        name: "local_tile",
        typed: TypedForm::Partition(Partition::Tile),
        narration: Narration::Partition {
            outer: false,
            by_thread: false,
        },
        usage: "local_tile(L, T, C[, STEP])",
        arity: 3..=4,
        args: &[Layout, TilerArg, CoordArg, CoordArg],
        returns: Returns::Always(Kind::View),
        about: "the tile of L at C of the tiles zipped_divide(L, T) makes (CTA level); STEP like (1,X,1) drops the X modes of T and C",
        example: "local_tile((8,8):(1,8), (4,2), (1,2))",
        apply: |a| {
            let step = (a.len() == 4).then(|| coord_at(a, 3));
            partition(a, step.as_ref(), Side::Inner)
        },
        ..BASE
    },
    Function {
        name: "local_partition",
        typed: TypedForm::Partition(Partition::Threads),
        narration: Narration::Partition {
            outer: true,
            by_thread: true,
        },
        usage: "local_partition(L, THR, I[, STEP])",
        arity: 3..=4,
        args: &[Layout, Layout, CoordArg, CoordArg],
        returns: Returns::Always(Kind::View),
        about: "thread I of the thread layout THR: its element of every THR-shaped tile of L (thread level); I an index or a coordinate in THR's shape; STEP like (1,X) drops the X modes of THR",
        example: "local_partition((8,4):(1,8), (2,2):(2,1), 1)",
        apply: local_partition,
        ..BASE
    },
    Function {
        name: "inner_partition",
        typed: TypedForm::Partition(Partition::Tile),
        narration: Narration::Partition {
            outer: false,
            by_thread: false,
        },
        usage: "inner_partition(L, T, C)",
        arity: 3..=3,
        args: &[Layout, TilerArg, CoordArg],
        returns: Returns::Always(Kind::View),
        about: "zipped_divide(L, T) sliced at (_, C): the tile at C",
        example: "inner_partition((8,8):(1,8), (4,2), (1,2))",
        apply: |a| partition(a, None, Side::Inner),
        ..BASE
    },
    Function {
        name: "outer_partition",
        typed: TypedForm::Partition(Partition::Outer),
        narration: Narration::Partition {
            outer: true,
            by_thread: false,
        },
        usage: "outer_partition(L, T, C)",
        arity: 3..=3,
        args: &[Layout, TilerArg, CoordArg],
        returns: Returns::Always(Kind::View),
        about: "zipped_divide(L, T) sliced at (C, _): the element at C of every tile",
        example: "outer_partition((8,4):(1,8), (2,2), (1,0))",
        apply: |a| partition(a, None, Side::Outer),
        ..BASE
    },
];

/// Which mode of the zipped divide the coordinate slices.
#[derive(Clone, Copy)]
enum Side {
    /// The tiles' mode (`inner_partition`, `local_tile`).
    Inner,
    /// The mode inside a tile (`outer_partition`).
    Outer,
}

/// Argument `i` as a coordinate (an integer, a tuple, or one holding `_`).
fn coord_at(a: &Args, i: usize) -> Coord {
    match &a.values[i] {
        Value::Coord(c) => c.clone(),
        Value::IntTuple(t) => Coord::from(t.clone()),
        v => unreachable!("`Accepts::Coord` let {v:?} through"),
    }
}

/// `zipped_divide(L, T)` with a refusal blamed on the operand at fault.
fn zipped(a: &Args, l: &crate::Layout, t: &Tiler) -> Result<crate::Layout> {
    algebra::zipped_divide(l, t).map_err(|e: Error| match divide(e.kind()) {
        Some(i) => e.or_at(a.span(i)),
        None => e,
    })
}

/// `inner_partition`/`outer_partition` of arguments `(L, T, C)`, the
/// tiler and coordinate first projected by `step` (argument 3).
fn partition(a: &Args, step: Option<&Coord>, side: Side) -> Result<Value> {
    let (l, mut t, mut c) = (a.layout(0)?, a.tiler(1)?, coord_at(a, 2));
    if let Some(step) = step {
        t = algebra::dice_tiler(step, t).map_err(a.at(3))?;
        c = algebra::dice_coord(step, c).map_err(a.at(3))?;
    }
    let tiled = zipped(a, l, &t)?;
    let full = match side {
        Side::Inner => algebra::inner_coord(&tiled, c),
        Side::Outer => algebra::outer_coord(&tiled, c),
    };
    view(&tiled, &full.map_err(a.at(2))?).map_err(a.at(2))
}

/// `local_partition(L, THR, I[, STEP])`: `I` the thread's index, or its
/// coordinate in `THR`'s shape (flattened before the step dices it).
fn local_partition(a: &Args) -> Result<Value> {
    let (l, thr) = (a.layout(0)?, a.layout(1)?);
    let at = match coord_at(a, 2) {
        Coord::Int(idx) => {
            algebra::check_thread_index(thr, idx).map_err(a.at(2))?;
            Err(idx)
        }
        c => Ok(algebra::thread_coord_at(thr, &c).map_err(a.at(2))?),
    };
    let projected;
    let step = (a.len() == 4).then(|| coord_at(a, 3));
    let thr = match &step {
        Some(step) => {
            projected = algebra::dice_threads(step, thr).map_err(a.at(3))?;
            &projected
        }
        None => thr,
    };
    let tiler = algebra::thread_tiler(thr).map_err(a.at(1))?;
    let coord = match (at, &step) {
        (Err(idx), _) => algebra::thread_coord(thr, idx).map_err(a.at(1))?,
        (Ok(c), None) => c,
        (Ok(c), Some(step)) => algebra::dice_coord(step, c).map_err(a.at(3))?,
    };
    let tiled = zipped(a, l, &tiler).map_err(a.at(1))?;
    let full = algebra::outer_coord(&tiled, coord).map_err(a.at(2))?;
    view(&tiled, &full).map_err(a.at(2))
}

fn view(tiled: &crate::Layout, full: &Coord) -> Result<Value> {
    algebra::slice_and_offset(full, tiled).map(Value::View)
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::{String, ToString};

    fn eval(src: &str) -> crate::error::Result<String> {
        crate::evaluate(src).map(|v| v.to_string())
    }

    fn span_of(src: &str) -> (usize, usize) {
        let e = crate::evaluate(src).unwrap_err();
        let s = e.span().unwrap_or_else(|| panic!("no span: {e}"));
        (s.start, s.end)
    }

    #[test]
    fn local_tile_is_the_tile_at_the_coordinate() {
        // (8,8) column-major, tiles of (4,2): tile (1,2) starts at row 4, column 4.
        assert_eq!(
            eval("local_tile((8,8):(1,8), (4,2), (1,2))").unwrap(),
            "view((4,2):(1,8),36)"
        );
        // A shorter tuple keeps the other tile modes; an integer indexes all of them.
        assert_eq!(
            eval("local_tile((8,8):(1,8), (4,2), (1))").unwrap(),
            "view((4,2,4):(1,8,16),4)"
        );
        assert_eq!(
            eval("local_tile((8,8):(1,8), (4,2), 3)").unwrap(),
            "view((4,2):(1,8),20)"
        );
    }

    #[test]
    fn steps_drop_the_x_modes_of_tiler_and_coordinate() {
        let a = "local_tile((16,8):(1,16), (4,2,4), (1,0,_), (1,X,1))";
        assert_eq!(eval(a).unwrap(), "view((4,4,2):(1,16,64),4)");
        // `_` is the same step as `X`.
        let same = "local_tile((16,8):(1,16), (4,2,4), (1,0,_), (1,_,1))";
        assert_eq!(eval(same).unwrap(), eval(a).unwrap());
        let c = "local_tile((16,8):(1,16), (4,2,4), (1,3,_), (1,1,X))";
        assert_eq!(eval(c).unwrap(), "view((4,2):(1,16),100)");
    }

    #[test]
    fn local_partition_takes_a_threads_share() {
        assert_eq!(
            eval("local_partition((8,4):(1,8), (2,2):(2,1), 1)").unwrap(),
            "view((4,2):(2,16),8)"
        );
        // CuTe's example: thr_layout (2,16,1):(16,1,0) projected (1,X,1) for A (M,K).
        let a = "local_partition((8,4):(1,8), (2,16,1):(16,1,0), 17, (1,X,1))";
        assert_eq!(eval(a).unwrap(), "view((4,4):(2,8),1)");
    }

    #[test]
    fn local_partition_takes_a_thread_coordinate() {
        // ((2,2),4,2):((1,8),2,16) is a bijection onto 0..32: the thread at
        // coordinate ((a,b),c,e) is index a + 8b + 2c + 16e, and its
        // coordinate, nested or one integer per mode, names the same share.
        let thr = "((2,2),4,2):((1,8),2,16)";
        let l = "(8,16,6):(1,8,128)";
        for (a, b, c, e) in (0..32).map(|i| (i % 2, i / 2 % 2, i / 4 % 4, i / 16)) {
            let idx = a + 8 * b + 2 * c + 16 * e;
            let want = eval(&format!("local_partition({l}, {thr}, {idx})")).unwrap();
            let nested = format!("local_partition({l}, {thr}, (({a},{b}),{c},{e}))");
            assert_eq!(eval(&nested).unwrap(), want, "{nested}");
            let flat = format!("local_partition({l}, {thr}, ({},{c},{e}))", a + 2 * b);
            assert_eq!(eval(&flat).unwrap(), want, "{flat}");
            // The step dices the flattened coordinate as it dices the index's.
            let want = eval(&format!("local_partition({l}, {thr}, {idx}, (1,1,X))")).unwrap();
            let stepped = format!("local_partition({l}, {thr}, (({a},{b}),{c},{e}), (1,1,X))");
            assert_eq!(eval(&stepped).unwrap(), want, "{stepped}");
        }
        // Hand-checked: thread (1,1) of (2,2):(2,1) is index 3, rows 1 and
        // columns 1 and 3 of (8,4):(1,8): base 1 + 8.
        assert_eq!(
            eval("local_partition((8,4):(1,8), (2,2):(2,1), (1,1))").unwrap(),
            "view((4,2):(2,16),9)"
        );
    }

    #[test]
    fn errors_point_at_the_argument_at_fault() {
        // A thread coordinate of the wrong rank, or past its mode.
        let rank = "local_partition((8,4):(1,8), (2,2):(2,1), (1,0,0))";
        assert_eq!(span_of(rank), (42, 49));
        assert!(eval(rank).unwrap_err().to_string().contains("rank 3"));
        let past = "local_partition((8,4):(1,8), ((2,2),2):((1,4),2), ((0,2),1))";
        assert_eq!(span_of(past), (50, 59));
        assert!(
            eval(past)
                .unwrap_err()
                .to_string()
                .contains("thread coordinate")
        );
        // Coordinate out of range, or too long.
        assert_eq!(span_of("local_tile((8,8):(1,8), (4,2), (2,0))"), (31, 36));
        assert_eq!(span_of("local_tile((8,8):(1,8), (4,2), (1,0,0))"), (31, 38));
        // A step of the wrong rank.
        assert_eq!(
            span_of("local_tile((8,8):(1,8), (4,2,4), (0,0,0), (1,X))"),
            (42, 47)
        );
        // Thread index out of range; a thread layout idx2crd cannot split.
        assert_eq!(
            span_of("local_partition((8,4):(1,8), (2,2):(2,1), 4)"),
            (42, 43)
        );
        assert_eq!(
            span_of("local_partition((8,4):(1,8), (2,2):(0,1), 1)"),
            (29, 40)
        );
        // A tiler the divide cannot complement.
        assert_eq!(span_of("inner_partition((6,2):(1,8), 4:1, 0)"), (29, 32));
    }
}

//! CuTe's ordered and "like" constructors and its element-width recasts:
//! one entry each, with their evaluations and blame rules.

use super::{BASE, Function, Kind, Narration, Returns, layout_of};
use super::{Construct, TypedForm};
use crate::algebra as alg;
use crate::coerce::Accepts::{Any, Int, IntTuple, Layout, LayoutOrIntTuple};
use crate::coerce::Args;
use crate::error::{ConstructError, DomainError, ErrorKind, Result};
use crate::int_tuple::IntTuple as Tuple;
use crate::value::{Major, Value};

/// The constructors and recasts, in CuTe's order of `layout.hpp`.
pub(super) const FUNCTIONS: &[Function] = &[
    Function {
        name: "make_ordered_layout",
        typed: TypedForm::Construct(Construct::Ordered),
        narration: Narration::OrderedLayout,
        usage: "make_ordered_layout(SHAPE, ORDER|LayoutLeft|LayoutRight)",
        arity: 2..=2,
        args: &[IntTuple, Any],
        blame: ordered_blame,
        about: "the compact layout of SHAPE whose strides grow in the order ORDER gives its modes",
        example: "make_ordered_layout((2,3,4), (1,2,0))",
        apply: make_ordered_layout,
        ..BASE
    },
    Function {
        name: "make_layout_like",
        typed: TypedForm::Construct(Construct::LayoutLike),
        narration: Narration::LayoutLike,
        usage: "make_layout_like(L)",
        args: &[Layout],
        about: "a compact layout of L's shape with strides in the order of L's (stride 0 kept)",
        example: "make_layout_like((2,3,4):(0,1,2))",
        apply: |a| alg::make_layout_like(a.layout(0)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "make_fragment_like",
        typed: TypedForm::Construct(Construct::FragmentLike),
        on_composed: super::swizzle::KEEP,
        narration: Narration::FragmentLike,
        usage: "make_fragment_like(L|SHAPE)",
        args: &[LayoutOrIntTuple],
        about: "a compact fragment like L: mode 0 column-major, the other modes ordered like L's",
        example: "make_fragment_like(((2,2),4,3):((4,1),0,16))",
        apply: make_fragment_like,
        ..BASE
    },
    Function {
        name: "make_identity_layout",
        narration: Narration::IdentityLayout,
        usage: "make_identity_layout(SHAPE)",
        args: &[IntTuple],
        returns: Returns::Always(Kind::BasisLayout),
        about: "SHAPE with scaled-basis strides (1@0,1@1,…): every index maps to its coordinate",
        example: "make_identity_layout((4,8))",
        apply: |a| crate::basis::BasisLayout::identity(&a.int_tuple(0)?)?.into_value(),
        ..BASE
    },
    Function {
        name: "tile_to_shape",
        typed: TypedForm::TileToShape,
        on_composed: super::swizzle::RECOMPOSE,
        narration: Narration::TileToShape,
        usage: "tile_to_shape(BLOCK, SHAPE[, ORDER|LayoutLeft|LayoutRight])",
        arity: 2..=3,
        args: &[Layout, IntTuple, Any],
        blame: tile_blame,
        about: "copies of BLOCK filling SHAPE (a blocked product), the copies in ORDER (default column-major)",
        example: "tile_to_shape((2,2):(1,2), (4,6))",
        apply: tile_to_shape,
        ..BASE
    },
    Function {
        name: "upcast",
        on_composed: super::swizzle::UPCAST,
        on_swizzle: super::composed_calls::UPCAST,
        narration: Narration::Recast { wider: true },
        usage: "upcast(L, N)",
        arity: 2..=2,
        args: &[Layout, Int],
        blame: recast_blame,
        about: "L in elements N times wider: stride-1 extents and other strides divided by N",
        example: "upcast((8,4):(1,8), 2)",
        apply: |a| alg::upcast(a.layout(0)?, a.int(1)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "downcast",
        on_composed: super::swizzle::DOWNCAST,
        on_swizzle: super::composed_calls::DOWNCAST,
        narration: Narration::Recast { wider: false },
        usage: "downcast(L, N)",
        arity: 2..=2,
        args: &[Layout, Int],
        blame: recast_blame,
        about: "L in elements N times narrower: stride-1 extents and other strides times N",
        example: "downcast((4,8):(8,1), 2)",
        apply: |a| alg::downcast(a.layout(0)?, a.int(1)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "recast_layout",
        on_composed: super::swizzle::RECAST,
        narration: Narration::RecastLayout,
        usage: "recast_layout(L, OLD_BITS, NEW_BITS)",
        arity: 3..=3,
        args: &[Layout, Int, Int],
        blame: recast_blame,
        about: "L over elements of OLD_BITS bits seen as elements of NEW_BITS bits",
        example: "recast_layout((4,8):(8,1), 16, 32)",
        apply: |a| alg::recast_layout(a.layout(0)?, a.int(1)?, a.int(2)?).map(layout_of),
        ..BASE
    },
];

// ---- evaluations ----

fn make_ordered_layout(a: &Args) -> Result<Value> {
    let shape = a.int_tuple(0)?;
    let order = match &a.values[1] {
        Value::Major(m) => major_order(&shape, *m),
        _ => order(a, 1)?,
    };
    alg::make_ordered_layout(&shape, &order).map(layout_of)
}

fn make_fragment_like(a: &Args) -> Result<Value> {
    match &a.values[0] {
        Value::Layout(l) => alg::make_fragment_like(l),
        _ => crate::Layout::column_major(a.int_tuple(0)?),
    }
    .map(layout_of)
}

fn tile_to_shape(a: &Args) -> Result<Value> {
    let (block, target) = (a.layout(0)?, a.int_tuple(1)?);
    let order = match a.values.get(2) {
        None | Some(Value::Major(Major::LayoutLeft)) => None,
        // The copies' shape is flat, of the target's rank.
        Some(Value::Major(Major::LayoutRight)) => Some(major_order(
            &Tuple::Tuple((0..target.rank()).map(|_| Tuple::Int(0)).collect()),
            Major::LayoutRight,
        )),
        Some(_) => Some(order(a, 2)?),
    };
    alg::tile_to_shape(block, &target, order.as_ref()).map(layout_of)
}

/// Argument `i` as an order tuple.
fn order(a: &Args, i: usize) -> Result<Tuple> {
    match &a.values[i] {
        Value::IntTuple(t) => Ok(t.clone()),
        _ => Err(a.wrong(
            i,
            "an order (an integer or a tuple), `LayoutLeft` or `LayoutRight`",
        )),
    }
}

/// The order that `LayoutLeft` (leaves left to right) or `LayoutRight`
/// (right to left) gives the leaves of `shape`.
fn major_order(shape: &Tuple, major: Major) -> Tuple {
    let n = i64::try_from(shape.leaves().count()).unwrap_or(i64::MAX);
    let mut places = (0..n).map(|i| match major {
        Major::LayoutLeft => i,
        Major::LayoutRight => n - 1 - i,
    });
    shape.with_leaves(&mut places)
}

// ---- blame ----

/// `make_ordered_layout(SHAPE, ORDER)`: an order that does not fit or ties
/// is the order's fault, the rest the shape's.
fn ordered_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Construct(
            ConstructError::OrderMismatch { .. } | ConstructError::OrderTie { .. },
        ) => Some(1),
        _ => Some(0),
    }
}

/// `tile_to_shape(BLOCK, SHAPE, ORDER)`.
fn tile_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Construct(ConstructError::BlockRankTooHigh { .. }) => Some(0),
        ErrorKind::Construct(ConstructError::BlockNotDividing { .. })
        | ErrorKind::Domain(DomainError::NegativeExtent(_)) => Some(1),
        ErrorKind::Construct(
            ConstructError::OrderMismatch { .. } | ConstructError::OrderTie { .. },
        ) => Some(2),
        _ => None,
    }
}

/// `upcast(L, N)`, `downcast(L, N)`, `recast_layout(L, OLD, NEW)`: a width
/// out of range is that argument's fault, a layout that does not recast
/// the layout's.
fn recast_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Domain(DomainError::OutOfRange { what, .. }) if *what == alg::NEW_WIDTH => {
            Some(2)
        }
        ErrorKind::Domain(DomainError::OutOfRange { .. }) => Some(1),
        ErrorKind::Construct(
            ConstructError::RecastNotDivisible { .. } | ConstructError::NoUnitStride { .. },
        ) => Some(0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::{String, ToString};

    use crate::evaluate;

    fn eval(s: &str) -> String {
        evaluate(s).map_or_else(|e| format!("error: {e}"), |v| v.to_string())
    }

    #[test]
    fn majors_are_orders() {
        assert_eq!(
            eval("make_ordered_layout((2,(3,4)), LayoutRight)"),
            "(2,(3,4)):(12,(4,1))"
        );
        assert_eq!(
            eval("make_ordered_layout((2,(3,4)), LayoutLeft)"),
            "(2,(3,4)):(1,(2,6))"
        );
        assert_eq!(
            eval("tile_to_shape((2,2):(1,2), (4,6), LayoutRight)"),
            eval("tile_to_shape((2,2):(1,2), (4,6), (1,0))")
        );
        assert_eq!(
            eval("tile_to_shape((2,2):(1,2), (4,6), LayoutLeft)"),
            eval("tile_to_shape((2,2):(1,2), (4,6))")
        );
    }

    #[test]
    fn a_shape_makes_a_compact_fragment() {
        assert_eq!(eval("make_fragment_like((2,3))"), "(2,3):(1,2)");
    }
}

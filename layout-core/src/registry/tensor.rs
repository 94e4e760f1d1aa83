//! CuTe's slicing with `_` ([`crate::algebra::slice`]): one entry each.
//!
//! `slice` gives the view a tensor slice `t(_, 3)` reads, the kept modes
//! and where they start (CuTe's `slice_and_offset`; CuTe's own
//! `slice(c, layout)` is that view's layout). As in CuTe, a tuple
//! coordinate always gives a tuple of the kept modes, so one kept mode is
//! the rank-1 `(4):(8)`, not `4:8`: `view((4):(8),3)`.

use super::calls::first;
use super::{BASE, Function, Kind, Narration, Returns, TypedForm};
use crate::algebra::{self, Coord};
use crate::coerce::Accepts::{Coord as CoordArg, Layout};
use crate::coerce::Args;
use crate::value::Value;

/// `slice` and `dice`.
pub(super) const FUNCTIONS: &[Function] = &[
    Function {
        name: "slice",
        on_composed: super::swizzle::SLICE,
        on_basis: super::basis::SLICE,
        narration: Narration::Slice { dice: false },
        usage: "slice(C, L)",
        arity: 2..=2,
        args: &[CoordArg, Layout],
        returns: Returns::Always(Kind::View),
        typed: TypedForm::Slice { dice: false },
        blame: first,
        about: "the modes of L where C has `_`, read from where C (with `_` as 0) starts",
        example: "slice((_,3),(4,8):(8,1))",
        apply: |a| {
            Ok(Value::View(algebra::slice_and_offset(
                &coord(a),
                layout(a),
            )?))
        },
        ..BASE
    },
    Function {
        name: "dice",
        on_basis: super::basis::LAYOUT,
        narration: Narration::Slice { dice: true },
        usage: "dice(C, L)",
        arity: 2..=2,
        args: &[CoordArg, Layout],
        typed: TypedForm::Slice { dice: true },
        blame: first,
        about: "the modes of L where C has an integer (the modes slice drops)",
        example: "dice((_,3),(4,8):(8,1))",
        apply: |a| Ok(Value::Layout(algebra::dice(&coord(a), layout(a))?)),
        ..BASE
    },
];

/// Argument 0 as a coordinate (checked by the registry: an integer, a tuple
/// or a coordinate with `_`).
pub(super) fn coord(a: &Args) -> Coord {
    match &a.values[0] {
        Value::Coord(c) => c.clone(),
        Value::IntTuple(t) => Coord::from(t.clone()),
        v => unreachable!("`Accepts::Coord` let {v:?} through"),
    }
}

/// Argument 1, checked to be a layout.
fn layout(a: &Args) -> &crate::Layout {
    match &a.values[1] {
        Value::Layout(l) => l,
        v => unreachable!("`Accepts::Layout` let {v:?} through"),
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};

    fn eval(src: &str) -> crate::error::Result<String> {
        crate::evaluate(src).map(|v| v.to_string())
    }

    #[test]
    fn slice_is_a_view_of_the_kept_modes() {
        assert_eq!(eval("slice((_,3),(4,8):(8,1))").unwrap(), "view((4):(8),3)");
        assert_eq!(
            eval("slice((2,_),(4,8):(8,1))").unwrap(),
            "view((8):(1),16)"
        );
        assert_eq!(
            eval("slice((_,(1,_)),(4,(2,3)):(1,(4,8)))").unwrap(),
            "view((4,3):(1,8),4)"
        );
        assert_eq!(eval("slice(_,(4,8):(8,1))").unwrap(), "view((4,8):(8,1),0)");
        assert_eq!(eval("slice((1,2),(4,8):(8,1))").unwrap(), "view(():(),10)");
    }

    #[test]
    fn dice_keeps_the_other_modes() {
        assert_eq!(eval("dice((_,3),(4,8):(8,1))").unwrap(), "(8):(1)");
        assert_eq!(
            eval("dice((_,(1,_)),(4,(2,3)):(1,(4,8)))").unwrap(),
            "(2):(4)"
        );
    }

    #[test]
    fn bad_coordinates_point_at_the_coordinate() {
        let e = crate::evaluate("slice((_,3,1),(4,8):(8,1))").unwrap_err();
        let span = e.span().unwrap();
        assert_eq!((span.start, span.end), (6, 13), "{e}");
        let e = crate::evaluate("slice(((_,1),3),(4,8):(8,1))").unwrap_err();
        assert_eq!(e.span().unwrap().start, 6, "{e}");
        let e = crate::evaluate("size((_,3))").unwrap_err();
        assert_eq!(e.span().unwrap().start, 5, "{e}");
    }
}

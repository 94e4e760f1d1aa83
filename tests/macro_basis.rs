//! `layout!` folds layouts with scaled-basis strides into the facade's
//! `BasisLayout`; here each folded value is compared with the core's
//! evaluation of the same text, at every index of the layout: the notation,
//! the conversion back to the core, and `crd2idx` (the core's scaled-basis
//! answer `v@i` read as the coordinate with `v` at entry `i`). Views
//! (`slice`) fold to CuTe's `slice_and_offset` pair, compared the same way.

use layout_core::{BasisTuple, IntTuple, ScaledBasis, Value, evaluate};
use layout_dsl::typed::Coordinate;
use layout_dsl::{layout, layout_type};

/// A coordinate as the typed layouts give it: a lone scaled basis `v@P`
/// becomes `v` at path `P` with zeros before it (CuTe's arithmetic tuple).
fn as_coordinate(v: &Value) -> IntTuple {
    fn padded(d: &ScaledBasis) -> IntTuple {
        let mut t = IntTuple::Int(d.value());
        for &m in d.modes().iter().rev() {
            let mut items = vec![IntTuple::Int(0); m];
            items.push(t);
            t = IntTuple::Tuple(items);
        }
        t
    }
    fn tuple(b: &BasisTuple) -> IntTuple {
        match b {
            BasisTuple::Leaf(d) if d.is_basis() => padded(d),
            BasisTuple::Leaf(d) => IntTuple::Int(d.value()),
            BasisTuple::Tuple(items) => IntTuple::Tuple(items.iter().map(tuple).collect()),
        }
    }
    match v {
        Value::IntTuple(t) => t.clone(),
        Value::Basis(b) => tuple(b),
        other => panic!("not a coordinate: {other}"),
    }
}

/// Every index of the folded `layout!(INPUT)` against the core's
/// `BasisLayout` from the same text; the number of indices compared.
macro_rules! folds {
    ($($input:tt)*) => {{
        let text = stringify!($($input)*);
        let typed = layout!($($input)*);
        let Value::BasisLayout(core) = evaluate(text).unwrap() else {
            panic!("{text} is not a basis layout in the core");
        };
        assert_eq!(typed.to_string(), core.to_string(), "{text}");
        assert_eq!(layout_core::BasisLayout::try_from(typed).unwrap(), core);
        assert_eq!(typed.size() as i64, core.size());
        for i in 0..core.size() {
            let expected = as_coordinate(&core.crd2idx(&IntTuple::Int(i)).unwrap());
            assert_eq!(typed.crd2idx(i as usize).to_core(), expected, "{text} at {i}");
        }
        core.size() as usize
    }};
}

#[test]
fn folded_layouts_agree_with_the_core_at_every_index() {
    let checked = [
        folds!(make_identity_layout((4, 8))),
        folds!(make_identity_layout(((2, 3), 4))),
        folds!(make_identity_layout((2, (3, 2), 2))),
        folds!((4, 8):(1@1, 1@0)),
        // One basis stride: the core gives a scaled basis, `v@0`.
        folds!((4, 8):(2@0, 0)),
        folds!((3, 4):(-1@0, 2@1)),
        folds!(((2, 3), 4):((1@0@0, 1@1@0), 2@1)),
        folds!(composition(make_identity_layout((4, 8)), (4, 4):(1, 8))),
        folds!(composition(make_identity_layout((4, 8)), 64:1)),
        folds!(zipped_divide(make_identity_layout((8, 8)), (2, 4))),
        folds!(logical_divide(make_identity_layout((8, 6)), <2, 3>)),
        folds!(coalesce(make_identity_layout((4, 8)))),
        folds!(take(make_identity_layout((2, 3, 4)), 1, 3)),
        folds!(flatten(make_identity_layout(((2, 3), 4)))),
    ];
    // Every index of every layout was compared.
    assert_eq!(
        checked.iter().sum::<usize>(),
        32 + 24 + 24 + 32 + 32 + 12 + 24 + 16 + 64 + 64 + 48 + 32 + 12 + 24
    );
}

#[test]
fn coordinates_of_every_form_agree() {
    let id = layout!(make_identity_layout(((2, 3), 4)));
    assert_eq!(id.crd2idx(((1, 2), 3)), ((1, 2), 3));
    assert_eq!(id.crd2idx((5, 3)), ((1, 2), 3));
    assert_eq!(id.crd2idx(23), ((1, 2), 3));
    let core = evaluate("crd2idx((5,3), make_identity_layout(((2,3),4)))").unwrap();
    assert_eq!(id.crd2idx((5, 3)).to_core(), as_coordinate(&core));
}

/// `slice(C, L)`: the kept modes and the coordinate they start at, as the
/// core's `BasisView`; and the view's element `k` is `L` at `C` with `k`
/// in place of the underscores.
#[test]
fn folded_views_agree_with_the_core() {
    let (column, start) = layout!(slice((_, 3), make_identity_layout((4, 8))));
    let Value::BasisView(core) = evaluate("slice((_,3), make_identity_layout((4,8)))").unwrap()
    else {
        panic!("a view");
    };
    assert_eq!(
        layout_core::BasisLayout::try_from(column).unwrap(),
        *core.layout()
    );
    assert_eq!(
        start.to_core(),
        as_coordinate(&Value::Basis(core.offset().clone()))
    );
    for k in 0..4 {
        let (row, col) = (column.crd2idx(k).0 + start.0, start.1);
        assert_eq!((row, col), (k as isize, 3));
    }

    let (inner, start) = layout!(slice(((1, _), 2), make_identity_layout(((2, 3), 4))));
    assert_eq!(inner.to_string(), "(3):(1@1@0)");
    assert_eq!(start, ((1, 0), 2));
    assert_eq!(inner.crd2idx(2), ((0, 2),));
}

/// A lone scaled basis (`crd2idx` through a layout with one basis stride)
/// folds to the coordinate it stands for.
#[test]
fn a_lone_scaled_basis_is_a_coordinate() {
    assert_eq!(layout!(crd2idx(2, (4):(3@1))), (0, 6));
    assert_eq!(
        as_coordinate(&evaluate("crd2idx(2, (4):(3@1))").unwrap()).to_string(),
        "(0,6)"
    );
}

#[test]
fn traits_and_type() {
    let a: layout_type!((4,8):(1@0,1@1)) = layout!((4,8):(1@0,1@1));
    let b = layout!(make_identity_layout((4, 8)));
    let c = layout!((4,8):(1@1,1@0));
    assert_eq!(a, b);
    assert_ne!(b, c);
    let copy = a;
    assert_eq!(format!("{copy:?}"), "BasisLayout((4,8):(1@0,1@1))");
    let hash = |x: &dyn Fn(&mut std::collections::hash_map::DefaultHasher)| {
        use std::hash::Hasher;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        x(&mut h);
        h.finish()
    };
    use std::hash::Hash;
    assert_eq!(hash(&|h| a.hash(h)), hash(&|h| b.hash(h)));
    // After `type`, the shape's extents are in the type.
    let fixed: layout_type!(type make_identity_layout((4, 8))) =
        layout!(type make_identity_layout((4, 8)));
    assert_eq!(fixed.crd2idx(13), (1, 3));
}

/// Dynamic leaves take the core at run time: a `Result` of its value.
#[test]
fn dynamic_leaves_run_in_the_core() {
    let m = 6;
    let v = layout!((m, 8):(1@0, 1@1)).unwrap();
    assert_eq!(v.to_string(), "(6,8):(1@0,1@1)");
    let i = 13;
    let c = layout!(crd2idx(i, make_identity_layout((m, 8)))).unwrap();
    assert_eq!(c.to_string(), "(1,2)");
    let n = layout!(size(make_identity_layout((m, 8)))).unwrap();
    assert_eq!(n, 48);
}

/// A basis layout in scope, named with `#` inside `layout!`: its methods.
#[test]
fn named_basis_layouts_answer_by_their_methods() {
    let id = layout!(make_identity_layout(((2, 3), 4)));
    assert_eq!(layout!(crd2idx(13, #id)), ((1, 0), 2));
    assert_eq!(layout!(size(#id)), 24);
    assert_eq!((layout!(rank(#id)), layout!(depth(#id))), (2, 2));
    let core = evaluate("crd2idx(13, make_identity_layout(((2,3),4)))").unwrap();
    assert_eq!(layout!(crd2idx(13, #id)).to_core(), as_coordinate(&core));
}

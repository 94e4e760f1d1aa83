//! `layout!`'s typed swizzles and composed layouts against the core (the
//! same notation read by its text parser) at every offset and coordinate,
//! and against a bit-by-bit reading of CuTe's definition.

use std::collections::HashSet;

use layout_dsl::typed::{C, Composed, Layout, Swizzle, TypedSwizzle};
use layout_dsl::{ComposedLayout, IntTuple, Value, evaluate, layout, layout_type};

/// CuTe's `Swizzle<B,M,S>` one bit at a time: bit `M + i + max(S,0)` of
/// the offset flips bit `M + i - min(S,0)`, for `i < B`.
fn by_bits(b: i64, m: i64, s: i64, offset: usize) -> usize {
    let mut out = offset;
    for i in 0..b {
        let from = m + i + s.max(0);
        let to = m + i - s.min(0);
        out ^= ((offset >> from) & 1) << to;
    }
    out
}

fn core_composed(text: &str) -> ComposedLayout {
    match evaluate(text) {
        Ok(Value::Composed(c)) => c,
        other => panic!("{text}: {other:?}"),
    }
}

/// Every offset of the swizzle's domain (and a stretch above it) against
/// the core and against `by_bits`; a swizzle is its own inverse.
fn check_swizzle<Sw: TypedSwizzle>(sw: Sw, (b, m, s): (i64, i64, i64)) {
    let core = sw.to_core();
    assert_eq!(sw.to_string(), format!("Sw<{b},{m},{s}>"));
    assert_eq!((core.bits(), core.base(), core.shift()), (b, m, s));
    let domain = core.domain() as usize;
    let mut seen = HashSet::new();
    for o in 0..domain + 300 {
        let got = sw.apply(o);
        assert_eq!(got as i64, core.apply(o as i64), "{sw} at {o}");
        assert_eq!(got, by_bits(b, m, s, o), "{sw} at {o}");
        assert_eq!(sw.apply(got), o, "{sw} twice at {o}");
        if o < domain {
            assert!(
                got < domain && seen.insert(got),
                "{sw}: a bijection on its domain"
            );
        }
    }
}

macro_rules! swizzles {
    ($(($b:literal, $m:literal, $s:literal)),* $(,)?) => {
        $(check_swizzle(layout!(Sw<$b,$m,$s>), ($b, $m, $s));)*
    };
}

#[test]
fn typed_swizzles_apply_as_the_core_and_cutes_definition() {
    swizzles!(
        (0, 0, 0),
        (1, 0, 1),
        (1, 2, -1),
        (2, 0, 3),
        (2, 3, 3),
        (2, 0, -3),
        (3, 3, 3),
        (3, 4, 3),
        (3, 4, 5),
        (3, 2, -4),
        (4, 1, 4),
        (1, 6, -2),
    );
    check_swizzle(layout!(swizzle(2, 4, 3)), (2, 4, 3));
}

/// The typed composed layout against the core's, at every coordinate (as
/// an index) and with 2-D coordinates.
fn check_composed<L>(
    typed: &Composed<impl TypedSwizzle, impl layout_dsl::typed::Int, L>,
    text: &str,
) where
    L: layout_dsl::typed::TypedLayout<Offset = usize>,
{
    let core = core_composed(text);
    assert_eq!(typed.to_string(), core.to_string());
    assert_eq!(typed.size() as i64, core.size());
    assert_eq!(typed.cosize() as i64, core.cosize());
    for i in 0..typed.size() {
        let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i) as i64, want, "{text} at index {i}");
    }
}

#[test]
fn typed_composed_layouts_index_as_the_core() {
    let a = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
    check_composed(&a, "Sw<3,4,3> o 0 o (8,64):(64,1)");
    for r in 0..8 {
        for k in 0..64 {
            let core = core_composed("Sw<3,4,3> o 0 o (8,64):(64,1)");
            let c = IntTuple::Tuple(vec![IntTuple::Int(r as i64), IntTuple::Int(k as i64)]);
            assert_eq!(a.crd2idx((r, k)) as i64, core.crd2idx(&c).unwrap());
            assert_eq!(a.crd2idx((r, k)), by_bits(3, 4, 3, r * 64 + k));
            // Named in `layout!`: the coordinate asked of the composed
            // layout's inner shape (`CoordIn`), then its `crd2idx`.
            assert_eq!(layout!(crd2idx((r, k), #a)), by_bits(3, 4, 3, r * 64 + k));
            assert_eq!(a.pre_swizzle((r, k)), r * 64 + k);
        }
    }
    check_composed(
        &layout!(Sw<2,3,3> o 0 o (16,32):(32,1)),
        "Sw<2,3,3> o 0 o (16,32):(32,1)",
    );
    check_composed(
        &layout!(Sw<3,3,3> o 0 o ((8,8),(8,8)):((8,64),(1,512))),
        "Sw<3,3,3> o 0 o ((8,8),(8,8)):((8,64),(1,512))",
    );
    check_composed(
        &layout!(Sw<2,0,-3> o 5 o (4,8):(8,1)),
        "Sw<2,0,-3> o 5 o (4,8):(8,1)",
    );
    check_composed(
        &layout!(type Sw<3,3,3> o 16 o (8,8):(1,8)),
        "Sw<3,3,3> o 16 o (8,8):(1,8)",
    );
    // CuTe's `composition(Swizzle, Layout)`, and algebra under a swizzle.
    check_composed(
        &layout!(composition(Sw<3,4,3>, (8,64):(64,1))),
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
    );
    check_composed(
        &layout!(logical_divide(Sw<3,3,3> o 0 o (8,64):(64,1), <2,8>)),
        "logical_divide(Sw<3,3,3> o 0 o (8,64):(64,1), <2,8>)",
    );
}

#[test]
fn dynamic_inner_layouts_stay_typed() {
    let (m, k) = (8, 24);
    let a = layout!(Sw<3,3,3> o 0 o (m,64):(64,1));
    check_composed(&a, "Sw<3,3,3> o 0 o (8,64):(64,1)");
    let b = layout!(Sw<2,0,3> o k o (4,m):(m,1));
    check_composed(&b, "Sw<2,0,3> o 24 o (4,8):(8,1)");
    let named: layout_type!(Sw<2,0,3> o k o (4,m):(m,1)) = b;
    assert_eq!(named, b);
}

#[test]
fn types_can_be_named_and_compared() {
    let sw: layout_type!(Sw<3,4,3>) = layout!(Sw<3,4,3>);
    assert_eq!(sw, Swizzle::<3, 4, 3>);
    assert_eq!(format!("{sw:?}"), "Swizzle<3,4,3>");
    let fixed: layout_type!(type Sw<3,4,3> o 0 o (8,64):(64,1)) =
        layout!(type Sw<3,4,3> o 0 o (8,64):(64,1));
    type Tile = Layout<(C<8>, C<64>), (C<64>, C<1>)>;
    let spelled: Composed<Swizzle<3, 4, 3>, C<0>, Tile> = fixed;
    assert_eq!(core::mem::size_of_val(&spelled), 0);
    assert_eq!(
        format!("{fixed:?}"),
        "Composed(Sw<3,4,3> o 0 o (8,64):(64,1))"
    );
    let values: layout_type!(Sw<3,4,3> o 0 o (8,64):(64,1)) =
        layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
    let mut set = HashSet::new();
    set.insert(values);
    assert!(set.contains(&layout!(composition(Sw<3,4,3>, (8,64):(64,1)))));
    assert_eq!(
        values.to_core().unwrap(),
        core_composed("Sw<3,4,3> o 0 o (8,64):(64,1)")
    );
}

mod laws {
    use layout_dsl::{IntTuple, Layout as CoreLayout, Swizzle as CoreSwizzle, layout};
    use proptest::prelude::*;

    proptest! {
        /// A typed composed layout over run-time extents, strides and offset:
        /// `crd2idx(c) = swizzle(offset + inner(c))` at every coordinate, with
        /// the core's inner layout and swizzle.
        #[test]
        fn composed_is_the_swizzle_of_offset_plus_inner(
            m in 1usize..12, n in 1usize..40, pad in 0usize..9, k in 0usize..300,
        ) {
            let ld = n + pad;
            let a = layout!(Sw<3,3,3> o k o (m,n):(ld,1));
            let b = layout!(Sw<2,1,-3> o k o (m,n):(1,m));
            let inner_a: CoreLayout = format!("({m},{n}):({ld},1)").parse().unwrap();
            let inner_b: CoreLayout = format!("({m},{n}):(1,{m})").parse().unwrap();
            let (sa, sb) = (CoreSwizzle::new(3, 3, 3).unwrap(), CoreSwizzle::new(2, 1, -3).unwrap());
            for i in 0..m {
                for j in 0..n {
                    let c = IntTuple::Tuple(vec![IntTuple::Int(i as i64), IntTuple::Int(j as i64)]);
                    let pre_a = k as i64 + inner_a.crd2idx(&c).unwrap();
                    let pre_b = k as i64 + inner_b.crd2idx(&c).unwrap();
                    prop_assert_eq!(a.crd2idx((i, j)) as i64, sa.apply(pre_a));
                    prop_assert_eq!(b.crd2idx((i, j)) as i64, sb.apply(pre_b));
                    prop_assert_eq!(a.pre_swizzle((i, j)) as i64, pre_a);
                }
            }
        }
    }
}

#[test]
fn composed_layouts_in_calls() {
    // A static call folds to a literal (the core's answer)…
    const AT: usize = layout!(crd2idx((3,17), Sw<3,3,3> o 0 o (8,64):(64,1)));
    assert_eq!(AT, 209 ^ (3 << 3));
    const TABLE: [usize; 8] = layout!(table(Sw<1,0,2> o 0 o 8:1));
    // bit 2 flips bit 0
    assert_eq!(TABLE, [0, 1, 2, 3, 5, 4, 7, 6]);
    assert_eq!(layout!(size(Sw<3,4,3> o 0 o (8,64):(64,1))), 512);
    // …and a run-time coordinate is the typed layout's method.
    let core = core_composed("Sw<3,4,3> o 0 o (8,64):(64,1)");
    for (i, j) in [(0usize, 0usize), (7, 63), (5, 18)] {
        let c = IntTuple::Tuple(vec![IntTuple::Int(i as i64), IntTuple::Int(j as i64)]);
        let got: usize = layout!(crd2idx((i,j), Sw<3,4,3> o 0 o (8,64):(64,1)));
        assert_eq!(got as i64, core.crd2idx(&c).unwrap());
    }
}

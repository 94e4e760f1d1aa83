//! The `Divide` methods on nested typed layouts (a mode a tuple of leaves,
//! a tuple tiler inside a tuple mode) against the core on the same numbers:
//! the same size and offset at every index of the result, of each
//! top-level mode, and of each mode's parts (the core coalesces a mode
//! first, so its nesting may be flatter: the shapes are not compared as
//! text).

use layout_dsl::typed::{AlgebraError, C, Divide, TypedLayout};
use layout_dsl::{IntTuple, layout};

fn core(text: &str) -> layout_dsl::Layout {
    match layout_dsl::evaluate(text).unwrap() {
        layout_dsl::Value::Layout(l) => l,
        other => panic!("{other:?}"),
    }
}

/// The same function: size, and the offset of every index.
fn same<L: TypedLayout>(typed: &L, core: &layout_dsl::Layout, what: &str)
where
    L::Offset: TryInto<i64>,
{
    assert_eq!(
        typed.size() as i64,
        core.size(),
        "{what}: {typed} vs {core}"
    );
    for i in 0..typed.size() {
        let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(
            typed.at(i).try_into().ok(),
            Some(want),
            "{what}: {typed} vs {core} at {i}"
        );
    }
}

/// `$typed` (a rank-2 divide's result) equals `$core` as a function, mode
/// by mode and part by part.
macro_rules! same_modes {
    ($typed:expr, $core:expr) => {{
        let (t, c) = (&$typed, &$core);
        same(t, c, "whole");
        let (c0, c1) = (c.mode(0).unwrap(), c.mode(1).unwrap());
        same(&t.mode::<0>(), &c0, "mode 0");
        same(&t.mode::<1>(), &c1, "mode 1");
        same(
            &t.mode::<0>().mode::<0>(),
            &c0.mode(0).unwrap(),
            "mode 0, part 0",
        );
        same(
            &t.mode::<0>().mode::<1>(),
            &c0.mode(1).unwrap(),
            "mode 0, part 1",
        );
        same(
            &t.mode::<1>().mode::<0>(),
            &c1.mode(0).unwrap(),
            "mode 1, part 0",
        );
        same(
            &t.mode::<1>().mode::<1>(),
            &c1.mode(1).unwrap(),
            "mode 1, part 1",
        );
    }};
}

/// The example: `((2,4),m):((1,2),8)` by `(4, 8)`. The nested mode
/// is static, so its tile and rest stay static (zero-sized).
#[test]
fn static_nested_mode_and_dynamic_leaf() {
    for m in 0..=40usize {
        let l = layout!(type ((2,4),m):((1,2),8));
        let text = |f: &str| core(&format!("{f}(((2,4),{m}):((1,2),8), <4,8>)"));
        let d = l.logical_divide((C::<4>, C::<8>)).unwrap();
        same_modes!(d, text("logical_divide"));
        assert_eq!(core::mem::size_of_val(&d.mode::<0>()), 0, "{d}");
        let z = l.zipped_divide((C::<4>, C::<8>)).unwrap();
        same_modes!(z, text("zipped_divide"));
        assert_eq!(core::mem::size_of_val(&z.mode::<0>().mode::<0>()), 0);
    }
    let d = layout!(type ((2,4),16):((1,2),8))
        .logical_divide((C::<4>, C::<8>))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "(((2,2),(1,2)),(8,2)):(((1,2),(4,4)),(8,64))"
    );
}

/// A nested mode of dynamic leaves: a tile that divides the leaves' walk
/// gives the core's function, and so does one where the leaves continue
/// one another (`gap` 0: stride `a` after extent `a`, merged as CuTe's
/// coalesce would); otherwise `NotDivisible` names the two values (never
/// a wrong layout).
#[test]
fn dynamic_nested_mode() {
    let (mut typed, mut merged, mut refused) = (0, 0, 0);
    for a in 1..=9usize {
        for b in 1..=6usize {
            for n in [1usize, 5, 8] {
                for gap in [0, 1] {
                    let (db, dn) = (a + gap, (a + gap) * b);
                    let l = layout!(((a,b),n):((1,db),dn));
                    let text =
                        |f: &str| core(&format!("{f}((({a},{b}),{n}):((1,{db}),{dn}), <4,2>)"));
                    match l.logical_divide((C::<4>, C::<2>)) {
                        Ok(d) => {
                            typed += 1;
                            merged += usize::from(a % 4 != 0 && 4 % a != 0);
                            same_modes!(d, text("logical_divide"));
                            let z = l.zipped_divide((C::<4>, C::<2>)).unwrap();
                            same_modes!(z, text("zipped_divide"));
                        }
                        Err(AlgebraError::NotDivisible {
                            function,
                            dividend,
                            divisor,
                        }) => {
                            refused += 1;
                            assert_eq!(function, "logical_divide");
                            assert_eq!(gap, 1, "a={a} b={b}: contiguous leaves merge");
                            // Leaf `a` meets the tile of 4: neither divides the other.
                            assert_eq!((dividend, divisor), (a, 4), "a={a} b={b}");
                            assert!(a % 4 != 0 && 4 % a != 0);
                            assert!(l.zipped_divide((C::<4>, C::<2>)).is_err());
                        }
                        Err(e) => panic!("{e}"),
                    }
                }
            }
        }
    }
    assert!(
        typed > 100 && merged > 40 && refused > 20,
        "{typed} typed ({merged} merged), {refused} refused"
    );
}

/// A tuple of tiles inside a tuple mode (CuTe's by-mode recursion):
/// `logical_divide` nests each sub-mode's (tile, rest) in place,
/// `zipped_divide` gathers the tiles, then the rests.
#[test]
fn tuple_tiler_inside_a_tuple_mode() {
    for m in 1..=12usize {
        for n in [1usize, 3, 16] {
            let l = layout!(type ((4,m),n):((1,4),64));
            let tiler = ((C::<2>, C::<4>), C::<8>);
            let d = l.logical_divide(tiler).unwrap();
            let c = core(&format!(
                "logical_divide(((4,{m}),{n}):((1,4),64), <<2,4>,8>)"
            ));
            same(&d, &c, "whole");
            let (c0, c1) = (c.mode(0).unwrap(), c.mode(1).unwrap());
            same(&d.mode::<0>(), &c0, "mode 0");
            same(&d.mode::<1>(), &c1, "mode 1");
            // Mode 0 is ((2,2),(4,ceil(m/4))): each sub-mode's tile and rest.
            same(&d.mode::<0>().mode::<0>(), &c0.mode(0).unwrap(), "mode 0.0");
            same(&d.mode::<0>().mode::<1>(), &c0.mode(1).unwrap(), "mode 0.1");
            let z = l.zipped_divide(tiler).unwrap();
            let c = core(&format!(
                "zipped_divide(((4,{m}),{n}):((1,4),64), <<2,4>,8>)"
            ));
            same(&z, &c, "zipped");
            same(&z.mode::<0>(), &c.mode(0).unwrap(), "zipped tiles");
            same(&z.mode::<1>(), &c.mode(1).unwrap(), "zipped rests");
        }
    }
}

/// A static leaf the tile does not divide: the rest rounds up (CuTe's
/// `logical_divide`, a partial last tile), and stays static.
#[test]
fn static_leaf_rest_rounds_up() {
    let l = layout!(type (10,(2,3)):(3,(1,30)));
    let d = l.logical_divide((C::<4>, C::<2>)).unwrap();
    same_modes!(d, core("logical_divide((10,(2,3)):(3,(1,30)), <4,2>)"));
    assert_eq!(core::mem::size_of_val(&d), 0);
    assert_eq!(d.mode::<0>().to_string(), "(4,3):(3,12)");
}

/// `layout!(type logical_divide(…))` of a nested written-out layout is the
/// `Divide` method's result (the macro calls it), for a single tile per
/// mode and for a tuple tiler inside a tuple mode.
#[test]
fn macro_divides_of_nested_layouts() {
    for m in 0..=20usize {
        let l = layout!(type ((2,4),m):((1,2),8));
        let d = layout!(type logical_divide(((2,4),m):((1,2),8), <4,8>)).unwrap();
        assert_eq!(Ok(d), l.logical_divide((C::<4>, C::<8>)));
        same_modes!(
            d,
            core(&format!("logical_divide(((2,4),{m}):((1,2),8), <4,8>)"))
        );
        let z = layout!(type zipped_divide(((2,4),m):((1,2),8), <4,8>)).unwrap();
        same_modes!(
            z,
            core(&format!("zipped_divide(((2,4),{m}):((1,2),8), <4,8>)"))
        );
    }
    for m in 1..=9usize {
        let d = layout!(type logical_divide(((4,m),16):((1,4),64), <<2,4>,8>)).unwrap();
        same(
            &d,
            &core(&format!(
                "logical_divide(((4,{m}),16):((1,4),64), <<2,4>,8>)"
            )),
            "tuple tiler",
        );
        let (a, b) = (m, 3);
        match layout!(type zipped_divide(((a,b),8):((1,a),{a * b}), <4,2>)) {
            Ok(z) => same(
                &z,
                &core(&format!(
                    "zipped_divide((({a},{b}),8):((1,{a}),{}), <4,2>)",
                    a * b
                )),
                "dynamic",
            ),
            Err(e) => assert_eq!(
                e,
                AlgebraError::NotDivisible {
                    function: "zipped_divide",
                    dividend: a,
                    divisor: 4
                }
            ),
        }
    }
}

//! `tiled_divide` and `flat_divide` as methods of typed values (the
//! `Divide` trait), beside `logical_divide` and `zipped_divide`: CuTe's
//! prints (CUTLASS C++, dynamic `int` leaves where the Rust leaf is a
//! `usize`) and the core's result at every index.

use layout_dsl::typed::{C, Divide, TypedLayout};
use layout_dsl::{IntTuple, layout};

fn core(text: &str) -> layout_dsl::Layout {
    match layout_dsl::evaluate(text).unwrap() {
        layout_dsl::Value::Layout(l) => l,
        other => panic!("{other:?}"),
    }
}

/// The same shape as the core's, and the same offset at every index.
fn same_as_core<L: TypedLayout>(typed: &L, expr: &str)
where
    L::Offset: TryInto<i64>,
{
    let core = core(expr);
    let text = typed.to_string();
    assert_eq!(
        text.split(':').next().unwrap(),
        core.shape().to_string(),
        "{expr}"
    );
    assert_eq!(typed.size() as i64, core.size(), "{expr}");
    for i in 0..typed.size() {
        let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i).try_into().ok(), Some(want), "{expr} at {i}");
    }
}

#[test]
fn as_cute_prints_them() {
    // CuTe: m = 12, n = 8 as `int`, tiler Shape<_4,_8>:
    // tiled_divide -> ((_4,_8),3,1):((1,12),4,96)
    // flat_divide  -> (_4,_8,3,1):(1,12,4,96)
    let (m, n) = (12usize, 8usize);
    let l = layout!((m,n):(1,m));
    let tiled = l.tiled_divide((C::<4>, C::<8>)).unwrap();
    assert_eq!(tiled.to_string(), "((4,8),3,1):((1,12),4,96)");
    let flat = l.flat_divide((C::<4>, C::<8>)).unwrap();
    assert_eq!(flat.to_string(), "(4,8,3,1):(1,12,4,96)");
    // The tiles' extents stay static.
    let _: (C<4>, C<8>, usize, usize) = flat.shape();
    // CuTe, all static: ((_4,_8),_3,_1):((_1,_12),_4,_0) and (_4,_8,_3,_1):(_1,_12,_4,_0).
    let s = layout!(type (12,8):(1,12));
    assert_eq!(
        s.tiled_divide((C::<4>, C::<8>)).unwrap().to_string(),
        "((4,8),3,1):((1,12),4,0)"
    );
    let f = s.flat_divide((C::<4>, C::<8>)).unwrap();
    assert_eq!(f.to_string(), "(4,8,3,1):(1,12,4,0)");
    assert_eq!(core::mem::size_of_val(&f), 0);
}

#[test]
fn match_the_core_at_every_index() {
    for m in 1..=20usize {
        for n in [1usize, 7, 8, 16, 17] {
            let flat = layout!((m,n):(1,m));
            let e = format!("({m},{n}):(1,{m}), <4,8>)");
            same_as_core(
                &flat.tiled_divide((C::<4>, C::<8>)).unwrap(),
                &format!("tiled_divide({e}"),
            );
            same_as_core(
                &flat.flat_divide((C::<4>, C::<8>)).unwrap(),
                &format!("flat_divide({e}"),
            );
            // Rank 3, mixed static and dynamic leaves, a row-major stride.
            let r3 = layout!((m,6,n):({6 * n},n,1));
            let e = format!("({m},6,{n}):({},{n},1), <2,3,4>)", 6 * n);
            let tiler = (C::<2>, C::<3>, C::<4>);
            same_as_core(
                &r3.tiled_divide(tiler).unwrap(),
                &format!("tiled_divide({e}"),
            );
            same_as_core(&r3.flat_divide(tiler).unwrap(), &format!("flat_divide({e}"));
        }
    }
}

#[test]
fn nested_modes_unpack_one_level() {
    // A nested mode by a tuple of tiles: tiled_divide keeps each tile and
    // each rest as it is (one level unpacked), as CuTe's.
    let m = 16usize;
    let l = layout!(type ((2,4),m):((1,2),8));
    let tiled = l.tiled_divide(((C::<2>, C::<2>), C::<8>)).unwrap();
    let zipped = l.zipped_divide(((C::<2>, C::<2>), C::<8>)).unwrap();
    assert_eq!(tiled.size(), zipped.size());
    for i in 0..tiled.size() {
        assert_eq!(tiled.at(i), zipped.at(i), "at {i}");
    }
    let e = "((2,4),16):((1,2),8), <<2,2>,8>)";
    same_as_core(&tiled, &format!("tiled_divide({e}"));
    same_as_core(
        &l.flat_divide(((C::<2>, C::<2>), C::<8>)).unwrap(),
        &format!("flat_divide({e}"),
    );
}

#[test]
fn one_mode_keeps_the_zipped_nesting_as_cute() {
    use layout_dsl::typed::Layout;
    // CuTe (g++, CUTLASS headers): for `(_8):(_1)` and the tile `(_2)`,
    // zipped_divide, tiled_divide and flat_divide all print
    // `((_2),(_4)):((_1),(_2))`: slicing with `repeat<1>(_)`, which is `_`,
    // unpacks nothing.
    let l = Layout::new((C::<8>,), (C::<1>,));
    for d in [
        l.zipped_divide((C::<2>,)).unwrap(),
        l.tiled_divide((C::<2>,)).unwrap(),
        l.flat_divide((C::<2>,)).unwrap(),
    ] {
        assert_eq!(d.to_string(), "((2),(4)):((1),(2))");
    }
    // A dynamic extent: the same nesting as the core's.
    for m in [6usize, 8, 9] {
        let l = Layout::new((m,), (C::<1>,));
        for f in ["tiled_divide", "flat_divide"] {
            let e = format!("{f}(({m}):(1), <2>)");
            let d = match f {
                "tiled_divide" => l.tiled_divide((C::<2>,)).unwrap(),
                _ => l.flat_divide((C::<2>,)).unwrap(),
            };
            assert_eq!(d.to_string(), core(&e).to_string(), "{e}");
        }
    }
}

#[test]
fn through_the_macro_a_nested_layout_as_the_core() {
    // `type tiled_divide` / `flat_divide` of a written-out nested layout
    // by a by-mode tiler: the facade's `Divide`, the core's function.
    for m in [8usize, 16, 24] {
        let e = format!("((2,4),{m}):((1,2),8), <<2,2>,8>)");
        let t = layout!(type tiled_divide(((2,4),m):((1,2),8), <<2,2>,8>)).unwrap();
        same_as_core(&t, &format!("tiled_divide({e}"));
        let f = layout!(type flat_divide(((2,4),m):((1,2),8), <<2,2>,8>)).unwrap();
        same_as_core(&f, &format!("flat_divide({e}"));
        // The tiles stay static.
        let _: ((C<2>, C<2>), C<8>) = (f.shape().0, f.shape().1);
    }
}

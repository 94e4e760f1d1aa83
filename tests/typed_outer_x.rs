//! CuTe's `outer_partition(t, tiler, coord)` with `X` (CuTe's `_`) in the
//! coordinate: `zipped_divide(t, tiler)((coord…), (_,…))` keeps the tile
//! modes under `X`, first, then every rest mode. Typed (`tensor::typed`
//! and `layout!(type outer_partition(…))`), against CUTLASS's prints
//! (g++ on CuTe's `outer_partition`, harness
//! `/work/notes/harness-partition3/outer_x.cpp`) and the core's view at
//! every index.

use layout_core::Value;
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::{C, Layout, TypedLayout};

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

/// The typed `(layout, base)` is CuTe's print (its text with CuTe's `_`
/// marks dropped, its static leaves, the base) and has the core view's
/// offset at every index.
fn check<S, D>(l: &Layout<S, D>, base: usize, cute: &str, core: &str)
where
    Layout<S, D>: TypedLayout<Offset = usize> + core::fmt::Display,
    S: layout_dsl::__private::Tree,
    D: layout_dsl::__private::Tree,
{
    let (text, at) = cute.split_once(" @").unwrap();
    assert_eq!(l.to_string(), text.replace('_', ""), "{cute}");
    assert_eq!(form(l), cute_form(text), "{cute}");
    assert_eq!(base.to_string(), at, "{cute}");
    let Ok(Value::View(v)) = layout_core::evaluate(core) else {
        panic!("{core}");
    };
    assert_eq!(l.size() as i64, v.layout().size(), "{core}");
    for i in 0..l.size() {
        let want = v.base() + v.layout().at(i as i64).unwrap();
        assert_eq!((base + l.at(i)) as i64, want, "{core} at {i}");
    }
}

#[test]
fn a_nested_layout_keeps_the_tile_modes_under_x() {
    let m = 16;
    let l = layout!(type ((4,8),m):((1,4),32));
    let data: Vec<u8> = vec![0; 32 * m];
    let tile = ((C::<2>,), C::<4>);
    let core = |c: &str| format!("outer_partition(((4,8),{m}):((1,4),32), ((2),4), {c})");
    for (i, cute) in [
        (0, "(_4,(_2,_8),4):(_32,(_2,_4),_128) @0"),
        (1, "(_4,(_2,_8),4):(_32,(_2,_4),_128) @1"),
    ] {
        let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tile, (i, X)).unwrap();
        check(t.layout(), t.base(), cute, &core(&format!("({i},_)")));
        let (named, at) = layout!(type outer_partition(#l, #tile, (i, _))).unwrap();
        assert_eq!((named, at), (*t.layout(), t.base()));
    }
    let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tile, (X, 3)).unwrap();
    check(
        t.layout(),
        t.base(),
        "((_2),(_2,_8),4):((_1),(_2,_4),_128) @96",
        &core("(_,3)"),
    );
    let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tile, (X, X)).unwrap();
    check(
        t.layout(),
        t.base(),
        "((_2),_4,(_2,_8),4):((_1),_32,(_2,_4),_128) @0",
        &core("(_,_)"),
    );
    // Every coordinate against the core.
    for j in 0..4 {
        let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tile, (X, j)).unwrap();
        let (named, at) = layout!(type outer_partition(#l, #tile, (_, j))).unwrap();
        assert_eq!((named, at), (*t.layout(), t.base()));
        let Ok(Value::View(v)) = layout_core::evaluate(&core(&format!("(_,{j})"))) else {
            panic!()
        };
        for i in 0..named.size() {
            assert_eq!(
                (at + named.at(i)) as i64,
                v.base() + v.layout().at(i as i64).unwrap()
            );
        }
    }
}

#[test]
fn a_flat_layout_keeps_the_tile_modes_under_x() {
    let (m, n, k) = (16, 32, 64);
    let l = layout!(type (m,n,k):(1,m,{m * n}));
    let data: Vec<u8> = vec![0; m * n * k];
    let tiler = (C::<2>, C::<4>, C::<8>);
    let core = |c: &str| format!("outer_partition((16,32,64):(1,16,512), (2,4,8), {c})");
    let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tiler, (1, X, 3)).unwrap();
    check(
        t.layout(),
        t.base(),
        "(_4,8,8,8):(16,_2,64,4096) @1537",
        &core("(1,_,3)"),
    );
    let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tiler, (X, 2, X)).unwrap();
    check(
        t.layout(),
        t.base(),
        "(_2,_8,8,8,8):(_1,512,_2,64,4096) @32",
        &core("(_,2,_)"),
    );
    // A coordinate shorter than the tiler: the tile modes past it kept.
    let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tiler, (1, X)).unwrap();
    check(
        t.layout(),
        t.base(),
        "(_4,_8,8,8,8):(16,512,_2,64,4096) @1",
        &core("(1,_)"),
    );
    let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), (C::<4>, C::<8>), (X, 5))
        .unwrap();
    check(
        t.layout(),
        t.base(),
        "(_4,4,4,64):(_1,_4,128,512) @80",
        "outer_partition((16,32,64):(1,16,512), (4,8), (_,5))",
    );
    // Through `layout!`, written out.
    let (w, at) = layout!(type outer_partition((m,n,k):(1,m,{m * n}), (2,4,8), (1,_,3))).unwrap();
    assert_eq!(
        (w.to_string(), at),
        ("(4,8,8,8):(16,2,64,4096)".to_string(), 1537)
    );
    // A coordinate past its tile mode is an error, not a wrong view.
    assert!(typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tiler, (2, X, 3)).is_err());
}

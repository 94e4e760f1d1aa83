//! Tiles of 1 and rests of extent 1 print as CuTe C++ prints them.
//!
//! `tests/golden/cute_unit_tiles.txt` is CUTLASS's own `print` of
//! `logical_divide`, `zipped_divide`, `local_tile`, `outer_partition` and
//! `local_partition` over flat and nested layouts, static (`Int<N>`) and
//! dynamic (`int`) leaves, with tiles of 1 among others (a host program
//! outside the repository, `/work/notes/harness-cuteprint/p.cpp`, g++ 12
//! `-std=c++17`; rows `layout|tiler|call|result[|first element]`). Each
//! typed door here prints CuTe's text with the static markers (`_`)
//! removed: the `Divide` methods and `tensor::typed`'s partitions with
//! [`UnitTile`] for CuTe's `_1`, and `layout!(type …)` with `1` in a
//! tiler (named and written out). The rows where the nesting cannot be
//! CuTe's ([`differs`]) are CuTe's layout as a function instead.

#[path = "typed_cute_print/golden_rows.rs"]
mod golden_rows;

use golden_rows::{Rows, differs};
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::{C, Divide, UnitTile};

/// A tile extent as the methods take it: CuTe's `_1` is [`UnitTile`].
macro_rules! tile {
    (1) => {
        UnitTile
    };
    ($n:literal) => {
        C::<$n>
    };
}

/// Layout `$l` (named `$name` in the golden data) by the tiler `($a,$b)`
/// through the `Divide` methods and the typed partitions.
macro_rules! methods {
    ($rows:ident, $name:expr, $l:expr, $a:tt, $b:tt) => {
        divides_and_tiles!($rows, $name, $l, $a, $b, (tile!($a), tile!($b)))
    };
}

/// The body of [`methods!`] and [`methods_c1!`], which differ in how the
/// tiler `($a,$b)` is written (`$tiler`).
macro_rules! divides_and_tiles {
    ($rows:ident, $name:expr, $l:expr, $a:tt, $b:tt, $tiler:expr) => {{
        let l = $l;
        let key = |call: String| format!("{}|({},{})|{call}", $name, $a, $b);
        let tiler = $tiler;
        $rows.push(
            key("logical_divide".into()),
            &l.logical_divide(tiler).unwrap(),
            None,
        );
        let z = l.zipped_divide(tiler).unwrap();
        $rows.push(key("zipped_divide".into()), &z, None);
        let data: Vec<usize> = (0..l.cosize()).collect();
        let t = Tensor::new(&data[..], l).unwrap();
        let (c0, c1) = (
            z.mode::<1>().mode::<0>().size() - 1,
            z.mode::<1>().mode::<1>().size() - 1,
        );
        let g = typed::local_tile(t, tiler, (c0, c1)).unwrap();
        $rows.push(
            key(format!("local_tile({c0},{c1})")),
            g.layout(),
            g.iter().next().copied(),
        );
        let (e0, e1) = ($a - 1, $b - 1);
        let g = typed::outer_partition(t, tiler, (e0, e1)).unwrap();
        $rows.push(
            key(format!("outer_partition({e0},{e1})")),
            g.layout(),
            g.iter().next().copied(),
        );
    }};
}

/// The same through `layout!(type …)` on a named layout: a `1` in the
/// tiler is CuTe's `_1`.
macro_rules! named {
    ($rows:ident, $name:expr, $l:expr, $a:tt, $b:tt) => {{
        let l = $l;
        let key = |call: &str| format!("{}|({},{})|{call}", $name, $a, $b);
        let d = layout!(type logical_divide(#l, <$a, $b>)).unwrap();
        $rows.push(key("logical_divide"), &d, None);
        let z = layout!(type zipped_divide(#l, <$a, $b>)).unwrap();
        $rows.push(key("zipped_divide"), &z, None);
    }};
}

macro_rules! tilers_flat {
    ($door:ident, $rows:ident, $name:expr, $l:expr) => {
        $door!($rows, $name, $l, 1, 1);
        $door!($rows, $name, $l, 4, 1);
        $door!($rows, $name, $l, 1, 3);
        $door!($rows, $name, $l, 2, 2);
        $door!($rows, $name, $l, 8, 6);
        $door!($rows, $name, $l, 1, 6);
        $door!($rows, $name, $l, 8, 1);
    };
}

macro_rules! tilers_first_nested {
    ($door:ident, $rows:ident, $name:expr, $l:expr) => {
        $door!($rows, $name, $l, 1, 1);
        $door!($rows, $name, $l, 2, 1);
        $door!($rows, $name, $l, 4, 1);
        $door!($rows, $name, $l, 8, 1);
        $door!($rows, $name, $l, 1, 3);
        $door!($rows, $name, $l, 8, 3);
        $door!($rows, $name, $l, 2, 3);
    };
}

macro_rules! tilers_second_nested {
    ($door:ident, $rows:ident, $name:expr, $l:expr) => {
        $door!($rows, $name, $l, 1, 1);
        $door!($rows, $name, $l, 4, 2);
        $door!($rows, $name, $l, 1, 2);
        $door!($rows, $name, $l, 1, 6);
        $door!($rows, $name, $l, 8, 1);
        $door!($rows, $name, $l, 2, 6);
    };
}

/// Every layout of the golden data by its tilers through `$door`.
macro_rules! all_layouts {
    ($door:ident, $rows:ident) => {{
        let (m, n, k, j, g) = (8usize, 6usize, 4usize, 2usize, 3usize);
        tilers_flat!($door, $rows, "F_static (8,6):(1,8)", layout!(type (8,6):(1,8)));
        tilers_flat!($door, $rows, "F_dynamic (m,n):(1,m)", layout!(type (m,n):(1,m)));
        let l = layout!(type ((4,2),3):((1,4),8));
        tilers_first_nested!($door, $rows, "N1_static ((4,2),3):((1,4),8)", l);
        let l = layout!(type ((k,2),g):((1,k),{2 * k}));
        tilers_first_nested!($door, $rows, "N1_mixed ((k,2),g):((1,k),2k)", l);
        let l = layout!(type ((k,j),g):((1,k),{k * j}));
        tilers_first_nested!($door, $rows, "N1_dynamic ((k,j),g):((1,k),kj)", l);
        let l = layout!(type (8,(2,3)):(1,(8,16)));
        tilers_second_nested!($door, $rows, "N2_static (8,(2,3)):(1,(8,16))", l);
        let l = layout!(type (m,(j,g)):(1,(m,{m * j})));
        tilers_second_nested!($door, $rows, "N2_dynamic (m,(j,g)):(1,(m,mj))", l);
    }};
}

#[test]
fn divides_and_partitions_by_methods_print_as_cute() {
    let mut rows = Rows::default();
    all_layouts!(methods, rows);
    rows.check("methods", differs);
}

#[test]
fn divides_of_named_layouts_print_as_cute() {
    let mut rows = Rows::default();
    all_layouts!(named, rows);
    rows.check("layout!(type …(#l, …))", differs);
}

/// `local_partition` of `$l` by the compact thread layout `$th` at `$i`.
macro_rules! threads {
    ($rows:ident, $name:expr, $l:expr) => {{
        for_threads!($rows, $name, $l, "(4,1)", (4,1):(1,4), 3);
        for_threads!($rows, $name, $l, "(1,3)", (1,3):(1,1), 2);
        for_threads!($rows, $name, $l, "(2,2)", (2,2):(1,2), 3);
        for_threads!($rows, $name, $l, "(8,6)", (8,6):(1,8), 47);
        for_threads!($rows, $name, $l, "(1,1)", (1,1):(1,1), 0);
    }};
}

macro_rules! for_threads {
    ($rows:ident, $name:expr, $l:expr, $tn:expr, $($th:tt):*, $i:expr) => {{
        let l = $l;
        let data: Vec<usize> = (0..l.cosize()).collect();
        let t = Tensor::new(&data[..], l).unwrap();
        let p = typed::local_partition(t, &layout!(type $($th):*), $i).unwrap();
        let key = format!("{}|{}|local_partition({})", $name, $tn, $i);
        $rows.push(key, p.layout(), p.iter().next().copied());
    }};
}

#[test]
fn thread_partitions_print_as_cute() {
    let mut rows = Rows::default();
    let (m, n) = (8usize, 6usize);
    threads!(rows, "F_static (8,6):(1,8)", layout!(type (8,6):(1,8)));
    threads!(rows, "F_dynamic (m,n):(1,m)", layout!(type (m,n):(1,m)));
    rows.check("local_partition", differs);
}

/// [`differs`], and where `C<1>` (not [`UnitTile`]) tiles a nested mode
/// of a dynamic leaf: one `1:0` per leaf of the mode (`(1,1):(0,0)`, the
/// same element), since `C<1>` is one type with every `C<N>`.
fn differs_c1(key: &str) -> Option<&'static str> {
    let tiler = key.split('|').nth(1).unwrap();
    let unit = |i: usize| tiler[1..tiler.len() - 1].split(',').nth(i) == Some("1");
    let nested_unit = key.starts_with("N1_") && unit(0) || key.starts_with("N2_") && unit(1);
    let spread = nested_unit && !key.contains("|outer_partition");
    if spread {
        return Some("C<1> over a nested mode spreads over its leaves");
    }
    differs(key)
}

/// [`methods!`] with `C<1>` where CuTe has `_1`.
macro_rules! methods_c1 {
    ($rows:ident, $name:expr, $l:expr, $a:tt, $b:tt) => {
        divides_and_tiles!($rows, $name, $l, $a, $b, (C::<$a>, C::<$b>))
    };
}

#[test]
fn a_tile_of_c1_is_cutes_but_over_a_nested_mode() {
    let mut rows = Rows::default();
    all_layouts!(methods_c1, rows);
    rows.check("methods with C<1>", differs_c1);
}

/// `layout!(type …)` of a written-out layout `[$($l)*]` by `<$a,$b>`.
macro_rules! written {
    ($rows:ident, $name:expr, [$($l:tt)*], $a:tt, $b:tt) => {{
        let key = |call: &str| format!("{}|({},{})|{call}", $name, $a, $b);
        let d = layout!(type logical_divide($($l)*, <$a, $b>)).unwrap();
        $rows.push(key("logical_divide"), &d, None);
        let z = layout!(type zipped_divide($($l)*, <$a, $b>)).unwrap();
        $rows.push(key("zipped_divide"), &z, None);
    }};
}

/// [`written!`] for an all-static layout, which folds while compiling
/// (the core's answer: no `Result`).
macro_rules! written_static {
    ($rows:ident, $name:expr, [$($l:tt)*], $a:tt, $b:tt) => {{
        let key = |call: &str| format!("{}|({},{})|{call}", $name, $a, $b);
        $rows.push(key("logical_divide"), &layout!(type logical_divide($($l)*, <$a, $b>)), None);
        $rows.push(key("zipped_divide"), &layout!(type zipped_divide($($l)*, <$a, $b>)), None);
    }};
}

macro_rules! written_tilers {
    ($door:ident, $rows:ident, $name:expr, $l:tt, [$(($a:tt, $b:tt))*]) => {
        $($door!($rows, $name, $l, $a, $b);)*
    };
}

#[test]
fn divides_of_written_out_layouts_print_as_cute() {
    let mut rows = Rows::default();
    let (m, n, k, j, g) = (8usize, 6usize, 4usize, 2usize, 3usize);
    let flat = "F_dynamic (m,n):(1,m)";
    written_tilers!(written, rows, flat, [(m,n):(1,m)], [(1,1) (4,1) (1,3) (2,2) (8,6) (1,6) (8,1)]);
    let flat = "F_static (8,6):(1,8)";
    written_tilers!(written_static, rows, flat, [(8,6):(1,8)], [(1,1) (4,1) (1,3) (2,2) (8,6) (1,6) (8,1)]);
    let first = "N1_dynamic ((k,j),g):((1,k),kj)";
    written_tilers!(written, rows, first, [((k,j),g):((1,k),{k * j})], [(1,1) (2,1) (4,1) (8,1) (1,3) (8,3) (2,3)]);
    let first = "N1_mixed ((k,2),g):((1,k),2k)";
    written_tilers!(written, rows, first, [((k,2),g):((1,k),{2 * k})], [(1,1) (2,1) (4,1) (8,1) (1,3) (8,3) (2,3)]);
    let second = "N2_dynamic (m,(j,g)):(1,(m,mj))";
    written_tilers!(written, rows, second, [(m,(j,g)):(1,(m,{m * j}))], [(1,1) (4,2) (1,2) (1,6) (8,1) (2,6)]);
    rows.check("layout!(type …(written out, …))", differs);
}

/// The core (`layout eval`) on every all-static row: CuTe's text. The
/// core knows every number, so it answers as CuTe does with `Int<N>`
/// leaves: a static nested mode coalesced, a tile of 1 and a rest of
/// extent 1 `1:0`.
#[test]
fn the_core_prints_cutes_static_answers() {
    let text = include_str!("golden/cute_unit_tiles.txt");
    let mut checked = 0;
    for line in text.lines().filter(|l| l.contains("_static ")) {
        let cells: Vec<&str> = line.split('|').collect();
        let layout = cells[0].split(' ').nth(1).unwrap();
        let tiler = &cells[1][1..cells[1].len() - 1];
        let call = cells[2];
        let expr = match call.split_once('(') {
            None => format!("{call}({layout}, <{tiler}>)"),
            Some(("local_partition", i)) => {
                let threads = format!("({tiler}):(1,{})", &tiler[..1]);
                format!("local_partition({layout}, {threads}, {}", i)
            }
            Some((f, coord)) => format!("{f}({layout}, ({tiler}), ({coord})"),
        };
        let got = match layout_dsl::evaluate(&expr).unwrap() {
            layout_dsl::Value::Layout(l) => l.to_string(),
            layout_dsl::Value::View(v) => format!("{}|{}", v.layout(), v.base()),
            other => panic!("{expr}: {other:?}"),
        };
        assert_eq!(got, cells[3..].join("|").replace('_', ""), "{expr}");
        checked += 1;
    }
    assert_eq!(checked, 85);
}

/// `layout_type!` names the layouts a `1` in a tiler gives (CuTe's `_1`
/// as `UnitTile`, a flat mode's `1:0` tile and rest as static leaves).
#[test]
fn layout_type_names_tiles_of_one() {
    let (m, n, k) = (8usize, 6usize, 4usize);
    let nested: layout_dsl::layout_type!(type zipped_divide(((k,2),m):((1,k),8), <1,3>)) =
        layout!(type zipped_divide(((k,2),m):((1,k),8), <1,3>)).unwrap();
    // CuTe: ((_1,_3),(((4,1),(1,2)),3)):((_0,_8),(((_1,4),(4,4)),_24)): the
    // tile is CuTe's; the rest of a mode of static and dynamic leaves is
    // the mode itself here ([`differs`]).
    assert_eq!(nested.to_string(), "((1,3),((4,2),3)):((0,8),((1,4),24))");
    let flat: layout_dsl::layout_type!(type zipped_divide((m,n):(1,m), <8,1>)) =
        layout!(type zipped_divide((m,n):(1,m), <8,1>)).unwrap();
    // CuTe: ((_8,_1),(1,6)):((_1,_0),(_8,8)) (a dynamic rest of 1 keeps its stride).
    assert_eq!(flat.to_string(), "((8,1),(1,6)):((1,0),(8,8))");
    let static_rest: layout_dsl::layout_type!(type zipped_divide((8,n):(1,8), <8,1>)) =
        layout!(type zipped_divide((8,n):(1,8), <8,1>)).unwrap();
    // CuTe: ((_8,_1),(_1,6)):((_1,_0),(_0,_8)); the rest of static extent 1
    // has a static stride 0 (no field).
    assert_eq!(static_rest.to_string(), "((8,1),(1,6)):((1,0),(0,8))");
    assert_eq!(
        core::mem::size_of_val(&static_rest),
        core::mem::size_of::<usize>()
    );
}

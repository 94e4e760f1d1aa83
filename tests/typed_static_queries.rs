//! `layout!(type rank(…))`, `type depth(…)`, `type cosize(…)` and
//! `type crd2idx(…)`: CuTe's static answers (`Int<N>`) as static leaves.
//! Rank and depth read the nesting only, so they are static for any typed
//! layout or shape, run-time leaves included (CuTe's `rank_v`, `depth_v`);
//! cosize and offsets are static where every leaf they read is. Each
//! answer, read from its type alone, is checked against the core's answer
//! for the same layout and against the value's own method, and a handful
//! against CuTe's prints (tests/golden/cute_static_queries.txt).

use layout_dsl::layout;
use layout_dsl::typed::{C, CosizeOf, Crd2idxOf, Int, ShapeDepth, ShapeRank, StaticInt};

/// The value of a static leaf, read from its type alone.
fn in_the_type<T: StaticInt>(_: T) -> i64 {
    T::VALUE
}

fn core(notation: &str) -> layout_dsl::Layout {
    notation.parse().unwrap()
}

/// Rank, depth, cosize (whole and of the listed modes) and the offsets of
/// the listed coordinates of each static layout, after `type`, against the
/// core's answers for the layout the value prints, and the value's own.
macro_rules! against_core {
    ($( ($($l:tt)*) modes [$($k:tt)*] coords [$($c:tt)*] );* $(;)?) => {$({
        let a = layout!(type $($l)*);
        let l = core(&a.to_string());
        assert_eq!(in_the_type(layout!(type rank(#a))), l.rank() as i64, "rank {l}");
        assert_eq!(in_the_type(layout!(type depth(#a))), l.depth() as i64, "depth {l}");
        assert_eq!(in_the_type(layout!(type cosize(#a))), l.cosize(), "cosize {l}");
        assert_eq!(in_the_type(layout!(type cosize(#a))), a.cosize() as i64, "cosize {l}");
        $(
            let mode = l.mode($k).unwrap();
            assert_eq!(in_the_type(layout!(type cosize(#a, $k))), mode.cosize(), "cosize<{}> {l}", $k);
            assert_eq!(in_the_type(layout!(type rank(#a, $k))), mode.rank() as i64, "rank<{}> {l}", $k);
            assert_eq!(in_the_type(layout!(type depth(#a, $k))), mode.depth() as i64, "depth<{}> {l}", $k);
        )*
        $(
            let c: layout_dsl::IntTuple = stringify!($c).replace(' ', "").parse().unwrap();
            let offset = in_the_type(layout!(type crd2idx($c, #a)));
            assert_eq!(offset, l.crd2idx(&c).unwrap(), "crd2idx({c}) {l}");
            assert_eq!(offset as isize, a.crd2idx($c) as isize, "crd2idx({c}) {l}");
        )*
    })*};
}

#[test]
fn static_answers_equal_the_cores_for_many_layouts() {
    against_core!(
        (8:1) modes [0] coords [0 3 7 9];
        (1:0) modes [0] coords [0];
        ((4,8):(8,1)) modes [0 1] coords [0 5 31 40 (3,7) (0,0)];
        ((4,8):(1,4)) modes [0 1] coords [13 (1,2)];
        (((2,4),(3,5)):((3,6),(1,24))) modes [0 1] coords [17 119 (11,12) (1,(2,3)) ((1,3),14) ((1,3),(2,4))];
        ((4,3):(0,1)) modes [0 1] coords [0 7 11 (3,2)];
        ((4,3):(0,0)) modes [0 1] coords [5 (1,1)];
        ((1,8):(5,1)) modes [0 1] coords [6 (0,6)];
        ((1,1,1):(7,9,11)) modes [0 1 2] coords [0 (0,0,0)];
        ((4,3):(3,-1)) modes [0 1] coords [11 (3,2)];
        ((2,3):(-1,-2)) modes [0 1] coords [5 (1,2)];
        ((0,4):(1,2)) modes [0 1] coords [(0,3)];
        ((4,0):(1,4)) modes [0 1] coords [3 9 (2,0)];
        ((2,(2,(2,3))):(12,(6,(3,1)))) modes [0 1] coords [23 (1,(1,(1,2))) (1,17)];
        (((3,1),(2,(1,5))):((1,0),(3,(0,6)))) modes [0 1] coords [0 29 ((2,0),(1,(0,4)))];
        ((2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)) modes [0 7] coords [255 (1,1,1,1,1,1,1,1)];
    );
}

#[test]
fn the_answers_types_name_what_they_read() {
    let m = 8usize;
    let a = layout!(type ((2,4),8):((1,2),8));
    let d = layout!((m, (4, 2)):(1, (m, 32)));
    let _: ShapeRank<((C<2>, C<4>), C<8>)> = layout!(type rank(#a));
    let _: ShapeDepth<(usize, (C<4>, C<2>))> = layout!(type depth(#d));
    type Shape = ((C<2>, C<4>), C<8>);
    type Stride = ((C<1>, C<2>), C<8>);
    let _: CosizeOf<Shape, Stride> = layout!(type cosize(#a));
    let o: Crd2idxOf<(C<3>, C<1>), Shape, Stride> = layout!(type crd2idx((3, 1), #a));
    // Zero-sized, and a constant where a type is wanted.
    assert_eq!(size_of_val(&o), 0);
    let table = [0u8; <CosizeOf<(C<4>, C<8>), (C<8>, C<1>)> as StaticInt>::VALUE as usize];
    assert_eq!(table.len(), 32);
    // 3 is split over (2,4): (1,1), offset 1·1 + 1·2, then 1·8.
    assert_eq!(o.get(), 11);
}

#[test]
fn algebra_results_folded_leaves_answer_too() {
    // A static algebra result's leaves are folded static leaves (`Quot`,
    // `Prod`, …), not `C<N>`: every query reads them as static.
    let a = layout!(type ((4,2),(8,3)):((1,4),(8,64)));
    macro_rules! check {
        ($($z:expr),* $(,)?) => {$({
            let z = $z;
            let l = core(&z.to_string());
            assert_eq!(in_the_type(layout!(type cosize(#z))), l.cosize(), "{l}");
            assert_eq!(in_the_type(layout!(type cosize(#z, 1))), l.mode(1).unwrap().cosize(), "{l}");
            assert_eq!(in_the_type(layout!(type rank(#z))), l.rank() as i64, "{l}");
            assert_eq!(in_the_type(layout!(type depth(#z))), l.depth() as i64, "{l}");
            for (offset, c) in [
                (in_the_type(layout!(type crd2idx(5, #z))), 5),
                (in_the_type(layout!(type crd2idx(13, #z))), 13),
                (in_the_type(layout!(type crd2idx(37, #z))), 37),
            ] {
                assert_eq!(offset, l.at(c).unwrap(), "{l}({c})");
                assert_eq!(offset as usize, z.at(c as usize), "{l}({c})");
            }
        })*};
    }
    check!(
        layout!(type logical_divide(#a, <4, 2>)).unwrap(),
        layout!(type zipped_divide(#a, <2, 4>)).unwrap(),
        layout!(type coalesce(#a)).unwrap(),
        layout!(type logical_product(#a, 2:1)).unwrap(),
    );
}

#[test]
fn rank_and_depth_are_static_with_run_time_leaves() {
    let (m, n) = (8usize, 5usize);
    let d = layout!((m, (4, n)):(1, (m, 32)));
    assert_eq!(in_the_type(layout!(type rank(#d))), d.rank() as i64);
    assert_eq!(in_the_type(layout!(type depth(#d))), d.depth() as i64);
    assert_eq!(in_the_type(layout!(type rank(#d, 1))), 2);
    assert_eq!(in_the_type(layout!(type depth(#d, 1))), 1);
    assert_eq!(in_the_type(layout!(type rank(#d, 0))), 1);
    assert_eq!(in_the_type(layout!(type depth(#d, 0))), 0);
    assert_eq!(in_the_type(layout!(type depth(#d, 1, 1))), 0);
    // The same numbers the core gives for the value.
    let l = core(&d.to_string());
    assert_eq!((l.rank(), l.depth()), (2, 2));
    // Shapes: named, a mode of one, and tuples nesting names (CuTe's
    // `rank(make_shape(s, Int<4>{}))`).
    let s = (m, (C::<4>, (n, C::<2>)));
    assert_eq!(in_the_type(layout!(type rank(#s))), 2);
    assert_eq!(in_the_type(layout!(type depth(#s))), 3);
    assert_eq!(in_the_type(layout!(type depth(#s, 1))), 2);
    assert_eq!(in_the_type(layout!(type rank((#s, 4, #m)))), 3);
    assert_eq!(in_the_type(layout!(type depth((#s, 4)))), 4);
    assert_eq!(in_the_type(layout!(type depth(#m))), 0);
    assert_eq!(in_the_type(layout!(type rank(#m))), 1);
    // An algebra result's nesting.
    let z = layout!(type logical_divide(#d, <2>)).unwrap();
    assert_eq!(in_the_type(layout!(type rank(#z))), z.rank() as i64);
    assert_eq!(in_the_type(layout!(type depth(#z))), z.depth() as i64);
    // Without `type`, the same numbers as `usize`.
    assert_eq!(layout!(rank(#d)), 2);
    assert_eq!(layout!(depth(#s)), 3);
}

#[test]
fn written_out_answers_are_c_n() {
    let m = 8usize;
    // Rank and depth: the nesting is written, whatever the leaves.
    let _: C<2> = layout!(type rank((m,(4,2)):(1,(m,32))));
    let _: C<2> = layout!(type depth((m,(4,2)):(1,(m,32))));
    let _: C<2> = layout!(type rank((m,(4,2)):(1,(m,32)), 1));
    let _: C<0> = layout!(type depth((m,(4,2)):(1,(m,32)), 0));
    let _: C<3> = layout!(type depth((m,(4,(2,m)))));
    let _: C<1> = layout!(type rank(m));
    // Cosize of a mode whose leaves are static, beside a run-time mode.
    let c: C<225> = layout!(type cosize(((4,m),8):((1,4),32), 1));
    assert_eq!(c.get() as i64, core("8:32").cosize());
    let c: C<22> = layout!(type cosize(((2,4),(3,m)):((3,6),(1,24)), 0));
    assert_eq!(c.get(), 22);
    // All static: the core's answer.
    let c: C<32> = layout!(type cosize((4,8):(8,1)));
    assert_eq!(c.get(), 32);
    let c: C<12> = layout!(type cosize((4,3):(3,-1)));
    assert_eq!(c.get(), 12);
    let c: C<129> = layout!(type crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24))));
    assert_eq!(c.get(), 129);
    let c: C<7> = layout!(type crd2idx((3,2), (4,3):(3,-1)));
    assert_eq!(c.get(), 7);
    let c: C<{ -5 }> = layout!(type crd2idx(5, (2,3):(-1,-2)));
    assert_eq!(c.to_i64().unwrap(), -5);
    let c: C<10> = layout!(type crd2idx((1,2), (4,8), (8,1)));
    assert_eq!(c.get(), 10);
    // Without `type`, the same numbers.
    assert_eq!(layout!(cosize(((4,m),8):((1,4),32), 1)), 225);
}

#[test]
fn cutes_prints_are_the_static_answers() {
    let golden = std::fs::read_to_string("tests/golden/cute_static_queries.txt").unwrap();
    let cute = |key: &str| -> String {
        let line = golden.lines().find(|l| l.split(" = ").next() == Some(key));
        line.unwrap_or_else(|| panic!("no `{key}`"))
            .split(" = ")
            .nth(1)
            .unwrap()
            .to_string()
    };
    let m = 8usize;
    macro_rules! queries {
        ($($text:literal => $a:expr),* $(,)?) => {$({
            let a = $a;
            let name = $text;
            for (query, ours) in [
                ("rank", in_the_type(layout!(type rank(#a)))),
                ("depth", in_the_type(layout!(type depth(#a)))),
                ("rank0", in_the_type(layout!(type rank(#a, 0)))),
                ("depth0", in_the_type(layout!(type depth(#a, 0)))),
            ] {
                assert_eq!(cute(&format!("{query} {name}")), format!("_{ours}"), "{query} {name}");
            }
            assert_eq!(core(&a.to_string()).to_string(), core(&name.replace('m', "8")).to_string());
        })*};
    }
    queries!(
        "(4,8):(8,1)" => layout!(type (4,8):(8,1)),
        "((2,4),(3,5)):((3,6),(1,24))" => layout!(type ((2,4),(3,5)):((3,6),(1,24))),
        "(4,3):(0,1)" => layout!(type (4,3):(0,1)),
        "(1,8):(5,1)" => layout!(type (1,8):(5,1)),
        "(4,3):(3,-1)" => layout!(type (4,3):(3,-1)),
        "(0,4):(1,2)" => layout!(type (0,4):(1,2)),
        "(4,0):(1,4)" => layout!(type (4,0):(1,4)),
        "(2,(2,(2,3))):(12,(6,(3,1)))" => layout!(type (2,(2,(2,3))):(12,(6,(3,1)))),
        "(m,(4,2)):(1,(m,32))" => layout!((m,(4,2)):(1,(m,32))),
        "(m,4):(0,1)" => layout!((m,4):(0,1)),
    );
    macro_rules! cosizes {
        ($($text:literal => $a:expr),* $(,)?) => {$({
            let a = $a;
            let ours = (in_the_type(layout!(type cosize(#a))), in_the_type(layout!(type cosize(#a, 0))));
            let cute = (cute(&format!("cosize {}", $text)), cute(&format!("cosize0 {}", $text)));
            assert_eq!(cute, (format!("_{}", ours.0), format!("_{}", ours.1)), "{}", $text);
        })*};
    }
    cosizes!(
        "(4,8):(8,1)" => layout!(type (4,8):(8,1)),
        "((2,4),(3,5)):((3,6),(1,24))" => layout!(type ((2,4),(3,5)):((3,6),(1,24))),
        "(4,3):(0,1)" => layout!(type (4,3):(0,1)),
        "(1,8):(5,1)" => layout!(type (1,8):(5,1)),
        "(4,3):(3,-1)" => layout!(type (4,3):(3,-1)),
        "(4,0):(1,4)" => layout!(type (4,0):(1,4)),
        "(2,(2,(2,3))):(12,(6,(3,1)))" => layout!(type (2,(2,(2,3))):(12,(6,(3,1)))),
    );
    // Where we differ (README): an empty layout has cosize 0, where CuTe's
    // `1 + Σ (s-1)·|d|` goes on counting its other modes.
    let empty = layout!(type (0,4):(1,2));
    assert_eq!(in_the_type(layout!(type cosize(#empty))), 0);
    assert_eq!(cute("cosize (0,4):(1,2)"), "_6");
    assert_eq!(cute("cosize0 (0,4):(1,2)"), "_0");
    assert_eq!(in_the_type(layout!(type cosize(#empty, 0))), 0);
    // A run-time leaf makes CuTe's cosize run-time (no `_`): `type` refuses
    // it (ui typed/named_type_query); without `type`, the same number.
    let d = layout!((m,(4,2)):(1,(m,32)));
    assert_eq!(
        cute("cosize (m,(4,2)):(1,(m,32))"),
        layout!(cosize(#d)).to_string()
    );
    macro_rules! offsets {
        ($($c:tt $text:literal => $a:expr),* $(,)?) => {$({
            let a = $a;
            let ours = in_the_type(layout!(type crd2idx($c, #a)));
            let key = format!("crd2idx {} {}", stringify!($c).replace(' ', ""), $text);
            assert_eq!(cute(&key), format!("_{ours}"), "{key}");
        })*};
    }
    offsets!(
        (11,12) "((2,4),(3,5)):((3,6),(1,24))" => layout!(type ((2,4),(3,5)):((3,6),(1,24))),
        17 "((2,4),(3,5)):((3,6),(1,24))" => layout!(type ((2,4),(3,5)):((3,6),(1,24))),
        (1,(2,3)) "((2,4),(3,5)):((3,6),(1,24))" => layout!(type ((2,4),(3,5)):((3,6),(1,24))),
        ((1,3),14) "((2,4),(3,5)):((3,6),(1,24))" => layout!(type ((2,4),(3,5)):((3,6),(1,24))),
        (3,2) "(4,3):(3,-1)" => layout!(type (4,3):(3,-1)),
        11 "(4,3):(3,-1)" => layout!(type (4,3):(3,-1)),
        (3,2) "(4,3):(0,1)" => layout!(type (4,3):(0,1)),
        23 "(2,(2,(2,3))):(12,(6,(3,1)))" => layout!(type (2,(2,(2,3))):(12,(6,(3,1)))),
        (1,2) "(4,8):(8,1)" => layout!(type (4,8):(8,1)),
        40 "(4,8):(8,1)" => layout!(type (4,8):(8,1)),
    );
    // An offset that reads a run-time stride is run-time in CuTe too.
    let d = layout!((m,(4,2)):(1,(m,32)));
    assert_eq!(
        cute("crd2idx (1,2) (m,(4,2)):(1,(m,32))"),
        d.crd2idx((1, 2)).to_string()
    );
    // Run-time extents the offset does not read (a full coordinate reads
    // no extent; the last mode takes the rest of an integer): static.
    offsets!(
        (1,2) "(m,8):(8,1)" => layout!((m,8):(8,1)),
        3 "(4,m):(1,4)" => layout!((4,m):(1,4)),
        13 "(4,m):(1,4)" => layout!((4,m):(1,4)),
        ((1,3),(2,4)) "((2,m),(3,m)):((3,6),(1,24))" => layout!(((2,m),(3,m)):((3,6),(1,24))),
        (1,5) "((2,m),(3,m)):((3,6),(1,24))" => layout!(((2,m),(3,m)):((3,6),(1,24))),
    );
    // Written out, the same.
    let c: C<10> = layout!(type crd2idx((1,2), (m,8):(8,1)));
    assert_eq!(cute("crd2idx (1,2) (m,8):(8,1)"), format!("_{}", c.get()));
    let c: C<29> = layout!(type crd2idx((1,5), ((2,m),(3,m)):((3,6),(1,24))));
    assert_eq!(
        cute("crd2idx (1,5) ((2,m),(3,m)):((3,6),(1,24))"),
        format!("_{}", c.get())
    );
    let c: C<13> = layout!(type crd2idx(13, (4,m), (1,4)));
    assert_eq!(c.get(), 13);
    // An integer split over a run-time extent reads it: run-time in CuTe
    // (and refused after `type`: ui typed/named_type_query).
    let r = layout!((m,8):(8,1));
    assert_eq!(cute("crd2idx 3 (m,8):(8,1)"), r.crd2idx(3).to_string());
}

/// Every index below 24 (past the size too: the domain is not checked, as
/// in CuTe) as an integer coordinate of each layout, after `type`, against
/// the value's own `at` and the core's `crd2idx`; and the cosize against
/// one past the largest offset where no stride is negative.
macro_rules! brute_force {
    ($(($($l:tt)*))*) => {$({
        let a = layout!(type $($l)*);
        let l = core(&a.to_string());
        let offsets = brute_force!(@each a, l; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23);
        let reached = offsets[..a.size()].iter().max().map_or(0, |m| m + 1);
        if l.leaf_modes().all(|(_, d)| d >= 0) {
            assert_eq!(in_the_type(layout!(type cosize(#a))), reached, "cosize {l}");
        }
    })*};
    (@each $a:ident, $l:ident; $($k:literal)*) => {[$({
        let offset = in_the_type(layout!(type crd2idx($k, #$a)));
        assert_eq!(offset as isize, $a.at($k) as isize, "{}({})", $l, $k);
        assert_eq!(offset, $l.at($k).unwrap(), "{}({})", $l, $k);
        offset
    }),*]};
}

#[test]
fn every_integer_coordinate_of_small_layouts() {
    brute_force!(
        (24:1)
        ((4,6):(6,1))
        ((2,(3,4)):(12,(1,3)))
        (((2,2),(3,2)):((1,6),(2,12)))
        ((3,8):(0,3))
        ((1,(4,1),6):(9,(1,5),4))
        ((4,6):(-6,1))
        ((2,3,4):(1,0,2))
    );
}

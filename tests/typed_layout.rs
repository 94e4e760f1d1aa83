//! The public typed layout: naming its type, generic code over it, mode
//! access, traits and conversions to and from the core.

use std::collections::HashSet;

use layout_dsl::typed::{C, Layout, NestingError, TypedLayout};
use layout_dsl::{layout, layout_type};

/// A struct holding typed layouts of each form.
struct Tiles {
    rows: layout_type!((4,8):(8,1)),
    fixed: layout_type!(type (4,8):(8,1)),
    cols: layout_type!((m,4):(1,m)),
    signed: layout_type!((2,3):(-1,2)),
    folded: layout_type!(logical_divide((4,2,3):(2,1,8), 4:2)),
}

fn tiles(m: usize) -> Tiles {
    Tiles {
        rows: layout!((4,8):(8,1)),
        fixed: layout!(type (4,8):(8,1)),
        cols: layout!((m,4):(1,m)),
        signed: layout!((2,3):(-1,2)),
        folded: layout!(logical_divide((4,2,3):(2,1,8), 4:2)),
    }
}

/// Every offset, through the trait only.
fn offsets<L: TypedLayout>(l: &L) -> Vec<L::Offset> {
    (0..l.size()).map(|i| l.at(i)).collect()
}

/// The core's offsets of the same layout.
fn core_offsets(l: &layout_dsl::Layout) -> Vec<i64> {
    (0..l.size())
        .map(|i| l.crd2idx(&layout_dsl::IntTuple::Int(i)).unwrap())
        .collect()
}

fn as_i64<L: TypedLayout>(l: &L) -> Vec<i64>
where
    L::Offset: TryInto<i64>,
{
    offsets(l)
        .into_iter()
        .map(|o| o.try_into().ok().unwrap())
        .collect()
}

#[test]
fn named_types_hold_what_layout_gives() {
    for m in [1, 3, 7] {
        let t = tiles(m);
        for (typed, text) in [
            (as_i64(&t.rows), t.rows.to_string()),
            (as_i64(&t.fixed), t.fixed.to_string()),
            (as_i64(&t.cols), t.cols.to_string()),
            (as_i64(&t.signed), t.signed.to_string()),
            (as_i64(&t.folded), t.folded.to_string()),
        ] {
            let core: layout_dsl::Layout = text.parse().unwrap();
            assert_eq!(typed, core_offsets(&core), "{text}");
        }
        assert_eq!(t.cols.to_string(), format!("({m},4):(1,{m})"));
    }
    assert_eq!(core::mem::size_of::<layout_type!(type (4,8):(8,1))>(), 0);
    assert_eq!(
        core::mem::size_of::<layout_type!((m,4):(1,m))>(),
        2 * core::mem::size_of::<usize>()
    );
}

#[test]
fn trait_methods_equal_the_core() {
    let m = 5;
    let l = layout!(((2,m),3):((1,2),{2 * m}));
    let core = layout_dsl::Layout::try_from(l).unwrap();
    assert_eq!(TypedLayout::size(&l) as i64, core.size());
    assert_eq!(TypedLayout::cosize(&l) as i64, core.cosize());
    assert_eq!(TypedLayout::rank(&l), 2);
    assert_eq!(TypedLayout::depth(&l), 2);
    assert_eq!(TypedLayout::crd2idx(&l, ((1, 4), 2)), 1 + 8 + 20);
    assert_eq!(TypedLayout::idx2crd(&l, 17), ((1, 3), 1));
}

#[test]
fn modes_keep_static_leaves_static() {
    let n = 9;
    let l = layout!(((2,4),n):((1,2),8));
    let first: Layout<(C<2>, C<4>), (C<1>, C<2>)> = l.mode::<0>();
    assert_eq!(core::mem::size_of_val(&first), 0);
    assert_eq!(first.to_string(), "(2,4):(1,2)");
    let second: Layout<usize, C<8>> = l.get::<1>();
    assert_eq!(second.to_string(), "9:8");
    let inner: Layout<C<4>, C<2>> = first.mode::<1>();
    assert_eq!(inner.to_string(), "4:2");
    let shape: (C<2>, C<4>) = l.mode_shape::<0>();
    assert_eq!(shape, (C, C));
    let stride: C<8> = l.mode_stride::<1>();
    assert_eq!(stride, C::<8>);
    assert_eq!(layout_dsl::typed::Int::get(l.mode_size::<0>()), 8);
    assert_eq!(l.mode_size::<1>(), 9);
    // A single extent is its own mode 0, as in CuTe.
    let leaf = layout!(type 6:2);
    assert_eq!(leaf.mode::<0>(), leaf);
    // A mode indexes as the layout's own mode does.
    for i in 0..2 {
        for j in 0..4 {
            for k in 0..n {
                assert_eq!(
                    l.crd2idx(((i, j), k)),
                    l.mode::<0>().crd2idx((i, j)) + l.mode::<1>().crd2idx(k)
                );
            }
        }
    }
}

#[test]
fn traits_of_a_value_type() {
    let m = 4;
    let a = layout!((m,8):(8,1));
    let b = a;
    assert_eq!(a, b);
    assert_ne!(a, layout!(({m + 1},8):(8,1)));
    let set: HashSet<_> = [a, b, layout!(({3usize},8):(8,1))].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert_eq!(format!("{a}"), "(4,8):(8,1)");
    assert_eq!(format!("{a:?}"), "Layout((4,8):(8,1))");
    assert_eq!(format!("{:?}", layout!(type 4:1)), "Layout(4:1)");
}

#[test]
fn core_layouts_convert_to_a_given_nesting() {
    let core: layout_dsl::Layout = "((2,4),3):((1,2),8)".parse().unwrap();
    type Mixed = Layout<((usize, C<4>), usize), ((C<1>, usize), usize)>;
    let typed = Mixed::try_from(&core).unwrap();
    assert_eq!(typed.to_string(), core.to_string());
    assert_eq!(layout_dsl::Layout::try_from(typed).unwrap(), core);

    type Flat = Layout<(usize, usize), (usize, usize)>;
    let e: NestingError = Flat::try_from(&core).unwrap_err();
    assert_eq!(e.found(), "((2,4),3):((1,2),8)");
    assert_eq!(e.expected(), "(_,_):(_,_)");
    assert!(
        e.to_string()
            .contains("does not fit the typed layout (_,_):(_,_)")
    );

    // A static leaf must have its value.
    type Eight = Layout<((C<2>, C<8>), usize), ((C<1>, C<2>), usize)>;
    let e = Eight::try_from(&core).unwrap_err();
    assert_eq!(e.expected(), "((2,8),_):((1,2),_)");

    // A negative stride needs signed offsets.
    let negative: layout_dsl::Layout = "(2,3):(-1,2)".parse().unwrap();
    type Unsigned = Layout<(usize, usize), (usize, usize)>;
    assert!(Unsigned::try_from(&negative).is_err());
    type Dynamic = Layout<(usize, usize), (usize, usize), isize>;
    let e = Dynamic::try_from(&negative).unwrap_err();
    assert_eq!(e.expected(), "(_,_):(_,_) with signed offsets");
    type Signed = Layout<(usize, usize), (C<-1>, usize), isize>;
    let s = Signed::try_from(&negative).unwrap();
    assert_eq!(
        offsets(&s),
        core_offsets(&negative)
            .into_iter()
            .map(|o| o as isize)
            .collect::<Vec<_>>()
    );
    assert_eq!(s.to_string(), "(2,3):(-1,2)");
}

#[test]
fn a_dynamic_leaf_too_large_for_the_core_does_not_convert() {
    let big = usize::MAX;
    assert!(layout_dsl::Layout::try_from(layout!((2,big):(1,2))).is_err());
}

const ROWS: layout_type!((4,8):(8,1)) = layout!((4,8):(8,1));
const FIXED: layout_type!(type (4,8):(8,1)) = layout!(type (4,8):(8,1));

#[test]
fn named_layouts_inside_layout() {
    let m = 6;
    let cols = layout!((m,4):(1,m));
    for i in 0..4 {
        for j in 0..8 {
            assert_eq!(layout!(crd2idx((i,j), #ROWS)), i * 8 + j);
            assert_eq!(layout!(crd2idx((i,j), #FIXED)), i * 8 + j);
        }
        assert_eq!(layout!(crd2idx((2,i), #cols)), 2 + i * m);
    }
    assert_eq!(layout!(crd2idx(13, #ROWS)), ROWS.at(13));
    assert_eq!(layout!(size(#cols)), 24);
    assert_eq!(layout!(cosize(#cols)), cols.cosize());
    assert_eq!(layout!(rank(#FIXED)), 2);
    assert_eq!(layout!(depth(#FIXED)), 1);
    let same = layout!(#cols);
    assert_eq!(same, cols);
    // A `const` index folds in a `const` context.
    const AT: usize = ROWS.rank();
    assert_eq!(AT, 2);
}

#[test]
fn named_layouts_in_algebra_take_the_run_time_path() {
    let m = 8;
    let cols = layout!((m,4):(1,m));
    let divided: layout_dsl::Layout = layout!(logical_divide(#cols, <4,2>)).unwrap();
    let expected = layout_dsl::evaluate("logical_divide((8,4):(1,8), <4,2>)").unwrap();
    assert_eq!(layout_dsl::Value::Layout(divided), expected);
    // Two named layouts and a dynamic leaf, each in its place.
    let composed = layout!(composition(#ROWS, (m,2):(1,{2 * m}))).unwrap();
    let expected = layout_dsl::evaluate("composition((4,8):(8,1), (8,2):(1,16))").unwrap();
    assert_eq!(layout_dsl::Value::Layout(composed), expected);
    let both = layout!(size(composition(#FIXED, #cols))).unwrap();
    assert_eq!(both, 32);
    // A value the core cannot hold is the conversion's error.
    let big = usize::MAX;
    let huge = layout!((big,2):(1,1));
    assert!(layout!(coalesce(#huge)).is_err());
}

/// `to_string` (an inherent method, for compile time) gives the text
/// `Display` writes and the core prints, for every form `layout!` gives.
#[test]
fn to_string_is_the_display_text_and_the_cores() {
    fn same<L: core::fmt::Display>(inherent: String, l: &L, src: &str) {
        let core = layout_dsl::evaluate(src).unwrap().to_string();
        assert_eq!(inherent, core, "{src}");
        assert_eq!(format!("{l}"), core, "{src}");
        assert_eq!(ToString::to_string(l), core, "{src}");
    }
    let m = 6;
    let divided = layout!(logical_divide((8,4):(4,1), 2));
    same(
        divided.to_string(),
        &divided,
        "logical_divide((8,4):(4,1), 2)",
    );
    let product = layout!(blocked_product((4,4,2):(2,8,1), (2,2):(1,2)));
    let src = "blocked_product((4,4,2):(2,8,1), (2,2):(1,2))";
    same(product.to_string(), &product, src);
    let signed = layout!((2,3):(-1,1));
    same(signed.to_string(), &signed, "(2,3):(-1,1)");
    let fixed = layout!(type (4,(2,2)):(1,(4,8)));
    same(fixed.to_string(), &fixed, "(4,(2,2)):(1,(4,8))");
    let empty = layout!((0,3):(1,0));
    same(empty.to_string(), &empty, "(0,3):(1,0)");
    let mixed = layout!((m,4):(1,m));
    same(mixed.to_string(), &mixed, "(6,4):(1,6)");
    let scalar = layout!(8:2);
    same(scalar.to_string(), &scalar, "8:2");
}

/// CuTe's `size<I>` of an all-static mode is static: a zero-sized leaf
/// whose value is a `const`; with a dynamic extent it is a `usize`.
#[test]
fn mode_size_is_static_for_a_static_mode() {
    use layout_dsl::typed::{Int, StaticInt};
    fn value<T: StaticInt>(_: T) -> i64 {
        T::VALUE
    }
    let n = 9;
    let l = layout!(((2,4),n,(3,(5,2))):((1,2),8,(72,(216,1080))));
    let first = l.mode_size::<0>();
    assert_eq!(core::mem::size_of_val(&first), 0);
    assert_eq!((value(first), first.get()), (8, 8));
    let second: usize = l.mode_size::<1>();
    assert_eq!(second, 9);
    let third = l.mode_size::<2>();
    assert_eq!((value(third), third.get()), (30, 30));
    const STATIC_THIRD: i64 = 3 * 5 * 2;
    assert_eq!(value(third), STATIC_THIRD);
    let mixed = layout!(((2,n),4):((1,2),{2 * n}));
    let m0: usize = mixed.mode_size::<0>();
    assert_eq!(m0, 2 * n);
    assert_eq!(mixed.mode_size::<1>().get(), 4);
}

/// `layout!(crd2idx(C, #A))` with a nested coordinate (asked one tuple at
/// a time while compiling, `CoordRanksIn` then `CoordEntryIn`): the offset
/// of the rebuilt coordinate is the core's at every coordinate, an integer
/// for a whole tuple mode (CuTe's 1-D index within it) included.
#[test]
fn a_named_layout_at_a_nested_coordinate_is_the_core_offset() {
    for m in 1..4usize {
        let l = layout!(((2,m),(8,4)):((1,2),(8,64)));
        let core: layout_core::Layout = format!("((2,{m}),(8,4)):((1,2),(8,64))").parse().unwrap();
        let at = |c: String| core.crd2idx(&c.parse().unwrap()).unwrap() as usize;
        for (a, b) in (0..2).flat_map(|a| (0..m).map(move |b| (a, b))) {
            for (c, d) in (0..8).flat_map(|c| (0..4).map(move |d| (c, d))) {
                let both: usize = layout!(crd2idx(((a,b),(c,d)), #l));
                assert_eq!(both, at(format!("(({a},{b}),({c},{d}))")));
                let k = c + 8 * d;
                let second_1d: usize = layout!(crd2idx(((a,b),k), #l));
                assert_eq!(second_1d, at(format!("(({a},{b}),{k})")));
            }
            let i = a + 2 * b;
            let first_1d: usize = layout!(crd2idx((i,(3,1)), #l));
            assert_eq!(first_1d, at(format!("({i},(3,1))")));
        }
    }
}

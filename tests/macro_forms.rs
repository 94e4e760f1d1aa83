//! Every output form of `layout!`, used as a kernel author would, checked
//! against the runtime core on the same notation.

use core::mem::size_of_val;

use layout_dsl::{IntTuple, Layout, Value, evaluate, layout};

/// The core's value of an expression, which must be a layout.
fn core_layout(notation: &str) -> Layout {
    match evaluate(notation).unwrap() {
        Value::Layout(l) => l,
        v => panic!("{notation} is {v}, not a layout"),
    }
}

#[test]
fn integers_and_tuples_are_literals() {
    const SIZE: usize = layout!(size(logical_divide((4,2,3):(2,1,8), 4:2)));
    let coord: (usize, (usize, usize)) = layout!(idx2crd(16, (3, (2, 3))));
    assert_eq!(SIZE, 24);
    assert_eq!(coord, (1, (1, 2)));
    let negative: i64 = layout!(crd2idx(1, 2:-3));
    assert_eq!(negative, -3);
}

#[test]
fn tables_are_const_arrays() {
    const T: [usize; 8] = layout!(table((2,4):(4,1)));
    assert_eq!(T, [0, 4, 1, 5, 2, 6, 3, 7]);
    let swizzled: [i64; 6] = layout!(table(composition((2,3):(3,1), (3,2):(2,1))));
    let expected = core_layout("composition((2,3):(3,1), (3,2):(2,1))");
    assert_eq!(swizzled.to_vec(), expected.offsets().collect::<Vec<_>>());
}

/// Every method of a typed layout against the core on the same notation.
macro_rules! assert_matches_core {
    ($l:expr, $notation:expr) => {{
        let l = $l;
        let core = core_layout($notation);
        assert_eq!(l.to_string(), core.to_string());
        assert_eq!(l.to_core().unwrap(), core);
        let sizes = (l.size() as i64, l.cosize() as i64, l.rank(), l.depth());
        assert_eq!(
            sizes,
            (core.size(), core.cosize(), core.rank(), core.depth())
        );
        for i in 0..l.size() {
            assert_eq!(l.at(i) as i64, core.at(i as i64).unwrap());
            let c = l.idx2crd(i);
            let ((a, b), (x, y)) = c;
            let tuple = IntTuple::Tuple(vec![
                IntTuple::from([a as i64, b as i64]),
                IntTuple::from([x as i64, y as i64]),
            ]);
            assert_eq!(core.idx2crd(i as i64).unwrap(), tuple);
            assert_eq!(l.crd2idx(c) as i64, core.crd2idx(&tuple).unwrap());
        }
    }};
}

#[test]
fn static_layouts_are_values_of_their_numbers_and_match_the_core() {
    let l = layout!(logical_divide((4,2,3):(2,1,8), 4:2));
    assert_eq!(l.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
    assert_eq!((l.size(), l.cosize(), l.rank(), l.depth()), (24, 24, 2, 2));
    // Eight `usize` numbers: shape and stride, four leaves each.
    assert_eq!(size_of_val(&l), size_of::<[usize; 8]>());
    assert_matches_core!(l, "logical_divide((4,2,3):(2,1,8), 4:2)");
}

#[test]
fn type_puts_the_numbers_in_the_type() {
    let l = layout!(type logical_divide((4,2,3):(2,1,8), 4:2));
    assert_eq!(size_of_val(&l), 0);
    assert_matches_core!(l, "logical_divide((4,2,3):(2,1,8), 4:2)");
    let seed = layout!(type ((2,4),(3,5)):((3,6),(1,24)));
    assert_eq!(size_of_val(&seed), 0);
    assert_eq!(seed.crd2idx((11, 12)), 129);
    // An empty layout is zero-sized even without `type`: only that form
    // refuses to split an index over an extent of 0 while compiling.
    let empty = layout!(((2,0),(3,4)):((1,2),(0,3)));
    assert_eq!(size_of_val(&empty), 0);
    assert_eq!(empty.size(), 0);
    assert_eq!(empty.crd2idx(((1, 0), (2, 3))), 1 + 9);
}

#[test]
fn coordinates_mix_tuples_and_integers_at_any_level() {
    let l = layout!(((2,4),(3,5)):((3,6),(1,24)));
    // (11, 12) splits 11 over (2,4) and 12 over (3,5); the last extent of
    // each mode takes what is left (11 = 1 + 2·5), as in CuTe.
    assert_eq!(l.crd2idx((11, 12)), 129);
    assert_eq!(l.crd2idx(((1, 5), 12)), 129);
    assert_eq!(l.crd2idx(((1, 5), (0, 4))), 129);
    // One integer for the whole layout: 99 = 1 + 2·(1 + 4·(0 + 3·4)).
    assert_eq!(l.crd2idx(99), l.crd2idx(((1, 1), (0, 4))));
    assert_eq!(l.crd2idx(99), 3 + 6 + 96);
}

#[test]
fn negative_strides_give_signed_offsets() {
    let l = layout!((2,3):(-1,2));
    let offsets: Vec<isize> = (0..l.size()).map(|i| l.at(i)).collect();
    assert_eq!(offsets, [0, -1, 2, 1, 4, 3]);
    // CuTe's cosize, 1 + Σ (s-1)·|d|: the codomain's extent, -1..=4.
    assert_eq!(l.cosize(), 6);
    assert_eq!(l.cosize() as i64, core_layout("(2,3):(-1,2)").cosize());
}

#[test]
fn dynamic_leaves_stay_in_the_value() {
    let m = 5;
    let l = layout!((m,4):(1,m));
    assert_eq!(size_of_val(&l), 2 * size_of::<usize>());
    assert_eq!(l.crd2idx((2, 3)), 17);
    assert_eq!(l.to_string(), "(5,4):(1,5)");
    assert_eq!(l.size(), 20);
    let n = 3;
    let blocked = layout!((m,({n * 2},2)):(1,(m,{m * n * 2})));
    assert_eq!(size_of_val(&blocked), 4 * size_of::<usize>());
    assert_eq!(blocked.to_string(), "(5,(6,2)):(1,(5,30))");
    assert_eq!(blocked.crd2idx((4, (5, 1))), 4 + 25 + 30);
}

#[test]
fn calls_on_dynamic_layouts_become_methods() {
    let (m, i, j) = (6, 4, 3);
    assert_eq!(layout!(crd2idx((i,j), (m,4):(1,m))), 4 + 3 * 6);
    assert_eq!(layout!(crd2idx((i,j), (4,8):(8,1))), 4 * 8 + 3);
    assert_eq!(layout!(size((m,(2,4)):(1,(m,{2 * m})))), 48);
    assert_eq!(layout!(rank((m,(2,4)):(1,(m,{2 * m})))), 2);
    assert_eq!(layout!(idx2crd(i, (3, (2, m)))), (1, (1, 0)));
}

#[test]
fn algebra_of_dynamic_layouts_runs_the_core() {
    let (m, n) = (8, 12);
    let divided = layout!(logical_divide((m,4):(1,m), composition(4:2, 2:1)));
    let expected = evaluate("logical_divide((8,4):(1,8), 2:2)").unwrap();
    assert_eq!(divided.unwrap().to_string(), expected.to_string());
    assert_eq!(layout!(size(zipped_divide((m,n):(n,1), (4,4)))), Ok(96));
    let four = 4;
    let bad = layout!(composition((four,2):(1,8), 6:1));
    assert!(bad.unwrap_err().to_string().contains("not admissible"));
    // The registry says what each function gives: `stripes` of a layout is
    // a layout, like `logical_divide`'s, not a `Value`.
    let striped: Result<Layout, layout_dsl::Error> = layout!(stripes((m,4):(1,m),1));
    let expected = evaluate("stripes((8,4):(1,8),1)").unwrap();
    assert_eq!(striped.unwrap().to_string(), expected.to_string());
    let divided: Result<Layout, layout_dsl::Error> = layout!(logical_divide((m,4):(1,m),2));
    assert!(divided.is_ok());
}

/// Issue 14's mode, analysis and integer-tuple functions: folded when
/// static (booleans become `bool` literals), the core at run time otherwise.
#[test]
fn mode_and_analysis_functions_fold_when_static() {
    const CONGRUENT: bool = layout!(congruent((2, (3, 4)), (5, (6, 7))));
    const COMPATIBLE: bool = layout!(compatible((2, (3, 4)), (2, 12)));
    assert_eq!([CONGRUENT, COMPATIBLE], [true, false]);
    const VECTOR: usize = layout!(max_common_vector((8,4):(1,8), (2,4,4):(1,2,8)));
    assert_eq!(VECTOR, 32);
    const MODE_SIZE: usize = layout!(size(((2,4),(3,5)):((3,6),(1,24)), 1));
    assert_eq!(MODE_SIZE, 15);
    let quotient: (usize, usize, usize) = layout!(shape_div((4, 5, 6), 40));
    assert_eq!(quotient, (1, 1, 3));
    let grouped = layout!(group((2,3,4,5):(1,2,6,24), 1, 3));
    let core = core_layout("group((2,3,4,5):(1,2,6,24), 1, 3)");
    assert_eq!(grouped.to_string(), core.to_string());
    for i in 0..grouped.size() {
        assert_eq!(grouped.at(i) as i64, core.at(i as i64).unwrap());
    }
    let mode = layout!(get(((2,4),(3,5)):((3,6),(1,24)), 1, 0));
    assert_eq!(mode.to_string(), "3:1");
    // Dynamic leaves: the core at run time, a `Result` of the registry's kind.
    let m = 6;
    let appended: Result<Layout, layout_dsl::Error> = layout!(append((m,4):(1,m), 2:0));
    assert_eq!(appended.unwrap().to_string(), "(6,4,2):(1,6,0)");
    // A mode's size of a written-out layout is a method call (`usize`).
    assert_eq!(layout!(size((m,(2,4)):(1,(m,12)), 1)), 8);
}

/// A composition's tiler holding an integer `1` and a written `1:0` reads
/// them as CuTe does (stride 1 and stride 0 on the extent-1 mode), folded
/// or, with a dynamic leaf, through the core at run time.
#[test]
fn a_composition_tiler_keeps_its_written_unit_modes() {
    let m = 4;
    let bare = layout!(composition((m,8):(8,1), <1,4>));
    let written = layout!(composition((m,8):(8,1), <1:0,4>));
    assert_eq!(bare.unwrap().to_string(), "(1,4):(8,1)");
    assert_eq!(written.unwrap().to_string(), "(1,4):(0,1)");
    let folded = layout!(composition((4,8):(8,1), <1:0,4>));
    assert_eq!(folded.to_string(), "(1,4):(0,1)");
}

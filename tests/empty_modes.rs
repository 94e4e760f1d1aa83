//! A dynamic extent of 0. Where the core has an answer the typed layout
//! gives the same one. Where the core reports `ZeroSizeMode` (an integer
//! split over an empty mode that is not the last, or `idx2crd` over any
//! empty extent) the typed layout gives its defined value, never a panic:
//! the empty mode takes the whole rest and leaves 0 (`x mod 0 = x`,
//! `x div 0 = 0`). `reference` below restates that definition over the
//! core's trees, and is itself checked against the core wherever the core
//! answers. Checked access (`checked_at`, a tensor's `get` and `t[c]`)
//! refuses every index of an empty layout.

use layout_dsl::IntTuple::{self, Int, Tuple};
use layout_dsl::tensor::Tensor;
use layout_dsl::{DomainError, ErrorKind, Layout, idx2crd, layout};

fn core(notation: &str) -> Layout {
    notation.parse().expect("valid notation")
}

fn is_zero_size_mode<T>(result: Result<T, layout_dsl::Error>) -> bool {
    matches!(
        result.map_err(|e| e.kind().clone()),
        Err(ErrorKind::Domain(DomainError::ZeroSizeMode { .. }))
    )
}

/// `(rest mod extent, rest div extent)` with `x mod 0 = x`, `x div 0 = 0`.
fn knuth(rest: i64, extent: i64) -> (i64, i64) {
    if extent == 0 {
        (rest, 0)
    } else {
        (rest % extent, rest / extent)
    }
}

/// CuTe's `crd2idx` of an integer over `shape:stride` (each mode but the
/// last takes the rest modulo its size, the last takes what is left), with
/// `knuth` for the split.
fn reference(index: i64, shape: &IntTuple, stride: &IntTuple) -> i64 {
    match (shape, stride) {
        (Int(_), Int(d)) => index * d,
        (Tuple(shapes), Tuple(strides)) => {
            let mut rest = index;
            let mut offset = 0;
            for (k, (s, d)) in shapes.iter().zip(strides).enumerate() {
                let part = if k + 1 == shapes.len() {
                    rest
                } else {
                    let (part, next) = knuth(rest, s.size().unwrap());
                    rest = next;
                    part
                };
                offset += reference(part, s, d);
            }
            offset
        }
        _ => unreachable!("congruent"),
    }
}

/// The typed layout's offset of `index` against the core's: equal where the
/// core answers; where it refuses, `ZeroSizeMode` and the defined value.
fn check(typed: usize, core: &Layout, index: i64) {
    let defined = reference(index, core.shape(), core.stride());
    match core.at(index) {
        Ok(offset) => {
            assert_eq!(defined, offset, "the reference, {core} at {index}");
            assert_eq!(typed as i64, offset, "{core} at {index}");
        }
        Err(e) => {
            assert!(is_zero_size_mode(Err::<(), _>(e)), "{core} at {index}");
            assert_eq!(typed as i64, defined, "{core} at {index}");
        }
    }
}

#[test]
fn an_empty_last_mode_takes_the_remainder_as_in_the_core() {
    let m = 0;
    let l = layout!((3,m):(1,3));
    let reference = core("(3,0):(1,3)");
    for i in 0..10 {
        let expected = reference.crd2idx(&Int(i)).unwrap();
        assert_eq!(l.crd2idx(i as usize) as i64, expected);
        assert_eq!(l.at(i as usize) as i64, expected);
    }
    assert_eq!((l.size(), l.cosize()), (0, 0));
}

#[test]
fn an_empty_mode_before_the_last_takes_the_whole_integer() {
    let m = 0;
    let l = layout!((m,4):(1,m));
    let reference = core("(0,4):(1,0)");
    assert!(is_zero_size_mode(reference.crd2idx(&Int(5))));
    // The empty mode takes 5 (times its stride 1), the last mode 0.
    assert_eq!((l.crd2idx(5), l.at(5), l.at(0)), (5, 5, 0));
    // Nested: a mode's size is the product of its extents, and an integer
    // for an inner tuple is split over it the same way.
    let nested = layout!(((m,2),4):((1,m),{2 * m}));
    let reference = core("((0,2),4):((1,0),0)");
    for coord in ["3", "(3,1)"] {
        let coord: IntTuple = coord.parse().unwrap();
        assert!(is_zero_size_mode(reference.crd2idx(&coord)));
    }
    // 3 goes whole to the empty mode (0,2), and there to its empty leaf.
    assert_eq!(nested.crd2idx(3), 3);
    assert_eq!(nested.crd2idx((3, 1)), 3);
    // Last in its tuple, an empty extent takes the remainder there too.
    let inner_last = layout!(((2,m),4):((1,2),{2 * m}));
    let reference = core("((2,0),4):((1,2),0)");
    let expected = reference.crd2idx(&"(3,1)".parse().unwrap()).unwrap();
    assert_eq!(inner_last.crd2idx((3, 1)) as i64, expected);
}

/// Every dynamic layout of five nestings with extents in 0..=3 and fixed
/// strides, at the integers 0..20: the typed `at` and `crd2idx` against
/// the core (and the reference where the core refuses).
#[test]
fn every_small_layout_with_empty_extents_matches_the_core_or_the_definition() {
    let mut refused = 0;
    for (a, b, c) in (0..64).map(|k| (k % 4, k / 4 % 4, k / 16)) {
        let flat2 = layout!((a,b):(3,7));
        let flat3 = layout!((a,b,c):(1,5,11));
        let left = layout!(((a,b),c):((2,9),1));
        let right = layout!((a,(b,c)):(4,(1,13)));
        // A nested mode before the last, split inside past its size's test.
        let inner3 = layout!((((a,b),c),2):(((1,5),11),7));
        let cores = [
            core(&format!("({a},{b}):(3,7)")),
            core(&format!("({a},{b},{c}):(1,5,11)")),
            core(&format!("(({a},{b}),{c}):((2,9),1)")),
            core(&format!("({a},({b},{c})):(4,(1,13))")),
            core(&format!("((({a},{b}),{c}),2):(((1,5),11),7)")),
        ];
        for i in 0..20 {
            let index = i as usize;
            let typed = [
                flat2.at(index),
                flat3.at(index),
                left.at(index),
                right.at(index),
                inner3.at(index),
            ];
            for (offset, core) in typed.into_iter().zip(&cores) {
                check(offset, core, i);
                refused += usize::from(core.at(i).is_err());
            }
            check(flat3.crd2idx(index), &cores[1], i);
            check(
                left.crd2idx((index, 1)) - 1,
                &core(&format!("({a},{b}):(2,9)")),
                i,
            );
        }
    }
    // The sweep reaches the core's refusals, not only its answers.
    assert!(refused > 1000, "{refused}");
}

/// Two nested modes, as a composition's result (`((a,b),(c,d))`, and the
/// rank-3 `((a,b,c),(d,e,f))`), and a nested last mode after a leaf, with
/// every extent in 0..=3: a split tests the product of the extents it
/// divides by once, and walks untested when it is not 0 (walk.rs,
/// `split_tested`), so each empty extent, in every mode and position,
/// must reach the tested walk and give the core's answer or the
/// definition.
#[test]
fn nested_last_modes_with_empty_extents_match_the_core_or_the_definition() {
    let mut refused = 0;
    for k in 0..4096 {
        let [a, b, c, d, e, f] = [0, 1, 2, 3, 4, 5].map(|p| k >> (2 * p) & 3);
        let two = layout!(((a,b),(c,d)):((1,3),(7,19)));
        let three = layout!(((a,b,c),(d,e,f)):((1,2,5),(11,13,29)));
        let after_leaf = layout!((a,(b,c,d)):(3,(1,5,17)));
        let cores = [
            core(&format!("(({a},{b}),({c},{d})):((1,3),(7,19))")),
            core(&format!(
                "(({a},{b},{c}),({d},{e},{f})):((1,2,5),(11,13,29))"
            )),
            core(&format!("({a},({b},{c},{d})):(3,(1,5,17))")),
        ];
        for i in 0..12 {
            let index = i as usize;
            let typed = [two.at(index), three.at(index), after_leaf.at(index)];
            for (offset, core) in typed.into_iter().zip(&cores) {
                check(offset, core, i);
                refused += usize::from(core.at(i).is_err());
            }
            // An integer for a nested mode of a tuple coordinate splits
            // over that mode alone, with its own test.
            check(
                three.crd2idx((0, index)),
                &core(&format!("({d},{e},{f}):(11,13,29)")),
                i,
            );
        }
    }
    assert!(refused > 10_000, "{refused}");
}

/// Extents whose product wraps to 0 with none of them 0: the split's
/// product test fails, the per-extent test passes, and the untested walk
/// divides by each extent as it should.
#[test]
fn a_product_wrapping_to_zero_without_an_empty_extent_splits_normally() {
    let x = 1usize << 32;
    let l = layout!((x,(x,7)):(1,(5,1000)));
    // 3·2^32 + 5: 5 to the first mode, 3 to the second's first leaf.
    assert_eq!(l.at(3 * x + 5), 5 + 3 * 5);
    // 2^31·2^32 + 4·2^32 + 9: 9 to the first mode, 2^31 + 4 to the
    // second, all of it to its leaf x (2^31 + 4 < x), none to the 7.
    let big = (1usize << 31) * x + 4 * x + 9;
    assert_eq!(l.at(big), 9 + ((1 << 31) + 4) * 5);
    // A nested mode before the last whose size wraps to 0 is an empty
    // mode by its size (the core's `ZeroSizeMode`): it takes the integer.
    let wrapped = layout!(((x,x),3):((1,0),1));
    assert_eq!(wrapped.at(12), 12);
}

#[test]
fn a_tuple_coordinate_splits_nothing_and_matches_the_core() {
    let m = 0;
    let l = layout!((m,4):(1,m));
    let reference = core("(0,4):(1,0)");
    let expected = reference.crd2idx(&"(1,3)".parse().unwrap()).unwrap();
    assert_eq!(l.crd2idx((1, 3)) as i64, expected);
}

#[test]
fn idx2crd_over_an_empty_extent_is_defined_where_the_core_refuses() {
    let m = 0;
    for shape in ["(0,4)", "(4,0)"] {
        assert!(is_zero_size_mode(idx2crd(&Int(5), &shape.parse().unwrap())));
    }
    // Every leaf takes the rest modulo its extent: 0 takes all of it.
    assert_eq!(layout!((m,4):(1,m)).idx2crd(5), (5, 0));
    assert_eq!(layout!((4,m):(1,4)).idx2crd(5), (1, 1));
    assert_eq!(layout!((4,m,3):(1,4,0)).idx2crd(9), (1, 2, 0));
    // An integer shape returns the index unchanged, empty or not.
    assert_eq!(layout!(idx2crd(5, m)), 5);
    // Where the core answers (no empty extent), the same coordinate.
    let n = 3;
    let l = layout!((n,(2,n)):(1,(3,6)));
    let shape = core("(3,(2,3)):(1,(3,6))");
    for i in 0..30 {
        let expected = idx2crd(&Int(i), shape.shape()).unwrap();
        let (x, (y, z)) = l.idx2crd(i as usize);
        let found = format!("({x},({y},{z}))");
        assert_eq!(found, expected.to_string());
    }
}

#[test]
fn checked_access_refuses_every_index_of_an_empty_layout() {
    for m in [0, 3] {
        let l = layout!((m,4):(4,1));
        for i in 0..20 {
            let inside = i < 4 * m;
            assert_eq!(l.checked_at(i), inside.then(|| i % m * 4 + i / m));
            assert_eq!(l.checked_crd2idx(i), l.checked_at(i));
            let (row, col) = (i % 5, i / 5);
            let expected = (row < m && col < 4).then(|| row * 4 + col);
            assert_eq!(l.checked_crd2idx((row, col)), expected);
        }
    }
}

#[test]
fn a_tensor_over_an_empty_layout_rejects_every_index() {
    let m = 0;
    let data = [7u8; 16];
    let empty_storage: &[u8] = &[];
    for t in [
        Tensor::new(&data[..], layout!((m,4):(4,1))).unwrap(),
        Tensor::new(empty_storage, layout!((m,4):(4,1))).unwrap(),
    ] {
        assert_eq!(t.size(), 0);
        assert_eq!(t.iter().count(), 0);
        for i in 0..20 {
            assert_eq!(t.get(i), None);
            assert_eq!(t.get((i % 5, i / 5)), None);
        }
    }
}

#[test]
#[should_panic(expected = "coordinate 5 is out of the domain of the tensor's layout (0,4):(4,1)")]
fn indexing_a_tensor_over_an_empty_layout_panics_as_a_slice_does() {
    let m = 0;
    let data = [7u8; 16];
    let t = Tensor::new(&data[..], layout!((m,4):(4,1))).unwrap();
    let _ = t[5];
}

/// The typed algebra and partitions over a layout with a dynamic extent of
/// 0 answer (or refuse) as the core does, and never panic: the sizes of a
/// divide and a product, `max_alignment`; an empty tensor has no tile and
/// its thread partition no element.
#[test]
fn algebra_over_an_empty_mode_matches_the_core_and_does_not_panic() {
    use layout_dsl::tensor::{X, typed};
    use layout_dsl::typed::{C, Divide, Product};
    let m = 0;
    let l = layout!((m,4):(1,m));
    let reference = core("(0,4):(1,0)");
    // Both answer with the same size, or both refuse (the core with
    // `ZeroSizeMode`, the typed product with `ZeroExtent`).
    let same = |typed: Option<usize>, core: Result<i64, layout_dsl::Error>| match (typed, core) {
        (Some(n), Ok(k)) => assert_eq!(n as i64, k),
        (typed, core) => assert_eq!((typed.is_none(), core.is_err()), (true, true), "{core:?}"),
    };
    let tiler = layout_dsl::Tiler::try_from("(2,2)".parse::<IntTuple>().unwrap()).unwrap();
    same(
        l.logical_divide((C::<2>, C::<2>)).ok().map(|d| d.size()),
        layout_dsl::logical_divide(&reference, &tiler).map(|d| d.size()),
    );
    let block = layout_dsl::Tiler::from(core("(2,2):(1,2)"));
    same(
        l.logical_product(layout!(type (2,2):(1,2)))
            .ok()
            .map(|p| p.size()),
        layout_dsl::logical_product(&reference, &block).map(|p| p.size()),
    );
    same(
        l.max_alignment().ok(),
        layout_dsl::max_alignment(&reference),
    );
    let data = [1f32; 8];
    let t = Tensor::new(&data[..], l).unwrap();
    // An empty mode has no tile 0: refused, as a coordinate out of range.
    assert!(typed::local_tile(t.by_ref(), (C::<2>, C::<2>), (0, X)).is_err());
    let thr = layout!(type (2,2):(2,1));
    let part = typed::local_partition(t.by_ref(), &thr, 3);
    assert_eq!(part.map(|p| p.iter().count()).ok(), Some(0));
}

//! Tensors against brute force: construction accepts exactly the layouts
//! whose offsets all fall inside the engine, and indexing, iteration and
//! slicing read the elements the layout names, on random layouts (negative
//! and zero strides included) and on typed `layout!` values.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;

use common::*;
use layout_core::{Coord, IntTuple, Layout, idx2crd, slice_and_offset};
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X};
use proptest::prelude::*;

const CASES: u32 = 256;

/// Elements that name their own position.
fn data(len: usize) -> Vec<i64> {
    (0..len as i64).map(|i| 1000 + i).collect()
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn construction_accepts_exactly_the_layouts_inside(
        l in layout(), base in 0usize..64, len in 0usize..2048
    ) {
        let inside = l.offsets().all(|o| (0..len as i64).contains(&(base as i64 + o)));
        let engine = data(len);
        prop_assert_eq!(Tensor::at_base(&engine[..], l.clone(), base).is_ok(), inside, "{} at {} in {}", l, base, len);
    }

    /// 1-D, natural (tuple) and out-of-domain coordinates; iteration order.
    #[test]
    fn indexing_reads_base_plus_offset(l in layout(), extra in 0usize..8) {
        let low: i64 = l.leaf_modes().map(|(s, d)| (s - 1) * d.min(0)).sum();
        let base = (-low) as usize;
        let engine = data(base + l.cosize().max(0) as usize + l.size() as usize * 64 + extra);
        let t = Tensor::at_base(&engine[..], l.clone(), base).unwrap();
        let want: Vec<i64> = (0..l.size()).map(|i| engine[(base as i64 + l.at(i).unwrap()) as usize]).collect();
        prop_assert_eq!(t.iter().copied().collect::<Vec<_>>(), want.clone());
        for (i, &w) in want.iter().enumerate() {
            prop_assert_eq!(t[i], w);
            let natural: IntTuple = idx2crd(&IntTuple::Int(i as i64), l.shape()).unwrap();
            prop_assert_eq!(t.get(&natural), Some(&w));
        }
        prop_assert_eq!(t.get(l.size() as usize), None);
        if let IntTuple::Tuple(modes) = l.shape() {
            // One mode one past its end.
            let mut past: Vec<IntTuple> = modes.iter().map(|_| IntTuple::Int(0)).collect();
            past[extra % modes.len().max(1)..].iter_mut().take(1).for_each(|c| {
                *c = IntTuple::Int(modes[extra % modes.len()].size().unwrap());
            });
            if !modes.is_empty() {
                prop_assert_eq!(t.get(&IntTuple::Tuple(past)), None);
            }
        }
    }

    /// A slice reads what the whole tensor reads at the filled-in coordinate.
    #[test]
    fn slices_are_views_into_the_same_elements(l in layout(), seed in any::<u64>()) {
        let mut rng = Dice::new(seed);
        let low: i64 = l.leaf_modes().map(|(s, d)| (s - 1) * d.min(0)).sum();
        let base = (-low) as usize;
        let engine = data(base + l.size() as usize * 64);
        let t = Tensor::at_base(&engine[..], l.clone(), base).unwrap();
        let c = match l.shape() {
            IntTuple::Tuple(modes) => Coord::Tuple(modes.iter().map(|m| match rng.below(2) {
                0 => Coord::Underscore,
                _ => Coord::Int(rng.below(m.size().unwrap() as usize) as i64),
            }).collect()),
            _ => Coord::Underscore,
        };
        let s = t.slice(&c);
        let view = slice_and_offset(&c, &l).unwrap();
        prop_assert_eq!(s.layout(), view.layout());
        let got: Vec<i64> = s.iter().copied().collect();
        let want: Vec<i64> = view.offsets().map(|o| engine[(base as i64 + o) as usize]).collect();
        prop_assert_eq!(got, want);
    }
}

#[test]
fn typed_layouts_index_as_the_core_does() {
    let engine: Vec<i64> = data(64);
    let typed = Tensor::new(&engine[..], layout!(((2,3),4):((1,8),2))).unwrap();
    let core = Tensor::new(
        &engine[..],
        "((2,3),4):((1,8),2)".parse::<Layout>().unwrap(),
    )
    .unwrap();
    for i in 0..24usize {
        assert_eq!(typed[i], core[i]);
        let ((a, b), c) = typed.layout().idx2crd(i);
        assert_eq!(typed[((a, b), c)], core[((a, b), c)]);
        assert_eq!(typed[(a + 2 * b, c)], core[(a + 2 * b, c)]);
    }
    assert_eq!(typed.get(((2usize, 0usize), 0usize)), None);
    assert_eq!(typed.get((6usize, 0usize)), None);
    assert_eq!(typed.get(24usize), None);
    assert_eq!(
        typed.iter().collect::<Vec<_>>(),
        core.iter().collect::<Vec<_>>()
    );

    // A dynamic extent, and a negative static stride from a base.
    let m = 3;
    let cols = Tensor::new(&engine[..], layout!((m, 4):(1, m))).unwrap();
    assert_eq!(cols[(2usize, 3usize)], engine[2 + 9]);
    assert_eq!(cols.get((3usize, 0usize)), None);
    let reversed = Tensor::at_base(&engine[..], layout!(4:-2), 6).unwrap();
    assert_eq!(
        reversed.iter().copied().collect::<Vec<_>>(),
        [1006, 1004, 1002, 1000]
    );
    assert!(Tensor::at_base(&engine[..], layout!(4:-2), 5).is_err());

    // Slices and tiles of a typed tensor are core-layout views.
    let rows = Tensor::new(&engine[..], layout!((4,8):(8,1))).unwrap();
    let row2: Vec<i64> = rows.slice((2usize, X)).iter().copied().collect();
    assert_eq!(row2, (1016..1024).collect::<Vec<_>>());
    let tile = layout_dsl::tensor::local_tile(rows, (2usize, 4usize), (1usize, 1usize)).unwrap();
    assert_eq!(tile.layout().to_string(), "(2,4):(8,1)");
    assert_eq!(tile[(0usize, 0usize)], engine[2 * 8 + 4]);
}

#[test]
fn writes_land_where_the_layout_says() {
    let mut t = Tensor::new(vec![0i32; 12], "(3,4):(4,1)".parse::<Layout>().unwrap()).unwrap();
    t[(1usize, 2usize)] = 5;
    *t.get_mut((2usize, 3usize)).unwrap() = 7;
    t.slice_mut((0usize, X)).for_each_mut(|x| *x = 1);
    assert_eq!(t.engine(), &[1, 1, 1, 1, 0, 0, 5, 0, 0, 0, 0, 7]);
    // A broadcast (stride 0) layout writes one element from every coordinate.
    let mut b = Tensor::new([0i32; 2], layout!((2,3):(1,0))).unwrap();
    let mut k = 0;
    b.for_each_mut(|x| {
        k += 1;
        *x += k;
    });
    assert_eq!(b.engine(), &[1 + 3 + 5, 2 + 4 + 6]);
}

/// A typed tensor's panic names the coordinate and the layout, as a core one's.
#[test]
#[should_panic(
    expected = "coordinate (4, 0) is out of the domain of the tensor's layout (4,8):(8,1)"
)]
fn indexing_a_typed_tensor_out_of_the_domain_names_the_coordinate() {
    let t = Tensor::new(vec![0i32; 32], layout!(type (4,8):(8,1))).unwrap();
    let _ = t[(4usize, 0usize)];
}

/// A nested `IntTuple` coordinate is named in the notation, through `IndexMut` too.
#[test]
#[should_panic(
    expected = "coordinate (1,(2,0)) is out of the domain of the tensor's layout (2,(2,3)):(1,(2,4))"
)]
fn writing_out_of_the_domain_names_a_nested_coordinate() {
    let mut t = Tensor::new(
        vec![0i32; 12],
        "(2,(2,3)):(1,(2,4))".parse::<Layout>().unwrap(),
    )
    .unwrap();
    let c: IntTuple = "(1,(2,0))".parse().unwrap();
    t[c] = 1;
}

#[test]
#[should_panic(
    expected = "coordinate (3, 0) is out of the domain of the tensor's layout (3,4):(4,1)"
)]
fn indexing_out_of_the_domain_panics() {
    let t = Tensor::new(vec![0i32; 12], "(3,4):(4,1)".parse::<Layout>().unwrap()).unwrap();
    let _ = t[(3usize, 0usize)];
}

#[test]
#[should_panic(expected = "Tensor::slice: slice coordinate 4 is out of range 0..4")]
fn slicing_out_of_the_domain_panics() {
    let t = Tensor::new(vec![0i32; 12], "(3,4):(4,1)".parse::<Layout>().unwrap()).unwrap();
    let _ = t.slice((X, 4usize));
}

#[test]
fn arrays_and_unchecked_access_agree_with_tuples() {
    let engine: Vec<i64> = data(64);
    let t = Tensor::new(
        &engine[..],
        "((2,3),4):((1,8),2)".parse::<Layout>().unwrap(),
    )
    .unwrap();
    for i in 0..6usize {
        for j in 0..4usize {
            let want = t[(i, j)];
            assert_eq!(t[[i, j]], want);
            assert_eq!(t[((i % 2, i / 2), j)], want);
            // SAFETY: (i, j) is in the domain.
            assert_eq!(unsafe { *t.get_unchecked((i, j)) }, want);
        }
    }
    assert_eq!(t.get([6usize, 0]), None);
    assert_eq!(t.get([0usize, 0, 0]), None);
    // A tuple for a single extent is not a coordinate of it.
    assert_eq!(t.get(((0usize, 0usize, 0usize), 0usize)), None);
}

//! Tensors over composed (swizzled) layouts, typed (`layout!`) and core
//! (`ComposedLayout`): indexing, `get`, writes and iteration go through
//! the swizzle, checked against the core's offsets at every coordinate;
//! construction checks the swizzled offsets; slices and tiles (checked in
//! full in tensor_swizzled_views.rs) keep the swizzle.

use layout_dsl::tensor::{AsLayout, Tensor, X, local_tile};
use layout_dsl::typed::TypedLayout;
use layout_dsl::{ComposedLayout, IntTuple, Value, evaluate, layout};

fn core_composed(text: &str) -> ComposedLayout {
    match evaluate(text) {
        Ok(Value::Composed(c)) => c,
        other => panic!("{text}: {other:?}"),
    }
}

/// `0..len` as the storage, so an element's value is its offset.
fn iota(len: usize) -> Vec<i64> {
    (0..len as i64).collect()
}

fn max_offset(c: &ComposedLayout) -> usize {
    *c.offsets().unwrap().iter().max().unwrap() as usize
}

#[test]
fn a_typed_swizzled_tensor_indexes_through_the_swizzle() {
    let text = "Sw<3,3,3> o 0 o (8,64):(64,1)";
    let core = core_composed(text);
    let data = iota(512);
    let t = Tensor::new(&data[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    for r in 0..8usize {
        for k in 0..64usize {
            let c = IntTuple::Tuple(vec![IntTuple::Int(r as i64), IntTuple::Int(k as i64)]);
            let want = core.crd2idx(&c).unwrap();
            assert_eq!(t[(r, k)], want, "({r},{k})");
            assert_eq!(t.get((r, k)), Some(&want));
            // Independently: the row's 3 bits flip the 8-element block bits.
            assert_eq!(want as usize, (r * 64 + k) ^ (r << 3));
        }
    }
    assert_eq!(t.get((8, 0)), None);
    assert_eq!(t.get((0, 64)), None);
    assert_eq!(
        t.get(511usize),
        Some(&core.crd2idx(&IntTuple::Int(511)).unwrap())
    );
    let order: Vec<i64> = t.iter().copied().collect();
    assert_eq!(order, core.offsets().unwrap());
}

#[test]
fn core_composed_layouts_serve_tensors_too() {
    for text in [
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        "Sw<2,0,-3> o 5 o (4,8):(8,1)",
        "Sw<3,3,3> o 0 o ((8,8),(8,8)):((8,64),(1,512))",
        "logical_divide(Sw<2,3,3> o 0 o (16,32):(32,1), <4,8>)",
    ] {
        let core = core_composed(text);
        let data = iota(max_offset(&core) + 1);
        let t = Tensor::new(&data[..], core.clone()).unwrap();
        for i in 0..core.size() {
            let want = core.crd2idx(&IntTuple::Int(i)).unwrap();
            assert_eq!(t[i as usize], want, "{text} at {i}");
        }
        let order: Vec<i64> = t.iter().copied().collect();
        assert_eq!(order, core.offsets().unwrap(), "{text}");
        assert_eq!(t.get(core.size() as usize), None);
    }
}

#[test]
fn writes_land_where_reads_find_them() {
    let m = 8;
    let mut data = vec![0u32; 512];
    let mut t = Tensor::new(&mut data[..], layout!(Sw<3,3,3> o 0 o (m,64):(64,1))).unwrap();
    for r in 0..8usize {
        for k in 0..64usize {
            t[(r, k)] = (r * 64 + k) as u32;
        }
    }
    // Element (r, k) sits at (r*64 + k) ^ (r << 3): a permutation, so every
    // slot was written exactly once.
    for (offset, &v) in data.iter().enumerate() {
        let (r, k) = (v as usize / 64, v as usize % 64);
        assert_eq!(offset, (r * 64 + k) ^ (r << 3));
    }
    let mut tensor = Tensor::new(vec![0u8; 512], layout!(Sw<3,4,3> o 0 o (8,64):(64,1))).unwrap();
    let mut n = 0u8;
    tensor.for_each_mut(|x| {
        *x = n;
        n = n.wrapping_add(1);
    });
    let read: Vec<u8> = tensor.iter().copied().collect();
    assert_eq!(read, (0..512).map(|i| i as u8).collect::<Vec<_>>());
}

#[test]
fn the_bounds_check_sees_the_swizzled_offsets() {
    // CuTe's cosize (the inner layout's) is 456, but the swizzle moves
    // offset 448 to 496: storage of cosize elements is refused.
    let l = layout!(Sw<3,4,3> o 0 o (8,8):(64,1));
    assert_eq!(l.cosize(), 7 * 64 + 7 + 1);
    assert_eq!(l.crd2idx((7, 0)), 496);
    let core = core_composed("Sw<3,4,3> o 0 o (8,8):(64,1)");
    let largest = max_offset(&core);
    assert_eq!(largest, 503);
    let short = iota(456);
    let error = Tensor::new(&short[..], l).unwrap_err();
    assert!(
        error.to_string().contains("largest swizzled offset"),
        "{error}"
    );
    let data = iota(largest + 1);
    assert!(Tensor::new(&data[..], l).is_ok());
    assert!(Tensor::at_base(&data[..], l, 1).is_err());
    // A negative swizzled offset is refused too.
    let below = core_composed("Sw<1,0,1> o -3 o 4:1");
    assert!(Tensor::new(&data[..], below).is_err());
}

#[test]
fn slices_and_tiles_of_a_swizzled_tensor_go_through_the_swizzle() {
    // The full checks are in tensor_swizzled_views.rs.
    let data = iota(512);
    let t = Tensor::new(&data[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    let row = t.try_slice((1, X)).unwrap();
    assert_eq!(row[9], t[(1, 9)]);
    let tile = local_tile(t.view(), (4usize, 8usize), (1usize, 2usize)).unwrap();
    assert_eq!(tile[(3, 5)], t[(7, 21)]);
    // A composed layout still has no plain core form.
    let error = t.view().layout().to_core().unwrap_err();
    assert!(
        error.to_string().contains("composed (swizzled) layout"),
        "{error}"
    );
}

#[test]
#[should_panic(
    expected = "coordinate (8, 0) is out of the domain of the tensor's layout Sw<3,3,3> o 0 o (8,64):(64,1)"
)]
fn out_of_domain_names_the_composed_layout() {
    let data = iota(512);
    let t = Tensor::new(&data[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    let _ = t[(8, 0)];
}

#[test]
fn a_typed_composed_layout_is_generic_over_its_inner_layout() {
    fn offsets<L: TypedLayout<Offset = usize>>(
        c: &layout_dsl::typed::Composed<layout_dsl::typed::Swizzle<2, 0, 2>, usize, L>,
    ) -> Vec<usize> {
        (0..c.size()).map(|i| c.at(i)).collect()
    }
    let k = 4;
    let c = layout!(Sw<2,0,2> o k o 8:1);
    // 4 + i for i in 0..8; bits 2,3 flip bits 0,1: 4 = 0b0100 -> 0b0101,
    // 8 = 0b1000 -> 0b1010, 10 = 0b1010 -> 0b1000, …
    assert_eq!(offsets(&c), [5, 4, 7, 6, 10, 11, 8, 9]);
}

//! `ndarray` interop (feature `ndarray`): views become tensors that read the
//! same elements at the same indices, and tensors become views; what cannot
//! be converted soundly is refused.
#![cfg(feature = "ndarray")]

use layout_dsl::tensor::{Tensor, X};
use layout_dsl::{Layout, layout};
use ndarray::{Array2, Array3, Axis, s};

fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

#[test]
fn contiguous_views_in_any_order_become_tensors() {
    let a = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| 100 * i + 10 * j + k);
    let views = [
        a.view(),
        a.t(),
        a.view().permuted_axes([1, 0, 2]),
        a.slice(s![..;-1, .., ..;-1]),
        a.slice(s![1..2, .., ..]),
    ];
    for v in views {
        let t = Tensor::try_from(v).unwrap();
        let (d0, d1, d2) = v.dim();
        for i in 0..d0 {
            for j in 0..d1 {
                for k in 0..d2 {
                    assert_eq!(
                        t[(i, j, k)],
                        v[[i, j, k]],
                        "{} at ({i},{j},{k})",
                        t.layout()
                    );
                }
            }
        }
    }
}

#[test]
fn views_with_gaps_are_refused() {
    let a = Array2::from_shape_fn((4, 6), |(i, j)| i * 6 + j);
    assert!(Tensor::try_from(a.slice(s![.., ..;2])).is_err());
    assert!(Tensor::try_from(a.slice(s![1..3, 1..3])).is_err());
    // Whole rows of a row-major array are contiguous.
    let rows = Tensor::try_from(a.slice(s![1..3, ..])).unwrap();
    assert_eq!(rows[(0, 0)], 6);
    // A broadcast (stride 0) view: no slice holds it.
    let b = ndarray::Array1::from(vec![1, 2, 3]);
    let e = Tensor::try_from(b.broadcast((2, 3)).unwrap()).unwrap_err();
    // Said as what it is (it used to be called a view with gaps).
    assert!(e.to_string().contains("a broadcast view"), "{e}");
    let e = Tensor::try_from(a.slice(s![.., ..;2])).unwrap_err();
    assert!(e.to_string().contains("gaps between its elements"), "{e}");
}

#[test]
fn a_writable_view_writes_through() {
    let mut a = Array2::<i32>::zeros((3, 4));
    {
        let mut t = Tensor::try_from(a.view_mut().reversed_axes()).unwrap();
        t[(3, 1)] = 7;
        t.slice_mut((X, 2)).for_each_mut(|x| *x = 5);
    }
    assert_eq!(a[[1, 3]], 7);
    assert_eq!(a.index_axis(Axis(0), 2).to_vec(), [5, 5, 5, 5]);
}

#[test]
fn tensors_become_views() {
    let data: Vec<i64> = (0..24).collect();
    for text in [
        "(4,6):(6,1)",
        "(4,6):(1,4)",
        "(4,3):(-6,2)",
        "(2,3,4):(12,4,1)",
        "(3,4):(0,1)",
    ] {
        let l = layout(text);
        let base = if text.contains('-') { 18 } else { 0 };
        let t = Tensor::at_base(&data[..], l.clone(), base).unwrap();
        let v = t.to_array_view().unwrap();
        assert_eq!(v.len(), t.size());
        let from_tensor: Vec<i64> = t.iter().copied().collect();
        // The tensor's order is colexicographic: ndarray's Fortran order.
        let from_view: Vec<i64> = v.t().iter().copied().collect();
        assert_eq!(from_tensor, from_view, "{text}");
    }
    // A typed layout too.
    let t = Tensor::new(&data[..], layout!((2,3):(1,2))).unwrap();
    assert_eq!(t.to_array_view().unwrap()[[1, 2]], 5);
}

#[test]
fn what_ndarray_cannot_hold_is_refused() {
    let data: Vec<i64> = (0..24).collect();
    // A nested mode has no ndarray axis.
    let nested = Tensor::new(&data[..], layout("((2,2),6):((1,2),4)")).unwrap();
    assert!(nested.to_array_view().is_err());
    // A writable view whose coordinates share elements.
    let mut buf = [0i64; 4];
    let mut shared = Tensor::new(&mut buf[..], layout("(3,4):(0,1)")).unwrap();
    assert!(shared.to_array_view_mut().is_err());
    let mut fine = Tensor::new(&mut buf[..], layout("(2,2):(1,2)")).unwrap();
    fine.to_array_view_mut().unwrap()[[1, 1]] = 9;
    assert_eq!(buf[3], 9);
}

proptest::proptest! {
    /// Any contiguous view (axes permuted, any of them reversed) becomes a
    /// tensor equal to it at every index, and back a view equal to it.
    #[test]
    fn contiguous_views_round_trip(
        dims in proptest::array::uniform3(1usize..5),
        perm in proptest::sample::select(vec![[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]),
        flip: [bool; 3],
    ) {
        let a = Array3::from_shape_fn(dims, |(i, j, k)| (i * 31 + j * 7 + k) as i32);
        let mut v = a.view().permuted_axes(perm);
        for (axis, &f) in flip.iter().enumerate() {
            if f {
                v.invert_axis(Axis(axis));
            }
        }
        let t = Tensor::try_from(v).unwrap();
        let back = t.to_array_view().unwrap();
        let (d0, d1, d2) = v.dim();
        for i in 0..d0 {
            for j in 0..d1 {
                for k in 0..d2 {
                    proptest::prop_assert_eq!(t[(i, j, k)], v[[i, j, k]]);
                    proptest::prop_assert_eq!(back[[i, j, k]], v[[i, j, k]]);
                }
            }
        }
    }
}

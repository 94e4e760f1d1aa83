//! `ndarray` interop (feature `ndarray`): views become tensors that read the
//! same elements at the same indices, and tensors become views; what cannot
//! be converted soundly is refused.
#![cfg(feature = "ndarray")]

use layout_dsl::tensor::{Tensor, X};
use layout_dsl::{Layout, layout};
use ndarray::{Array1, Array2, Array3, Axis, Slice, s};

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
    // A nested mode has no ndarray axis, unless its leaves coalesce into one.
    let nested = Tensor::new(&data[..], layout("((2,2),6):((1,4),2)")).unwrap();
    assert!(nested.to_array_view().is_err());
    let merged = Tensor::new(&data[..], layout("((2,3),(2,2)):((1,2),(6,12))")).unwrap();
    let v = merged.to_array_view().unwrap();
    assert_eq!((v.shape(), v.strides()), (&[6, 4][..], &[1, 6][..]));
    assert_eq!(v[[5, 3]], merged[(5, 3)]);
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

/// One axis cut as `s![start..end;step]` would (any sign of step), from
/// raw numbers: `start`, `end` in `0..=dim`.
fn cut(dim: usize, (a, b, step): (usize, usize, isize)) -> Slice {
    let (a, b) = (a.min(dim), b.min(dim));
    Slice::new(a.min(b) as isize, Some(a.max(b) as isize), step)
}

/// `v` with each axis sliced by `axes`, then the axes permuted.
fn cut_all<S: ndarray::RawData>(
    mut v: ndarray::ArrayBase<S, ndarray::Ix3>,
    axes: &[(usize, usize, isize); 3],
    perm: [usize; 3],
) -> ndarray::ArrayBase<S, ndarray::Ix3> {
    for (axis, &c) in axes.iter().enumerate() {
        let d = v.len_of(Axis(axis));
        v.slice_axis_inplace(Axis(axis), cut(d, c));
    }
    v.permuted_axes(perm)
}

/// A 3-D cut: each axis sliced by `cuts`, then the axes permuted.
type Cuts = ([(usize, usize, isize); 3], [usize; 3]);

fn cuts() -> impl proptest::strategy::Strategy<Value = Cuts> {
    use proptest::prelude::*;
    let axis = (0usize..6, 0usize..6, prop_oneof![1isize..=3, -3isize..=-1]);
    (
        [axis.clone(), axis.clone(), axis],
        proptest::sample::select(vec![
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ]),
    )
}

proptest::proptest! {
    /// Any view cut from an array (steps of either sign, sub-blocks, empty
    /// ranges, permuted axes) becomes, with its array, a tensor equal to it
    /// at every index; the writable one writes exactly the view's elements.
    #[test]
    fn views_cut_from_an_array_become_tensors(
        dims in proptest::array::uniform3(1usize..6),
        fortran: bool,
        (axes, perm) in cuts(),
    ) {
        let value = |(i, j, k): (usize, usize, usize)| (i * 100 + j * 10 + k) as i32;
        let mut a = if fortran {
            Array3::from_shape_fn(ndarray::ShapeBuilder::f(dims), value)
        } else {
            Array3::from_shape_fn(dims, value)
        };
        let v = cut_all(a.view(), &axes, perm);
        let t = Tensor::from_view_of(&a, |v| cut_all(v, &axes, perm)).unwrap();
        let (d0, d1, d2) = v.dim();
        proptest::prop_assert_eq!(t.size(), d0 * d1 * d2);
        for i in 0..d0 {
            for j in 0..d1 {
                for k in 0..d2 {
                    proptest::prop_assert_eq!(t[(i, j, k)], v[[i, j, k]], "{} at ({},{},{})", t.layout(), i, j, k);
                }
            }
        }
        // Writable: mark the view's elements through the tensor; exactly
        // the view's elements change.
        let mut want = a.clone();
        cut_all(want.view_mut(), &axes, perm)
            .indexed_iter_mut()
            .for_each(|((i, j, k), x)| *x = -(1 + (i + 10 * j + 100 * k) as i32));
        let mut t = Tensor::from_view_of_mut(&mut a, |w| cut_all(w, &axes, perm)).unwrap();
        for i in 0..d0 {
            for j in 0..d1 {
                for k in 0..d2 {
                    t[(i, j, k)] = -(1 + (i + 10 * j + 100 * k) as i32);
                }
            }
        }
        proptest::prop_assert_eq!(a, want);
    }
}

#[test]
fn views_with_gaps_convert_with_their_array() {
    let a = Array2::from_shape_fn((4, 6), |(i, j)| (i * 6 + j) as i64);
    // Every other column, rows reversed, then transposed.
    let t = Tensor::from_view_of(&a, |v| v.slice_move(s![..;-1, 1..;2]).reversed_axes()).unwrap();
    assert_eq!(t.layout().to_string(), "(3,4):(2,-6)");
    assert_eq!(t[(2, 0)], a[[3, 5]]);
    // A broadcast view of a row: stride 0.
    let row = Array1::from(vec![1, 2, 3]);
    let b = Tensor::from_view_of(&row, |_| row.broadcast((2, 3)).unwrap()).unwrap();
    assert_eq!(b.layout().to_string(), "(2,3):(0,1)");
    assert_eq!(b[(1, 2)], 3);
    // A view of another array is refused, not read.
    let other = Array2::<i64>::zeros((4, 6));
    let e = Tensor::from_view_of(&a, |_| other.view()).unwrap_err();
    assert!(e.to_string().contains("not in that array"), "{e}");
    // An array with gaps has no slice to lend.
    let strided = a.slice(s![.., ..;2]);
    assert!(Tensor::from_view_of(&strided, |v| v).is_err());
    // The round trip: back to a view with the same strides.
    let back = t.to_array_view().unwrap();
    assert_eq!(back.strides(), [2, -6]);
    assert_eq!(back[[2, 0]], a[[3, 5]]);
}

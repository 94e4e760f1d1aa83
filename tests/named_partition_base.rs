//! A partition's base, named layout or written out, is checked as a
//! slice's (`__private::checked_base`): in the layout's offset type
//! (`isize` for a negative static stride), and an `Err`
//! (`ErrorKind::Overflow`) rather than a wrapped value when the layout has
//! offsets that type cannot hold. The two doors give one type and one
//! value over random inputs.

use layout_core::ErrorKind;
use layout_dsl::layout;
use layout_dsl::tensor::typed::UnitTile;
use layout_dsl::typed::C;
use proptest::prelude::*;

/// Whether `r` is the overflow error.
fn overflow<T: std::fmt::Debug>(r: Result<T, layout_core::Error>) -> bool {
    matches!(r.unwrap_err().kind(), ErrorKind::Overflow(_))
}

#[test]
fn a_signed_layout_past_isize_is_an_error_through_both_doors() {
    // Offsets down to -(m-1) = -(2⁶⁴-2): below `isize::MIN`.
    let m = usize::MAX;
    let l = layout!((m, 2):(-1, 1));
    let t = (C::<4>, C::<2>);
    assert!(overflow(layout!(type local_tile(#l, #t, (1, 0)))));
    assert!(overflow(
        layout!(type local_tile((m, 2):(-1, 1), (4, 2), (1, 0)))
    ));
    assert!(overflow(layout!(type outer_partition(#l, #t, (1, 0)))));
    assert!(overflow(
        layout!(type outer_partition((m, 2):(-1, 1), (4, 2), (1, 0)))
    ));
    let thr = layout!(type (2, 2):(1, 2));
    assert!(overflow(layout!(type local_partition(#l, #thr, 3))));
    assert!(overflow(
        layout!(type local_partition((m, 2):(-1, 1), (2, 2):(1, 2), 3))
    ));
    // Without `type`, the written-out layout with a dynamic leaf is typed too.
    assert!(overflow(
        layout!(local_tile((m, 2):(-1, 1), (4, 2), (1, 0)))
    ));
}

#[test]
fn an_unsigned_layout_past_usize_is_an_error_through_both_doors() {
    // m·n > 2⁶⁴: the last offset does not fit a `usize`.
    let (m, n) = (1usize << 33, 1usize << 32);
    let l = layout!((m, n):(1, m));
    let t = (C::<4>, C::<2>);
    assert!(overflow(layout!(type local_tile(#l, #t, (1, 3)))));
    assert!(overflow(
        layout!(type local_tile((m, n):(1, m), (4, 2), (1, 3)))
    ));
    assert!(overflow(layout!(type inner_partition(#l, #t, (1, 3)))));
    assert!(overflow(layout!(type outer_partition(#l, #t, (1, 1)))));
    assert!(overflow(
        layout!(type outer_partition((m, n):(1, m), (4, 2), (1, 1)))
    ));
}

#[test]
fn at_the_edge_the_base_is_exact() {
    // The largest signed layout the core holds: `i64::MAX` rows of stride
    // -1, offsets down to -(2⁶³-2). The last tile's base is its first
    // row's offset, -(m-3), through both doors.
    let m = isize::MAX as usize;
    let l = layout!((m, 1):(-1, 1));
    let t = (C::<4>, C::<1>);
    let last = (m - 1) / 4;
    let (tile, base) = layout!(type local_tile(#l, #t, (last, 0))).unwrap();
    assert_eq!(base, -(isize::MAX - 3));
    assert_eq!(tile.to_string(), "(4,1):(-1,0)");
    // The written-out tile of extent 1 keeps a static stride (`C<0>`):
    // compared as text.
    let (written, written_base) =
        layout!(type local_tile((m, 1):(-1, 1), (4, 1), (last, 0))).unwrap();
    assert_eq!(
        (written.to_string(), written_base),
        (tile.to_string(), base)
    );
    // One more row: the layout's size, 2⁶³, passes `i64`, which the core
    // refuses (its `Layout::new`); so do both doors (`partition_fits` for
    // the named one, tests/typed_named_partition_overflow.rs), where the
    // named door answered this base before.
    let m = m + 1;
    let l = layout!((m, 1):(-1, 1));
    assert!(overflow(layout!(type local_tile(#l, #t, (last, 0)))));
    assert!(overflow(
        layout!(type local_tile((m, 1):(-1, 1), (4, 1), (last, 0)))
    ));
    // Unsigned: offsets up to `i64::MAX` exactly fit (one column).
    let u = layout!((m, 1):(1, 1));
    let rows = m - 1;
    let v = layout!((rows, 1):(1, 1));
    let t41 = (C::<4>, C::<1>);
    let (_, base) = layout!(type local_tile(#v, #t41, (last, 0))).unwrap();
    assert_eq!(base, 4 * last);
    // Past `i64`: both doors refuse, as the core.
    assert!(overflow(layout!(type local_tile(#u, #t41, (2, 0)))));
    assert!(overflow(
        layout!(type local_tile((m, 1):(1, 1), (4, 1), (2, 0)))
    ));
}

proptest! {
    /// Named and written-out partitions give the same (layout, base), of
    /// one type (the comparison does not compile otherwise), over dynamic
    /// extents, strides of both signs, tile and thread coordinates.
    #[test]
    fn named_is_written_out(
        m in 1usize..20, n in 1usize..20, d in 1usize..50,
        i in 0usize..6, j in 0usize..6, k in 0usize..8, h in 0usize..2,
    ) {
        let t = (C::<4>, C::<2>);
        let a = layout!((m, n):(-2, d));
        prop_assert_eq!(
            layout!(type local_tile(#a, #t, (i, j))).ok(),
            layout!(type local_tile((m, n):(-2, d), (4, 2), (i, j))).ok()
        );
        prop_assert_eq!(
            layout!(type outer_partition(#a, #t, (i, j))).ok(),
            layout!(type outer_partition((m, n):(-2, d), (4, 2), (i, j))).ok()
        );
        let thr = layout!(type (2, 4):(4, 1));
        prop_assert_eq!(
            layout!(type local_partition(#a, #thr, k)).ok(),
            layout!(type local_partition((m, n):(-2, d), (2, 4):(4, 1), k)).ok()
        );
        let b = layout!((m, (2, n)):(1, (-3, d)));
        let t2 = (C::<2>, (C::<2>, C::<1>));
        // Compared as text: the written-out tile of extent 1 keeps a
        // static stride 0 (`C<0>`) where the named one has a `usize`.
        let text = |(l, b): (String, isize)| (l, b);
        prop_assert_eq!(
            layout!(type local_tile(#b, #t2, (i, (h, j)))).ok().map(|r| text((r.0.to_string(), r.1))),
            layout!(type local_tile((m, (2, n)):(1, (-3, d)), (2, (2, 1)), (i, (h, j))))
                .ok()
                .map(|r| text((r.0.to_string(), r.1)))
        );
        // Naming CuTe's static tile of 1 (`UnitTile`, what a written-out
        // `1` in a tiler is) gives the written-out tile, of its type.
        let t3 = (C::<2>, (C::<2>, UnitTile));
        prop_assert_eq!(
            layout!(type local_tile(#b, #t3, (i, (h, j)))).ok(),
            layout!(type local_tile((m, (2, n)):(1, (-3, d)), (2, (2, 1)), (i, (h, j)))).ok()
        );
        let c = layout!((m, n):(d, 1));
        prop_assert_eq!(
            layout!(type local_tile(#c, #t, (i, j))).ok(),
            layout!(type local_tile((m, n):(d, 1), (4, 2), (i, j))).ok()
        );
        prop_assert_eq!(
            layout!(type local_partition(#c, #thr, k)).ok(),
            layout!(type local_partition((m, n):(d, 1), (2, 4):(4, 1), k)).ok()
        );
    }
}

//! A partial tile over a plain tensor (the tiler does not divide an
//! extent, and the last tile reaches past the storage) is refused as
//! that, naming the extents where the partition knows them and the two
//! predicated doors, not as a bare "largest offset … is out of range".

use layout_dsl::tensor::{Tensor, X, local_tile, logical_divide, typed};
use layout_dsl::typed::C;
use layout_dsl::{DomainError, ErrorKind, layout};

/// The audit's kernel: A is (M,K) = (37,13) column-major, tiles 16×16×4.
#[test]
fn a_typed_partial_tile_names_the_doors() {
    let (m, k) = (37usize, 13usize);
    let a = vec![0f32; m * k];
    let ma = Tensor::new(&a[..], layout!((m,k):(1,m))).unwrap();
    let tiler = (C::<16>, C::<16>, C::<4>);
    let e = typed::local_tile_step(ma, tiler, (2, 0, X), (C::<1>, X, C::<1>)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a partial tile: the tiler does not divide the tensor, so the last tile reaches offset 602, \
         out of range 0..481 of the storage; to predicate the elements past the end, partition a \
         `Residue` of the tensor, or read the tile through `typed::Unbounded` (`copy_if`, `axpby_if`)"
    );
    assert!(matches!(
        e.kind(),
        ErrorKind::Domain(DomainError::PartialTile {
            extents: None,
            index: 602,
            size: 481
        })
    ));
}

/// Every typed partition's refusal is a partial tile naming the offset,
/// the storage and the predicated doors: `local_tile` (by a coordinate, an
/// index, a `Step`), and `outer_partition` and `local_partition` (which
/// said only "the tensor's largest offset … is out of range"). Not the
/// extents, which the core names: finding them needs the parent's extents
/// kept alive to the check, 3 more instructions a whole tile (callgrind).
#[test]
fn every_typed_partition_names_a_partial_tile() {
    let (m, n) = (13usize, 8usize);
    let a = vec![0f32; m * n];
    let t = Tensor::new(&a[..], layout!((m,n):(n,1))).unwrap();
    let named = |e: layout_dsl::Error, index: i64| {
        assert!(
            matches!(
                e.kind(),
                ErrorKind::Domain(DomainError::PartialTile { extents: None, size: 104, index: i })
                    if *i == index
            ),
            "{e}"
        );
        let head = format!(
            "a partial tile: the tiler does not divide the tensor, so the last tile reaches \
             offset {index}, out of range 0..104 of the storage"
        );
        assert!(e.to_string().starts_with(&head), "{e}");
    };
    named(
        typed::local_tile(t.by_ref(), (C::<4>, C::<8>), (3, 0)).unwrap_err(),
        127,
    );
    named(
        typed::local_tile(t.by_ref(), (C::<4>, C::<8>), 3).unwrap_err(),
        127,
    );
    let tiler = (C::<4>, C::<2>, C::<8>);
    let e = typed::local_tile_step(t.by_ref(), tiler, (3, 0, 0), (C::<1>, X, C::<1>));
    named(e.unwrap_err(), 127);
    named(
        typed::outer_partition(t.by_ref(), (C::<4>, C::<2>), (3, 0)).unwrap_err(),
        126,
    );
    let thr = layout!(type (4,2):(2,1));
    for (i, index) in [(2, 110), (7, 127)] {
        named(
            typed::local_partition(t.by_ref(), &thr, i).unwrap_err(),
            index,
        );
    }
    let thr3 = layout!(type (4,3,2):(6,2,1));
    let e = typed::local_partition_step(t.by_ref(), &thr3, 23, (C::<1>, X, C::<1>));
    named(e.unwrap_err(), 127);
    // The core's door names the extents.
    let core = Tensor::new(
        &a[..],
        "(13,8):(8,1)".parse::<layout_dsl::Layout>().unwrap(),
    )
    .unwrap();
    let e = local_tile(core.view(), (4, 8), (3, 0)).unwrap_err();
    assert!(e.to_string().starts_with(
        "a partial tile: the tile's extent 4 does not divide the tensor's extent 13, so the last tile reaches offset 127"
    ), "{e}");
    // A tiler that divides: whole tiles, no error.
    assert!(typed::local_tile(t.by_ref(), (C::<13>, C::<4>), (0, 1)).is_ok());
}

/// The core partitions know the tiler, so they name the extent.
#[test]
fn a_core_partial_tile_names_the_extents() {
    let a = vec![0f32; 37 * 21];
    let t = Tensor::new(
        &a[..],
        "(37,21):(1,37)".parse::<layout_dsl::Layout>().unwrap(),
    )
    .unwrap();
    let e = local_tile(t.view(), (16, 16), (2, 1)).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::Domain(DomainError::PartialTile {
                extents: Some((16, 37)),
                ..
            })
        ),
        "{e}"
    );
    assert!(e.to_string().starts_with(
        "a partial tile: the tile's extent 16 does not divide the tensor's extent 37, so the last tile reaches offset"
    ), "{e}");
    // A divide too, by the second mode: 21 is not a multiple of 8.
    let e = logical_divide(t.view(), (1, 8)).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::Domain(DomainError::PartialTile {
                extents: Some((8, 21)),
                ..
            })
        ),
        "{e}"
    );
    // Whole tiles are unchanged.
    assert_eq!(local_tile(t, (37, 7), (0, 2)).unwrap().base(), 37 * 14);
}

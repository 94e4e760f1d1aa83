//! The checks a typed tensor skips or shortens, against the core path that
//! always checks in full: a typed partition whose coordinates are all the
//! parent's skips its bounds check (`within`), and the fits check of a
//! non-negative layout finds an empty layout only after its sums refuse.
//! Buffers are tight (a random length around the exact reach), so a skipped
//! check that was needed shows as a typed `Ok` where the core says `Err`.

use layout_dsl::tensor::{self, Tensor, X, typed};
use layout_dsl::typed::C;
use layout_dsl::{ErrorKind, Layout as CoreLayout, layout};
use proptest::prelude::*;

/// The elements in layout order and the shape, of any tensor.
fn seen<L: tensor::AsLayout>(t: &Tensor<&[usize], L>) -> (String, Vec<usize>) {
    let core = t.layout().to_core().unwrap();
    (core.shape().to_string(), t.iter().copied().collect())
}

/// Both `Err`, or both `Ok` with the same shape and elements.
macro_rules! agree {
    ($got:expr, $want:expr) => {{
        let (got, want) = ($got, $want);
        prop_assert_eq!(
            got.is_ok(),
            want.is_ok(),
            "typed {:?} core {:?}",
            got.is_ok(),
            want.is_ok()
        );
        if let (Ok(got), Ok(want)) = (got, want) {
            prop_assert_eq!(seen(&got), seen(&want));
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every typed partition of a tensor over a tight buffer is accepted
    /// exactly when the core's (checked in full) is, with the same elements.
    #[test]
    fn partitions_of_tight_buffers_agree_with_the_core(
        m in 0usize..23, n in 0usize..13, pad in 0usize..3, slack in 0usize..40,
        thr in 0usize..8, i in 0usize..8, j in 0usize..4,
    ) {
        let ld = m + pad;
        // The parent's reach is (m-1) + (n-1)·ld; the length runs from
        // below it (the parent refused) to past the partial tiles.
        let reach = if m * n == 0 { 0 } else { m + (n - 1) * ld };
        let len = (reach + slack).saturating_sub(20);
        let data: Vec<usize> = (0..len).collect();
        let l = layout!((m,n):(1,ld));
        let core: CoreLayout = l.to_core().unwrap();
        let (typed_t, core_t) = (Tensor::new(&data[..], l), Tensor::new(&data[..], core));
        prop_assert_eq!(typed_t.is_ok(), core_t.is_ok());
        let (Ok(typed_t), Ok(core_t)) = (typed_t, core_t) else { return Ok(()) };
        macro_rules! threads {
            ($thr_layout:expr) => {{
                let (t, c) = ($thr_layout, $thr_layout.to_core().unwrap());
                agree!(typed::local_partition(typed_t, &t, thr),
                       tensor::local_partition(core_t.view(), &c, thr));
                agree!(typed::local_partition_step(typed_t, &t, thr, (X, C::<1>)),
                       tensor::local_partition_step(core_t.view(), &c, thr, (X, 1)));
            }};
        }
        threads!(layout!(type (4,2):(1,4)));
        threads!(layout!(type (4,2):(2,1)));
        agree!(typed::outer_partition(typed_t, (C::<4>, C::<3>), (i % 4, j % 3)),
               tensor::outer_partition(core_t.view(), (4, 3), (i % 4, j % 3)));
        agree!(typed::local_tile(typed_t, (C::<4>, C::<3>), (i, j)),
               tensor::local_tile(core_t.view(), (4, 3), (i, j)));
        agree!(typed::local_tile(typed_t, (C::<4>, C::<3>), (X, j)),
               tensor::local_tile(core_t.view(), (4, 3), (X, j)));
        agree!(typed::local_tile(typed_t, (C::<4>, C::<3>), (i, X)),
               tensor::local_tile(core_t.view(), (4, 3), (i, X)));
        agree!(typed::local_tile_step(typed_t, (C::<4>, C::<5>, C::<3>), (i, 1, X), (C::<1>, X, C::<1>)),
               tensor::local_tile_step(core_t.view(), (4, 5, 3), (i, 1, X), (1, X, 1)));
    }

    /// A partition of a partition (a thread's share of a CTA tile) over a
    /// tight buffer: accepted exactly when the core's is.
    #[test]
    fn nested_partitions_agree_with_the_core(m in 1usize..40, n in 1usize..20, slack in 0usize..30, tile in 0usize..3, thr in 0usize..8) {
        let reach = m + (n - 1) * m;
        let data: Vec<usize> = (0..(reach + slack).saturating_sub(15).max(reach)).collect();
        let typed_t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
        let core_t = Tensor::new(&data[..], layout!((m,n):(1,m)).to_core().unwrap()).unwrap();
        let (typed_g, core_g) = (
            typed::local_tile(typed_t, (C::<8>, C::<4>), (tile, X)),
            tensor::local_tile(core_t.view(), (8, 4), (tile, X)),
        );
        prop_assert_eq!(typed_g.is_ok(), core_g.is_ok());
        let (Ok(typed_g), Ok(core_g)) = (typed_g, core_g) else { return Ok(()) };
        let thr_layout = layout!(type (4,2,1):(1,4,8));
        agree!(typed::local_partition(typed_g, &thr_layout, thr),
               tensor::local_partition(core_g.view(), &thr_layout.to_core().unwrap(), thr));
    }
}

/// Every offset of a typed view lies inside `len` (what the skipped check
/// would have asked).
fn inside<L: tensor::AsLayout>(t: &Tensor<&[usize], L>, len: usize) -> Result<(), TestCaseError> {
    let core = t.layout().to_core().unwrap();
    for i in 0..core.size() {
        let at = t.base() as i64 + core.at(i).unwrap();
        prop_assert!(
            (0..len as i64).contains(&at),
            "offset {at} of {core} at base {} past {len}",
            t.base()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Tuple modes: a tile of 4 spread over `(2,m)` is whole only when `m`
    /// is even, so a partial one must be checked; over tight buffers every
    /// typed partition that is accepted stays inside the buffer.
    #[test]
    fn tuple_mode_partitions_stay_inside_tight_buffers(
        m in 1usize..12, n in 1usize..9, pad in 0usize..3, slack in 0usize..40,
        i in 0usize..7, j in 0usize..4, thr in 0usize..8,
    ) {
        let ld = 2 * m + pad;
        let reach = 2 * m + (n - 1) * ld;
        let len = (reach + slack).saturating_sub(20);
        let data: Vec<usize> = (0..len).collect();
        let Ok(t) = Tensor::new(&data[..], layout!(((2,m),n):((1,2),ld))) else { return Ok(()) };
        if let Ok(p) = typed::local_tile(t, (C::<4>, C::<3>), (i, j)) { inside(&p, len)?; }
        if let Ok(p) = typed::local_tile(t, (C::<4>, C::<3>), (X, j)) { inside(&p, len)?; }
        if let Ok(p) = typed::local_tile(t, (C::<4>, C::<3>), (i, X)) { inside(&p, len)?; }
        if let Ok(p) = typed::outer_partition(t, (C::<4>, C::<3>), (i % 4, j % 3)) { inside(&p, len)?; }
        if let Ok(p) = typed::local_partition(t, &layout!(type (4,2):(1,4)), thr) { inside(&p, len)?; }
    }
}

/// The fits check of a non-negative layout: an empty layout fits any
/// buffer (its sums, with `extent - 1` wrapping, refuse and then find it
/// empty), and is refused only where the core cannot hold it; a reach
/// past `usize` is refused as the largest offset.
#[test]
fn fits_finds_empty_layouts_and_overflow() {
    let none: [u8; 0] = [];
    let three = [1u8, 2, 3];
    let huge = usize::MAX / 2;
    for (m, n) in [(0, 0), (0, 5), (5, 0), (0, huge), (huge, 0)] {
        assert!(
            Tensor::new(&none[..], layout!((m,n):(1,m))).is_ok(),
            "({m},{n})"
        );
        // Empty, so inside any buffer; but the core's span rule
        // (`Σ (extent-1)·|stride|` within `i64::MAX`, an empty mode
        // beside or not) refuses `(m-1)·huge` for `m ≥ 2`, and a tensor's
        // layout is one the core holds (branch viewfix): its overflow error.
        match Tensor::at_base(&three[..], layout!((m,n):(huge,1)), 7) {
            Err(e) if m >= 2 => assert!(matches!(e.kind(), ErrorKind::Overflow(_)), "{e}"),
            r => assert!(m < 2 && r.is_ok(), "({m},{n})"),
        }
    }
    // Stride 0 beside an empty mode, and an empty mode beside one that
    // alone would not fit: still empty.
    let z = 0;
    assert!(Tensor::new(&none[..], layout!((z,4):(1,0))).is_ok());
    assert!(Tensor::new(&three[..], layout!((z,9):(1,1))).is_ok());
    // Not empty: (n-1)·huge overflows no product but the sum; m·m overflows the product.
    let n = 3;
    let e = Tensor::new(&three[..], layout!((1,n):(1,huge))).unwrap_err();
    assert!(e.to_string().contains("largest offset"), "{e}");
    let m = 1usize << 33;
    let e = Tensor::new(&three[..], layout!((m,m):(1,m))).unwrap_err();
    assert!(e.to_string().contains("largest offset"), "{e}");
    // The exact edge: reach 2 fits 3 elements at base 0, not at base 1.
    let (m, n) = (3, 1);
    assert!(Tensor::new(&three[..], layout!((m,n):(1,m))).is_ok());
    assert!(Tensor::at_base(&three[..], layout!((m,n):(1,m)), 1).is_err());
    assert!(Tensor::at_base(&three[..], layout!((m,n):(1,m)), usize::MAX).is_err());
}

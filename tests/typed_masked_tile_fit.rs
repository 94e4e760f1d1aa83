//! The two edges branch `maskread` added (BENCHMARKS.md, "maskread"),
//! against the core's answer for the same call:
//!
//! - a masked tile of a tensor is checked past `i64` alone, its run-time
//!   leaves against the largest value its type allows
//!   (`__private::tile_fits`: `(2^63 - 32) / 7` for a `(32,8)` tile's
//!   stride `m`, `(2^63 - 4) / 7` for `(4,8)`'s); the sweep of
//!   tests/typed_named_partition_overflow.rs has no value at a seventh of
//!   `i64::MAX`, so the bound and one past it are asked here;
//! - a compact layout of more than `2^56 - 1` elements (over zero-sized
//!   ones) leaves `Tensor::new`'s inline comparison for its cold path,
//!   which accepts it where it fits and refuses it where it does not, as
//!   the core does;
//! - a layout that is not compact (a tensor's, or `local_tile`'s partial
//!   tile's) compares its largest offset with `min(len, 2^56 - 1)` inline
//!   and with `len` on the cold path (branch `maskread2`): past the
//!   inline bound it is accepted where it fits, as the core accepts it.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::C;

/// `usize::MAX` zero-sized elements (no allocation).
fn zst() -> Vec<()> {
    vec![(); usize::MAX]
}

const MAX: usize = i64::MAX as usize;

/// The masked tile `T` at `(0,0)` of `(m,1):(1,m)` over zero-sized
/// elements: its layout's string, or the error; and whether the core
/// takes the same tile's layout (`to_core`).
macro_rules! tile_of {
    ($z:expr, $m:expr, $tile:expr) => {{
        let m: usize = $m;
        let t = Tensor::new(&$z[..], layout!((m, 1):(1, m))).expect("(m,1):(1,m) fits");
        match typed::local_tile_masked(t, $tile, (0, 0)) {
            Ok(tile) => {
                let core = tile.layout().to_core();
                (Ok(tile.layout().to_string()), core.is_ok())
            }
            Err(e) => (Err(e.to_string()), false),
        }
    }};
}

#[test]
fn a_masked_tile_at_its_bound_and_one_past() {
    let z = zst();
    // (32,8):(1,m) reaches 31 + 7m: within i64::MAX up to the bound.
    let bound = (MAX - 31) / 7;
    assert!(31 + 7 * bound <= MAX);
    assert!(31 + 7 * (bound + 1) > MAX);
    let (at, core_at) = tile_of!(z, bound, (C::<32>, C::<8>));
    assert_eq!(at, Ok(format!("(32,8):(1,{bound})")));
    assert!(core_at, "the core holds the tile at the bound");
    let (past, _) = tile_of!(z, bound + 1, (C::<32>, C::<8>));
    let past = past.unwrap_err();
    assert!(past.contains("i64"), "{past}");
    // The core refuses the same layout.
    let (b1, one) = (bound + 1, 1usize);
    assert!(layout!((32, 8):(one, b1)).to_core().is_err());
    // (4,8):(1,m): 3 + 7m.
    let bound = (MAX - 3) / 7;
    let (at, core_at) = tile_of!(z, bound, (C::<4>, C::<8>));
    assert_eq!(at, Ok(format!("(4,8):(1,{bound})")));
    assert!(core_at);
    assert!(tile_of!(z, bound + 1, (C::<4>, C::<8>)).0.is_err());
    // Small strides: the inline comparison.
    assert_eq!(
        tile_of!(z, 40, (C::<32>, C::<8>)).0,
        Ok("(32,8):(1,40)".to_string())
    );
}

#[test]
fn a_compact_layout_past_the_inline_size() {
    let z = zst();
    let hot = (1usize << 56) - 1;
    // Sizes around 2^56 - 1, 2^62 and i64::MAX: the typed tensor's
    // answer is the core's (a tensor over the core's form of the layout).
    for (m, n) in [
        (hot, 1),
        (hot + 1, 1),
        (1 << 28, 1 << 28),
        (1 << 31, 1 << 31),
        (1 << 31, 1 << 32),
        (MAX, 1),
        (MAX / 2 + 1, 2),
        (MAX, 2),
        (1 << 32, 1 << 32),
    ] {
        let typed = Tensor::new(&z[..], layout!((m,n):(1,m))).map(|_| ());
        let core = layout!((m,n):(1,m))
            .to_core()
            .and_then(|c| Tensor::new(&z[..], c).map(|_| ()));
        assert_eq!(
            typed.as_ref().map_err(|e| e.to_string()).is_ok(),
            core.as_ref().is_ok(),
            "({m},{n}): typed {typed:?}, core {core:?}"
        );
    }
    // Accepted past the inline size, refused past i64 or usize.
    assert!(Tensor::new(&z[..], layout!((hot, 2):(1, hot))).is_ok());
    let past = MAX / 2 + 1;
    assert!(Tensor::new(&z[..], layout!((past, 2):(1, past))).is_err());
    // Over a buffer too short: refused, the core's error.
    let short = vec![(); hot + 5];
    let typed = Tensor::new(&short[..], layout!((hot, 2):(1, hot))).unwrap_err();
    let core = Tensor::new(&short[..], layout!((hot, 2):(1, hot)).to_core().unwrap()).unwrap_err();
    assert_eq!(typed.to_string(), core.to_string());
}

/// The typed tensor's answer for `layout` at `base` over `data`, and the
/// core's (a tensor over the core's form of the same layout), as strings.
macro_rules! both {
    ($data:expr, $l:expr, $base:expr) => {{
        let l = $l;
        let typed = Tensor::at_base(&$data[..], l, $base)
            .map(|_| ())
            .map_err(|e| e.to_string());
        let core = l
            .to_core()
            .and_then(|c| Tensor::at_base(&$data[..], c, $base).map(|_| ()))
            .map_err(|e| e.to_string());
        (typed, core)
    }};
}

#[test]
fn a_strided_layout_past_the_inline_size() {
    // A layout that is not compact compares its largest offset with
    // `min(len, 2^56 - 1)` inline, and with `len` itself on the cold path
    // (branch maskread2): one past the inline bound fits a longer buffer.
    let z = zst();
    let hot = (1usize << 56) - 1;
    let two = 2usize;
    for (d, base) in [
        (hot - 1, 0),
        (hot, 0),
        (hot + 1, 0),
        (hot, 5),
        (1 << 60, 0),
        (MAX / 2, 0),
        (MAX, 0),
        (MAX, 1 << 62),
        (usize::MAX / 2, 0),
    ] {
        let (typed, core) = both!(z, layout!((two, two):(1, d)), base);
        assert_eq!(typed, core, "(2,2):(1,{d}) at {base}");
    }
    // Accepted past the inline bound where the buffer holds it.
    assert!(both!(z, layout!((two, two):(1, hot)), 0).0.is_ok());
    assert!(both!(z, layout!((two, two):(1, {MAX / 2})), 0).0.is_ok());
    // Refused past i64 (the core's rule), though the buffer holds it.
    assert!(both!(z, layout!((two, two):(1, MAX)), 0).0.is_err());
    // A buffer one short and one long enough, past the inline bound.
    for len in [hot + 1, hot + 2] {
        let short = vec![(); len];
        let (typed, core) = both!(short, layout!((two, two):(1, hot)), 0);
        assert_eq!(typed, core, "len {len}");
        assert_eq!(typed.is_ok(), len == hot + 2, "len {len}: {typed:?}");
    }
    // A partial tile of `local_tile` (checked against the engine) past
    // the inline bound: `(32,8):(1,m)` at tile (0,1) of `(m,9):(1,m)`
    // reaches `8m + 7m + 31`, within `usize::MAX` zero-sized elements and
    // `i64`, past a buffer of `9m`.
    let m = 1usize << 56;
    let t = Tensor::new(&z[..], layout!((m, 9):(1, m))).expect("fits");
    let tile = typed::local_tile(t, (C::<32>, C::<8>), (0, 1)).expect("fits the buffer");
    assert_eq!(tile.layout().to_string(), format!("(32,8):(1,{m})"));
    let short = vec![(); 9 * m];
    let t = Tensor::new(&short[..], layout!((m, 9):(1, m))).expect("fits");
    let past = typed::local_tile(t, (C::<32>, C::<8>), (0, 1)).unwrap_err();
    assert!(past.to_string().contains("partial tile"), "{past}");
}

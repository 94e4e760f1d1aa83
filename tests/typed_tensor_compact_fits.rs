//! The typed tensor check's compact path (`__private::reach::check_fits`:
//! a layout whose strides are the column-major ones, each the product of
//! the extents before it, has the offsets `0..size`, so it fits when
//! `base + size ≤ len`) against walking every offset, and against the
//! core's check, on layouts that are compact, nearly compact (one stride
//! off by one either way), nested, empty, and whose size passes
//! `usize::MAX`.

use layout_dsl::layout;
use layout_dsl::tensor::Tensor;
use proptest::prelude::*;

/// Whether every offset `base + Σ c_i·d_i` of the extents `s` and strides
/// `d` (a leaf list) lies in `0..len`: every coordinate walked.
fn walked(s: &[usize], d: &[usize], base: usize, len: usize) -> bool {
    let size: usize = s.iter().product();
    (0..size).all(|mut i| {
        let mut offset = base;
        for (&e, &st) in s.iter().zip(d) {
            offset += (i % e) * st;
            i /= e;
        }
        offset < len
    })
}

/// The stride `compact`, moved by `nudge` (0 keeps it, 1 adds one, 2 takes
/// one away where it can).
fn nudged(compact: usize, nudge: usize) -> usize {
    match nudge {
        1 => compact + 1,
        2 => compact.saturating_sub(1),
        _ => compact,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Rank 2, `(m,n):(1,m)` as written from the extents, and with the
    /// stride nudged off the compact one.
    #[test]
    fn rank2_equals_walking(m in 0usize..7, n in 0usize..7, nudge in 0usize..3, base in 0usize..12, len in 0usize..50) {
        let data = vec![0u8; len];
        let written = Tensor::at_base(&data[..], layout!((m,n):(1,m)), base).is_ok();
        prop_assert_eq!(written, walked(&[m, n], &[1, m], base, len));
        let d = nudged(m, nudge);
        let typed = Tensor::at_base(&data[..], layout!((m,n):(1,d)), base).is_ok();
        prop_assert_eq!(typed, walked(&[m, n], &[1, d], base, len));
        let core = Tensor::at_base(&data[..], layout!((m,n):(1,d)).to_core().unwrap(), base).is_ok();
        prop_assert_eq!(typed, core);
    }

    /// Rank 3 with a run-time first stride (the chain starts at 1: a first
    /// stride of 2 is not compact), and a nested mode.
    #[test]
    fn rank3_and_nested_equal_walking(
        a in 0usize..5, b in 0usize..5, c in 0usize..5, first in 1usize..3,
        nudge in 0usize..3, which in 0usize..2, base in 0usize..10, len in 0usize..90,
    ) {
        let data = vec![0u16; len];
        let (mut d1, mut d2) = (first * a, first * a * b);
        if which == 0 { d1 = nudged(d1, nudge) } else { d2 = nudged(d2, nudge) }
        let flat = Tensor::at_base(&data[..], layout!((a,b,c):(first,d1,d2)), base).is_ok();
        prop_assert_eq!(flat, walked(&[a, b, c], &[first, d1, d2], base, len));
        let nested = Tensor::at_base(&data[..], layout!(((a,b),c):((first,d1),d2)), base).is_ok();
        prop_assert_eq!(nested, flat);
    }
}

/// A compact layout whose size passes `usize::MAX` (each stride the
/// product before it, `2^32·2^32 = 2^64`) is refused, not wrapped to size
/// 0; the same with an extent 0 has no offset and fits.
#[test]
fn compact_size_past_usize_is_refused() {
    let data = [0u8; 4];
    let (m, n) = (1usize << 32, 1usize << 32);
    assert!(Tensor::new(&data[..], layout!((m,n):(1,m))).is_err());
    let wide = (1usize << 63) + 1;
    assert!(Tensor::new(&data[..], layout!((2,wide):(1,2))).is_err());
    let zero = 0;
    assert!(Tensor::new(&data[..], layout!((m,zero):(1,m))).is_ok());
    assert!(Tensor::at_base(&data[..], layout!((m,zero):(1,m)), 99).is_ok());
}

/// The compact path's boundary: `base + size = len` fits, one more does
/// not, and the error names the largest offset as the core's does.
#[test]
fn compact_boundary_and_error() {
    let data = [0u32; 24];
    let (m, n) = (4, 6);
    assert!(Tensor::at_base(&data[..], layout!((m,n):(1,m)), 0).is_ok());
    let typed = Tensor::at_base(&data[..], layout!((m,n):(1,m)), 1).unwrap_err();
    let core = Tensor::at_base(&data[..], layout!((m,n):(1,m)).to_core().unwrap(), 1).unwrap_err();
    assert_eq!(typed.to_string(), core.to_string());
    assert!(typed.to_string().contains("24"), "{typed}");
}

/// A compact prefix whose product passes `usize::MAX` (`Colex::Past` in
/// `__private::reach`) is refused at once, without the reaches: exact
/// because that prefix alone reaches `usize::MAX`, whatever the leaves
/// after it. Each layout is asked of the core too (a tensor over the
/// core's form of the same layout): the same answer; and a layout with an
/// extent 0 after the prefix (no offset at all) gets the core's own
/// answer, its error (the prefix's size passes `i64`), not an offset
/// past the buffer.
#[test]
fn a_compact_prefix_past_usize_answers_as_the_core() {
    let data = [0u8; 64];
    // The typed tensor's error, and the core's (building its form of the
    // layout, or the tensor over it).
    macro_rules! both {
        ($l:expr) => {{
            let l = $l;
            let core = l
                .to_core()
                .and_then(|c| Tensor::new(&data[..], c).map(|_| ()));
            (Tensor::new(&data[..], l).map(|_| ()), core)
        }};
    }
    let e = 1usize << 32;
    let (zero, three, five) = (0usize, 3usize, 5usize);
    let cases = [
        ("(e,e):(1,e)", both!(layout!((e,e):(1,e))), false),
        (
            "(e,e,3):(1,e,5)",
            both!(layout!((e,e,three):(1,e,five))),
            false,
        ),
        (
            "(3,e,e):(1,3,3e)",
            both!(layout!((three,e,e):(1,three,{3 * e}))),
            false,
        ),
        (
            "(e,e,0):(1,e,5)",
            both!(layout!((e,e,zero):(1,e,five))),
            true,
        ),
        (
            "((e,e),0):((1,e),0)",
            both!(layout!(((e,e),zero):((1,e),0))),
            true,
        ),
    ];
    for (name, (typed, core), empty) in cases {
        let (typed, core) = (typed.unwrap_err(), core.unwrap_err());
        if empty {
            assert_eq!(typed.to_string(), core.to_string(), "{name}");
        } else {
            assert!(
                typed.to_string().contains("largest offset"),
                "{name}: {typed}"
            );
        }
    }
}

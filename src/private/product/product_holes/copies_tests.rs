//! The copies a product composes (`product_copies.rs`) against the
//! general walk over the whole complement.

extern crate std;
use super::ProductHoles;
use crate::__private::compose_value::Compose;
use crate::__private::int::C;
use crate::__private::layout::Layout;

/// The copies a product composes (`product_copies.rs`: compact, a last
/// hole a static `B`'s unit-stride leaf fills, a last hole holding `B`
/// whole, any last hole, general) give what the general walk over the
/// whole complement gives, the same layout or a refusal both ways, for
/// every `A = (m,n):(s,t)` (`m`, `n` in 1..=4, strides up to 16) and
/// `(m,n,k):(s,t,w)` (extents 1..=3, strides up to 9) by static `B`s whose
/// unit-stride leaf fills holes of 2, 3 and 4, and one with a leaf of
/// extent 1; the filled and the fitted copies are taken over a thousand
/// times each.
#[test]
fn copies_compose_as_the_general_walk() {
    use crate::__private::product_copies::{ProductCopies, filled_by, fits_in};
    let (mut filled, mut fitting) = (0, 0);
    macro_rules! sweep {
        ($a:expr, $stride:expr, $T:ty, $size:expr) => {{
            let a = $a;
            macro_rules! by {
                ($b:expr, $hole:expr, $whole:expr) => {{
                    let b = $b;
                    let want = a
                        .shape()
                        .product_holes($stride, $size, b.cosize(), "f")
                        .ok()
                        .map(|holes| holes.composition(b).ok().map(|d| d.into_parts()));
                    let got = a.copies(b, "f").ok();
                    assert_eq!(got, want.flatten(), "{a:?} by {b:?}");
                    let taken = a
                        .shape()
                        .product_spans($stride, $size, b.cosize(), "f")
                        .ok()
                        .and_then(|(holes, span)| {
                            let unit = <$T as ProductHoles<$T>>::unit_inner_holes(holes)?;
                            filled_by::<$T, $T>(unit, ($size, b.cosize(), span), $hole)
                        });
                    // The folded holes are the complement itself, the rest
                    // (which no composition reads) included.
                    if let Some(folded) = taken {
                        let whole = a.shape().product_holes($stride, $size, b.cosize(), "f");
                        assert_eq!(Ok(folded), whole, "{a:?} by {b:?}");
                    }
                    filled += usize::from(got.is_some() && $hole > 1 && taken.is_some());
                    // Where the last hole holds `B` whole, the copy that
                    // writes it as `cosize(B)` composes as the complement.
                    if let Ok((holes, span)) =
                        a.shape().product_spans($stride, $size, b.cosize(), "f")
                    {
                        if let Some(unit) = <$T as ProductHoles<$T>>::unit_inner_holes(holes) {
                            let whole = a
                                .shape()
                                .product_holes($stride, $size, b.cosize(), "f")
                                .unwrap();
                            let fits = if $whole {
                                fits_in::<$T, $T>(unit, span, b.cosize())
                            } else {
                                None
                            };
                            if let Some(fits) = fits {
                                let got = fits.composition(b).ok().map(|d| d.into_parts());
                                let want = whole.composition(b).ok().map(|d| d.into_parts());
                                assert_eq!(got, want, "{a:?} by {b:?} in {fits:?}");
                                fitting += 1;
                            }
                        }
                    }
                }};
            }
            by!(
                Layout::from_parts((C::<2>, C::<3>), (C::<1>, C::<2>)),
                2,
                true
            );
            by!(
                Layout::from_parts((C::<2>, C::<3>), (C::<3>, C::<1>)),
                3,
                true
            );
            by!(
                Layout::from_parts((C::<4>, C::<2>), (C::<1>, C::<8>)),
                4,
                true
            );
            by!(
                Layout::from_parts((C::<2>, C::<2>), (C::<2>, C::<1>)),
                2,
                true
            );
            by!(
                Layout::from_parts((C::<3>, C::<2>), (C::<0>, C::<1>)),
                0,
                true
            );
            // A leaf of extent 1 whose stride passes small holes: no
            // folded hole (`fits_hole` is 0 for it).
            by!(
                Layout::from_parts((C::<2>, C::<1>), (C::<1>, C::<9>)),
                2,
                false
            );
        }};
    }
    for (m, n, s, t) in (1..=4usize).flat_map(|m| {
        (1..=4).flat_map(move |n| (0..=16).flat_map(move |s| (0..=16).map(move |t| (m, n, s, t))))
    }) {
        sweep!(
            Layout::from_parts((m, n), (s, t)),
            (s, t),
            (usize, usize),
            m * n
        );
    }
    for (m, n, k) in
        (1..=3usize).flat_map(|m| (1..=3).flat_map(move |n| (1..=3).map(move |k| (m, n, k))))
    {
        for (s, t, w) in
            (0..=9).flat_map(|s| (0..=9).flat_map(move |t| (0..=9).map(move |w| (s, t, w))))
        {
            type Three = (usize, usize, usize);
            sweep!(
                Layout::from_parts((m, n, k), (s, t, w)),
                (s, t, w),
                Three,
                m * n * k
            );
        }
    }
    assert!(filled > 1_000 && fitting > 1_000, "{filled} {fitting}");
}

//! Random hierarchical layouts, larger and more nested than the exhaustive
//! sweep: composition and logical_divide are `A(B(i))` point by point or
//! refused with a true witness.

use layout_core::{Layout, Tiler, complement, composition, logical_divide};
use proptest::prelude::*;

use super::brute;
use crate::common::{config, layout, small_layout};

/// `r` is `want` point by point, or `refused` is right: no layout shaped
/// like `b` agrees with `want` at all, nor up to the witness.
fn exact_or_truly_refused(b: &Layout, want: &[i64], got: &layout_core::Result<Layout>, at: &str) {
    match got {
        Ok(r) => {
            assert!(brute::refines(r, b), "{at} = {r} is not shaped like {b}");
            assert_eq!(brute::values(r), want, "{at} = {r} is not A(B(i))");
        }
        Err(e) => {
            assert!(
                !brute::some_layout_agrees(b, want, want.len() - 1),
                "refused ({e}) but a layout exists"
            );
            let w = brute::witness(e).unwrap_or_else(|| panic!("no witness in {e}"));
            assert!(
                !brute::some_layout_agrees(b, want, w as usize),
                "witness {w} of ({e}) is not one"
            );
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn composition_is_exact(a in layout(), b in small_layout()) {
        let want = brute::composed(&a, &b);
        let at = format!("composition({a}, {b})");
        exact_or_truly_refused(&b, &want, &composition(&a, &Tiler::from(b.clone())), &at);
    }

    #[test]
    fn logical_divide_is_exact(a in small_layout(), t in small_layout()) {
        // What logical_divide composes A with: the tile and its complement.
        let Ok(rest) = complement(&t, a.size()) else { return Ok(()) };
        let Ok(b) = Layout::concat([t.clone(), rest]) else { return Ok(()) };
        prop_assume!(b.size() <= 256);
        let want = brute::composed(&a, &b);
        let at = format!("logical_divide({a}, {t})");
        exact_or_truly_refused(&b, &want, &logical_divide(&a, &Tiler::from(t.clone())), &at);
    }
}

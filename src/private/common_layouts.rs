//! The layouts of the most common nestings, made and formatted once here,
//! so that a debug build of a crate that makes or formats one does not
//! compile the code again.
//!
//! A debug build shares generic code between crates: a function generic
//! over a layout type that this crate compiled for that type is linked
//! from here, not compiled in the crate that calls it (rustc's
//! `share-generics`, on when optimisations are off). `layout!` gives a
//! static result as a [`Layout`] of `usize` leaves, a type per nesting; by
//! naming the `to_string` and `Display::fmt` of the nestings below, this
//! crate compiles them once, and a crate that formats such a result
//! compiles none of them: about 0.4 M rustc instructions per layout type
//! formatted, measured in BENCHMARKS.md ("A `Display`ed result: thin per
//! type").
//!
//! Each nesting also has a constructor of its own, not generic, its leaves
//! plain `usize` arguments (`layout_ollc(4, 8, 8, 1)` for `(4,8):(8,1)`),
//! which `layout!` writes for a static layout of that nesting instead of
//! the generic [`layout`] of a nested tuple: the call site then holds no
//! tuple expression and no generic call, ≈0.14 M rustc instructions less
//! per call in a debug build (BENCHMARKS.md, "A `Display`ed result: a
//! constructor per nesting"). The macro names a constructor by its
//! nesting (`l` a leaf, `o…c` a tuple) only for the nestings listed here
//! (`layout-macros`' `emit::common_nesting`, which a test checks against
//! this list).
//!
//! The nestings are every tree of up to three items, each a leaf or a
//! tuple of two or three leaves, and the flat rank 4: the results of the
//! algebra on layouts of rank up to three. Optimised builds do not share
//! generic code, so the instances are for debug builds; there the
//! constructors are `#[inline]`, so that an optimised build folds a call
//! with literal arguments to the same code as the tuple it replaces.

#[cfg(debug_assertions)]
use alloc::{string::String, vec::Vec};
#[cfg(debug_assertions)]
use core::fmt;

use super::layout::{Layout, layout};

/// The tuple type of a nesting written with leaf names: `(a, (b, c))` is
/// `(usize, (usize, usize))`.
macro_rules! nesting {
    (($($item:tt),+ $(,)?)) => { ($(nesting!($item),)+) };
    ($leaf:ident) => { usize };
}

/// For each nesting (shape and stride written with the names of the
/// leaves): its constructor, and the addresses of its constructor,
/// `to_string` and `Display::fmt`, which make this crate compile them.
macro_rules! common {
    ($($name:ident($($s:ident),+; $($d:ident),+) = $S:tt : $D:tt;)*) => {
        $(
            /// Not API: the layout of this nesting from its leaves in
            /// order, shape then stride (see the module's documentation).
            #[doc(hidden)]
            #[cfg_attr(not(debug_assertions), inline)]
            #[allow(clippy::too_many_arguments)]
            #[must_use]
            pub const fn $name($($s: usize,)+ $($d: usize),+)
                -> Layout<nesting!($S), nesting!($D)> {
                layout($S, $D)
            }
        )*

        /// The addresses of the instances this crate compiles for other
        /// crates to link, one row per nesting: the constructor,
        /// `to_string` and `Display::fmt`. Never called but by a test:
        /// naming the functions is what makes them compiled here (and
        /// exported, for a debug build's shared generics); taking their
        /// addresses keeps the names from being dropped unused.
        #[doc(hidden)]
        #[cfg(debug_assertions)]
        pub fn common_layout_instances() -> Vec<[usize; 3]> {
            Vec::from([$(
                [
                    $name as *const () as usize,
                    (Layout::<nesting!($S), nesting!($D)>::to_string
                        as fn(&Layout<nesting!($S), nesting!($D)>) -> String)
                        as usize,
                    (<Layout<nesting!($S), nesting!($D)> as fmt::Display>::fmt
                        as fn(
                            &Layout<nesting!($S), nesting!($D)>,
                            &mut fmt::Formatter<'_>,
                        ) -> fmt::Result) as usize,
                ],
            )*])
        }
    };
}

common! {
    layout_l(s0; d0) = s0 : d0;
    layout_olc(s0; d0) = (s0,) : (d0,);
    layout_oollcc(s0, s1; d0, d1) = ((s0, s1),) : ((d0, d1),);
    layout_oolllcc(s0, s1, s2; d0, d1, d2) = ((s0, s1, s2),) : ((d0, d1, d2),);
    layout_ollc(s0, s1; d0, d1) = (s0, s1) : (d0, d1);
    layout_olollcc(s0, s1, s2; d0, d1, d2) = (s0, (s1, s2)) : (d0, (d1, d2));
    layout_ololllcc(s0, s1, s2, s3; d0, d1, d2, d3) = (s0, (s1, s2, s3)) : (d0, (d1, d2, d3));
    layout_oollclc(s0, s1, s2; d0, d1, d2) = ((s0, s1), s2) : ((d0, d1), d2);
    layout_oollcollcc(s0, s1, s2, s3; d0, d1, d2, d3) = ((s0, s1), (s2, s3)) : ((d0, d1), (d2, d3));
    layout_oollcolllcc(s0, s1, s2, s3, s4; d0, d1, d2, d3, d4)
        = ((s0, s1), (s2, s3, s4))
        : ((d0, d1), (d2, d3, d4));
    layout_oolllclc(s0, s1, s2, s3; d0, d1, d2, d3) = ((s0, s1, s2), s3) : ((d0, d1, d2), d3);
    layout_oolllcollcc(s0, s1, s2, s3, s4; d0, d1, d2, d3, d4)
        = ((s0, s1, s2), (s3, s4))
        : ((d0, d1, d2), (d3, d4));
    layout_oolllcolllcc(s0, s1, s2, s3, s4, s5; d0, d1, d2, d3, d4, d5)
        = ((s0, s1, s2), (s3, s4, s5))
        : ((d0, d1, d2), (d3, d4, d5));
    layout_olllc(s0, s1, s2; d0, d1, d2) = (s0, s1, s2) : (d0, d1, d2);
    layout_ollollcc(s0, s1, s2, s3; d0, d1, d2, d3) = (s0, s1, (s2, s3)) : (d0, d1, (d2, d3));
    layout_ollolllcc(s0, s1, s2, s3, s4; d0, d1, d2, d3, d4)
        = (s0, s1, (s2, s3, s4))
        : (d0, d1, (d2, d3, d4));
    layout_olollclc(s0, s1, s2, s3; d0, d1, d2, d3) = (s0, (s1, s2), s3) : (d0, (d1, d2), d3);
    layout_olollcollcc(s0, s1, s2, s3, s4; d0, d1, d2, d3, d4)
        = (s0, (s1, s2), (s3, s4))
        : (d0, (d1, d2), (d3, d4));
    layout_olollcolllcc(s0, s1, s2, s3, s4, s5; d0, d1, d2, d3, d4, d5)
        = (s0, (s1, s2), (s3, s4, s5))
        : (d0, (d1, d2), (d3, d4, d5));
    layout_ololllclc(s0, s1, s2, s3, s4; d0, d1, d2, d3, d4)
        = (s0, (s1, s2, s3), s4)
        : (d0, (d1, d2, d3), d4);
    layout_ololllcollcc(s0, s1, s2, s3, s4, s5; d0, d1, d2, d3, d4, d5)
        = (s0, (s1, s2, s3), (s4, s5))
        : (d0, (d1, d2, d3), (d4, d5));
    layout_ololllcolllcc(s0, s1, s2, s3, s4, s5, s6; d0, d1, d2, d3, d4, d5, d6)
        = (s0, (s1, s2, s3), (s4, s5, s6))
        : (d0, (d1, d2, d3), (d4, d5, d6));
    layout_oollcllc(s0, s1, s2, s3; d0, d1, d2, d3) = ((s0, s1), s2, s3) : ((d0, d1), d2, d3);
    layout_oollclollcc(s0, s1, s2, s3, s4; d0, d1, d2, d3, d4)
        = ((s0, s1), s2, (s3, s4))
        : ((d0, d1), d2, (d3, d4));
    layout_oollclolllcc(s0, s1, s2, s3, s4, s5; d0, d1, d2, d3, d4, d5)
        = ((s0, s1), s2, (s3, s4, s5))
        : ((d0, d1), d2, (d3, d4, d5));
    layout_oollcollclc(s0, s1, s2, s3, s4; d0, d1, d2, d3, d4)
        = ((s0, s1), (s2, s3), s4)
        : ((d0, d1), (d2, d3), d4);
    layout_oollcollcollcc(s0, s1, s2, s3, s4, s5; d0, d1, d2, d3, d4, d5)
        = ((s0, s1), (s2, s3), (s4, s5))
        : ((d0, d1), (d2, d3), (d4, d5));
    layout_oollcollcolllcc(s0, s1, s2, s3, s4, s5, s6; d0, d1, d2, d3, d4, d5, d6)
        = ((s0, s1), (s2, s3), (s4, s5, s6))
        : ((d0, d1), (d2, d3), (d4, d5, d6));
    layout_oollcolllclc(s0, s1, s2, s3, s4, s5; d0, d1, d2, d3, d4, d5)
        = ((s0, s1), (s2, s3, s4), s5)
        : ((d0, d1), (d2, d3, d4), d5);
    layout_oollcolllcollcc(s0, s1, s2, s3, s4, s5, s6; d0, d1, d2, d3, d4, d5, d6)
        = ((s0, s1), (s2, s3, s4), (s5, s6))
        : ((d0, d1), (d2, d3, d4), (d5, d6));
    layout_oollcolllcolllcc(s0, s1, s2, s3, s4, s5, s6, s7; d0, d1, d2, d3, d4, d5, d6, d7)
        = ((s0, s1), (s2, s3, s4), (s5, s6, s7))
        : ((d0, d1), (d2, d3, d4), (d5, d6, d7));
    layout_oolllcllc(s0, s1, s2, s3, s4; d0, d1, d2, d3, d4)
        = ((s0, s1, s2), s3, s4)
        : ((d0, d1, d2), d3, d4);
    layout_oolllclollcc(s0, s1, s2, s3, s4, s5; d0, d1, d2, d3, d4, d5)
        = ((s0, s1, s2), s3, (s4, s5))
        : ((d0, d1, d2), d3, (d4, d5));
    layout_oolllclolllcc(s0, s1, s2, s3, s4, s5, s6; d0, d1, d2, d3, d4, d5, d6)
        = ((s0, s1, s2), s3, (s4, s5, s6))
        : ((d0, d1, d2), d3, (d4, d5, d6));
    layout_oolllcollclc(s0, s1, s2, s3, s4, s5; d0, d1, d2, d3, d4, d5)
        = ((s0, s1, s2), (s3, s4), s5)
        : ((d0, d1, d2), (d3, d4), d5);
    layout_oolllcollcollcc(s0, s1, s2, s3, s4, s5, s6; d0, d1, d2, d3, d4, d5, d6)
        = ((s0, s1, s2), (s3, s4), (s5, s6))
        : ((d0, d1, d2), (d3, d4), (d5, d6));
    layout_oolllcollcolllcc(s0, s1, s2, s3, s4, s5, s6, s7; d0, d1, d2, d3, d4, d5, d6, d7)
        = ((s0, s1, s2), (s3, s4), (s5, s6, s7))
        : ((d0, d1, d2), (d3, d4), (d5, d6, d7));
    layout_oolllcolllclc(s0, s1, s2, s3, s4, s5, s6; d0, d1, d2, d3, d4, d5, d6)
        = ((s0, s1, s2), (s3, s4, s5), s6)
        : ((d0, d1, d2), (d3, d4, d5), d6);
    layout_oolllcolllcollcc(s0, s1, s2, s3, s4, s5, s6, s7; d0, d1, d2, d3, d4, d5, d6, d7)
        = ((s0, s1, s2), (s3, s4, s5), (s6, s7))
        : ((d0, d1, d2), (d3, d4, d5), (d6, d7));
    layout_oolllcolllcolllcc(s0, s1, s2, s3, s4, s5, s6, s7, s8; d0, d1, d2, d3, d4, d5, d6, d7, d8)
        = ((s0, s1, s2), (s3, s4, s5), (s6, s7, s8))
        : ((d0, d1, d2), (d3, d4, d5), (d6, d7, d8));
    layout_ollllc(s0, s1, s2, s3; d0, d1, d2, d3) = (s0, s1, s2, s3) : (d0, d1, d2, d3);
}

#[cfg(all(test, debug_assertions))]
mod tests {
    use alloc::collections::BTreeSet;

    /// 41 nestings (1 leaf, 3 + 9 + 27 tuples of one to three items, each
    /// a leaf, a pair or a triple, and the flat rank 4), each named once:
    /// a nesting listed twice would give the same three functions again.
    #[test]
    fn names_41_distinct_nestings() {
        let rows = super::common_layout_instances();
        assert_eq!(rows.len(), 41);
        let distinct: BTreeSet<usize> = rows.iter().flatten().copied().collect();
        assert_eq!(distinct.len(), 3 * 41);
    }
}

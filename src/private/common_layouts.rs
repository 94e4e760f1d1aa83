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
//! Each nesting also has a constructor of its own, not generic, which
//! `layout!` writes for a static layout of that nesting instead of the
//! generic [`layout`] of a nested tuple: its leaves, shape then stride,
//! packed four to a `u64` argument ([`LEAF_BITS`] each), so `(4,8):(8,1)`
//! is `layout_ollc(0x0001_0008_0008_0004)`. The call site then holds no
//! tuple expression, no generic call and a few arguments instead of one
//! per leaf, each of which a debug build pays for in every phase
//! (BENCHMARKS.md, "A `Display`ed result: a constructor per nesting"). The
//! macro names a constructor by its nesting (`l` a leaf, `o…c` a tuple)
//! only for the nestings listed here (`layout-macros`'
//! `emit::common_nesting`; tests/common_nestings.rs writes a layout of
//! each).
//!
//! The nestings are every tree of up to three items, each a leaf or a
//! tuple of two or three leaves, and the flat rank 4: the results of the
//! algebra on layouts of rank up to three. Optimised builds do not share
//! generic code, so the instances are for debug builds only. In an
//! optimised build the constructors are `#[inline]`, and fold with their
//! constant arguments to the same code as the tuple they replace (the
//! assembly of `to_string`, `format!` and `crd2idx` is identical); in a
//! debug build they are not, so that a user's crate links them instead of
//! compiling a copy.

#[cfg(debug_assertions)]
use alloc::{string::String, vec::Vec};
#[cfg(debug_assertions)]
use core::fmt;

use super::layout::{Layout, layout};

/// The bits of one leaf in a constructor's argument: a word holds
/// [`LEAVES_PER_WORD`] leaves, the first in its lowest bits. `layout!`
/// packs the leaves so (`layout-macros`' `emit::common_layout_call`) when
/// each is below `1 << LEAF_BITS`, and otherwise writes the generic
/// constructor's call.
const LEAF_BITS: u32 = 16;

/// How many leaves one `u64` argument of a constructor holds.
const LEAVES_PER_WORD: usize = 4;

/// The four leaves packed in `word` ([`LEAF_BITS`] each, lowest first).
/// Straight-line, so that an optimised build folds it with the
/// constructor's constant argument as early as the leaves it replaces
/// (a loop over the words folded late, and the code around a layout's
/// `crd2idx` came out different).
#[cfg_attr(not(debug_assertions), inline(always))]
const fn split(word: u64) -> [usize; LEAVES_PER_WORD] {
    const MASK: u64 = (1 << LEAF_BITS) - 1;
    [
        (word & MASK) as usize,
        ((word >> LEAF_BITS) & MASK) as usize,
        ((word >> (2 * LEAF_BITS)) & MASK) as usize,
        ((word >> (3 * LEAF_BITS)) & MASK) as usize,
    ]
}

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
    ($($name:ident($($w:ident = $a:tt $b:tt $c:tt $d:tt),+) = $S:tt : $D:tt;)*) => {
        $(
            /// Not API: the layout of this nesting from its leaves in
            /// order, shape then stride, packed four to a word (see the
            /// module's documentation).
            #[doc(hidden)]
            #[cfg_attr(not(debug_assertions), inline)]
            #[must_use]
            pub const fn $name($($w: u64),+) -> Layout<nesting!($S), nesting!($D)> {
                $(let [$a, $b, $c, $d] = split($w);)+
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
                        as fn(Layout<nesting!($S), nesting!($D)>) -> String)
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
    layout_l(w0 = s0 d0 _ _) = s0 : d0;
    layout_olc(w0 = s0 d0 _ _) = (s0,) : (d0,);
    layout_oollcc(w0 = s0 s1 d0 d1) = ((s0, s1),) : ((d0, d1),);
    layout_oolllcc(w0 = s0 s1 s2 d0, w1 = d1 d2 _ _) = ((s0, s1, s2),) : ((d0, d1, d2),);
    layout_ollc(w0 = s0 s1 d0 d1) = (s0, s1) : (d0, d1);
    layout_olollcc(w0 = s0 s1 s2 d0, w1 = d1 d2 _ _) = (s0, (s1, s2)) : (d0, (d1, d2));
    layout_ololllcc(w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3) = (s0, (s1, s2, s3)) : (d0, (d1, d2, d3));
    layout_oollclc(w0 = s0 s1 s2 d0, w1 = d1 d2 _ _) = ((s0, s1), s2) : ((d0, d1), d2);
    layout_oollcollcc(w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3) = ((s0, s1), (s2, s3)) : ((d0, d1), (d2, d3));
    layout_oollcolllcc(w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        = ((s0, s1), (s2, s3, s4))
        : ((d0, d1), (d2, d3, d4));
    layout_oolllclc(w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3) = ((s0, s1, s2), s3) : ((d0, d1, d2), d3);
    layout_oolllcollcc(w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        = ((s0, s1, s2), (s3, s4))
        : ((d0, d1, d2), (d3, d4));
    layout_oolllcolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        = ((s0, s1, s2), (s3, s4, s5))
        : ((d0, d1, d2), (d3, d4, d5));
    layout_olllc(w0 = s0 s1 s2 d0, w1 = d1 d2 _ _) = (s0, s1, s2) : (d0, d1, d2);
    layout_ollollcc(w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3) = (s0, s1, (s2, s3)) : (d0, d1, (d2, d3));
    layout_ollolllcc(w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        = (s0, s1, (s2, s3, s4))
        : (d0, d1, (d2, d3, d4));
    layout_olollclc(w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3) = (s0, (s1, s2), s3) : (d0, (d1, d2), d3);
    layout_olollcollcc(w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        = (s0, (s1, s2), (s3, s4))
        : (d0, (d1, d2), (d3, d4));
    layout_olollcolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        = (s0, (s1, s2), (s3, s4, s5))
        : (d0, (d1, d2), (d3, d4, d5));
    layout_ololllclc(w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        = (s0, (s1, s2, s3), s4)
        : (d0, (d1, d2, d3), d4);
    layout_ololllcollcc(w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        = (s0, (s1, s2, s3), (s4, s5))
        : (d0, (d1, d2, d3), (d4, d5));
    layout_ololllcolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        = (s0, (s1, s2, s3), (s4, s5, s6))
        : (d0, (d1, d2, d3), (d4, d5, d6));
    layout_oollcllc(w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3) = ((s0, s1), s2, s3) : ((d0, d1), d2, d3);
    layout_oollclollcc(w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        = ((s0, s1), s2, (s3, s4))
        : ((d0, d1), d2, (d3, d4));
    layout_oollclolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        = ((s0, s1), s2, (s3, s4, s5))
        : ((d0, d1), d2, (d3, d4, d5));
    layout_oollcollclc(w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        = ((s0, s1), (s2, s3), s4)
        : ((d0, d1), (d2, d3), d4);
    layout_oollcollcollcc(w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        = ((s0, s1), (s2, s3), (s4, s5))
        : ((d0, d1), (d2, d3), (d4, d5));
    layout_oollcollcolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        = ((s0, s1), (s2, s3), (s4, s5, s6))
        : ((d0, d1), (d2, d3), (d4, d5, d6));
    layout_oollcolllclc(w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        = ((s0, s1), (s2, s3, s4), s5)
        : ((d0, d1), (d2, d3, d4), d5);
    layout_oollcolllcollcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        = ((s0, s1), (s2, s3, s4), (s5, s6))
        : ((d0, d1), (d2, d3, d4), (d5, d6));
    layout_oollcolllcolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 s7, w2 = d0 d1 d2 d3, w3 = d4 d5 d6 d7)
        = ((s0, s1), (s2, s3, s4), (s5, s6, s7))
        : ((d0, d1), (d2, d3, d4), (d5, d6, d7));
    layout_oolllcllc(w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        = ((s0, s1, s2), s3, s4)
        : ((d0, d1, d2), d3, d4);
    layout_oolllclollcc(w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        = ((s0, s1, s2), s3, (s4, s5))
        : ((d0, d1, d2), d3, (d4, d5));
    layout_oolllclolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        = ((s0, s1, s2), s3, (s4, s5, s6))
        : ((d0, d1, d2), d3, (d4, d5, d6));
    layout_oolllcollclc(w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        = ((s0, s1, s2), (s3, s4), s5)
        : ((d0, d1, d2), (d3, d4), d5);
    layout_oolllcollcollcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        = ((s0, s1, s2), (s3, s4), (s5, s6))
        : ((d0, d1, d2), (d3, d4), (d5, d6));
    layout_oolllcollcolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 s7, w2 = d0 d1 d2 d3, w3 = d4 d5 d6 d7)
        = ((s0, s1, s2), (s3, s4), (s5, s6, s7))
        : ((d0, d1, d2), (d3, d4), (d5, d6, d7));
    layout_oolllcolllclc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        = ((s0, s1, s2), (s3, s4, s5), s6)
        : ((d0, d1, d2), (d3, d4, d5), d6);
    layout_oolllcolllcollcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 s7, w2 = d0 d1 d2 d3, w3 = d4 d5 d6 d7)
        = ((s0, s1, s2), (s3, s4, s5), (s6, s7))
        : ((d0, d1, d2), (d3, d4, d5), (d6, d7));
    layout_oolllcolllcolllcc(w0 = s0 s1 s2 s3, w1 = s4 s5 s6 s7, w2 = s8 d0 d1 d2, w3 = d3 d4 d5 d6, w4 = d7 d8 _ _)
        = ((s0, s1, s2), (s3, s4, s5), (s6, s7, s8))
        : ((d0, d1, d2), (d3, d4, d5), (d6, d7, d8));
    layout_ollllc(w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3) = (s0, s1, s2, s3) : (d0, d1, d2, d3);
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

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
//! (BENCHMARKS.md, "A `Display`ed result: a constructor per nesting").
//! When every leaf is below 256 the macro writes the nesting's narrow
//! constructor instead, eight leaves of 8 bits to a word:
//! `layout8_ollc(0x01_08_08_04)`, one argument for up to eight leaves
//! ("eight leaves a word"). The crate root's `__layouts` re-exports them
//! all, and the macro's path goes there (`::layout_dsl::__layouts::…`):
//! a path into `__private` makes rustc load the names of its hundreds of
//! items. The
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

/// The bits of one leaf in a narrow constructor's argument (`layout8_…`),
/// eight leaves a word, which `layout!` writes when every leaf is below
/// `1 << NARROW_BITS`.
const NARROW_BITS: u32 = 8;

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

/// The eight leaves packed in `word`, [`NARROW_BITS`] each, lowest first:
/// [`split`] for a layout whose every leaf is below 256, which then takes
/// one word per eight leaves instead of four (most results of the algebra
/// on small tiles: one or two arguments fewer, each of which a debug build
/// pays for; BENCHMARKS.md, "A `Display`ed result: eight leaves a word").
#[cfg_attr(not(debug_assertions), inline(always))]
const fn split8(word: u64) -> [usize; 8] {
    const MASK: u64 = (1 << NARROW_BITS) - 1;
    [
        (word & MASK) as usize,
        ((word >> NARROW_BITS) & MASK) as usize,
        ((word >> (2 * NARROW_BITS)) & MASK) as usize,
        ((word >> (3 * NARROW_BITS)) & MASK) as usize,
        ((word >> (4 * NARROW_BITS)) & MASK) as usize,
        ((word >> (5 * NARROW_BITS)) & MASK) as usize,
        ((word >> (6 * NARROW_BITS)) & MASK) as usize,
        ((word >> (7 * NARROW_BITS)) & MASK) as usize,
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
    ($($name:ident / $narrow:ident
        ($($w:ident = $a:tt $b:tt $c:tt $d:tt),+)
        ($($v:ident = $e0:tt $e1:tt $e2:tt $e3:tt $e4:tt $e5:tt $e6:tt $e7:tt),+)
        = $S:tt : $D:tt;)*) => {
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

            /// Not API: the same layout from leaves below 256, packed
            /// eight to a word.
            #[doc(hidden)]
            #[cfg_attr(not(debug_assertions), inline)]
            #[must_use]
            pub const fn $narrow($($v: u64),+) -> Layout<nesting!($S), nesting!($D)> {
                $(let [$e0, $e1, $e2, $e3, $e4, $e5, $e6, $e7] = split8($v);)+
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
    layout_l / layout8_l
        (w0 = s0 d0 _ _)
        (v0 = s0 d0 _ _ _ _ _ _)
        = s0 : d0;
    layout_olc / layout8_olc
        (w0 = s0 d0 _ _)
        (v0 = s0 d0 _ _ _ _ _ _)
        = (s0,) : (d0,);
    layout_oollcc / layout8_oollcc
        (w0 = s0 s1 d0 d1)
        (v0 = s0 s1 d0 d1 _ _ _ _)
        = ((s0, s1),) : ((d0, d1),);
    layout_oolllcc / layout8_oolllcc
        (w0 = s0 s1 s2 d0, w1 = d1 d2 _ _)
        (v0 = s0 s1 s2 d0 d1 d2 _ _)
        = ((s0, s1, s2),) : ((d0, d1, d2),);
    layout_ollc / layout8_ollc
        (w0 = s0 s1 d0 d1)
        (v0 = s0 s1 d0 d1 _ _ _ _)
        = (s0, s1) : (d0, d1);
    layout_olollcc / layout8_olollcc
        (w0 = s0 s1 s2 d0, w1 = d1 d2 _ _)
        (v0 = s0 s1 s2 d0 d1 d2 _ _)
        = (s0, (s1, s2)) : (d0, (d1, d2));
    layout_ololllcc / layout8_ololllcc
        (w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3)
        (v0 = s0 s1 s2 s3 d0 d1 d2 d3)
        = (s0, (s1, s2, s3)) : (d0, (d1, d2, d3));
    layout_oollclc / layout8_oollclc
        (w0 = s0 s1 s2 d0, w1 = d1 d2 _ _)
        (v0 = s0 s1 s2 d0 d1 d2 _ _)
        = ((s0, s1), s2) : ((d0, d1), d2);
    layout_oollcollcc / layout8_oollcollcc
        (w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3)
        (v0 = s0 s1 s2 s3 d0 d1 d2 d3)
        = ((s0, s1), (s2, s3)) : ((d0, d1), (d2, d3));
    layout_oollcolllcc / layout8_oollcolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        (v0 = s0 s1 s2 s3 s4 d0 d1 d2, v1 = d3 d4 _ _ _ _ _ _)
        = ((s0, s1), (s2, s3, s4)) : ((d0, d1), (d2, d3, d4));
    layout_oolllclc / layout8_oolllclc
        (w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3)
        (v0 = s0 s1 s2 s3 d0 d1 d2 d3)
        = ((s0, s1, s2), s3) : ((d0, d1, d2), d3);
    layout_oolllcollcc / layout8_oolllcollcc
        (w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        (v0 = s0 s1 s2 s3 s4 d0 d1 d2, v1 = d3 d4 _ _ _ _ _ _)
        = ((s0, s1, s2), (s3, s4)) : ((d0, d1, d2), (d3, d4));
    layout_oolllcolllcc / layout8_oolllcolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        (v0 = s0 s1 s2 s3 s4 s5 d0 d1, v1 = d2 d3 d4 d5 _ _ _ _)
        = ((s0, s1, s2), (s3, s4, s5)) : ((d0, d1, d2), (d3, d4, d5));
    layout_olllc / layout8_olllc
        (w0 = s0 s1 s2 d0, w1 = d1 d2 _ _)
        (v0 = s0 s1 s2 d0 d1 d2 _ _)
        = (s0, s1, s2) : (d0, d1, d2);
    layout_ollollcc / layout8_ollollcc
        (w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3)
        (v0 = s0 s1 s2 s3 d0 d1 d2 d3)
        = (s0, s1, (s2, s3)) : (d0, d1, (d2, d3));
    layout_ollolllcc / layout8_ollolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        (v0 = s0 s1 s2 s3 s4 d0 d1 d2, v1 = d3 d4 _ _ _ _ _ _)
        = (s0, s1, (s2, s3, s4)) : (d0, d1, (d2, d3, d4));
    layout_olollclc / layout8_olollclc
        (w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3)
        (v0 = s0 s1 s2 s3 d0 d1 d2 d3)
        = (s0, (s1, s2), s3) : (d0, (d1, d2), d3);
    layout_olollcollcc / layout8_olollcollcc
        (w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        (v0 = s0 s1 s2 s3 s4 d0 d1 d2, v1 = d3 d4 _ _ _ _ _ _)
        = (s0, (s1, s2), (s3, s4)) : (d0, (d1, d2), (d3, d4));
    layout_olollcolllcc / layout8_olollcolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        (v0 = s0 s1 s2 s3 s4 s5 d0 d1, v1 = d2 d3 d4 d5 _ _ _ _)
        = (s0, (s1, s2), (s3, s4, s5)) : (d0, (d1, d2), (d3, d4, d5));
    layout_ololllclc / layout8_ololllclc
        (w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        (v0 = s0 s1 s2 s3 s4 d0 d1 d2, v1 = d3 d4 _ _ _ _ _ _)
        = (s0, (s1, s2, s3), s4) : (d0, (d1, d2, d3), d4);
    layout_ololllcollcc / layout8_ololllcollcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        (v0 = s0 s1 s2 s3 s4 s5 d0 d1, v1 = d2 d3 d4 d5 _ _ _ _)
        = (s0, (s1, s2, s3), (s4, s5)) : (d0, (d1, d2, d3), (d4, d5));
    layout_ololllcolllcc / layout8_ololllcolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        (v0 = s0 s1 s2 s3 s4 s5 s6 d0, v1 = d1 d2 d3 d4 d5 d6 _ _)
        = (s0, (s1, s2, s3), (s4, s5, s6)) : (d0, (d1, d2, d3), (d4, d5, d6));
    layout_oollcllc / layout8_oollcllc
        (w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3)
        (v0 = s0 s1 s2 s3 d0 d1 d2 d3)
        = ((s0, s1), s2, s3) : ((d0, d1), d2, d3);
    layout_oollclollcc / layout8_oollclollcc
        (w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        (v0 = s0 s1 s2 s3 s4 d0 d1 d2, v1 = d3 d4 _ _ _ _ _ _)
        = ((s0, s1), s2, (s3, s4)) : ((d0, d1), d2, (d3, d4));
    layout_oollclolllcc / layout8_oollclolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        (v0 = s0 s1 s2 s3 s4 s5 d0 d1, v1 = d2 d3 d4 d5 _ _ _ _)
        = ((s0, s1), s2, (s3, s4, s5)) : ((d0, d1), d2, (d3, d4, d5));
    layout_oollcollclc / layout8_oollcollclc
        (w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        (v0 = s0 s1 s2 s3 s4 d0 d1 d2, v1 = d3 d4 _ _ _ _ _ _)
        = ((s0, s1), (s2, s3), s4) : ((d0, d1), (d2, d3), d4);
    layout_oollcollcollcc / layout8_oollcollcollcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        (v0 = s0 s1 s2 s3 s4 s5 d0 d1, v1 = d2 d3 d4 d5 _ _ _ _)
        = ((s0, s1), (s2, s3), (s4, s5)) : ((d0, d1), (d2, d3), (d4, d5));
    layout_oollcollcolllcc / layout8_oollcollcolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        (v0 = s0 s1 s2 s3 s4 s5 s6 d0, v1 = d1 d2 d3 d4 d5 d6 _ _)
        = ((s0, s1), (s2, s3), (s4, s5, s6)) : ((d0, d1), (d2, d3), (d4, d5, d6));
    layout_oollcolllclc / layout8_oollcolllclc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        (v0 = s0 s1 s2 s3 s4 s5 d0 d1, v1 = d2 d3 d4 d5 _ _ _ _)
        = ((s0, s1), (s2, s3, s4), s5) : ((d0, d1), (d2, d3, d4), d5);
    layout_oollcolllcollcc / layout8_oollcolllcollcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        (v0 = s0 s1 s2 s3 s4 s5 s6 d0, v1 = d1 d2 d3 d4 d5 d6 _ _)
        = ((s0, s1), (s2, s3, s4), (s5, s6)) : ((d0, d1), (d2, d3, d4), (d5, d6));
    layout_oollcolllcolllcc / layout8_oollcolllcolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 s7, w2 = d0 d1 d2 d3, w3 = d4 d5 d6 d7)
        (v0 = s0 s1 s2 s3 s4 s5 s6 s7, v1 = d0 d1 d2 d3 d4 d5 d6 d7)
        = ((s0, s1), (s2, s3, s4), (s5, s6, s7)) : ((d0, d1), (d2, d3, d4), (d5, d6, d7));
    layout_oolllcllc / layout8_oolllcllc
        (w0 = s0 s1 s2 s3, w1 = s4 d0 d1 d2, w2 = d3 d4 _ _)
        (v0 = s0 s1 s2 s3 s4 d0 d1 d2, v1 = d3 d4 _ _ _ _ _ _)
        = ((s0, s1, s2), s3, s4) : ((d0, d1, d2), d3, d4);
    layout_oolllclollcc / layout8_oolllclollcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        (v0 = s0 s1 s2 s3 s4 s5 d0 d1, v1 = d2 d3 d4 d5 _ _ _ _)
        = ((s0, s1, s2), s3, (s4, s5)) : ((d0, d1, d2), d3, (d4, d5));
    layout_oolllclolllcc / layout8_oolllclolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        (v0 = s0 s1 s2 s3 s4 s5 s6 d0, v1 = d1 d2 d3 d4 d5 d6 _ _)
        = ((s0, s1, s2), s3, (s4, s5, s6)) : ((d0, d1, d2), d3, (d4, d5, d6));
    layout_oolllcollclc / layout8_oolllcollclc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 d0 d1, w2 = d2 d3 d4 d5)
        (v0 = s0 s1 s2 s3 s4 s5 d0 d1, v1 = d2 d3 d4 d5 _ _ _ _)
        = ((s0, s1, s2), (s3, s4), s5) : ((d0, d1, d2), (d3, d4), d5);
    layout_oolllcollcollcc / layout8_oolllcollcollcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        (v0 = s0 s1 s2 s3 s4 s5 s6 d0, v1 = d1 d2 d3 d4 d5 d6 _ _)
        = ((s0, s1, s2), (s3, s4), (s5, s6)) : ((d0, d1, d2), (d3, d4), (d5, d6));
    layout_oolllcollcolllcc / layout8_oolllcollcolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 s7, w2 = d0 d1 d2 d3, w3 = d4 d5 d6 d7)
        (v0 = s0 s1 s2 s3 s4 s5 s6 s7, v1 = d0 d1 d2 d3 d4 d5 d6 d7)
        = ((s0, s1, s2), (s3, s4), (s5, s6, s7)) : ((d0, d1, d2), (d3, d4), (d5, d6, d7));
    layout_oolllcolllclc / layout8_oolllcolllclc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 d0, w2 = d1 d2 d3 d4, w3 = d5 d6 _ _)
        (v0 = s0 s1 s2 s3 s4 s5 s6 d0, v1 = d1 d2 d3 d4 d5 d6 _ _)
        = ((s0, s1, s2), (s3, s4, s5), s6) : ((d0, d1, d2), (d3, d4, d5), d6);
    layout_oolllcolllcollcc / layout8_oolllcolllcollcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 s7, w2 = d0 d1 d2 d3, w3 = d4 d5 d6 d7)
        (v0 = s0 s1 s2 s3 s4 s5 s6 s7, v1 = d0 d1 d2 d3 d4 d5 d6 d7)
        = ((s0, s1, s2), (s3, s4, s5), (s6, s7)) : ((d0, d1, d2), (d3, d4, d5), (d6, d7));
    layout_oolllcolllcolllcc / layout8_oolllcolllcolllcc
        (w0 = s0 s1 s2 s3, w1 = s4 s5 s6 s7, w2 = s8 d0 d1 d2, w3 = d3 d4 d5 d6, w4 = d7 d8 _ _)
        (v0 = s0 s1 s2 s3 s4 s5 s6 s7, v1 = s8 d0 d1 d2 d3 d4 d5 d6, v2 = d7 d8 _ _ _ _ _ _)
        = ((s0, s1, s2), (s3, s4, s5), (s6, s7, s8)) : ((d0, d1, d2), (d3, d4, d5), (d6, d7, d8));
    layout_ollllc / layout8_ollllc
        (w0 = s0 s1 s2 s3, w1 = d0 d1 d2 d3)
        (v0 = s0 s1 s2 s3 d0 d1 d2 d3)
        = (s0, s1, s2, s3) : (d0, d1, d2, d3);
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

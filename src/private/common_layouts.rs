//! The layouts of the most common nestings, made and formatted once here,
//! so that a debug build of a crate that formats one does not compile the
//! code again.
//!
//! A debug build shares generic code between crates: a function generic
//! over a layout type that this crate compiled for that type is linked
//! from here, not compiled in the crate that calls it (rustc's
//! `share-generics`, on when optimisations are off). `layout!` gives a
//! static result as a [`Layout`] of `usize` leaves, a type per nesting; by
//! naming the constructor, `to_string` and `Display::fmt` of the nestings
//! below, this crate compiles them once, and a crate that formats such a
//! result compiles none of them: about 0.4 M rustc instructions per
//! layout type formatted, measured in BENCHMARKS.md ("A `Display`ed
//! result: thin per type"). The nestings are every tree of up to three
//! items, each a leaf or a tuple of two or three leaves, and the flat
//! rank 4: the results of the algebra on layouts of rank up to three.
//! Optimised builds do not share generic code, so this is for debug
//! builds only.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::layout::{Layout, layout};

/// Names the constructor, `to_string` and `Display::fmt` of the layout
/// whose shape and stride are both `$T`, so that this crate compiles them.
macro_rules! instances {
    ($($T:ty;)*) => {
        /// The addresses of the instances this crate compiles for other
        /// crates to link, one row per nesting. Never called but by a
        /// test: naming the functions is what makes them compiled here
        /// (and exported, for a debug build's shared generics); taking
        /// their addresses keeps the names from being dropped unused.
        #[doc(hidden)]
        pub fn common_layout_instances() -> Vec<[usize; 3]> {
            Vec::from([$(
                [
                    (layout::<$T, $T> as fn($T, $T) -> Layout<$T, $T>) as usize,
                    (Layout::<$T, $T>::to_string as fn(&Layout<$T, $T>) -> String) as usize,
                    (<Layout<$T, $T> as fmt::Display>::fmt
                        as fn(&Layout<$T, $T>, &mut fmt::Formatter<'_>) -> fmt::Result)
                        as usize,
                ],
            )*])
        }
    };
}

instances! {
    usize;
    (usize,);
    ((usize, usize),);
    ((usize, usize, usize),);
    (usize, usize);
    (usize, (usize, usize));
    (usize, (usize, usize, usize));
    ((usize, usize), usize);
    ((usize, usize), (usize, usize));
    ((usize, usize), (usize, usize, usize));
    ((usize, usize, usize), usize);
    ((usize, usize, usize), (usize, usize));
    ((usize, usize, usize), (usize, usize, usize));
    (usize, usize, usize);
    (usize, usize, (usize, usize));
    (usize, usize, (usize, usize, usize));
    (usize, (usize, usize), usize);
    (usize, (usize, usize), (usize, usize));
    (usize, (usize, usize), (usize, usize, usize));
    (usize, (usize, usize, usize), usize);
    (usize, (usize, usize, usize), (usize, usize));
    (usize, (usize, usize, usize), (usize, usize, usize));
    ((usize, usize), usize, usize);
    ((usize, usize), usize, (usize, usize));
    ((usize, usize), usize, (usize, usize, usize));
    ((usize, usize), (usize, usize), usize);
    ((usize, usize), (usize, usize), (usize, usize));
    ((usize, usize), (usize, usize), (usize, usize, usize));
    ((usize, usize), (usize, usize, usize), usize);
    ((usize, usize), (usize, usize, usize), (usize, usize));
    ((usize, usize), (usize, usize, usize), (usize, usize, usize));
    ((usize, usize, usize), usize, usize);
    ((usize, usize, usize), usize, (usize, usize));
    ((usize, usize, usize), usize, (usize, usize, usize));
    ((usize, usize, usize), (usize, usize), usize);
    ((usize, usize, usize), (usize, usize), (usize, usize));
    ((usize, usize, usize), (usize, usize), (usize, usize, usize));
    ((usize, usize, usize), (usize, usize, usize), usize);
    ((usize, usize, usize), (usize, usize, usize), (usize, usize));
    ((usize, usize, usize), (usize, usize, usize), (usize, usize, usize));
    (usize, usize, usize, usize);
}

#[cfg(test)]
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

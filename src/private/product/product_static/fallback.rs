//! Where the `const` walk does not answer a static product's copies (a
//! carry, the point-by-point decision, a refusal: `fold.rs`), the run-time
//! composition of the `usize` holes with `B`, which decides them.
//!
//! An optimised build composes them with `B`'s tree erased to `usize`
//! leaves (`Erase`), inlined where the product is, as before. A debug
//! build composes them with `B`'s leaves flattened (the same function of
//! the index, the same leaves in the same order, so the same walk, checks
//! and decision: `compose_tree` walks a tuple leaf by leaf with one
//! `reach`, `decide_tree` with one `reads`, and the decision compares `B`'s
//! values at each index): for a `B` of one or two leaves, the common
//! tiles, by a function compiled once in this crate for each rank of `A`
//! (`by_one`, `by_two`), so that the user's crate neither proves the
//! run-time composition's bounds for each nesting nor walks its functions
//! for `const` errors (the collector visits the functions a skipped
//! branch mentions). That was 8.2 M rustc instructions a static product
//! of `prod20` (BENCHMARKS.md, "Compile cost of typed algebra: the
//! fallbacks compiled once (branch `compile8`)").

#[cfg(not(debug_assertions))]
use super::Erase;
use super::{HoleTuple, HolesOf, walk_erased};
use crate::__private::algebra::AlgebraError;
use crate::__private::compose_run::ComposeRun;
use crate::__private::compose_static::Row;
use crate::__private::product_copies::ProductTile;
use crate::__private::tree::MAX_RANK as WIDTH;
#[cfg(debug_assertions)]
use crate::__private::{
    compose_static::StaticList, layout::Layout, leaf_list::LeafList, list::IntoTuple,
    product_copies::TupleOf,
};

/// A callback given each mode of the composition and its index.
type Each<'a> = &'a mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>;

/// The run-time composition of a static product's holes (`extents`,
/// `strides`, as `hole_leaves` gives them, of `A`'s leaves `Sh`) with the
/// tile `Self`, each mode given to `each` in order (`fold.rs`'s check
/// against the folded leaves), until one is refused.
#[doc(hidden)]
pub trait HolesFallback<Sh>: ProductTile {
    /// The composition's refusal, or `each`'s, or `Ok`.
    fn fallback(
        self,
        extents: &[usize; WIDTH],
        strides: &[usize; WIDTH],
        each: Each<'_>,
    ) -> Result<(), AlgebraError>;
}

#[cfg(not(debug_assertions))]
impl<Sh: HoleTuple, B: ProductTile> HolesFallback<Sh> for B
where
    B::Shape: Erase,
    B::Stride: Erase,
    HolesOf<Sh>: ComposeRun<<B::Shape as Erase>::Out, <B::Stride as Erase>::Out>,
{
    #[inline(always)]
    fn fallback(
        self,
        extents: &[usize; WIDTH],
        strides: &[usize; WIDTH],
        each: Each<'_>,
    ) -> Result<(), AlgebraError> {
        let (shape, stride) = self.tile().into_parts();
        walk_erased(
            &Sh::holes(extents, strides),
            shape.erase(),
            stride.erase(),
            each,
        )
    }
}

#[cfg(debug_assertions)]
impl<Sh: HoleTuple, B: ProductTile> HolesFallback<Sh> for B
where
    B::Shape: LeafList<List: IntoTuple<Tuple: StaticList + FlatTile<Sh>>>,
    B::Stride: LeafList<List: IntoTuple<Tuple: StaticList>>,
{
    #[inline]
    fn fallback(
        self,
        extents: &[usize; WIDTH],
        strides: &[usize; WIDTH],
        each: Each<'_>,
    ) -> Result<(), AlgebraError> {
        <TupleOf<B::Shape> as FlatTile<Sh>>::walk(
            extents,
            strides,
            &const { <TupleOf<B::Shape> as StaticList>::VALUES },
            &const { <TupleOf<B::Stride> as StaticList>::VALUES },
            each,
        )
    }
}

/// A static tile's flat leaves (`Self`, a tuple of `C<N>`s, its extents
/// and strides given as numbers): the composition of `A`'s holes (`A`'s
/// leaves `Sh`) with them. One or two leaves: compiled once in this crate
/// (`by_one`, `by_two`); more: here, for each rank of `A` and of the tile.
#[cfg(debug_assertions)]
#[doc(hidden)]
pub trait FlatTile<Sh> {
    /// As [`HolesFallback::fallback`], the tile's extents `shape` and
    /// strides `stride`.
    fn walk(
        extents: &[usize; WIDTH],
        strides: &[usize; WIDTH],
        shape: &[usize; WIDTH],
        stride: &[usize; WIDTH],
        each: Each<'_>,
    ) -> Result<(), AlgebraError>;
}

#[cfg(debug_assertions)]
impl<Sh: StaticList, T0> FlatTile<Sh> for (T0,) {
    #[inline]
    fn walk(
        extents: &[usize; WIDTH],
        strides: &[usize; WIDTH],
        shape: &[usize; WIDTH],
        stride: &[usize; WIDTH],
        each: Each<'_>,
    ) -> Result<(), AlgebraError> {
        by_one(extents, strides, Sh::LEN, (shape[0], stride[0]), each)
    }
}

#[cfg(debug_assertions)]
impl<Sh: StaticList, T0, T1> FlatTile<Sh> for (T0, T1) {
    #[inline]
    fn walk(
        extents: &[usize; WIDTH],
        strides: &[usize; WIDTH],
        shape: &[usize; WIDTH],
        stride: &[usize; WIDTH],
        each: Each<'_>,
    ) -> Result<(), AlgebraError> {
        by_two(
            extents,
            strides,
            Sh::LEN,
            (shape[0], stride[0]),
            (shape[1], stride[1]),
            each,
        )
    }
}

/// `usize`, one per named leaf.
#[cfg(debug_assertions)]
macro_rules! usize_for {
    ($x:ident) => {
        usize
    };
}

// Three leaves or more: the flat tile's composition, in the caller's crate.
#[cfg(debug_assertions)]
macro_rules! flat_tiles {
    (0;) => {};
    (1; $($rest:tt)*) => {};
    (2; $($rest:tt)*) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<Sh: HoleTuple, $($T,)*> FlatTile<Sh> for ($($T,)*)
        where
            HolesOf<Sh>: ComposeRun<($(usize_for!($T),)*), ($(usize_for!($T),)*)>,
        {
            #[inline]
            fn walk(
                extents: &[usize; WIDTH],
                strides: &[usize; WIDTH],
                shape: &[usize; WIDTH],
                stride: &[usize; WIDTH],
                each: Each<'_>,
            ) -> Result<(), AlgebraError> {
                walk_erased(
                    &Sh::holes(extents, strides),
                    ($(shape[$i],)*),
                    ($(stride[$i],)*),
                    each,
                )
            }
        }
    };
}

#[cfg(debug_assertions)]
for_each_rank!(flat_tiles);

/// The holes of `A`'s `k` leaves (`len` = `k + 1` of them) composed with
/// the tile's leaf `(n, r)`: one function for every static product by a
/// tile of one leaf, each rank of `A` an instance compiled here.
#[cfg(debug_assertions)]
#[inline(never)]
fn by_one(
    extents: &[usize; WIDTH],
    strides: &[usize; WIDTH],
    k: usize,
    (n, r): (usize, usize),
    each: Each<'_>,
) -> Result<(), AlgebraError> {
    macro_rules! rank {
        (0;) => {};
        (12; $($rest:tt)*) => {};
        ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
            if k == $rank {
                let holes: Layout<_, _> = <($(usize_for!($A),)*) as HoleTuple>::holes(extents, strides);
                return walk_erased(&holes, n, r, each);
            }
        };
    }
    for_each_rank!(rank);
    Err(never())
}

/// As [`by_one`], a tile of two leaves `(n0, r0)`, `(n1, r1)`.
#[cfg(debug_assertions)]
#[inline(never)]
fn by_two(
    extents: &[usize; WIDTH],
    strides: &[usize; WIDTH],
    k: usize,
    (n0, r0): (usize, usize),
    (n1, r1): (usize, usize),
    each: Each<'_>,
) -> Result<(), AlgebraError> {
    macro_rules! rank {
        (0;) => {};
        (12; $($rest:tt)*) => {};
        ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
            if k == $rank {
                let holes: Layout<_, _> = <($(usize_for!($A),)*) as HoleTuple>::holes(extents, strides);
                return walk_erased(&holes, (n0, n1), (r0, r1), each);
            }
        };
    }
    for_each_rank!(rank);
    Err(never())
}

/// Never: a static product's left layout has 1 to 11 leaves
/// (`HoleTuple`).
#[cfg(debug_assertions)]
fn never() -> AlgebraError {
    AlgebraError::FoldedDiffers {
        function: "product",
        walked: 0,
        folded: 0,
    }
}

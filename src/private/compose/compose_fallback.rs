//! Where the `const` walk does not answer a composition of two static
//! layouts (a carry, the point-by-point decision, a refusal:
//! `compose_folded.rs`), the run-time walk on their `usize` copies, which
//! decides it.
//!
//! An optimised build walks the copies in the operands' nestings, inlined
//! where the composition is, as before. A debug build walks them with both
//! operands' leaves flattened (the same walk: it reads the left layout's
//! leaves alone, in order, and the right layout's leaves in order with one
//! `reach` and one `reads`, and the decision compares the two layouts'
//! values at each index, which flattening keeps): for a right layout of
//! one or two leaves, the common tiles, by a function compiled once in
//! this crate for each number of left leaves (`by_one`, `by_two`), so
//! that the user's crate neither proves the run-time walk's bounds for
//! each nesting nor walks its functions for `const` errors (the collector
//! visits the functions a skipped branch mentions) (BENCHMARKS.md,
//! "Compile cost of typed algebra: the fallbacks compiled once (branch
//! `compile8`)").

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_folded::{StaticValues, run};
use crate::__private::compose_run::ComposeRun;
use crate::__private::compose_static::Row;
use crate::__private::layout::Layout;
#[cfg(debug_assertions)]
use crate::__private::{
    compose_static::StaticList, leaf_list::LeafList, list::IntoTuple, tree::MAX_RANK as WIDTH,
};

/// The check of each mode walked (`FoldModes::fold`'s).
pub(in crate::__private) type Walked<'a> =
    &'a mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>;
/// The check of each mode decided (`FoldModes::decide`'s).
pub(in crate::__private) type Decided<'a> = &'a mut dyn FnMut(usize, &Row, bool) -> bool;

/// The run-time walk of the static layout `Self`'s `usize` copy with the
/// static right layout `SB:DB`'s, each mode checked by `walked` after the
/// walk and by `decided` after the decision (`compose_folded::run`).
#[doc(hidden)]
pub trait ComposeFallback<SB, DB> {
    /// The walk's refusal, or a check's, or `Ok`.
    fn fallback(walked: Walked<'_>, decided: Decided<'_>) -> Result<(), AlgebraError>;
}

#[cfg(not(debug_assertions))]
impl<S, D, SB, DB> ComposeFallback<SB, DB> for Layout<S, D>
where
    S: StaticValues,
    D: StaticValues,
    SB: StaticValues,
    DB: StaticValues,
    Layout<S::Out, D::Out>: ComposeRun<SB::Out, DB::Out>,
{
    #[inline(always)]
    fn fallback(walked: Walked<'_>, decided: Decided<'_>) -> Result<(), AlgebraError> {
        let a = Layout::from_parts(const { S::VALUES }, const { D::VALUES });
        let b = Layout::from_parts(const { SB::VALUES }, const { DB::VALUES });
        run(a, b, walked, decided)
    }
}

/// A tree's leaves as a flat tuple.
#[cfg(debug_assertions)]
type Flat<S> = <<S as LeafList>::List as IntoTuple>::Tuple;

#[cfg(debug_assertions)]
impl<S, D, SB, DB> ComposeFallback<SB, DB> for Layout<S, D>
where
    S: LeafList<List: IntoTuple<Tuple: StaticList>>,
    D: LeafList<List: IntoTuple<Tuple: StaticList>>,
    SB: LeafList<List: IntoTuple<Tuple: FlatRight<Flat<S>, Flat<D>>>>,
    DB: LeafList<List: IntoTuple<Tuple: StaticList>>,
{
    #[inline]
    fn fallback(walked: Walked<'_>, decided: Decided<'_>) -> Result<(), AlgebraError> {
        <Flat<SB> as FlatRight<Flat<S>, Flat<D>>>::walk(
            &const { <Flat<DB> as StaticList>::VALUES },
            walked,
            decided,
        )
    }
}

/// A static right layout's flat leaves (`Self`, a tuple of `C<N>`s; its
/// strides given as numbers) over the static left layout's flat leaves
/// `AT` (strides `ET`): one or two leaves, compiled once in this crate
/// (`by_one`, `by_two`); more, here, for each rank of both.
#[cfg(debug_assertions)]
#[doc(hidden)]
pub trait FlatRight<AT, ET> {
    /// As [`ComposeFallback::fallback`], the right layout's strides `stride`.
    fn walk(
        stride: &[usize; WIDTH],
        walked: Walked<'_>,
        decided: Decided<'_>,
    ) -> Result<(), AlgebraError>;
}

#[cfg(debug_assertions)]
impl<AT: StaticList, ET: StaticList, T0: StaticValues<Out = usize>> FlatRight<AT, ET> for (T0,) {
    #[inline]
    fn walk(
        stride: &[usize; WIDTH],
        walked: Walked<'_>,
        decided: Decided<'_>,
    ) -> Result<(), AlgebraError> {
        let left = (&const { AT::VALUES }, &const { ET::VALUES }, AT::LEN);
        by_one(left, (T0::VALUES, stride[0]), walked, decided)
    }
}

#[cfg(debug_assertions)]
impl<AT, ET, T0, T1> FlatRight<AT, ET> for (T0, T1)
where
    AT: StaticList,
    ET: StaticList,
    T0: StaticValues<Out = usize>,
    T1: StaticValues<Out = usize>,
{
    #[inline]
    fn walk(
        stride: &[usize; WIDTH],
        walked: Walked<'_>,
        decided: Decided<'_>,
    ) -> Result<(), AlgebraError> {
        let left = (&const { AT::VALUES }, &const { ET::VALUES }, AT::LEN);
        let right = ((T0::VALUES, stride[0]), (T1::VALUES, stride[1]));
        by_two(left, right, walked, decided)
    }
}

/// `usize`, one per named leaf.
#[cfg(debug_assertions)]
macro_rules! usize_for {
    ($x:ident) => {
        usize
    };
}

// Three leaves or more: the flat walk, in the caller's crate.
#[cfg(debug_assertions)]
macro_rules! flat_rights {
    (0;) => {};
    (1; $($rest:tt)*) => {};
    (2; $($rest:tt)*) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<AT, ET, $($T,)*> FlatRight<AT, ET> for ($($T,)*)
        where
            AT: StaticValues,
            ET: StaticValues,
            ($($T,)*): StaticValues<Out = ($(usize_for!($T),)*)>,
            Layout<AT::Out, ET::Out>: ComposeRun<($(usize_for!($T),)*), ($(usize_for!($T),)*)>,
        {
            #[inline]
            fn walk(
                stride: &[usize; WIDTH],
                walked: Walked<'_>,
                decided: Decided<'_>,
            ) -> Result<(), AlgebraError> {
                let a = Layout::from_parts(const { AT::VALUES }, const { ET::VALUES });
                let shape = const { <($($T,)*) as StaticValues>::VALUES };
                run(a, Layout::from_parts(shape, ($(stride[$i],)*)), walked, decided)
            }
        }
    };
}

#[cfg(debug_assertions)]
for_each_rank!(flat_rights);

/// The left layout's flat leaves: extents, strides, how many.
#[cfg(debug_assertions)]
type Left<'a> = (&'a [usize; WIDTH], &'a [usize; WIDTH], usize);

/// The walk of the left leaves `left` with a right layout of one leaf
/// `n:r`: one function for every static composition by a leaf, each
/// number of left leaves an instance compiled here.
#[cfg(debug_assertions)]
#[inline(never)]
fn by_one(
    (e, s, k): Left<'_>,
    (n, r): (usize, usize),
    walked: Walked<'_>,
    decided: Decided<'_>,
) -> Result<(), AlgebraError> {
    macro_rules! rank {
        (0;) => {};
        ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
            if k == $rank {
                let a = Layout::from_parts(($(e[$i],)*), ($(s[$i],)*));
                return run(a, Layout::from_parts(n, r), walked, decided);
            }
        };
    }
    for_each_rank!(rank);
    Err(never())
}

/// As [`by_one`], a right layout of two leaves `(n0, n1):(r0, r1)`.
#[cfg(debug_assertions)]
#[inline(never)]
fn by_two(
    (e, s, k): Left<'_>,
    ((n0, r0), (n1, r1)): ((usize, usize), (usize, usize)),
    walked: Walked<'_>,
    decided: Decided<'_>,
) -> Result<(), AlgebraError> {
    macro_rules! rank {
        (0;) => {};
        ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
            if k == $rank {
                let a = Layout::from_parts(($(e[$i],)*), ($(s[$i],)*));
                return run(a, Layout::from_parts((n0, n1), (r0, r1)), walked, decided);
            }
        };
    }
    for_each_rank!(rank);
    Err(never())
}

/// Never: a static left layout has 1 to 12 leaves (`IntoTuple`).
#[cfg(debug_assertions)]
fn never() -> AlgebraError {
    AlgebraError::FoldedDiffers {
        function: crate::__private::compose_walk::FUNCTION,
        walked: 0,
        folded: 0,
    }
}

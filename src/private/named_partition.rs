//! `layout!(type local_tile(#L, #T, C))` and the other partitions with a
//! named operand: the macro cannot see a named value's numbers, so it
//! calls these, which bind the same traits as the tensor partitions
//! (`crate::tensor::typed`) on the typed layout itself. Each gives what the
//! written-out typed form gives: `Result<(layout, base), Error>`, the base
//! in the layout's offset type (`isize` for a signed layout).

use layout_core::Error;

use super::int::{C, Offset};
use super::layout::Layout;
use super::threads::ThreadIndex;
use super::typed_partition::Threads;
use crate::tensor::typed::{OuterTiler, ThreadsOf, ThreadsStep, Tiler, TilerStep};

/// A typed layout a named partition cuts: its offset type is the base's.
#[diagnostic::on_unimplemented(
    message = "`type` partitions a typed layout, but `{Self}` is not one",
    label = "a `layout!(type …)` or `layout!(SHAPE:STRIDE)` value; drop `type` to partition another value through the core at run time"
)]
pub trait Partitioned {
    /// The offset type: `usize`, or `isize` for a signed layout.
    type Base: Offset;
}

impl<S, D, I: Offset> Partitioned for Layout<S, D, I> {
    type Base = I;
}

/// A tiler or thread layout whose extents are all static (`C<N>`, nested
/// tuples of them, a typed layout of such a shape): what the typed
/// partitions take. Asked of a named operand where it stands, so that a
/// run-time extent is reported there, with what to write instead.
#[diagnostic::on_unimplemented(
    message = "`type` partitions by static extents (`C<N>`), but this named tiler or thread layout holds a run-time extent `{Self}`",
    label = "a `type` partition needs `C<N>` extents here: write the tiler `(C::<4>, C::<8>)` or the thread layout `layout!(type (4,8):(8,1))`, or drop `type` to partition by run-time extents through the core"
)]
pub trait StaticExtents {}

impl<const N: i64> StaticExtents for C<N> {}

impl<S: StaticExtents, D, I> StaticExtents for Layout<S, D, I> {}

macro_rules! static_tuples {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A: StaticExtents),*> StaticExtents for ($($A,)*) {}
    };
}

for_each_rank!(static_tuples);

/// The named operand, once [`StaticExtents`] holds for it. (Where it does
/// not, the partition's own bound on the operand fails too: a second error,
/// after this one at the name.)
#[inline(always)]
pub fn static_extents<T: StaticExtents>(operand: T) -> T {
    operand
}

/// A named partition's result: its layout `O` and base in `L`'s offset type.
pub type Named<O, L> = Result<(O, <L as Partitioned>::Base), Error>;

/// The pair of a partition and its base in `L`'s offset type.
#[inline(always)]
fn based<L: Partitioned, O>(part: Result<(O, usize, bool), Error>) -> Result<(O, L::Base), Error> {
    part.map(|(layout, base, _)| (layout, L::Base::from_wrapping(base)))
}

/// `local_tile(layout, tiler, coord)` (also `inner_partition`).
#[inline(always)]
pub fn named_local_tile<L: Partitioned, T: Tiler<L, Cd>, Cd>(
    layout: &L,
    tiler: T,
    coord: Cd,
) -> Result<(T::Output, L::Base), Error> {
    based::<L, _>(tiler.tile_of(layout, coord))
}

/// `local_tile(layout, tiler, coord, step)`.
#[inline(always)]
pub fn named_local_tile_step<L: Partitioned, T: TilerStep<L, Cd, St>, Cd, St>(
    layout: &L,
    tiler: T,
    coord: Cd,
    _step: St,
) -> Result<(T::Output, L::Base), Error> {
    based::<L, _>(tiler.tile_step_of(layout, coord))
}

/// `outer_partition(layout, tiler, coord)`.
#[inline(always)]
pub fn named_outer_partition<L: Partitioned, T: OuterTiler<L, Cd>, Cd>(
    layout: &L,
    tiler: T,
    coord: Cd,
) -> Result<(T::Output, L::Base), Error> {
    based::<L, _>(tiler.outer_of(layout, coord))
}

/// `local_partition(layout, threads, index)`: the index a `usize` or the
/// thread's coordinate ([`ThreadIndex`]).
#[inline(always)]
pub fn named_local_partition<L: Partitioned, P: ThreadsOf<L>, Ix: ThreadIndex<P>>(
    layout: &L,
    threads: &P,
    index: Ix,
) -> Result<(P::Output, L::Base), Error> {
    let coord = index.thread_coord(threads)?;
    based::<L, _>(threads.partition_at(layout, coord))
}

/// `local_partition(layout, threads, index, step)`.
#[inline(always)]
pub fn named_local_partition_step<L, P, Ix, St>(
    layout: &L,
    threads: &P,
    index: Ix,
    _step: St,
) -> Named<<P as ThreadsStep<L, St>>::Output, L>
where
    L: Partitioned,
    P: ThreadsStep<L, St> + Threads,
    Ix: ThreadIndex<P>,
{
    let coord = index.thread_coord(threads)?;
    based::<L, _>(threads.partition_step_at(layout, coord))
}

//! What the typed partitions ask of their arguments, one trait per
//! argument the user writes: the tiler of `local_tile`, the coordinate of
//! `slice`, the thread layout of `local_partition` and its thread
//! ([`ThreadIndex`]: an index or a coordinate). Each is implemented
//! for the user's own tuples (once, `do_not_recommend`, over the internal
//! walks of `src/private/partition/typed_partition.rs`), so a tiler or coordinate of
//! the wrong rank is one error, at that argument, naming the types as
//! written: `(C<2>, C<4>, C<8>)` and `Layout<(C<4>, C<8>), …>`, not the
//! type-level lists the walks recurse on.

use layout_core::Error;

use super::Tensor;
use super::engine::Engine;
use super::typed_checks::{LayoutShape, SliceCoordModes, ThreadModes, TilerModes};
use super::typed_outer_short::{OuterRoute, OuterVia};
use super::typed_partitions::{rebase, tile_tensor_by};
pub use crate::__private::ThreadIndex;
use crate::__private::{
    Dice, Fits, FitsCore, IntoList, OuterBy, PartitionBound, SliceBy, Threads, TileBy, slice_fits,
};

/// The list of a tuple diced by a `Step` tuple.
type Diced<St, T> = <<St as IntoList>::List as Dice<<T as IntoList>::List>>::Out;

/// A tiler (`Self`, one static extent per top-level mode, e.g.
/// `(C::<128>, C::<8>)`) that cuts tiles of the typed layout `L` at a tile
/// coordinate `Cd` (integers and [`X`](super::X)): what
/// [`local_tile`](super::typed::local_tile) takes.
///
/// Its supertrait [`TilerModes`] checks the ranks first (its error is
/// the short one); this trait's own error is left for a tiler of the right
/// rank that still does not tile `L` (a tuple entry over a mode it does
/// not fit).
#[diagnostic::on_unimplemented(
    message = "the tiler `{Self}` (or the tile coordinate) does not match the modes of the typed layout `{L}`",
    label = "one static tile extent (and one coordinate entry, an integer or `X`) per top-level mode of the tensor, or fewer (the modes past the tiler kept whole); a longer tiler needs a `Step`, as CuTe's `Step<_1,X,_1>`"
)]
pub trait Tiler<L: LayoutShape, Cd>: TilerModes<L::Shape, Cd, Checked = Self> {
    /// The tile's layout.
    type Output: Fits;
    /// The tile, the offset of its first element, and whether it is whole.
    fn tile_of(self, layout: &L, coord: Cd) -> Result<(Self::Output, usize, bool), Error>;
    /// `local_tile` of the tensor `t`: the tile ([`Tiler::tile_of`]),
    /// checked against the engine where it is partial. The tuple tilers'
    /// own: a whole tile picked in every mode by the quick walk
    /// (`__private::TileBy::tile_quick`), any other out of line.
    #[inline(always)]
    fn tile_tensor<E: Engine>(
        self,
        t: Tensor<E, L>,
        coord: Cd,
    ) -> Result<Tensor<E, Self::Output>, Error>
    where
        Self: Sized,
    {
        let part = self.tile_of(&t.layout, coord)?;
        rebase(t, part)
    }
    /// Evaluates the static extents of the divide, so that `local_tile`
    /// can name them in its own `const { }` (`__private::TileBy`).
    #[doc(hidden)]
    const STATIC_CHECK: () = ();
}

#[diagnostic::do_not_recommend]
impl<T: IntoList, L: LayoutShape, Cd: IntoList> Tiler<L, Cd> for T
where
    T: TilerModes<L::Shape, Cd, Checked = T>,
    L: TileBy<T::List, Cd::List, Output: Fits>,
{
    type Output = L::Output;
    const STATIC_CHECK: () = L::STATIC_CHECK;
    #[inline(always)]
    fn tile_of(self, layout: &L, coord: Cd) -> Result<(L::Output, usize, bool), Error> {
        layout.tile_within(self.into_list(), coord.into_list())
    }
    #[inline(always)]
    fn tile_tensor<E: Engine>(
        self,
        t: Tensor<E, L>,
        coord: Cd,
    ) -> Result<Tensor<E, L::Output>, Error> {
        let (tiler, coord) = (self.into_list(), coord.into_list());
        tile_tensor_by(t, tiler, coord)
    }
}

/// A tiler (`Self`) projected by a CuTe `Step` tuple `St` (`C<1>` keeps a
/// mode, [`X`](super::X) drops it) before it tiles `L` at `Cd`: what
/// [`local_tile_step`](super::typed::local_tile_step) takes.
#[diagnostic::on_unimplemented(
    message = "the tiler `{Self}` and the tile coordinate `{Cd}`, projected by the step `{St}`, do not match the modes of the typed layout `{L}`",
    label = "as many entries as the step; the step's `C<1>`s at most as many as the tensor's top-level modes (the modes past the kept entries kept whole)"
)]
pub trait TilerStep<L, Cd, St> {
    /// The tile's layout.
    type Output: Fits;
    /// The tile, the offset of its first element, and whether it is whole.
    fn tile_step_of(self, layout: &L, coord: Cd) -> Result<(Self::Output, usize, bool), Error>;
    /// `local_tile_step` of the tensor `t`, as [`Tiler::tile_tensor`].
    #[inline(always)]
    fn tile_step_tensor<E: Engine>(
        self,
        t: Tensor<E, L>,
        coord: Cd,
    ) -> Result<Tensor<E, Self::Output>, Error>
    where
        Self: Sized,
    {
        let part = self.tile_step_of(&t.layout, coord)?;
        rebase(t, part)
    }
    /// Evaluates the static extents of the divide, as [`Tiler`]'s.
    #[doc(hidden)]
    const STATIC_CHECK: () = ();
}

#[diagnostic::do_not_recommend]
impl<T: IntoList, L, Cd: IntoList, St: IntoList> TilerStep<L, Cd, St> for T
where
    St::List: Dice<T::List> + Dice<Cd::List>,
    L: TileBy<Diced<St, T>, Diced<St, Cd>, Output: Fits>,
{
    type Output = L::Output;
    const STATIC_CHECK: () = L::STATIC_CHECK;
    #[inline(always)]
    fn tile_step_of(self, layout: &L, coord: Cd) -> Result<(L::Output, usize, bool), Error> {
        let tiler = <St::List as Dice<T::List>>::dice(self.into_list());
        let coord = <St::List as Dice<Cd::List>>::dice(coord.into_list());
        layout.tile_within(tiler, coord)
    }
    #[inline(always)]
    fn tile_step_tensor<E: Engine>(
        self,
        t: Tensor<E, L>,
        coord: Cd,
    ) -> Result<Tensor<E, L::Output>, Error> {
        let tiler = <St::List as Dice<T::List>>::dice(self.into_list());
        let coord = <St::List as Dice<Cd::List>>::dice(coord.into_list());
        tile_tensor_by(t, tiler, coord)
    }
}

/// A tiler (`Self`) whose element `Cd` of every tile
/// [`outer_partition`](super::typed::outer_partition) keeps.
#[diagnostic::on_unimplemented(
    message = "the tiler `{Self}` and the coordinate `{Cd}` do not match the modes of the typed layout `{L}`",
    label = "one static tile extent and one coordinate per top-level mode of the tensor, or fewer (the modes past the tiler kept whole)"
)]
pub trait OuterTiler<L, Cd> {
    /// The partition's layout.
    type Output: Fits;
    /// The partition, the offset of its first element, and what its check
    /// against the engine needs (`PartitionBound`).
    fn outer_of(
        self,
        layout: &L,
        coord: Cd,
    ) -> Result<(Self::Output, usize, PartitionBound), Error>;
}

#[diagnostic::do_not_recommend]
impl<T: IntoList, L, Cd: IntoList> OuterTiler<L, Cd> for T
where
    Cd::List: OuterRoute<T::List>,
    L: OuterVia<T::List, Cd::List, <Cd::List as OuterRoute<T::List>>::Route>,
{
    type Output =
        <L as OuterVia<T::List, Cd::List, <Cd::List as OuterRoute<T::List>>::Route>>::Output;
    #[inline(always)]
    fn outer_of(
        self,
        layout: &L,
        coord: Cd,
    ) -> Result<(Self::Output, usize, PartitionBound), Error> {
        layout.outer_via(self.into_list(), coord.into_list())
    }
}

/// A static thread layout (`Self`, of any nesting) whose threads
/// partition the typed layout `L`: what
/// [`local_partition`](super::typed::local_partition) takes. The thread
/// itself is a [`ThreadIndex`]: an index or a coordinate.
#[diagnostic::on_unimplemented(
    message = "the thread layout `{Self}` does not match the modes of the typed layout `{L}`",
    label = "one thread-layout mode per top-level mode of the tensor; a longer thread layout needs a `Step`, as CuTe's `Step<_1,X>`"
)]
///
/// Its supertrait [`ThreadModes`] checks the ranks first (as [`Tiler`]'s).
pub trait ThreadsOf<L: LayoutShape>: Threads + ThreadModes<L::Shape, Checked = Self> {
    /// The partition's layout.
    type Output: Fits;
    /// The partition of the thread at `coord` (one index per top-level
    /// mode, [`ThreadIndex::thread_coord`]), the offset of its first
    /// element, and what its check against the engine needs
    /// (`PartitionBound`).
    fn partition_at(
        &self,
        layout: &L,
        coord: Self::Coord,
    ) -> Result<(Self::Output, usize, PartitionBound), Error>;
}

#[diagnostic::do_not_recommend]
impl<P: Threads, L: LayoutShape> ThreadsOf<L> for P
where
    P: ThreadModes<L::Shape, Checked = P>,
    L: OuterBy<P::Tiler, P::Coord, Output: Fits>,
{
    type Output = L::Output;
    #[inline(always)]
    fn partition_at(
        &self,
        layout: &L,
        coord: P::Coord,
    ) -> Result<(L::Output, usize, PartitionBound), Error> {
        layout.outer_within(self.tiler().0, coord)
    }
}

/// A thread layout (`Self`) projected by a `Step` tuple `St` before it
/// partitions `L`: what [`local_partition_step`](super::typed::local_partition_step) takes.
/// The thread is still named in the whole thread layout (CuTe's
/// `local_partition(t, thr, i, step)` dices `thr` after `i` is read).
#[diagnostic::on_unimplemented(
    message = "the thread layout `{Self}`, projected by the step `{St}`, does not match the modes of the typed layout `{L}`",
    label = "one step entry per thread-layout mode; the step's `C<1>`s as many as the tensor's top-level modes"
)]
pub trait ThreadsStep<L, St>: Threads {
    /// The partition's layout.
    type Output: Fits;
    /// The partition of the thread at `coord` (one index per top-level
    /// mode of the whole thread layout), the offset of its first element,
    /// and what its check against the engine needs (`PartitionBound`).
    fn partition_step_at(
        &self,
        layout: &L,
        coord: Self::Coord,
    ) -> Result<(Self::Output, usize, PartitionBound), Error>;
}

#[diagnostic::do_not_recommend]
impl<P: Threads, L, St: IntoList> ThreadsStep<L, St> for P
where
    St::List: Dice<P::Tiler> + Dice<P::Coord>,
    L: OuterBy<<St::List as Dice<P::Tiler>>::Out, <St::List as Dice<P::Coord>>::Out, Output: Fits>,
{
    type Output = L::Output;
    #[inline(always)]
    fn partition_step_at(
        &self,
        layout: &L,
        coord: P::Coord,
    ) -> Result<(L::Output, usize, PartitionBound), Error> {
        let coord = <St::List as Dice<P::Coord>>::dice(coord);
        let tiler = <St::List as Dice<P::Tiler>>::dice(self.tiler().0);
        layout.outer_within(tiler, coord)
    }
}

/// A slice coordinate (`Self`: integers, [`X`](super::X), tuples nested
/// like the modes) of the typed layout `L`, whose slice has the layout `O`:
/// what [`slice`](super::typed::slice()) takes. (`O` is a parameter, not an
/// associated type, so that a coordinate of the wrong rank is reported as
/// this trait, at the coordinate.)
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slice coordinate of the typed layout `{L}`: they differ in rank",
    label = "one entry (an integer, `X`, or a tuple nested like the mode) per top-level mode of the tensor"
)]
///
/// Its supertrait [`SliceCoordModes`] checks the ranks first (as
/// [`Tiler`]'s).
///
/// It slices a typed layout alone, too: CuTe's `slice_and_offset(c, l)`
/// for a `layout!` value with dynamic leaves or a dynamic coordinate,
/// straight-line code (what `layout!(slice(…))` of such a layout expands
/// to, through [`slice_and_offset`]).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::X;
/// use layout_dsl::tensor::typed::SliceOf;
/// use layout_dsl::typed::{C, Layout};
///
/// let (m, j) = (12, 3);
/// let l = layout!((m,(2,4)):(8,(1,2)));
/// let (col, base): (Layout<(usize,), (C<8>,)>, usize) = (X, j).slice_of(&l).unwrap();
/// assert_eq!((col.to_string(), base), ("(12):(8)".to_string(), 1 + 2));
/// let (rows, base) = (5, (1, X)).slice_of(&l).unwrap();
/// // As CuTe, the kept modes of a nested coordinate are gathered at one level.
/// assert_eq!((rows.to_string(), base), ("(4):(2)".to_string(), 5 * 8 + 1));
/// // A coordinate past its extent is an error, not an offset outside `l`.
/// assert!((X, 8).slice_of(&l).is_err());
/// ```
pub trait SliceOf<L: LayoutShape, O>: SliceCoordModes<L::Shape, Checked = Self> {
    /// The slice and the offset of its first element.
    fn slice_of(self, layout: &L) -> Result<(O, usize), Error>;
}

#[diagnostic::do_not_recommend]
impl<Cd: IntoList, L: SliceBy<Cd::List> + LayoutShape> SliceOf<L, L::Output> for Cd
where
    Cd: SliceCoordModes<L::Shape, Checked = Cd>,
{
    #[inline(always)]
    fn slice_of(self, layout: &L) -> Result<(L::Output, usize), Error> {
        layout.slice_by(self.into_list())
    }
}

/// CuTe's `slice_and_offset(c, layout)` of a typed layout: the modes
/// where `coord` is [`X`](super::X) and the offset of its first element,
/// what `layout!(slice(…))` of a layout with dynamic leaves, a dynamic
/// coordinate or a named layout expands to. The offset here is the
/// wrapping `usize` of the walk; `layout!` gives it in the layout's offset
/// type (`isize` for a signed layout), checked to fit. A coordinate past
/// its extent is an error, and so is a layout the core cannot hold (a
/// size or offsets past `i64::MAX`: the core refuses to slice it); one of
/// the wrong rank or nesting is one compile error, at the coordinate (the
/// rank is checked first, as [`slice`](super::typed::slice())'s).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::X;
/// use layout_dsl::tensor::typed::slice_and_offset;
///
/// let (m, j) = (12, 3);
/// let l = layout!((m,8):(8,1));
/// let (column, base) = slice_and_offset((X, j), &l).unwrap();
/// assert_eq!((column.to_string(), base), ("(12):(8)".to_string(), 3));
/// assert!(slice_and_offset((X, 8), &l).is_err());
/// // The core holds no layout whose offsets pass `i64::MAX`.
/// let big = 1usize << 62;
/// assert!(slice_and_offset((X, 0), &layout!((4,4):(1,big))).is_err()); // 3 + 3·2^62
/// ```
#[inline(always)]
pub fn slice_and_offset<L, Cd, K, O>(coord: Cd, layout: &L) -> Result<(O, usize), Error>
where
    L: LayoutShape,
    // `K` rather than `Cd::Checked`, as `typed::slice`: rustc blames a
    // failed nesting check on `coord` only then.
    Cd: SliceCoordModes<L::Shape, Checked = K>,
    K: SliceOf<L, O>,
    // Last, so that the notes of the bounds above (ui-tests) stay.
    L: FitsCore,
{
    // As the core, which refuses to slice a layout it cannot hold.
    slice_fits(layout)?;
    coord.checked().slice_of(layout)
}

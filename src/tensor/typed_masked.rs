//! A thread's share that carries its residue instead of being checked
//! against the storage: [`local_partition_masked`] and [`Masked`].
//!
//! [`local_partition`](super::typed::local_partition) returns a
//! [`Tensor`], so a share whose last tile runs past the tensor is checked
//! against the engine (a few additions and a compare a call) and refused
//! when it reaches past it. CuTe's kernels instead predicate such a share
//! (`elem_less(tAcA, shape(A))`). A [`Masked`] share is that predicate
//! made part of the share: per top-level mode, which of its coordinates
//! lie inside the tensor it was cut from (its cut, the residue:
//! `__private`'s `partition_residue.rs`). An element is read only where
//! every entry of its coordinate is admitted by its mode's cut (`c + T·j <
//! s`: the tensor's coordinate it stands for lies inside), and such an
//! element is one of the tensor's, whose offsets were checked when it was
//! built: the share's own offsets are never checked, and never read past
//! the tensor (not even into padding the engine has beyond it).

use core::fmt::Debug;
use core::ops::Index;

use layout_core::{CallError, Error};

use super::partition_facts::{assume_facts, cold, with_facts};
use super::typed_args::{ThreadIndex, ThreadsOf};
use super::typed_checks::{LayoutShape, ThreadCoordModes, ThreadModes};
use super::{Engine, EngineMut, IndexBy, Tensor};
use crate::__private::{
    BelowEach, Counts, Fits, IntoList, IntoTuple, Mode, ModeResidues, Offset, Reach, SplitBelow,
    Tree, WalkAdmitted, tensor_share_fits,
};
use crate::typed::Layout;

/// A thread layout (`Self`) whose shares of `L` can be masked: the share's
/// layout as [`ThreadsOf`] gives it, and its residue.
pub trait ThreadsMasked<L: LayoutShape>: ThreadsOf<L> {
    /// One cut per top-level mode of the share.
    type Valid: Copy;
    /// The share of the thread at `coord`, the offset of its first
    /// element, each mode's cut (which of its coordinates lie inside
    /// `layout`), and whether no cut can say it (a tuple mode not tiled
    /// exactly: the share is refused). `layout` is a tensor's, one the
    /// core holds (`Tensor::new`'s check): the share is checked past
    /// `i64` by its strides alone.
    #[allow(clippy::type_complexity)]
    fn masked_at(
        &self,
        layout: &L,
        coord: Self::Coord,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error>;
}

#[diagnostic::do_not_recommend]
impl<P, S, D, I, RS, RD> ThreadsMasked<Layout<S, D, I>> for P
where
    P: ThreadsOf<Layout<S, D, I>, Output = Layout<RS, RD, I>>,
    Layout<S, D, I>: LayoutShape,
    S: Mode<D> + IntoList,
    D: Tree,
    I: Offset,
    RS: Mode<RD> + IntoList + Reach<RD>,
    RD: Tree,
    P::Tiler: ModeResidues<S::List, RS::List, P::Coord>,
{
    type Valid = <P::Tiler as ModeResidues<S::List, RS::List, P::Coord>>::Valid;
    #[inline(always)]
    fn masked_at(
        &self,
        layout: &Layout<S, D, I>,
        coord: P::Coord,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error> {
        // The bound `partition_at` also returns goes unused: nothing of
        // it is formed.
        let (part, offset, _) = self.partition_at(layout, coord)?;
        // The share's layout past its residue is bounded by no engine:
        // checked past `i64` by its strides (`layout` is a tensor's, which
        // the core holds, so the share's extents, size and offsets are
        // within it: `tensor_share_fits`, as the plain share's).
        tensor_share_fits(&part)?;
        let (s, r) = (layout.shape().into_list(), part.shape().into_list());
        let mut general = false;
        let valid = self.tiler().0.residues(&s, &r, &coord, &mut general);
        Ok((part, offset, valid, general))
    }
}

/// CuTe's `local_partition(t, thr_layout, thr_idx)` with the residue
/// predicated: thread `thr_idx`'s share when the threads of the static
/// `thr_layout` tile `t`, as [`local_partition`](super::typed::local_partition)
/// cuts it (the same layout and base), but a [`Masked`] share rather than
/// a [`Tensor`]: where the share runs past `t` (the threads do not divide
/// an extent) its elements there are masked, never read, and no check of
/// the share against the storage is made. An error for a thread index
/// (or coordinate) past the thread layout, a stride whose product
/// overflows, or a tuple mode of `t` that the thread layout's mode does
/// not tile exactly (its valid coordinates are no cut per mode; a
/// [`Residue`](super::Residue) masks them one by one).
///
/// ```
/// use layout_dsl::tensor::{Tensor, typed};
/// use layout_dsl::layout;
///
/// // 5 x 3 over exactly 15 elements; 4 x 2 threads.
/// let (m, n) = (5, 3);
/// let data: Vec<u32> = (0..15).collect();
/// let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
/// let thr = layout!(type (4,2):(1,4));
/// // Thread 1 holds rows 1, 5 and columns 0, 2: (2,2):(4,10) from 1.
/// // Row 5 is past the matrix: that column of the share is masked.
/// let share = typed::local_partition_masked(t.by_ref(), &thr, 1).unwrap();
/// assert_eq!(share.layout().to_string(), "(2,2):(4,10)");
/// assert_eq!(share.residue(), (1, 2));
/// assert_eq!((share[(0, 0)], share[(0, 1)]), (1, 11));
/// assert_eq!(share.get((1, 0)), None);
/// // The plain share reaches past the storage, so it is refused.
/// assert!(typed::local_partition(t, &thr, 1).is_err());
/// ```
// Always inlined, as `local_partition` (its `with_facts!`).
#[inline(always)]
#[allow(clippy::multiple_bound_locations)] // `L: Fits` last, as `local_partition`'s
pub fn local_partition_masked<E: Engine, L: LayoutShape, P, Ix, O, V>(
    t: Tensor<E, L>,
    thr_layout: &P,
    thr_idx: Ix,
) -> Result<Masked<E, O, V>, Error>
where
    P: LayoutShape + ThreadModes<L::Shape>,
    Ix: ThreadCoordModes<<P as LayoutShape>::Shape>,
    P::Checked: ThreadsMasked<L, Output = O, Valid = V>,
    Ix::Checked: ThreadIndex<P::Checked>,
    O: Fits,
    L: Fits,
{
    let thr_layout = thr_layout.checked();
    let coord = thr_idx.checked().thread_coord(thr_layout)?;
    with_facts!(t => {
        let (layout, offset, valid, general) = thr_layout.masked_at(&t.layout, coord)?;
        if general {
            return Err(no_count());
        }
        Ok(Masked {
            engine: t.engine,
            layout,
            base: t.base.wrapping_add(offset),
            valid,
        })
    })
}

/// The refusal of a share whose residue is no cut per mode (a tuple
/// mode not tiled exactly: `partition_residue.rs`).
#[cold]
#[inline(never)]
pub(super) fn no_count() -> Error {
    CallError::WrongType {
        expected: "a tensor whose tuple modes the thread layout tiles exactly (a masked share keeps one cut of valid coordinates per mode)",
        found: "a tuple mode with a partial tile; partition a `Residue` of the tensor instead",
    }
    .into()
}

/// A thread's share or a tile whose elements past the tensor it was cut
/// from are masked ([`local_partition_masked`], `local_tile_masked`;
/// module docs): the engine, the layout `L` (CuTe's), its base, and its
/// cuts `V` (per mode, or spanning a tile's two modes). An element is read
/// only when its coordinate is admitted by the cuts.
#[derive(Clone, Copy, Debug)]
pub struct Masked<E, L, V> {
    pub(super) engine: E,
    pub(super) layout: L,
    pub(super) base: usize,
    pub(super) valid: V,
}

impl<E, L, V> Masked<E, L, V> {
    /// The share's layout (CuTe's, masked coordinates included).
    #[inline]
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// Where coordinate 0 is in the engine (wrapping: coordinate 0 itself
    /// may be masked).
    #[inline]
    pub fn base(&self) -> usize {
        self.base
    }
}

/// A coordinate of a [`Masked`] share whose top-level shapes are `SL`
/// and cuts `V`: one `usize` for the whole share (split
/// colexicographically over its top-level modes, the last taking what is
/// left), or a tuple of one `usize` per top-level mode (a tuple mode's
/// entry its colexicographic index).
pub trait MaskedCoord<SL, V>: Copy {
    /// Whether every entry is admitted by its mode's cut.
    fn inside(&self, s: &SL, v: &V) -> bool;
}

impl<SL, V: SplitBelow<SL>> MaskedCoord<SL, V> for usize {
    #[inline(always)]
    fn inside(&self, s: &SL, v: &V) -> bool {
        v.split_below(s, *self)
    }
}

impl<Cd: IntoList<List: BelowEach<V>> + Copy, SL, V> MaskedCoord<SL, V> for Cd {
    #[inline(always)]
    fn inside(&self, _: &SL, v: &V) -> bool {
        self.into_list().below_each(v)
    }
}

impl<E, S, D, I, V> Masked<E, Layout<S, D, I>, V>
where
    E: Engine,
    S: Mode<D> + IntoList,
    D: Tree,
    I: Offset,
    V: Copy,
{
    /// The number of coordinates, masked ones included (CuTe's `size`).
    #[inline]
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// Per top-level mode, how many of its coordinates lie inside the
    /// tensor (a tuple of `usize`, CuTe's residue of the share): the
    /// unmasked coordinates are those with every entry below its count.
    #[inline]
    pub fn residue(&self) -> <V::Counts as IntoTuple>::Tuple
    where
        V: Counts<S::List, Counts: IntoTuple>,
    {
        self.valid.counts().into_tuple()
    }

    /// The share as a [`Tensor`] when none of it is masked (then every
    /// coordinate is one of the tensor's, and no check is needed), or when
    /// it has no coordinate; otherwise the share back. (A share whose
    /// masked elements lie in padding the engine holds past the tensor is
    /// refused here, though [`local_partition`](super::typed::local_partition)
    /// accepts it: its elements there are not the tensor's.)
    pub fn into_tensor(self) -> Result<Tensor<E, Layout<S, D, I>>, Self>
    where
        V: Counts<S::List>,
        Layout<S, D, I>: Fits,
    {
        let shapes = self.layout.shape().into_list();
        if !(self.valid.cover(&shapes) || self.layout.any_empty()) {
            return Err(self);
        }
        Ok(Tensor {
            engine: self.engine,
            layout: self.layout,
            base: self.base,
        })
    }

    /// Whether `coord` is an element of the share inside the tensor.
    #[inline]
    pub fn is_valid<C: MaskedCoord<S::List, V>>(&self, coord: C) -> bool {
        coord.inside(&self.layout.shape().into_list(), &self.valid)
    }

    /// The element at `coord`; `None` where it is masked (past the tensor)
    /// or outside the share.
    #[inline]
    pub fn get<C>(&self, coord: C) -> Option<&E::Elem>
    where
        C: MaskedCoord<S::List, V>,
        Layout<S, D, I>: IndexBy<C>,
    {
        let at = self.valid_index(coord)?;
        // SAFETY: `valid_index` gives an index inside the engine.
        unsafe { Some(self.engine.as_slice().get_unchecked(at)) }
    }

    /// Where the element at `coord` is in the engine; `None` where it is
    /// masked (past the tensor) or outside the share.
    #[inline]
    fn valid_index<C>(&self, coord: C) -> Option<usize>
    where
        C: MaskedCoord<S::List, V>,
        Layout<S, D, I>: IndexBy<C>,
    {
        if !self.is_valid(coord) {
            return None;
        }
        // SAFETY: every entry `j` of `coord` is admitted by its mode's cut
        // (`c + T·j < s` exactly, so `j` is below the mode's extent
        // `ceil(s/T)`), so `coord` is in the layout's domain; and it
        // stands for a coordinate of the tensor the share was cut from,
        // whose offset (the same number, in wrapping arithmetic) that
        // tensor's check placed in the engine (`partition_residue.rs`).
        // A tile's (`tile_residue.rs`): `i < T` and `i + T·j < s`, the
        // same over two modes.
        let offset = unsafe { self.layout.offset_unchecked(coord) };
        Some(self.base.wrapping_add_signed(offset))
    }

    /// Every element in the share's (colexicographic) order, `None` where
    /// masked.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Option<&E::Elem>> + '_
    where
        V: SplitBelow<S::List>,
        Layout<S, D, I>: IndexBy<usize>,
    {
        (0..self.size()).map(move |i| self.get(i))
    }

    /// Calls `f(i, element)` on every element inside the tensor, `i` its
    /// index in the share's order: per mode the coordinates `0..count`
    /// (the residue), no division and no test per element.
    pub fn for_each_valid<Tup>(&self, mut f: impl FnMut(usize, &E::Elem))
    where
        V: WalkAdmitted<S::List, Coord: IntoTuple<Tuple = Tup>>,
        Layout<S, D, I>: IndexBy<Tup>,
    {
        let data = self.engine.as_slice();
        self.valid
            .walk_admitted(&self.layout.shape().into_list(), &mut |c, i| {
                // SAFETY: `c` is admitted (`WalkAdmitted`), as in `get`.
                unsafe {
                    let offset = self.layout.offset_unchecked(c.into_tuple());
                    f(i, data.get_unchecked(self.base.wrapping_add_signed(offset)));
                }
            });
    }
}

impl<E, S, D, I, V> Masked<E, Layout<S, D, I>, V>
where
    E: EngineMut,
    S: Mode<D> + IntoList,
    D: Tree,
    I: Offset,
    V: Copy,
{
    /// The element at `coord`, writable; `None` where masked.
    #[inline]
    pub fn get_mut<C>(&mut self, coord: C) -> Option<&mut E::Elem>
    where
        C: MaskedCoord<S::List, V>,
        Layout<S, D, I>: IndexBy<C>,
    {
        let at = self.valid_index(coord)?;
        // SAFETY: `valid_index` gives an index inside the engine.
        unsafe { Some(self.engine.as_mut_slice().get_unchecked_mut(at)) }
    }

    /// Calls `f(i, element)` on every element inside the tensor, writable
    /// (CuTe's predicated epilogue), walked as [`Masked::for_each_valid`].
    /// One borrow at a time: a share with a stride of 0 reaches one
    /// element from several coordinates.
    pub fn for_each_valid_mut<Tup>(&mut self, mut f: impl FnMut(usize, &mut E::Elem))
    where
        V: WalkAdmitted<S::List, Coord: IntoTuple<Tuple = Tup>>,
        Layout<S, D, I>: IndexBy<Tup>,
    {
        let (layout, base) = (&self.layout, self.base);
        let data = self.engine.as_mut_slice();
        self.valid
            .walk_admitted(&layout.shape().into_list(), &mut |c, i| {
                // SAFETY: `c` is admitted (`WalkAdmitted`), as in `get`.
                unsafe {
                    let offset = layout.offset_unchecked(c.into_tuple());
                    f(i, data.get_unchecked_mut(base.wrapping_add_signed(offset)));
                }
            });
    }
}

/// `share[c]`: the element at coordinate `c`.
///
/// # Panics
///
/// When `c` is masked (past the tensor) or outside the share; the message
/// names `c`.
impl<C, E, S, D, I, V> Index<C> for Masked<E, Layout<S, D, I>, V>
where
    C: MaskedCoord<S::List, V> + Debug,
    E: Engine,
    S: Mode<D> + IntoList,
    D: Tree,
    I: Offset,
    V: Copy,
    Layout<S, D, I>: IndexBy<C>,
{
    type Output = E::Elem;

    #[inline]
    #[track_caller]
    fn index(&self, coord: C) -> &E::Elem {
        match self.get(coord) {
            Some(x) => x,
            None => masked(coord),
        }
    }
}

/// The panic of `share[c]` at a masked coordinate; cold, the coordinate
/// by value (as `Tensor`'s `out_of_domain`).
#[cold]
#[inline(never)]
#[track_caller]
fn masked<C: Debug>(coord: C) -> ! {
    panic!(
        "coordinate {coord:?} of the share is masked: past the tensor it was cut from, or outside the share"
    )
}

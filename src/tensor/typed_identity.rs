//! CuTe's identity tensors and predication on typed layouts:
//! `make_identity_tensor(shape)`, partitioned by the same calls as the
//! data tensors ([`IdentityTensor::local_tile_step`],
//! [`IdentityTensor::local_partition`], …), a predicate tensor from
//! `elem_less(coord, shape)` ([`IdentityTensor::predicate`]), and
//! `copy_if(pred, src, dst)`. Re-exported from [`typed`](super::typed).
//!
//! CuTe's identity layout has the basis strides `E<0>`, `E<1>`, …: its
//! offset is the whole coordinate. Here it is kept as one typed layout per
//! coordinate entry (entry `k`: stride 1 in mode `k`, 0 elsewhere,
//! [`IdentityTensor::entry_layouts`]); every partition acts on each alike,
//! so the nesting and the straight-line cost are those of the data
//! tensor's partitions, times `R`. [`IdentityTensor::layout`] puts them
//! back together as CuTe's layout, `(4,8):(1@0,1@1)`.
//!
//! ```
//! use layout_dsl::tensor::{Tensor, X, typed};
//! use layout_dsl::typed::C;
//!
//! // The last 4×2 tile of a 5×3 tensor runs past it; its coordinates say where.
//! let c = typed::make_identity_tensor((5, 3));
//! let tile = c.local_tile((C::<4>, C::<2>), (1, 1)).unwrap();
//! assert_eq!(tile.get((0, 0)), [4, 2]);
//! assert_eq!(tile.get((1, 1)), [5, 3]);
//! let p = tile.predicate([5, 3]).unwrap(); // p(i) = elem_less(tile(i), (5,3))
//! assert_eq!(p[(0, 0)], true);
//! assert_eq!(p[(0, 1)], false);
//! // Copy only the elements inside the 5×3 tensor.
//! let src = Tensor::new(vec![1.0f32; 8], layout_dsl::layout!(type (4,2):(1,4))).unwrap();
//! let mut dst = Tensor::new(vec![0.0f32; 8], layout_dsl::layout!(type (4,2):(1,4))).unwrap();
//! typed::copy_if(&p, &src, &mut dst);
//! assert_eq!(dst[(0, 0)], 1.0);
//! assert_eq!(dst[(1, 0)], 0.0);
//! ```

use alloc::vec;
use alloc::vec::Vec;

use layout_core::Error;

use super::typed_args::{SliceOf, ThreadIndex, ThreadsOf, Tiler, TilerStep};
use super::typed_checks::{
    LayoutShape, SliceCoordModes, ThreadCoordModes, ThreadModes, TilerModes,
};
use super::{EngineMut, Tensor};
use crate::__private::{
    CompactLayout, Fits, FitsCore, IdentityShape, Layout, Mode, Offset, Tree, TypedCoord, WalkWith,
    partition_fits,
};

/// The largest coordinate entry an identity tensor carries (offsets are
/// checked against it after every partition, so none wraps).
const LIMIT: usize = isize::MAX as usize;

/// A tensor whose element at each coordinate is a coordinate (`R`
/// entries) of the shape it was made for, CuTe's `make_identity_tensor`
/// on typed layouts; `L` is one entry's typed layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IdentityTensor<L, const R: usize> {
    /// Entry `k`'s layout.
    entries: [L; R],
    /// The coordinate of element 0.
    origin: [usize; R],
}

/// CuTe's `make_identity_tensor(shape)` for a shape of `R` leaves, flat or
/// nested, each a `usize` or a static `C<N>` (kept static through the
/// partitions): element `(i, j, …)` is `[i, j, …]`, element `((i0, i1), j)`
/// of a nested shape `[i0, i1, j]` (the hierarchical coordinate's leaves).
///
/// ```
/// use layout_dsl::tensor::{X, typed};
/// use layout_dsl::typed::C;
///
/// let n = 5;
/// let c = typed::make_identity_tensor(((C::<2>, C::<4>), n));
/// assert_eq!(c.get(((1, 3), 4)), [1, 3, 4]);
/// assert_eq!(c.get((7, 4)), [1, 3, 4]); // one index per mode
/// // Tile 1 of 4 rows (rows 4..8 of the (2,4) mode) in column 2.
/// let tile = c.local_tile((C::<4>, C::<1>), (1, 2)).unwrap();
/// assert_eq!(tile.get((0, 0)), [0, 2, 2]);
/// assert_eq!(tile.get((3, 0)), [1, 3, 2]);
/// ```
#[inline]
pub fn make_identity_tensor<S: IdentityShape<R>, const R: usize>(
    shape: S,
) -> IdentityTensor<S::Layout, R> {
    IdentityTensor {
        entries: shape.components(),
        origin: [0; R],
    }
}

impl<L: FitsCore, const R: usize> IdentityTensor<L, R> {
    /// Every entry's layout through one typed partition, each origin moved
    /// by its entry's offset and checked not to overflow.
    ///
    /// Refused first, as the core refuses CuTe's identity layout
    /// (`make_identity_layout`) and each entry's integer layout
    /// `shape:e_k`, where the shape's size or an extent passes `i64::MAX`
    /// (tests/typed_identity_overflow.rs): entry 0 is read alone, since every
    /// entry has the shape and strides of 0 and 1, whose offsets
    /// (`extent - 1` of one leaf) are within an extent. A result is then
    /// one the core holds too: a share's or a slice's extents are the
    /// shape's at most and its strides a thread count, a tile static, and
    /// its origin and offsets are checked below `isize::MAX` after.
    #[inline(always)]
    fn each<M: Fits + Copy>(
        &self,
        f: impl Fn(&L) -> Result<(M, usize), Error>,
    ) -> Result<IdentityTensor<M, R>, Error> {
        partition_fits(&self.entries[0], &())?;
        // Entry by entry, returning at the first error (an array of
        // `Result`s would be built and moved whole: slower in a loop).
        let mut origin = self.origin;
        let mut moved = |k: usize| -> Result<M, Error> {
            let (m, offset) = f(&self.entries[k])?;
            origin[k] = origin[k].wrapping_add(offset);
            m.check_fits(origin[k], LIMIT)?;
            Ok(m)
        };
        // `R ≥ 1`: an identity tensor is made from a shape of one mode or more.
        let mut entries = [moved(0)?; R];
        for (k, entry) in entries.iter_mut().enumerate().skip(1) {
            *entry = moved(k)?;
        }
        Ok(IdentityTensor { entries, origin })
    }

    /// Every coordinate entry's integer layout: entry `k`'s offset at a
    /// coordinate is entry `k` of the element there, less the origin's.
    /// All have the tensor's shape; together they are CuTe's identity
    /// layout, [`layout`](IdentityTensor::layout), whose stride `s@k` is
    /// entry `k`'s stride `s` at that leaf.
    ///
    /// ```
    /// use layout_dsl::tensor::typed;
    /// let c = typed::make_identity_tensor((4, 8));
    /// let [e0, e1] = c.entry_layouts();
    /// assert_eq!((e0.to_string(), e1.to_string()), ("(4,8):(1,0)".into(), "(4,8):(0,1)".into()));
    /// ```
    #[inline]
    pub fn entry_layouts(&self) -> &[L; R] {
        &self.entries
    }

    /// [`local_tile`](super::typed::local_tile) on the coordinates.
    #[inline]
    pub fn local_tile<T, Cd: Copy, K, O: Fits + Copy>(
        &self,
        tiler: T,
        coord: Cd,
    ) -> Result<IdentityTensor<O, R>, Error>
    where
        L: LayoutShape,
        // `K`, not `T::Checked`, as the tensor's `local_tile`.
        T: TilerModes<L::Shape, Cd, Checked = K>,
        K: Tiler<L, Cd, Output = O> + Copy,
    {
        const { K::STATIC_CHECK };
        let tiler = tiler.checked();
        self.each(|l| tiler.tile_of(l, coord).map(|(m, offset, _)| (m, offset)))
    }

    /// [`local_tile_step`](super::typed::local_tile_step) on the coordinates.
    #[inline]
    pub fn local_tile_step<T, Cd: Copy, St, O: Fits + Copy>(
        &self,
        tiler: T,
        coord: Cd,
        _step: St,
    ) -> Result<IdentityTensor<O, R>, Error>
    where
        T: TilerStep<L, Cd, St, Output = O> + Copy,
    {
        const { T::STATIC_CHECK };
        self.each(|l| {
            tiler
                .tile_step_of(l, coord)
                .map(|(m, offset, _)| (m, offset))
        })
    }

    /// [`local_partition`](super::typed::local_partition) on the coordinates.
    #[inline]
    pub fn local_partition<P, Ix, O: Fits + Copy>(
        &self,
        thr_layout: &P,
        thr_idx: Ix,
    ) -> Result<IdentityTensor<O, R>, Error>
    where
        L: LayoutShape,
        P: LayoutShape + ThreadModes<L::Shape>,
        Ix: ThreadCoordModes<<P as LayoutShape>::Shape>,
        P::Checked: ThreadsOf<L, Output = O>,
        Ix::Checked: ThreadIndex<P::Checked>,
    {
        let thr_layout = thr_layout.checked();
        let coord = thr_idx.checked().thread_coord(thr_layout)?;
        self.each(|l| {
            let (m, offset, _) = thr_layout.partition_at(l, coord)?;
            Ok((m, offset))
        })
    }

    /// [`slice`](super::typed::slice()) on the coordinates.
    #[inline]
    pub fn slice<Cd, K, O: Fits + Copy>(&self, coord: Cd) -> Result<IdentityTensor<O, R>, Error>
    where
        L: LayoutShape,
        // `K`, not `Cd::Checked`, as the tensor's `slice`.
        Cd: SliceCoordModes<L::Shape, Checked = K>,
        K: SliceOf<L, O> + Copy,
    {
        let coord = coord.checked();
        self.each(|l| coord.slice_of(l))
    }
}

impl<S: Mode<D>, D: Tree, I: Offset, const R: usize> IdentityTensor<Layout<S, D, I>, R> {
    /// The shape (CuTe's `shape(t)`), every entry's.
    #[inline]
    pub fn shape(&self) -> S {
        self.entries[0].shape()
    }

    /// The coordinate at `coord` (a coordinate of the tensor's layout).
    #[inline]
    pub fn get<Cd: TypedCoord<S, D> + Copy>(&self, coord: Cd) -> [usize; R] {
        core::array::from_fn(|k| {
            let offset = self.entries[k].crd2idx(coord).to_wrapping();
            self.origin[k].wrapping_add(offset)
        })
    }

    /// CuTe's predicate loop, `p(i) = elem_less(c(i), shape)` for every
    /// element `i` of this (partitioned) identity tensor `c` (`shape` one
    /// bound per leaf, compared leaf by leaf): an owned tensor of `bool` of
    /// the same shape (compact, column-major), for
    /// [`copy_if`](super::typed::copy_if).
    pub fn predicate(&self, shape: [usize; R]) -> Result<Tensor<Vec<bool>, S::Output>, Error>
    where
        S: CompactLayout,
        S::Output: Fits + WalkWith<Layout<S, D, I>>,
    {
        let layout = self.entries[0].shape().compact_layout()?;
        let size = self.entries[0].size();
        layout.check_fits(0, size)?;
        let mut pred = Tensor {
            engine: vec![true; size],
            layout,
            base: 0,
        };
        self.predicate_into(shape, &mut pred);
        Ok(pred)
    }

    /// [`predicate`](Self::predicate) into a tensor of `bool` of the same
    /// shape (kept across tiles, so that no call allocates).
    ///
    /// # Panics
    ///
    /// If the extents differ.
    #[inline]
    pub fn predicate_into<E: EngineMut<Elem = bool>, LP: WalkWith<Layout<S, D, I>>>(
        &self,
        shape: [usize; R],
        pred: &mut Tensor<E, LP>,
    ) {
        assert!(
            pred.layout.same_shape(&self.entries[0]),
            "predicate_into: the shapes differ"
        );
        let (base, p) = (pred.base, pred.engine.as_mut_slice());
        // One pass per entry; the first sets, the others narrow.
        for (k, ((entry, &origin), &bound)) in self
            .entries
            .iter()
            .zip(&self.origin)
            .zip(&shape)
            .enumerate()
        {
            pred.layout.walk_with(entry, base, origin, |q, c| {
                // SAFETY: `q` is an offset of `pred`, checked when it was built.
                let p = unsafe { p.get_unchecked_mut(q) };
                *p = (k == 0 || *p) && c < bound;
            });
        }
    }
}

impl<L, const R: usize> super::typed::HasLayout for IdentityTensor<L, R> {
    type Layout = L;
    #[inline(always)]
    fn typed_layout(&self) -> &L {
        &self.entries[0]
    }
}

//! Tiles that run past the tensor, predicated: CuTe's residue idiom
//! (partition an identity tensor the same way and test `elem_less(coord,
//! shape)`) as one type, [`Residue`].
//!
//! A [`Tensor`] is checked once against its engine, so a partition whose
//! last tile runs past the storage cannot be a tensor. A `Residue` keeps the
//! whole tensor as it was checked and, beside it, the identity tensor of
//! its shape partitioned by the same calls: element `c` of a partition is
//! the whole tensor's element at coordinate `coords(c)` when that lies in
//! the tensor's shape, and masked otherwise. Every access goes through the
//! whole tensor's checked `get`, so no partition, however it was cut, can
//! reach outside the engine; a masked element is read as `None` and never
//! written.

use alloc::borrow::Cow;

use layout_core::{CallError, DomainError, Error, IntTuple, Layout};

use super::identity::{IdentityTensor, elem_less, make_identity_tensor};
use super::partition::Partition;
use super::slice::slice_checked;
use super::{AsLayout, Coordinate, Engine, EngineMut, IndexBy, SliceCoord, Tensor};

/// A partition of a tensor whose tiles may run past it (see the module
/// docs): the whole tensor, and which of its coordinates each element of
/// the partition stands for. `R` is the tensor's rank.
///
/// ```
/// use layout_dsl::tensor::{local_tile, Residue, Tensor};
/// use layout_dsl::Layout;
/// // A 5x3 column-major matrix over exactly 15 elements, cut into 4x2 tiles.
/// let data: Vec<u32> = (0..15).collect();
/// let t = Tensor::new(&data[..], "(5,3):(1,5)".parse::<Layout>().unwrap()).unwrap();
/// assert!(local_tile(t.view(), (4, 2), (1, 1)).is_err()); // past the storage
/// let tile = local_tile(Residue::new(t, [5, 3]).unwrap(), (4, 2), (1, 1)).unwrap();
/// // Row 4, columns 2 and 3: only (4,2) lies in the matrix.
/// assert_eq!(tile.get((0, 0)), Some(&14));
/// assert_eq!(tile.get((1, 0)), None); // row 5: masked
/// assert_eq!(tile.get((0, 1)), None); // column 3: masked
/// assert_eq!(tile.size(), 8);
/// ```
#[derive(Clone, Debug)]
pub struct Residue<E, L, const R: usize> {
    whole: Tensor<E, L>,
    coords: IdentityTensor<R>,
    /// The whole tensor's extent in each mode (`elem_less`'s bound).
    extents: [usize; R],
}

impl<E: Engine, L: AsLayout, const R: usize> Residue<E, L, R> {
    /// The tensor, ready to be partitioned, with the elements at
    /// coordinates below `extents` valid (CuTe's `shape(A)` in
    /// `elem_less(tAcA, shape(A))`): the tensor's own per-mode sizes, or
    /// less to treat storage past them as padding. Errors when the rank is
    /// not `R`, an extent exceeds its mode, or the coordinates do not fit
    /// the identity tensor's bit fields.
    pub fn new(whole: Tensor<E, L>, extents: [usize; R]) -> Result<Self, Error> {
        {
            // A swizzled tensor's shape is its inner layout's.
            let core = super::view::split(whole.layout())?.algebra;
            if core.shape().is_int() {
                // `[usize; R]` coordinates index tuple shapes only.
                let (expected, found) = ("a tensor whose shape is a tuple", "an integer shape");
                return Err(CallError::WrongType { expected, found }.into());
            }
            let modes = core.shape().modes();
            if modes.len() != R {
                let (expected, found) = (R, modes.len());
                return Err(DomainError::RankMismatch { expected, found }.into());
            }
            for (&e, m) in extents.iter().zip(modes) {
                // The size of a mode of a valid layout fits.
                let size = m.size().unwrap_or(0);
                if i64::try_from(e).map_or(true, |e| e > size) {
                    let what = "a valid extent";
                    let index = i64::try_from(e).unwrap_or(i64::MAX);
                    return Err(DomainError::IndexOutOfRange { what, index, size }.into());
                }
            }
        }
        let coords = make_identity_tensor(extents)?;
        Ok(Residue {
            whole,
            coords,
            extents,
        })
    }

    /// The number of elements, masked ones included (the tile's size).
    pub fn size(&self) -> usize {
        self.coords.size()
    }

    /// The shape of the partition.
    pub fn shape(&self) -> &IntTuple {
        self.coords.shape()
    }

    /// The coordinates each element stands for, partitioned alike (CuTe's
    /// `tAcA`).
    pub fn coords(&self) -> &IdentityTensor<R> {
        &self.coords
    }

    /// Whether the element at `coord` lies in the tensor (CuTe's
    /// `elem_less(tAcA(coord), shape(A))`); `false` outside the partition.
    pub fn is_valid<C: Coordinate>(&self, coord: C) -> bool {
        self.coords
            .get(coord)
            .is_some_and(|c| elem_less(c, self.extents))
    }

    /// The element at `coord` of the partition; `None` when it is masked
    /// (past the tensor) or outside the partition.
    pub fn get<C: Coordinate>(&self, coord: C) -> Option<&E::Elem>
    where
        L: IndexBy<[usize; R]>,
    {
        self.whole.get(self.valid(coord)?)
    }

    /// The tensor's coordinate of the element at `coord`, when valid.
    fn valid<C: Coordinate>(&self, coord: C) -> Option<[usize; R]> {
        self.coords
            .get(coord)
            .filter(|&c| elem_less(c, self.extents))
    }

    /// Every element in the partition's order, `None` where masked.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Option<&E::Elem>> + '_
    where
        L: IndexBy<[usize; R]>,
    {
        let valid = move |c| elem_less(c, self.extents).then_some(c);
        self.coords.iter().map(move |c| self.whole.get(valid(c)?))
    }

    /// CuTe's `t(_, 3)` on the partition: the same tensor, the coordinates sliced.
    pub fn slice<C: SliceCoord>(&self, c: C) -> Result<Self, Error>
    where
        E: Clone,
        L: Clone,
    {
        let from = self.coords.partition_layout()?.into_owned();
        let (layout, shift) = slice_checked(&from, &c.into_coord())?;
        Ok(Residue {
            whole: self.whole.clone(),
            coords: self.coords.clone().rebuild(&from, layout, shift)?,
            extents: self.extents,
        })
    }

    /// CuTe's `copy_if(elem_less(tAcA, shape(A)), tAgA, dst)`: copies the
    /// valid elements into `dst`, element `i` to element `i`, and leaves
    /// the masked ones of `dst` as they were.
    ///
    /// # Panics
    ///
    /// When the sizes differ.
    #[track_caller]
    pub fn copy_into<D: EngineMut<Elem = E::Elem>>(&self, dst: &mut Tensor<D, impl AsLayout>)
    where
        L: IndexBy<[usize; R]>,
        E::Elem: Copy,
    {
        super::algorithms::same_size("copy_if", self.size(), dst.size());
        let mut values = self.iter();
        dst.for_each_mut(|d| {
            if let Some(Some(v)) = values.next() {
                *d = *v;
            }
        });
    }
}

impl<E: EngineMut, L: AsLayout + IndexBy<[usize; R]>, const R: usize> Residue<E, L, R> {
    /// The element at `coord`, writable; `None` when masked.
    pub fn get_mut<C: Coordinate>(&mut self, coord: C) -> Option<&mut E::Elem> {
        let c = self.valid(coord)?;
        self.whole.get_mut(c)
    }

    /// Calls `f(i, element)` on every valid element, `i` its index in the
    /// partition's order: CuTe's predicated epilogue.
    pub fn for_each_valid_mut(&mut self, mut f: impl FnMut(usize, &mut E::Elem)) {
        for (i, c) in self.coords.iter().enumerate() {
            if !elem_less(c, self.extents) {
                continue;
            }
            if let Some(x) = self.whole.get_mut(c) {
                f(i, x);
            }
        }
    }
}

impl<E: Engine, L: AsLayout, const R: usize> Partition for Residue<E, L, R> {
    type Output = Residue<E, L, R>;

    fn partition_layout(&self) -> Result<Cow<'_, Layout>, Error> {
        self.coords.partition_layout()
    }

    /// Only the coordinates are cut: the whole tensor stays as checked.
    fn rebuild(self, from: &Layout, layout: Layout, shift: i64) -> Result<Self, Error> {
        Ok(Residue {
            whole: self.whole,
            coords: self.coords.rebuild(from, layout, shift)?,
            extents: self.extents,
        })
    }

    /// The coordinates' layout is what the algebra refused.
    fn explain(&self, e: Error) -> Error {
        self.coords.explain(e)
    }
}

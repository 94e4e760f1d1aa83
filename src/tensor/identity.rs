//! CuTe's identity tensors (`make_identity_tensor(shape)`): every element
//! is its own coordinate, and partitioned by the same calls as a data
//! tensor, each element names the coordinate of the data element at the
//! same place. With `elem_less(coord, shape)` that predicates the residue
//! of tiles that do not divide the tensor.
//!
//! CuTe's identity layout has the basis strides `E<0>`, `E<1>`, …: each
//! mode moves one component of the coordinate. Here the components are
//! packed into one integer, one bit field per mode (stride `1 << shift`),
//! so that the core algebra partitions it like any layout; after every
//! step the fields are checked not to spill into one another.
//! [`IdentityTensor::layout`] unpacks them into CuTe's basis strides.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use layout_core::{AlgebraRefusal, BasisLayout, BasisTuple, Error, ErrorKind, IntTuple, Layout};

use super::Coordinate;
use super::identity_layout::basis_leaf;
use super::partition::Partition;

/// Usable bits of the packed coordinate (offsets are `i64`; one bit spare).
const BITS: u32 = 62;

/// A tensor whose element at each coordinate is a coordinate of the
/// `R`-mode shape it was made for (see [`make_identity_tensor`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IdentityTensor<const R: usize> {
    /// The packed coordinate layout.
    layout: Layout,
    /// Where each field starts and how wide it is.
    fields: [(u32, u32); R],
    /// The coordinate of element 0.
    origin: [usize; R],
}

/// CuTe's `make_identity_tensor(shape)` for a flat shape of `R` modes:
/// element `(i, j, …)` is `[i, j, …]`.
///
/// ```
/// use layout_dsl::tensor::{elem_less, local_tile, make_identity_tensor};
/// let c = make_identity_tensor([5, 3]).unwrap();
/// assert_eq!(c.get((4, 2)), Some([4, 2]));
/// // The last 4x2 tile of a 5x3 tensor runs past it; its coordinates say where.
/// let tile = local_tile(c, (4, 2), (1, 1)).unwrap();
/// let inside: Vec<bool> = tile.iter().map(|x| elem_less(x, [5, 3])).collect();
/// assert_eq!(tile.iter().collect::<Vec<_>>(), [[4, 2], [5, 2], [6, 2], [7, 2], [4, 3], [5, 3], [6, 3], [7, 3]]);
/// assert_eq!(inside, [true, false, false, false, false, false, false, false]);
/// ```
pub fn make_identity_tensor<const R: usize>(shape: [usize; R]) -> Result<IdentityTensor<R>, Error> {
    let too_wide = || {
        Error::from(ErrorKind::Overflow(
            "an identity tensor's coordinates do not fit in 62 bits",
        ))
    };
    let bits = shape.map(|e| usize::BITS - e.leading_zeros());
    let used: u32 = bits.iter().sum();
    // Spare bits go to every field alike: tiles run past the extents.
    let headroom = BITS.checked_sub(used).ok_or_else(too_wide)? / (R as u32).max(1);
    if headroom == 0 {
        return Err(too_wide());
    }
    let mut fields = [(0, 0); R];
    let mut shift = 0;
    for (field, b) in fields.iter_mut().zip(bits) {
        *field = (shift, b + headroom);
        shift += b + headroom;
    }
    let extents: Vec<IntTuple> = shape.iter().map(|&e| IntTuple::Int(e as i64)).collect();
    let strides: Vec<IntTuple> = fields.iter().map(|&(s, _)| IntTuple::Int(1 << s)).collect();
    let layout = Layout::new(IntTuple::Tuple(extents), IntTuple::Tuple(strides))?;
    Ok(IdentityTensor {
        layout,
        fields,
        origin: [0; R],
    })
}

/// CuTe's `elem_less(a, b)`: every component of `a` below that of `b`.
///
/// ```
/// use layout_dsl::tensor::elem_less;
/// assert!(elem_less([2, 3], [3, 4]));
/// assert!(!elem_less([2, 4], [3, 4]));
/// ```
#[must_use]
pub fn elem_less<const R: usize>(a: [usize; R], b: [usize; R]) -> bool {
    a.iter().zip(&b).all(|(x, y)| x < y)
}

impl<const R: usize> IdentityTensor<R> {
    /// The number of coordinates (elements).
    #[must_use]
    pub fn size(&self) -> usize {
        self.layout.size() as usize
    }

    /// The shape, as the partitions made it.
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        self.layout.shape()
    }

    /// CuTe's `layout()` of an identity tensor: the shape with basis
    /// strides, printing as CuTe's does (`(4,8):(1@0,1@1)` for CuTe's
    /// `(_4,_8):(_1@0,_1@1)`): a leaf that moves coordinate entry `k` by
    /// `s` is `s@k`, one that moves none `0`. The same as the typed
    /// tensor's [`typed::IdentityTensor::layout`](crate::tensor::typed::IdentityTensor::layout)
    /// after the same calls, but on a mode of extent 1: this tensor's
    /// integers do not say static or dynamic, and the core's divides give
    /// such a mode the stride `0`, as CuTe gives a static `_1`; where the
    /// extent is dynamic and happens to be 1, CuTe and the typed tensor
    /// keep its stride (`3@1`). The offsets are the same
    /// (`tests/identity_unit_modes.rs`, against CuTe's prints).
    ///
    /// A core [`BasisLayout`] unpacked from the packed strides on each call
    /// (it allocates: for printing and checking, not for inner loops).
    ///
    /// ```
    /// use layout_dsl::tensor::{local_tile, make_identity_tensor};
    ///
    /// let c = make_identity_tensor([128, 10]).unwrap();
    /// assert_eq!(c.layout().unwrap().to_string(), "(128,10):(1@0,1@1)");
    /// let tile = local_tile(c, (32, 8), (1, 0)).unwrap();
    /// assert_eq!(tile.layout().unwrap().to_string(), "(32,8):(1@0,1@1)");
    /// ```
    ///
    /// # Errors
    ///
    /// A leaf that moves two entries at once, or a packed stride that is
    /// not a sum of fields (negative, or with bits outside them): no single
    /// scaled basis. The partitions here never make one, as `check` shows
    /// for every mode of more than one element.
    pub fn layout(&self) -> Result<BasisLayout, Error> {
        BasisLayout::new(
            self.layout.shape().clone(),
            &self.basis_strides(self.layout.stride())?,
        )
    }

    /// The packed stride tree as scaled bases, field `k` as entry `k`.
    fn basis_strides(&self, stride: &IntTuple) -> Result<BasisTuple, Error> {
        match *stride {
            IntTuple::Int(packed) => {
                let moves = self.fields.iter().enumerate().map(|(k, &(shift, width))| {
                    (k, ((packed as u64 >> shift) & ((1 << width) - 1)) as i64)
                });
                let repacked = moves
                    .clone()
                    .map(|(k, s)| s << self.fields[k].0)
                    .sum::<i64>();
                if repacked != packed {
                    let why = alloc::format!(
                        "the packed stride {packed} of this identity tensor is not a sum of its coordinate fields: no scaled basis"
                    );
                    return Err(layout_core::AlgebraRefusal::ScaledBasis(why).into());
                }
                basis_leaf(moves).map(BasisTuple::Leaf)
            }
            IntTuple::Tuple(ref modes) => modes
                .iter()
                .map(|s| self.basis_strides(s))
                .collect::<Result<Vec<_>, _>>()
                .map(BasisTuple::Tuple),
        }
    }

    /// The element at `coord`: the coordinate it stands for; `None`
    /// outside the domain.
    pub fn get<C: Coordinate>(&self, coord: C) -> Option<[usize; R]> {
        let packed = coord.offset_in(self.layout.shape(), self.layout.stride())?;
        Some(self.unpack(packed))
    }

    /// Every element in the layout's order.
    #[must_use]
    pub fn iter(&self) -> impl ExactSizeIterator<Item = [usize; R]> + '_ {
        self.layout.offsets().map(|packed| self.unpack(packed))
    }

    /// The origin plus the fields of a packed offset (which `check` keeps
    /// from spilling into one another).
    fn unpack(&self, packed: i64) -> [usize; R] {
        let mut coord = self.origin;
        for (c, &(shift, width)) in coord.iter_mut().zip(&self.fields) {
            *c += ((packed as u64 >> shift) & ((1 << width) - 1)) as usize;
        }
        coord
    }

    /// A packed offset as the coordinate it stands for (`(1,1)`), when its
    /// fields hold it exactly; otherwise the integer (a negative offset,
    /// or one whose fields carried into one another, packs no coordinate).
    fn coordinate_text(&self, packed: i64) -> String {
        let coord = self.unpack(packed);
        let repacked: i64 = coord
            .iter()
            .zip(&self.origin)
            .zip(&self.fields)
            .map(|((&c, &o), &(shift, _))| ((c - o) as i64) << shift)
            .sum();
        if packed < 0 || repacked != packed {
            return alloc::format!("{packed}");
        }
        let entries: Vec<String> = coord.iter().map(ToString::to_string).collect();
        alloc::format!("({})", entries.join(","))
    }

    /// `Ok` when every offset of `layout` packs its fields without carries:
    /// each stride lies inside one field, and per field the largest sum of
    /// `(extent-1)·stride` fits in it.
    fn check(&self, layout: &Layout) -> Result<(), Error> {
        let spill = || {
            Error::from(ErrorKind::Overflow(
                "an identity tensor's coordinate outgrew its bit field",
            ))
        };
        let mut reach = [0u64; R];
        for (extent, stride) in layout.leaf_modes() {
            if stride == 0 || extent <= 1 {
                continue;
            }
            let stride = u64::try_from(stride).map_err(|_| spill())?;
            let low = stride.trailing_zeros();
            let (j, &(shift, width)) = self
                .fields
                .iter()
                .enumerate()
                .find(|(_, (shift, width))| (*shift..shift + width).contains(&low))
                .ok_or_else(spill)?;
            let step = stride >> shift;
            let add = step.checked_mul(extent as u64 - 1).ok_or_else(spill)?;
            reach[j] = reach[j].checked_add(add).ok_or_else(spill)?;
            if reach[j] >> width != 0 {
                return Err(spill());
            }
        }
        Ok(())
    }
}

impl<const R: usize> Partition for IdentityTensor<R> {
    type Output = IdentityTensor<R>;

    fn partition_layout(&self) -> Result<Cow<'_, Layout>, Error> {
        Ok(Cow::Borrowed(&self.layout))
    }

    fn rebuild(
        self,
        from: &Layout,
        layout: Layout,
        shift: i64,
    ) -> Result<IdentityTensor<R>, Error> {
        // `layout`'s modes are among `from`'s, and `shift` is an offset of
        // `from`: once `from` packs without carries, so do both.
        self.check(from)?;
        let origin = self.unpack(shift);
        Ok(IdentityTensor {
            layout,
            fields: self.fields,
            origin,
        })
    }

    /// A refused composition names `A(B(i))`, an offset of the packed
    /// layout: written as the coordinate it packs (`A(B(3)) = (1,1)`, not
    /// `2147483649`). Every other error is the core's, unchanged.
    fn explain(&self, e: Error) -> Error {
        let span = e.span();
        let refusal = match e.into_kind() {
            ErrorKind::Algebra(r) => r,
            other => return with_span(other, span),
        };
        let (value, sum) = match refusal {
            AlgebraRefusal::NotAdmissible { value, .. } => (value, 0),
            AlgebraRefusal::NotAdditive { value, sum, .. } => (value, sum),
            other => return with_span(ErrorKind::Algebra(other), span),
        };
        let named = AlgebraRefusal::InCoordinates {
            value: self.coordinate_text(value),
            sum: self.coordinate_text(sum),
            refusal: alloc::boxed::Box::new(refusal),
        };
        with_span(ErrorKind::Algebra(named), span)
    }
}

/// An error of `kind` at `span` when there is one.
fn with_span(kind: ErrorKind, span: Option<layout_core::Span>) -> Error {
    match span {
        Some(at) => Error::at(kind, at),
        None => Error::new(kind),
    }
}

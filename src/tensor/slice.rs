//! Slicing tensors with `_`: CuTe's `t(_, 3)` is `t.slice((X, 3))`.

use alloc::vec::Vec;

use layout_core::{Coord, DomainError, Error, IntTuple, Layout, index_offset, slice_and_offset};

use super::view;
use super::{AsLayout, Engine, EngineMut, Tensor};

/// CuTe's `_` (`Underscore`, whose alias is `X`): "every coordinate of this
/// mode" in a slice, "leave this mode out" in a [`Step`](super::local_tile).
/// (`_` itself is not a value in Rust.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct X;

/// A coordinate that may hold [`X`]: a `usize`, `X`, a Rust tuple of
/// such coordinates, a core [`Coord`] or an [`IntTuple`].
///
/// ```
/// use layout_dsl::tensor::{SliceCoord, X};
/// assert_eq!((X, (1usize, X)).into_coord().to_string(), "(_,(1,_))");
/// ```
pub trait SliceCoord {
    /// The coordinate in the core's form.
    fn into_coord(self) -> Coord;
}

impl SliceCoord for usize {
    fn into_coord(self) -> Coord {
        // A coordinate past `i64::MAX` is outside every domain; -1 keeps it so.
        Coord::Int(i64::try_from(self).unwrap_or(-1))
    }
}

impl SliceCoord for X {
    fn into_coord(self) -> Coord {
        Coord::Underscore
    }
}

impl SliceCoord for Coord {
    fn into_coord(self) -> Coord {
        self
    }
}

impl SliceCoord for &Coord {
    fn into_coord(self) -> Coord {
        self.clone()
    }
}

impl SliceCoord for IntTuple {
    fn into_coord(self) -> Coord {
        Coord::from(self)
    }
}

/// `Ok` when every integer of `coord` lies in the mode it stands for (then
/// the slice's offsets are offsets of the whole layout): the core's check,
/// so that every door names a coordinate past its extent in one message.
pub(crate) fn check_domain(coord: &Coord, shape: &IntTuple) -> Result<(), Error> {
    layout_core::check_domain(coord, shape, "slice coordinate")
}

impl<E: Engine, L: AsLayout> Tensor<E, L> {
    /// CuTe's `t(c)` with `_` in `c`: the sub-tensor of the modes marked
    /// [`X`], a view starting at the offset of `c` (with `_` read as 0).
    /// Its layout is CuTe's `slice(c, layout)`: the kept modes in one
    /// flat tuple, so `(X, 3)` on a rank-2 tensor gives a rank-1 tuple.
    ///
    /// ```
    /// use layout_dsl::tensor::{Tensor, X};
    /// use layout_dsl::Layout;
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = Tensor::new(&data[..], "(4,8):(8,1)".parse::<Layout>().unwrap()).unwrap();
    /// let column = t.slice((X, 3));
    /// assert_eq!(column.layout().to_string(), "(4):(8)");
    /// assert_eq!(column.iter().copied().collect::<Vec<_>>(), [3, 11, 19, 27]);
    /// ```
    ///
    /// A swizzled tensor's slice is laid out by an [`AnyLayout`](super::AnyLayout): the
    /// swizzle kept, the slice's offset folded into the composed offset
    /// (the base stays), or a plain layout where CuTe's slice of a swizzle
    /// decays to one (see [`AnyLayout`](super::AnyLayout)).
    ///
    /// # Panics
    ///
    /// When `c` is not nested like the shape or an integer of it is out of
    /// its mode's range ([`Tensor::try_slice`] returns those as errors).
    #[must_use]
    #[track_caller]
    pub fn slice<C: SliceCoord>(&self, c: C) -> Tensor<&[E::Elem], L::View> {
        self.try_slice(c)
            .unwrap_or_else(|e| panic!("Tensor::slice: {e}"))
    }

    /// [`Tensor::slice`], with a bad coordinate as an error.
    pub fn try_slice<C: SliceCoord>(&self, c: C) -> Result<Tensor<&[E::Elem], L::View>, Error> {
        let (layout, base) = self.sliced(&c.into_coord())?;
        Tensor::at_base(self.engine.as_slice(), layout, base)
    }

    /// The layout and base of a slice, checked.
    fn sliced(&self, coord: &Coord) -> Result<(L::View, usize), Error> {
        let split = view::split(&self.layout)?;
        let (layout, shift) = view::sliced(split.composed.as_ref(), &split.algebra, coord)?;
        Ok((
            layout,
            shifted(self.base, shift, self.engine.as_slice().len())?,
        ))
    }
}

/// `base + shift` as a position, or an error when it is negative. In
/// `i128`: a base past `i64::MAX` (an engine of more than `i64::MAX`
/// zero-sized elements) is read as it is, not wrapped negative; the view
/// built on it is then refused by the core's tensor check, whose offsets
/// are `i64` ("a tensor's offsets do not fit in 64 bits").
pub(crate) fn shifted(base: usize, shift: i64, len: usize) -> Result<usize, Error> {
    let at = base as i128 + i128::from(shift);
    usize::try_from(at).map_err(|_| {
        let what = "the tensor's new base";
        let size = i64::try_from(len).unwrap_or(i64::MAX);
        let index = i64::try_from(at).unwrap_or(i64::MIN);
        DomainError::IndexOutOfRange { what, index, size }.into()
    })
}

/// `slice_and_offset(coord, layout)` for a coordinate checked to lie in
/// the domain (so the offset is that of an element).
pub(crate) fn slice_checked(layout: &Layout, coord: &Coord) -> Result<(Layout, i64), Error> {
    check_domain(coord, layout.shape())?;
    if let Some(fast) = slice_flat(layout, coord) {
        return Ok(fast);
    }
    let view = slice_and_offset(coord, layout)?;
    Ok((view.layout().clone(), view.base()))
}

impl<E: EngineMut, L: AsLayout> Tensor<E, L> {
    /// [`Tensor::slice`] as a writable view.
    ///
    /// ```
    /// use layout_dsl::tensor::{Tensor, X};
    /// use layout_dsl::Layout;
    /// let mut t = Tensor::new(vec![0; 6], "(2,3):(3,1)".parse::<Layout>().unwrap()).unwrap();
    /// t.slice_mut((1, X)).for_each_mut(|x| *x = 7);
    /// assert_eq!(t.engine(), &[0, 0, 0, 7, 7, 7]);
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Tensor::slice`].
    #[must_use]
    #[track_caller]
    pub fn slice_mut<C: SliceCoord>(&mut self, c: C) -> Tensor<&mut [E::Elem], L::View> {
        self.try_slice_mut(c)
            .unwrap_or_else(|e| panic!("Tensor::slice_mut: {e}"))
    }

    /// [`Tensor::slice_mut`], with a bad coordinate as an error.
    pub fn try_slice_mut<C: SliceCoord>(
        &mut self,
        c: C,
    ) -> Result<Tensor<&mut [E::Elem], L::View>, Error> {
        let (layout, base) = self.sliced(&c.into_coord())?;
        Tensor::at_base(self.engine.as_mut_slice(), layout, base)
    }
}

/// [`slice_and_offset`] for the common case, without its general walk: a
/// flat coordinate of `_` and integers, one per mode, at least one `_`.
/// The kept modes are copied whole (CuTe's `slice` keeps each `_` mode as
/// one mode of the result) and each integer adds its offset within its
/// mode. `None` for any other coordinate (the general path decides), or
/// an integer outside its mode (the domain check above reports it).
fn slice_flat(layout: &Layout, coord: &Coord) -> Option<(Layout, i64)> {
    let (Coord::Tuple(cs), IntTuple::Tuple(ss), IntTuple::Tuple(ds)) =
        (coord, layout.shape(), layout.stride())
    else {
        return None;
    };
    if cs.len() != ss.len() || !cs.iter().any(|c| matches!(c, Coord::Underscore)) {
        return None;
    }
    let (mut shape, mut stride, mut offset) = (Vec::new(), Vec::new(), 0i64);
    for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
        match c {
            Coord::Underscore => {
                shape.push(s.clone());
                stride.push(d.clone());
            }
            // Offsets of a valid layout's coordinates fit in `i64`.
            Coord::Int(i) => offset += index_offset(*i, s, d)?,
            Coord::Tuple(_) => return None,
        }
    }
    let sliced = Layout::new(IntTuple::Tuple(shape), IntTuple::Tuple(stride)).ok()?;
    Some((sliced, offset))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flat path equals the general one wherever it applies.
    #[test]
    fn flat_slices_equal_slice_and_offset() {
        use Coord::{Int, Underscore as U};
        let layouts = [
            "(4,8):(8,1)",
            "((2,3),4,(5,1)):((1,-2),0,(7,3))",
            "(128,8,64):(1,128,1024)",
            "((8,4),(2,2),3):((4,1),(64,32),-200)",
        ];
        for l in layouts {
            let l: Layout = l.parse().unwrap();
            let rank = l.rank();
            // Every pattern of `_` and in-range integers over the modes.
            for mask in 0..(1u32 << rank) {
                for pick in 0..7i64 {
                    let coord = Coord::Tuple(
                        (0..rank)
                            .map(|m| match mask >> m & 1 {
                                1 => U,
                                _ => Int(pick % l.mode(m).unwrap().size()),
                            })
                            .collect(),
                    );
                    let general = slice_and_offset(&coord, &l).unwrap();
                    match slice_flat(&l, &coord) {
                        Some((layout, offset)) => {
                            assert_eq!(&layout, general.layout(), "{l} {coord:?}");
                            assert_eq!(offset, general.base(), "{l} {coord:?}");
                        }
                        None => assert_eq!(mask, 0, "{l} {coord:?}"),
                    }
                }
            }
        }
    }
}

//! What a tensor needs of its layout: the traits that let both the runtime
//! core's [`Layout`] and the typed layouts of `layout!` serve as one.

use alloc::borrow::Cow;

use layout_core::{Error, IntTuple, Layout, index_offset};

/// A layout a [`Tensor`](super::Tensor) can use: implemented for the core's
/// [`Layout`] and for every `layout!` value.
///
/// Slicing, partitioning and iteration work on the core form (see
/// `docs/typed/costs-and-checks.md`, "What it costs"; a composed layout's on its
/// inner layout, under the same outer function); indexing uses [`IndexBy`].
pub trait AsLayout {
    /// The layout of this tensor's slices, tiles, partitions and views:
    /// the core [`Layout`] for a plain layout, [`AnyLayout`](super::AnyLayout)
    /// for a composed (swizzled) one.
    type View: super::ViewLayout;
    /// The same layout in the runtime core (borrowed when it is one).
    /// Fails only for a typed layout whose dynamic leaf or offsets do not
    /// fit in `i64`.
    fn to_core(&self) -> Result<Cow<'_, Layout>, Error>;
    /// The number of coordinates.
    fn size(&self) -> usize;
    /// For a composed (swizzled) layout, whose [`AsLayout::to_core`] fails:
    /// the same layout as the core's `ComposedLayout`. `None` (the default)
    /// for a plain layout.
    fn to_core_composed(&self) -> Option<Result<layout_core::ComposedLayout, Error>> {
        None
    }
    /// Errors unless every offset plus `base` lies in `0..len`: the check
    /// [`Tensor::new`](super::Tensor::new) makes. A typed layout checks on
    /// its typed trees (no core layout is built); a composed layout checks
    /// every swizzled offset.
    fn check_fits(&self, base: usize, len: usize) -> Result<(), Error> {
        match self.to_core_composed() {
            Some(composed) => super::swizzled::check_fits(&composed?, base, len),
            None => super::check_fits(&*self.to_core()?, base, len),
        }
    }
}

/// A layout that coordinates of type `C` index.
///
/// Every impl is `do_not_recommend`, so that a coordinate of the wrong
/// rank is one error at the coordinate, this message, and the one bound
/// that asked (`ui-tests/tensor/index_wrong_rank`), not the inner bound
/// that failed with the impls it went through and a list of the others.
#[diagnostic::on_unimplemented(
    message = "`{C}` is not a coordinate of a tensor over `{Self}`: write one `usize`, or a tuple of them nested like its shape"
)]
pub trait IndexBy<C>: AsLayout {
    /// The offset of `coord`, or `None` when it is outside the domain: each
    /// integer of the coordinate must lie in `0..size` of the mode it
    /// stands for (an integer for a tuple mode is split colexicographically
    /// over it), and the coordinate must be nested like the shape.
    fn offset_of(&self, coord: C) -> Option<isize>;

    /// The offset of `coord`, without the domain check where the layout can skip it.
    ///
    /// # Safety
    ///
    /// `coord` must be in the domain (`offset_of` returns `Some`).
    unsafe fn offset_unchecked(&self, coord: C) -> isize {
        // SAFETY: the caller's promise.
        unsafe { self.offset_of(coord).unwrap_unchecked() }
    }

    /// [`offset_of`](Self::offset_of) of a borrowed coordinate, so that
    /// `t[c]` still has `c` to name when it is outside the domain. The
    /// core layouts read the coordinate in place; the typed ones take
    /// `usize`s and tuples of them, whose clone is a copy.
    #[doc(hidden)]
    #[inline]
    fn offset_of_ref(&self, coord: &C) -> Option<isize>
    where
        C: Clone,
    {
        self.offset_of(coord.clone())
    }
}

/// A coordinate of a core [`Layout`]: a `usize` (split over the mode it
/// stands for), a Rust tuple or array of coordinates (one per mode), or an
/// [`IntTuple`].
///
/// ```
/// use layout_dsl::tensor::Coordinate;
/// use layout_dsl::IntTuple;
/// let (s, d): (IntTuple, IntTuple) = ("(2,(3,4))".parse().unwrap(), "(1,(2,6))".parse().unwrap());
/// assert_eq!((1usize, (2usize, 3usize)).offset_in(&s, &d), Some(1 + 4 + 18));
/// assert_eq!((1usize, 11usize).offset_in(&s, &d), Some(1 + 4 + 18));
/// assert_eq!((1usize, 12usize).offset_in(&s, &d), None);
/// ```
pub trait Coordinate {
    /// The offset of this coordinate under `shape:stride`, `None` outside
    /// the domain or when not nested like the shape.
    fn offset_in(&self, shape: &IntTuple, stride: &IntTuple) -> Option<i64>;
}

impl Coordinate for usize {
    #[inline]
    fn offset_in(&self, shape: &IntTuple, stride: &IntTuple) -> Option<i64> {
        index_offset(i64::try_from(*self).ok()?, shape, stride)
    }
}

impl Coordinate for IntTuple {
    fn offset_in(&self, shape: &IntTuple, stride: &IntTuple) -> Option<i64> {
        match (self, shape, stride) {
            (IntTuple::Int(i), _, _) => index_offset(*i, shape, stride),
            (IntTuple::Tuple(cs), IntTuple::Tuple(ss), IntTuple::Tuple(ds))
                if cs.len() == ss.len() =>
            {
                let mut offset = 0i64;
                for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                    offset = offset.wrapping_add(c.offset_in(s, d)?);
                }
                Some(offset)
            }
            _ => None,
        }
    }
}

impl<const N: usize> Coordinate for [usize; N] {
    fn offset_in(&self, shape: &IntTuple, stride: &IntTuple) -> Option<i64> {
        match (shape, stride) {
            (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == N => {
                let mut offset = 0i64;
                for ((c, s), d) in self.iter().zip(ss).zip(ds) {
                    offset = offset.wrapping_add(c.offset_in(s, d)?);
                }
                Some(offset)
            }
            _ => None,
        }
    }
}

impl<T: Coordinate + ?Sized> Coordinate for &T {
    #[inline]
    fn offset_in(&self, shape: &IntTuple, stride: &IntTuple) -> Option<i64> {
        (**self).offset_in(shape, stride)
    }
}

impl AsLayout for Layout {
    type View = Layout;
    fn to_core(&self) -> Result<Cow<'_, Layout>, Error> {
        Ok(Cow::Borrowed(self))
    }
    fn size(&self) -> usize {
        // Non-negative; a tensor's layout fits its engine, so in `usize`.
        Layout::size(self) as usize
    }
}

#[diagnostic::do_not_recommend]
impl<C: Coordinate> IndexBy<C> for Layout {
    #[inline]
    fn offset_of(&self, coord: C) -> Option<isize> {
        // In the domain the offset is one a tensor checked against its
        // engine's length, so it fits in `isize`.
        core_offset(self, &coord)
    }
    #[inline]
    fn offset_of_ref(&self, coord: &C) -> Option<isize> {
        core_offset(self, coord)
    }
}

/// The offset of `coord` in a core layout, read in place.
#[inline]
fn core_offset<C: Coordinate + ?Sized>(layout: &Layout, coord: &C) -> Option<isize> {
    // In the domain the offset is one a tensor checked against its
    // engine's length, so it fits in `isize`.
    coord
        .offset_in(layout.shape(), layout.stride())
        .map(|o| o as isize)
}

impl<L: AsLayout + ?Sized> AsLayout for &L {
    type View = L::View;
    fn to_core(&self) -> Result<Cow<'_, Layout>, Error> {
        (**self).to_core()
    }
    fn size(&self) -> usize {
        (**self).size()
    }
    fn to_core_composed(&self) -> Option<Result<layout_core::ComposedLayout, Error>> {
        (**self).to_core_composed()
    }
    fn check_fits(&self, base: usize, len: usize) -> Result<(), Error> {
        (**self).check_fits(base, len)
    }
}

#[diagnostic::do_not_recommend]
impl<C, L: IndexBy<C> + ?Sized> IndexBy<C> for &L {
    #[inline]
    fn offset_of(&self, coord: C) -> Option<isize> {
        (**self).offset_of(coord)
    }
    #[inline]
    fn offset_of_ref(&self, coord: &C) -> Option<isize>
    where
        C: Clone,
    {
        (**self).offset_of_ref(coord)
    }
    #[inline]
    unsafe fn offset_unchecked(&self, coord: C) -> isize {
        // SAFETY: the caller's promise, passed on.
        unsafe { (**self).offset_unchecked(coord) }
    }
}

//! Swizzled tensors: a [`Tensor`](super::Tensor) over a composed layout
//! `SW o OFFSET o INNER` (the typed [`Composed`] of `layout!`, or the core's
//! [`ComposedLayout`]) indexes through the swizzle: coordinate `c` is the
//! element at `base + SW(OFFSET + INNER(c))`, as CuTe's shared-memory
//! tensors over a swizzled layout.
//!
//! ```
//! use layout_dsl::layout;
//! use layout_dsl::tensor::Tensor;
//!
//! let smem: Vec<u16> = (0..512).collect();
//! let tile = Tensor::new(&smem[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
//! // row 3, column 17: 3*64 + 17 = 209, and the row flips bits 3..6
//! assert_eq!(tile[(3, 17)], 209 ^ (3 << 3));
//! assert_eq!(tile.iter().count(), 512);
//! ```
//!
//! Construction checks every swizzled offset against the engine (one walk
//! over the inner layout's offsets): CuTe's `cosize` of a composed layout
//! is the inner layout's, which bounds the offsets before the swizzle but
//! not after it. Indexing, `get` and iteration go through the swizzle, and
//! so do [`gemm`](super::gemm) and the other algorithms. Slices, tiles,
//! partitions, divides and `view`s are laid out by an
//! [`AnyLayout`](super::AnyLayout) (view.rs): the swizzle kept with the
//! slice's offset folded in, or a plain layout where CuTe decays the slice.
//! A composed layout has no plain core [`Layout`]: only ndarray views,
//! which need strides, refuse a swizzled tensor (with an error).

use alloc::borrow::Cow;

use layout_core::{CallError, ComposedLayout, Error, Layout, Outer};

use super::layout::{AsLayout, Coordinate, IndexBy};
use super::strided;
use super::view::AnyLayout;
use crate::__private::{Composed, Int, TypedLayout, TypedSwizzle};

/// Why a composed layout has no `to_core`.
fn no_plain_layout() -> Error {
    CallError::WrongType {
        expected: "a plain layout (an ndarray view of a swizzled tensor is not supported)",
        found: "a composed (swizzled) layout",
    }
    .into()
}

impl AsLayout for ComposedLayout {
    type View = AnyLayout;
    /// Always an error: a swizzle is not a `shape:stride` layout.
    fn to_core(&self) -> Result<Cow<'_, Layout>, Error> {
        Err(no_plain_layout())
    }
    fn size(&self) -> usize {
        // Non-negative; a tensor's layout fits its engine, so in `usize`.
        ComposedLayout::size(self) as usize
    }
    fn to_core_composed(&self) -> Option<Result<ComposedLayout, Error>> {
        Some(Ok(self.clone()))
    }
}

#[diagnostic::do_not_recommend]
impl<C: Coordinate> IndexBy<C> for ComposedLayout {
    #[inline]
    fn offset_of(&self, coord: C) -> Option<isize> {
        composed_offset(self, &coord)
    }
    #[inline]
    fn offset_of_ref(&self, coord: &C) -> Option<isize> {
        composed_offset(self, coord)
    }
}

/// The offset of `coord` in a core composed layout, read in place.
#[inline]
fn composed_offset<C: Coordinate>(l: &ComposedLayout, coord: &C) -> Option<isize> {
    let inner = coord.offset_in(l.inner().shape(), l.inner().stride())?;
    Some(l.outer().apply(l.offset().wrapping_add(inner)).ok()? as isize)
}

impl<Sw, O, L> AsLayout for Composed<Sw, O, L>
where
    Sw: TypedSwizzle,
    O: Int,
    L: TypedLayout + TryInto<Layout, Error = Error>,
{
    type View = AnyLayout;
    /// Always an error: a swizzle is not a `shape:stride` layout.
    fn to_core(&self) -> Result<Cow<'_, Layout>, Error> {
        Err(no_plain_layout())
    }
    fn size(&self) -> usize {
        Composed::size(self)
    }
    fn to_core_composed(&self) -> Option<Result<ComposedLayout, Error>> {
        Some(Composed::to_core(self))
    }
}

#[diagnostic::do_not_recommend]
impl<Sw, O, L, Cd> IndexBy<Cd> for Composed<Sw, O, L>
where
    Sw: TypedSwizzle,
    O: Int,
    L: TypedLayout + TryInto<Layout, Error = Error> + IndexBy<Cd>,
{
    #[inline]
    fn offset_of(&self, coord: Cd) -> Option<isize> {
        let inner = self.inner().offset_of(coord)? as usize;
        Some(
            self.swizzle()
                .apply(self.offset().get().wrapping_add(inner)) as isize,
        )
    }

    #[inline]
    unsafe fn offset_unchecked(&self, coord: Cd) -> isize {
        // SAFETY: the caller's promise, passed on.
        let inner = unsafe { self.inner().offset_unchecked(coord) } as usize;
        self.swizzle()
            .apply(self.offset().get().wrapping_add(inner)) as isize
    }
}

/// The engine positions of a tensor's coordinates in index order: the
/// inner layout's odometer, sent through the swizzle when there is one.
pub(crate) enum Positions {
    Plain(strided::Positions),
    Swizzled {
        inner: strided::Positions,
        outer: Outer,
        offset: isize,
    },
}

impl Positions {
    /// The positions of a layout a tensor was built with (so its core
    /// forms exist and its offsets fit).
    pub(crate) fn of<L: AsLayout>(layout: &L) -> Positions {
        let checked = "checked when the tensor was built";
        match layout.to_core_composed() {
            None => match layout.to_core() {
                Ok(core) => Positions::Plain(strided::Positions::of(&core)),
                // An empty typed layout the core cannot hold (a value past
                // `i64`): the tensor's check accepts it, with nothing to walk.
                Err(_) if layout.size() == 0 => Positions::Plain(strided::Positions::empty()),
                Err(e) => unreachable!("{checked}: {e}"),
            },
            Some(Ok(c)) => Positions::Swizzled {
                inner: strided::Positions::of(c.inner()),
                outer: c.outer().clone(),
                offset: c.offset() as isize,
            },
            Some(Err(e)) => unreachable!("{checked}: {e}"),
        }
    }
}

impl Iterator for Positions {
    type Item = isize;

    #[inline]
    fn next(&mut self) -> Option<isize> {
        match self {
            Positions::Plain(p) => p.next(),
            Positions::Swizzled {
                inner,
                outer,
                offset,
            } => inner
                .next()
                .map(|o| match outer.apply(offset.wrapping_add(o) as i64) {
                    Ok(x) => x as isize,
                    Err(e) => unreachable!("checked when the tensor was built: {e}"),
                }),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Positions::Plain(p) | Positions::Swizzled { inner: p, .. } => p.size_hint(),
        }
    }
}

impl ExactSizeIterator for Positions {}

/// `Ok` when `base + c(x)` lies in `0..len` for every coordinate `x` of
/// the composed layout `c`: every swizzled offset is computed (a swizzle
/// can move an offset past the inner layout's cosize).
pub(crate) fn check_fits(c: &ComposedLayout, base: usize, len: usize) -> Result<(), Error> {
    let offsets = c.offsets()?;
    let (Some(&low), Some(&high)) = (offsets.iter().min(), offsets.iter().max()) else {
        return Ok(());
    };
    super::span_fits(low, high, base, len, true)
}

//! CuTe's `ComposedLayout<A, Offset, B>` (`layout_composed.hpp`,
//! `swizzle_layout.hpp`): coordinate `c` goes to `A(offset + B(c))`, where
//! the outer function `A` is a swizzle or a layout and `B` a layout.
//!
//! Shape, size and cosize are `B`'s, as CuTe defines them; slicing folds
//! the slice's offset into the composed offset (CuTe's general
//! `slice_and_offset`), or decays a swizzled slice to a plain view as
//! CuTe's swizzle specialisation does ([`ComposedLayout::slice_and_offset`]);
//! the inverses are CuTe's, checked against their laws before they are
//! returned ([`ComposedLayout::right_inverse`]).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::algebra::{self, Coord};
use crate::error::{AlgebraRefusal, ErrorKind, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::swizzle::Swizzle;

mod decay;
mod inverse;
mod product;
mod recast;

pub use inverse::compose_swizzle;
pub use product::logical_product_swizzled;

/// The most indices an inverse or a layout-swizzle composition is checked
/// at; past it the operation refuses rather than answer unchecked.
pub const CHECK_LIMIT: i64 = 1 << 22;

/// The function a composed layout applies last: a swizzle (the common
/// case, `Sw<3,4,3> o 0 o …`) or a layout read at a 1-D index
/// (`(4,4):(4,1) o 0 o …`, as CuTe's `Layout::operator()(int)`, which reads
/// past the size along the last mode).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outer {
    /// `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// A layout as a function of its 1-D index.
    Layout(Layout),
}

impl Outer {
    /// The outer function at `x`.
    ///
    /// # Errors
    /// `Overflow` from a layout's arithmetic.
    pub fn apply(&self, x: i64) -> Result<i64> {
        match self {
            Outer::Swizzle(sw) => Ok(sw.apply(x)),
            Outer::Layout(l) => l.at(x),
        }
    }
}

impl From<Swizzle> for Outer {
    fn from(sw: Swizzle) -> Outer {
        Outer::Swizzle(sw)
    }
}

impl From<Layout> for Outer {
    fn from(l: Layout) -> Outer {
        Outer::Layout(l)
    }
}

impl fmt::Display for Outer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outer::Swizzle(sw) => sw.fmt(f),
            Outer::Layout(l) => l.fmt(f),
        }
    }
}

/// CuTe's `ComposedLayout<A, Offset, B>`: coordinate `c` goes to
/// `A(offset + B(c))`. Printed as CuTe prints it, without the static
/// underscores: `Sw<3,4,3> o 0 o (8,64):(64,1)`.
///
/// Shape, size and cosize are the inner layout's (CuTe's `cosize` of a
/// composed layout is `cosize(layout_b())`); divides and products apply to
/// the inner layout ([`ComposedLayout::map_inner`]).
///
/// ```
/// use layout_core::{ComposedLayout, IntTuple, Swizzle};
/// let c = ComposedLayout::new(Swizzle::new(3, 3, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
/// assert_eq!(c.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
/// let at = |r, k| c.crd2idx(&IntTuple::Tuple(vec![IntTuple::Int(r), IntTuple::Int(k)])).unwrap();
/// assert_eq!(at(3, 17), 201); // 3*64 + 17 = 209, bits 6..9 = 3 flip bits 3..6
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    outer: Outer,
    offset: i64,
    inner: Layout,
}

impl ComposedLayout {
    /// CuTe's `make_composed_layout(outer, offset, inner)`; the outer
    /// function is a [`Swizzle`] or a [`Layout`].
    ///
    /// ```
    /// use layout_core::{ComposedLayout, Layout};
    /// let outer: Layout = "(4,4):(4,1)".parse().unwrap();
    /// let c = ComposedLayout::new(outer, 1, "8:2".parse().unwrap());
    /// assert_eq!(c.to_string(), "(4,4):(4,1) o 1 o 8:2");
    /// assert_eq!(c.offsets().unwrap(), [4, 12, 5, 13, 6, 14, 7, 15]);
    /// ```
    #[must_use]
    pub fn new(outer: impl Into<Outer>, offset: i64, inner: Layout) -> ComposedLayout {
        ComposedLayout {
            outer: outer.into(),
            offset,
            inner,
        }
    }

    /// The function applied last.
    #[must_use]
    pub fn outer(&self) -> &Outer {
        &self.outer
    }

    /// The outer swizzle, if the outer function is one.
    #[must_use]
    pub fn swizzle(&self) -> Option<Swizzle> {
        match self.outer {
            Outer::Swizzle(sw) => Some(sw),
            Outer::Layout(_) => None,
        }
    }

    /// The offset added to the inner layout's result.
    #[must_use]
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// The layout applied first.
    #[must_use]
    pub fn inner(&self) -> &Layout {
        &self.inner
    }

    /// The number of coordinates (the inner layout's).
    #[must_use]
    pub fn size(&self) -> i64 {
        self.inner.size()
    }

    /// The inner layout's cosize, as CuTe defines it for a composed layout.
    #[must_use]
    pub fn cosize(&self) -> i64 {
        self.inner.cosize()
    }

    /// The offset before the outer function: `offset + inner(c)`.
    ///
    /// # Errors
    /// As [`Layout::crd2idx`], or `Overflow`.
    pub fn pre_swizzle(&self, coord: &IntTuple) -> Result<i64> {
        let inner = self.inner.crd2idx(coord)?;
        self.offset.checked_add(inner).ok_or_else(overflow)
    }

    /// `outer(offset + inner(c))`.
    ///
    /// # Errors
    /// As [`ComposedLayout::pre_swizzle`].
    pub fn crd2idx(&self, coord: &IntTuple) -> Result<i64> {
        self.outer.apply(self.pre_swizzle(coord)?)
    }

    /// Every offset, in index order (colexicographic, as [`Layout::offsets`]).
    ///
    /// # Errors
    /// `Overflow` when an offset plus the composed offset leaves `i64`.
    pub fn offsets(&self) -> Result<Vec<i64>> {
        self.inner
            .offsets()
            .map(|o| {
                self.outer
                    .apply(self.offset.checked_add(o).ok_or_else(overflow)?)
            })
            .collect()
    }

    /// CuTe's `get<I>` of a composed layout: mode `i` of the inner layout
    /// under the same outer function and offset (`None` past the rank).
    /// Unlike [`compose`], an identity swizzle at offset 0 is kept.
    ///
    /// ```
    /// use layout_core::{ComposedLayout, Swizzle};
    /// let c = ComposedLayout::new(Swizzle::new(3, 3, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
    /// assert_eq!(c.mode(0).unwrap().to_string(), "Sw<3,3,3> o 0 o 8:64");
    /// ```
    #[must_use]
    pub fn mode(&self, i: usize) -> Option<ComposedLayout> {
        let inner = self.inner.mode(i)?;
        Some(ComposedLayout::new(self.outer.clone(), self.offset, inner))
    }

    /// CuTe's `slice(c, composed)` (`layout_composed.hpp`): the inner
    /// layout sliced, the slice's offset folded into the composed offset,
    /// so that coordinate `k` of the result is the composed layout at `c`
    /// with `k` in place of the underscores.
    ///
    /// ```
    /// use layout_core::{ComposedLayout, Coord, Swizzle};
    /// let c = ComposedLayout::new(Swizzle::new(3, 3, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
    /// let row = c.slice(&Coord::Tuple(vec![Coord::Underscore, Coord::Int(3)])).unwrap();
    /// assert_eq!(row.to_string(), "Sw<3,3,3> o 3 o (8):(64)");
    /// ```
    ///
    /// # Errors
    /// As [`algebra::slice_and_offset`], or `Overflow`.
    pub fn slice(&self, coord: &Coord) -> Result<ComposedLayout> {
        let view = algebra::slice_and_offset(coord, &self.inner)?;
        let offset = self.offset.checked_add(view.base()).ok_or_else(overflow)?;
        Ok(ComposedLayout::new(
            self.outer.clone(),
            offset,
            view.layout().clone(),
        ))
    }

    /// CuTe's `composition(layout_a(), offset(), f(layout_b()))`: what
    /// every divide, product, coalesce and `composition(COMPOSED, T)` does.
    /// With `B = 0` and offset 0 the swizzle is the identity and CuTe returns
    /// the bare layout: `Err` holds it.
    ///
    /// # Errors
    /// Those of `f`.
    pub fn map_inner(
        &self,
        f: impl FnOnce(&Layout) -> Result<Layout>,
    ) -> Result<core::result::Result<ComposedLayout, Layout>> {
        let inner = f(&self.inner)?;
        Ok(compose(self.outer.clone(), self.offset, inner))
    }
}

/// CuTe's `composition(A, offset, Layout)`: a composed layout, or the
/// layout itself when `A` is a swizzle with no bits and the offset is 0
/// (`swizzle_layout.hpp` drops the identity).
pub fn compose(
    outer: impl Into<Outer>,
    offset: i64,
    inner: Layout,
) -> core::result::Result<ComposedLayout, Layout> {
    match outer.into() {
        Outer::Swizzle(sw) if sw.bits() == 0 && offset == 0 => Err(inner),
        outer => Ok(ComposedLayout::new(outer, offset, inner)),
    }
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.outer, self.offset, self.inner)
    }
}

pub(crate) fn overflow() -> crate::Error {
    ErrorKind::Overflow("an offset of the composed layout does not fit in 64 bits").into()
}

/// A refusal naming the operation, the operand and the reason.
pub(crate) fn refuse(what: &'static str, of: &dyn fmt::Display, why: String) -> crate::Error {
    AlgebraRefusal::ComposedUnsupported {
        what,
        of: of.to_string(),
        why,
    }
    .into()
}

/// A composed layout or, where CuTe drops an identity swizzle, a layout.
pub type Composed = core::result::Result<ComposedLayout, Layout>;

/// Evaluates a [`Composed`] at the 1-D index `i`.
pub(crate) fn at(c: &Composed, i: i64) -> Result<i64> {
    match c {
        Ok(c) => c.crd2idx(&IntTuple::Int(i)),
        Err(l) => l.at(i),
    }
}

/// The size of a [`Composed`].
pub(crate) fn size_of(c: &Composed) -> i64 {
    match c {
        Ok(c) => c.size(),
        Err(l) => l.size(),
    }
}

/// Refuses past [`CHECK_LIMIT`] indices.
pub(crate) fn checkable(what: &'static str, of: &dyn fmt::Display, n: i64) -> Result<()> {
    if n > CHECK_LIMIT {
        let why = format!("its {n} indices are more than the {CHECK_LIMIT} this check reads");
        return Err(refuse(what, of, why));
    }
    Ok(())
}

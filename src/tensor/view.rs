//! What slices, tiles and partitions of a tensor are laid out by: the core
//! [`Layout`] for a plain tensor, [`AnyLayout`] for a swizzled one, whose
//! slices keep the swizzle (the slice's offset folded into the composed
//! offset, CuTe's `slice_and_offset` of a `ComposedLayout`) or decay to a
//! plain layout where CuTe's swizzle specialisation does.
//!
//! The two differ in where a slice's offset goes. A plain view shifts the
//! tensor's base: element `k` is at `base + shift + L(k)`. A composed view
//! keeps the base and adds the shift before the swizzle: element `k` is at
//! `base + SW(offset + shift + INNER(k))`, as CuTe's composed tensors keep
//! their pointer and accumulate the offset in the layout.

use alloc::borrow::Cow;
use core::fmt;

use layout_core::{ComposedLayout, Coord, Error, IntTuple, Layout, compose};

use super::layout::{AsLayout, Coordinate, IndexBy};
use super::slice::{check_domain, slice_checked};

/// The layout of a view of a tensor: what [`AsLayout::View`] names.
/// Implemented by the core [`Layout`] (the views of plain tensors) and
/// [`AnyLayout`] (the views of swizzled ones).
pub trait ViewLayout: AsLayout<View = Self> + Sized {
    /// A view under a plain layout.
    fn from_plain(layout: Layout) -> Self;
    /// A view under a composed layout; an error for [`Layout`], whose
    /// views are never composed (a plain layout's slices are plain).
    fn from_composed(layout: ComposedLayout) -> Result<Self, Error>;
}

impl ViewLayout for Layout {
    fn from_plain(layout: Layout) -> Layout {
        layout
    }
    fn from_composed(_: ComposedLayout) -> Result<Layout, Error> {
        Err(layout_core::CallError::WrongType {
            expected: "a plain layout",
            found: "a composed (swizzled) layout",
        }
        .into())
    }
}

/// The layout of a view of a swizzled tensor: composed (the swizzle kept,
/// the slice's offset folded into the composed offset) or plain (where
/// CuTe decays the slice of a swizzle to a plain layout, or drops an
/// identity swizzle).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::{AnyLayout, Tensor, X};
/// let smem: Vec<u16> = (0..512).collect();
/// let tile = Tensor::new(&smem[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
/// // CuTe's `tile(_, 3)`: the swizzle folds into the strides, `(_8):(_72)` + 3.
/// let column = tile.slice((X, 3));
/// assert!(matches!(column.layout(), AnyLayout::Plain(_)));
/// assert_eq!(column.layout().to_string(), "(8):(72)");
/// assert_eq!(column.base(), 3);
/// // Kept modes that reach both the swizzle's Y and Z bits keep it, the
/// // slice's offset 3 folded in and the base unchanged.
/// let cube = Tensor::new(&smem[..], layout!(Sw<3,3,3> o 0 o (8,8,8):(64,8,1))).unwrap();
/// let plane = cube.slice((X, X, 3));
/// assert_eq!(plane.layout().to_string(), "Sw<3,3,3> o 3 o (8,8):(64,8)");
/// assert_eq!((plane.base(), plane[(5, 2)]), (0, cube[(5, 2, 3)]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyLayout {
    /// A plain `shape:stride` layout.
    Plain(Layout),
    /// A composed layout `OUTER o OFFSET o INNER`.
    Composed(ComposedLayout),
}

impl AnyLayout {
    /// The shape (a composed layout's is its inner layout's).
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        match self {
            AnyLayout::Plain(l) => l.shape(),
            AnyLayout::Composed(c) => c.inner().shape(),
        }
    }
}

impl fmt::Display for AnyLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyLayout::Plain(l) => l.fmt(f),
            AnyLayout::Composed(c) => c.fmt(f),
        }
    }
}

impl ViewLayout for AnyLayout {
    fn from_plain(layout: Layout) -> AnyLayout {
        AnyLayout::Plain(layout)
    }
    fn from_composed(layout: ComposedLayout) -> Result<AnyLayout, Error> {
        Ok(AnyLayout::Composed(layout))
    }
}

impl AsLayout for AnyLayout {
    type View = AnyLayout;
    /// The plain layout; an error for a composed one.
    fn to_core(&self) -> Result<Cow<'_, Layout>, Error> {
        match self {
            AnyLayout::Plain(l) => Ok(Cow::Borrowed(l)),
            AnyLayout::Composed(c) => c.to_core(),
        }
    }
    fn size(&self) -> usize {
        match self {
            AnyLayout::Plain(l) => AsLayout::size(l),
            AnyLayout::Composed(c) => AsLayout::size(c),
        }
    }
    fn to_core_composed(&self) -> Option<Result<ComposedLayout, Error>> {
        match self {
            AnyLayout::Plain(_) => None,
            AnyLayout::Composed(c) => Some(Ok(c.clone())),
        }
    }
}

#[diagnostic::do_not_recommend]
impl<C: Coordinate> IndexBy<C> for AnyLayout {
    #[inline]
    fn offset_of(&self, coord: C) -> Option<isize> {
        match self {
            AnyLayout::Plain(l) => l.offset_of(coord),
            AnyLayout::Composed(c) => c.offset_of(coord),
        }
    }
    #[inline]
    fn offset_of_ref(&self, coord: &C) -> Option<isize>
    where
        C: Clone,
    {
        match self {
            AnyLayout::Plain(l) => l.offset_of_ref(coord),
            AnyLayout::Composed(c) => c.offset_of_ref(coord),
        }
    }
}

/// A tensor's layout split for the algebra: the layout the divides work
/// on (a plain layout, or a composed layout's inner one) and, for a
/// composed layout, the layout itself.
pub(crate) struct Split<'a> {
    pub(crate) algebra: Cow<'a, Layout>,
    pub(crate) composed: Option<ComposedLayout>,
}

/// `layout` split for the algebra.
pub(crate) fn split<L: AsLayout>(layout: &L) -> Result<Split<'_>, Error> {
    Ok(match layout.to_core_composed() {
        None => Split {
            algebra: layout.to_core()?,
            composed: None,
        },
        Some(c) => {
            let c = c?;
            Split {
                algebra: Cow::Owned(c.inner().clone()),
                composed: Some(c),
            }
        }
    })
}

/// The view of `from` (a layout the algebra made from a tensor's split
/// layout, `composed`'s inner one when there is one) shifted by `shift`
/// (an offset of `from`): a plain view moves the base by `shift`; a
/// composed one folds it into the composed offset (CuTe's
/// `composition(A, offset + shift, layout)`, the identity swizzle at
/// offset 0 dropped). The shift of the base is returned beside it.
pub(crate) fn rebuilt<V: ViewLayout>(
    composed: Option<&ComposedLayout>,
    layout: Layout,
    shift: i64,
) -> Result<(V, i64), Error> {
    let Some(c) = composed else {
        return Ok((V::from_plain(layout), shift));
    };
    let offset = c.offset().checked_add(shift).ok_or_else(|| {
        Error::from(layout_core::ErrorKind::Overflow(
            "a slice's offset plus the composed offset",
        ))
    })?;
    match compose(c.outer().clone(), offset, layout) {
        Ok(c) => Ok((V::from_composed(c)?, 0)),
        Err(plain) => Ok((V::from_plain(plain), 0)),
    }
}

/// CuTe's `slice_and_offset(coord, layout)` of `from` (as in [`rebuilt`]),
/// every integer of `coord` checked to lie in its mode: the view and the
/// shift of the tensor's base. A composed layout's slice decays to a plain
/// layout where CuTe's does ([`ComposedLayout::slice_and_offset`], checked
/// at every index there).
pub(crate) fn sliced<V: ViewLayout>(
    composed: Option<&ComposedLayout>,
    from: &Layout,
    coord: &Coord,
) -> Result<(V, i64), Error> {
    let Some(c) = composed else {
        let (layout, shift) = slice_checked(from, coord)?;
        return Ok((V::from_plain(layout), shift));
    };
    check_domain(coord, from.shape())?;
    let whole = ComposedLayout::new(c.outer().clone(), c.offset(), from.clone());
    match whole.slice_and_offset(coord)? {
        Ok(folded) => Ok((V::from_composed(folded)?, 0)),
        Err(decayed) => Ok((V::from_plain(decayed.layout().clone()), decayed.base())),
    }
}

//! CuTe's `slice_and_offset` on layouts with scaled-basis strides: the kept
//! modes and where they start, which is a coordinate (CuTe's arithmetic
//! tuple), not an integer. Printed as the integer views are,
//! `view(LAYOUT,OFFSET)`, with the offset as CuTe prints it without the
//! static underscores: `view((4):(1@0),(0,3))`.

use core::fmt;

use super::{BasisLayout, BasisTuple, refusal};
use crate::algebra::{Coord, check_domain, slice};
use crate::error::Result;
use crate::value::Value;

/// A layout with scaled-basis strides read from a coordinate offset:
/// coordinate `c` of the view is at `OFFSET + L(c)`, added component by
/// component (CuTe's `ArithmeticTuple` sum).
///
/// The offset is a coordinate tuple (`(0,3)`, every basis path of the
/// sliced layout present, zeros included) or, where the layout had a
/// single basis stride, that scaled basis (`3@1`), as CuTe's `crd2idx`
/// gives it.
///
/// ```
/// use layout_core::evaluate;
/// let v = evaluate("slice((_,3), make_identity_layout((4,8)))").unwrap();
/// assert_eq!(v.to_string(), "view((4):(1@0),(0,3))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BasisView {
    layout: BasisLayout,
    offset: BasisTuple,
}

impl BasisView {
    /// A view of `layout` from `offset`: a tuple of integers (a coordinate)
    /// or one scaled basis.
    ///
    /// # Errors
    ///
    /// [`ScaledBasis`](crate::AlgebraRefusal::ScaledBasis) for an offset that is
    /// neither (an integer, or a tuple holding a scaled basis).
    pub fn new(layout: BasisLayout, offset: BasisTuple) -> Result<BasisView> {
        fn coordinate(t: &BasisTuple) -> bool {
            match t {
                BasisTuple::Leaf(d) => !d.is_basis(),
                BasisTuple::Tuple(v) => v.iter().all(coordinate),
            }
        }
        let fits = match &offset {
            BasisTuple::Leaf(d) => d.is_basis(),
            t @ BasisTuple::Tuple(_) => coordinate(t),
        };
        if !fits {
            return Err(refusal(alloc::format!(
                "the offset {offset} of a view of {layout} is not a coordinate: a tuple of integers or one scaled basis"
            )));
        }
        Ok(BasisView { layout, offset })
    }

    /// The kept modes, mapping coordinates to coordinates from the offset.
    #[must_use]
    pub fn layout(&self) -> &BasisLayout {
        &self.layout
    }

    /// Where the view starts: a coordinate, or one scaled basis.
    #[must_use]
    pub fn offset(&self) -> &BasisTuple {
        &self.offset
    }
}

impl fmt::Display for BasisView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "view({},{})", self.layout, self.offset)
    }
}

/// CuTe's `slice_and_offset(c, layout)` for a layout with scaled-basis
/// strides: the modes `c` marks with `_` (CuTe's `slice`), and the offset
/// `crd2idx` gives `c` with every `_` read as 0. Coordinate `k` of the
/// view is at `layout(c with k in place of the underscores)`.
///
/// ```
/// use layout_core::{basis, BasisLayout, Coord, IntTuple};
/// let id = BasisLayout::identity(&"((2,3),4)".parse::<IntTuple>().unwrap()).unwrap();
/// let c = Coord::Tuple(vec![Coord::Tuple(vec![1.into(), Coord::Underscore]), 2.into()]);
/// let v = basis::slice_and_offset(&c, &id).unwrap();
/// assert_eq!(v.to_string(), "view((3):(1@1@0),((1,0),2))");
/// ```
///
/// # Errors
///
/// Those of [`slice()`] for a coordinate not nested like the shape, and of
/// [`BasisLayout::crd2idx`] for one that does not fit it; an integer past
/// its extent is refused as by [`crate::slice_and_offset`].
pub fn slice_and_offset(coord: &Coord, layout: &BasisLayout) -> Result<BasisView> {
    check_domain(coord, layout.shape(), "slice coordinate")?;
    let sliced = layout.read_proxy(&slice(coord, &layout.proxy()?)?)?;
    let offset = match layout.crd2idx(&coord.with_underscores_as_zero())? {
        Value::Basis(t) => t,
        Value::IntTuple(t) => BasisTuple::from(t),
        v => {
            return Err(refusal(alloc::format!(
                "internal: crd2idx of {layout} gave {v}"
            )));
        }
    };
    BasisView::new(sliced, offset)
}

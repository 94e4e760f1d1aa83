//! CuTe's scaled-basis strides (`E<i>`, printed `1@i`) and the layouts that
//! hold them, `make_identity_layout`'s kind: a layout whose offsets are
//! coordinates rather than integers.
//!
//! A [`ScaledBasis`] `v@i` is `v` times the unit vector of mode `i`; a
//! nested one `v@j@i` is `v` at sub-mode `j` of mode `i` (CuTe's `E<i,j>`,
//! printed innermost first). A [`BasisLayout`] is a shape with one such
//! stride per leaf: `crd2idx` through it sums coordinate times stride into
//! CuTe's arithmetic tuple, so `crd2idx(13, (4,8):(1@0,1@1))` is `(1,3)`.
//!
//! The algebra on these layouts lives in [`algebra`]: what
//! CuTe computes on identity layouts in kernels (composition with an
//! integer-strided layout, the divides, coalesce, mode access and slicing),
//! each either exact or refused. ARCHITECTURE.md says why this is a layout
//! kind of its own and not a generalised stride in every algebra function.
//!
//! ```
//! use layout_core::{evaluate, BasisLayout, IntTuple};
//! let id = BasisLayout::identity(&"(4,8)".parse::<IntTuple>().unwrap()).unwrap();
//! assert_eq!(id.to_string(), "(4,8):(1@0,1@1)");
//! assert_eq!(id.crd2idx(&IntTuple::Int(13)).unwrap().to_string(), "(1,3)");
//! assert_eq!(evaluate("crd2idx(13, (4,8):(1@0,1@1))").unwrap().to_string(), "(1,3)");
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::error::{AlgebraRefusal, DomainError, ErrorKind, Result, add, mul};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::{Layout, natural_coord};
use crate::value::Value;

pub mod algebra;
mod stride;
mod view;

pub use stride::{BasisTuple, ScaledBasis};
pub use view::{BasisView, slice_and_offset};

/// The largest mode a scaled basis may name in the notation: `crd2idx`
/// builds a tuple that long, and no CuTe layout has more modes.
pub const MODE_LIMIT: i64 = 255;

/// A layout whose strides are scaled bases (or `0`): CuTe's identity
/// layouts and what the algebra makes of them. Its offsets are coordinates.
///
/// Checked like [`Layout`]: the stride is congruent with the shape, no
/// extent is negative, every basis component of every offset fits in an
/// `i64`; and, as CuTe can add them, an integer stride among bases must be
/// `0` and no basis path may run through another's end (`1@0` with `1@1@0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BasisLayout {
    shape: IntTuple,
    /// One stride per leaf of `shape`, in leaf order.
    strides: Vec<ScaledBasis>,
}

impl BasisLayout {
    /// A layout from a shape and a congruent tuple of strides, checked.
    ///
    /// # Errors
    ///
    /// [`NotCongruent`](crate::DomainError::NotCongruent),
    /// [`NegativeExtent`](crate::DomainError::NegativeExtent),
    /// [`Overflow`](crate::ErrorKind::Overflow), or
    /// [`ScaledBasis`](crate::AlgebraRefusal::ScaledBasis) for an integer stride other
    /// than `0` among bases or for clashing basis paths.
    pub fn new(shape: IntTuple, stride: &BasisTuple) -> Result<BasisLayout> {
        if !stride.congruent(&shape) {
            return Err(DomainError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            }
            .into());
        }
        let mut strides = Vec::new();
        stride.leaves_into(&mut strides);
        BasisLayout::from_leaves(shape, strides)
    }

    /// A layout from a shape and its leaves' strides in order, checked as [`BasisLayout::new`].
    pub(crate) fn from_leaves(shape: IntTuple, strides: Vec<ScaledBasis>) -> Result<BasisLayout> {
        if let Some(s) = shape.leaves().find(|&s| s < 0) {
            return Err(DomainError::NegativeExtent(s).into());
        }
        shape.size()?;
        let has_basis = strides.iter().any(ScaledBasis::is_basis);
        if let Some((i, d)) = strides
            .iter()
            .enumerate()
            .find(|(_, d)| has_basis && !d.is_basis() && d.value != 0)
        {
            return Err(refusal(alloc::format!(
                "stride leaf {i} is the integer {d} among scaled-basis strides: CuTe cannot add an integer other than 0 to a scaled basis"
            )));
        }
        let bases: Vec<&ScaledBasis> = strides.iter().filter(|d| d.is_basis()).collect();
        for a in &bases {
            if let Some(b) = bases
                .iter()
                .find(|b| b.modes.len() > a.modes.len() && b.modes.starts_with(&a.modes))
            {
                return Err(refusal(alloc::format!(
                    "the strides {a} and {b} clash: {b} reaches inside the mode {a} ends at, and CuTe cannot add an integer to a tuple"
                )));
            }
        }
        // Every component of every offset fits: per basis path, the sum of
        // each leaf's reach (s-1)·|v| (the last mode's extent included).
        for a in &bases {
            let mut span = 0i64;
            for (s, d) in shape.leaves().zip(&strides) {
                if d.modes == a.modes {
                    let reach = mul((s - 1).max(0), d.value.checked_abs().unwrap_or(i64::MAX));
                    span = reach.and_then(|r| add(span, r)).map_err(|_| {
                        ErrorKind::Overflow("the layout's coordinates do not fit in 64 bits")
                    })?;
                }
            }
        }
        Ok(BasisLayout { shape, strides })
    }

    /// CuTe's `make_identity_layout(shape)`: `shape` with the unit basis of
    /// each leaf as its stride, so that every index maps to its coordinate.
    /// An integer shape gives the plain `n:1` (CuTe's `E<>` is `1`).
    ///
    /// # Errors
    ///
    /// [`NegativeExtent`](crate::DomainError::NegativeExtent) or
    /// [`Overflow`](crate::ErrorKind::Overflow) for the size.
    ///
    /// ```
    /// # use layout_core::{BasisLayout, IntTuple};
    /// let id = BasisLayout::identity(&"((2,3),4)".parse::<IntTuple>().unwrap()).unwrap();
    /// assert_eq!(id.to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
    /// ```
    pub fn identity(shape: &IntTuple) -> Result<BasisLayout> {
        fn paths(shape: &IntTuple, prefix: &mut Vec<usize>, out: &mut Vec<ScaledBasis>) {
            match shape {
                Int(_) => out.push(ScaledBasis::new(1, prefix.iter().copied())),
                Tuple(v) => {
                    for (i, s) in v.iter().enumerate() {
                        prefix.push(i);
                        paths(s, prefix, out);
                        prefix.pop();
                    }
                }
            }
        }
        let mut strides = Vec::new();
        paths(shape, &mut Vec::new(), &mut strides);
        BasisLayout::from_leaves(shape.clone(), strides)
    }

    /// The shape.
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The strides, as a tuple congruent with the shape.
    #[must_use]
    pub fn stride(&self) -> BasisTuple {
        BasisTuple::shaped(&self.shape, &mut self.strides.iter().cloned())
    }

    /// The strides of the shape's leaves, in order.
    #[must_use]
    pub fn leaf_strides(&self) -> &[ScaledBasis] {
        &self.strides
    }

    /// The number of coordinates (the product of the extents).
    #[must_use]
    pub fn size(&self) -> i64 {
        // Checked at construction.
        self.shape.size().unwrap_or(0)
    }

    /// This layout as a [`Value`]: a plain [`Layout`] when no stride is a
    /// basis (as CuTe's `make_identity_layout(8)` is `8:1`).
    ///
    /// # Errors
    ///
    /// Those of [`Layout::new`] for the plain layout.
    pub fn into_value(self) -> Result<Value> {
        if self.strides.iter().any(ScaledBasis::is_basis) {
            return Ok(Value::BasisLayout(self));
        }
        let mut ints = self.strides.iter().map(|d| d.value);
        let stride = self.shape.with_leaves(&mut ints);
        Layout::new(self.shape, stride).map(Value::Layout)
    }

    /// The coordinate `coord` maps to: CuTe's `crd2idx(coord, shape, stride)`.
    /// An integer is split over the shape colexicographically (the last
    /// mode keeps the rest). With a single basis stride the result is that
    /// scaled basis (`2@1`); with more, CuTe's arithmetic tuple, every basis
    /// path present (zeros included), printed as a tuple: `(1,3)`.
    ///
    /// # Errors
    ///
    /// Those of [`natural_coord`] for a coordinate that does not fit the
    /// shape, [`Overflow`](crate::ErrorKind::Overflow) past `i64`.
    pub fn crd2idx(&self, coord: &IntTuple) -> Result<Value> {
        let natural = natural_coord(coord, &self.shape)?;
        let terms: Vec<(i64, &ScaledBasis)> = natural.leaves().zip(&self.strides).collect();
        let bases: Vec<&(i64, &ScaledBasis)> = terms.iter().filter(|(_, d)| d.is_basis()).collect();
        if let [(c, d)] = bases.as_slice() {
            return Ok(Value::Basis(BasisTuple::Leaf(d.times(*c)?)));
        }
        let mut sum = Tuple(Vec::new());
        for (c, d) in bases {
            accumulate(&mut sum, &d.modes, mul(*c, d.value)?)?;
        }
        Ok(Value::IntTuple(sum))
    }

    /// Where [`BasisLayout::crd2idx`]'s terms land: the form of the
    /// coordinate it builds (every basis path present, as zeros: `(0,0)` for
    /// `(4,8):(1@0,1@1)`), and for each leaf the number of the form's leaf
    /// (depth first) its basis adds to, `None` for an integer stride. A
    /// typed layout computes one integer per slot (the facade's basis layouts).
    ///
    /// # Errors
    ///
    /// None for a checked layout (its paths do not clash).
    ///
    /// ```
    /// # use layout_core::{BasisLayout, IntTuple};
    /// let id = BasisLayout::identity(&"((2,3),4)".parse::<IntTuple>().unwrap()).unwrap();
    /// let (form, slots) = id.coordinate_slots().unwrap();
    /// assert_eq!(form.to_string(), "((0,0),0)");
    /// assert_eq!(slots, [Some(0), Some(1), Some(2)]);
    /// ```
    pub fn coordinate_slots(&self) -> Result<(IntTuple, Vec<Option<usize>>)> {
        fn slot(form: &IntTuple, path: &[usize]) -> usize {
            match (form, path.split_first()) {
                (Tuple(items), Some((&first, rest))) => {
                    let before: usize = items[..first].iter().map(|t| t.leaves().count()).sum();
                    before + slot(&items[first], rest)
                }
                _ => 0,
            }
        }
        let mut form = Tuple(Vec::new());
        for d in self.strides.iter().filter(|d| d.is_basis()) {
            accumulate(&mut form, &d.modes, 0)?;
        }
        let slots = self
            .strides
            .iter()
            .map(|d| d.is_basis().then(|| slot(&form, &d.modes)))
            .collect();
        Ok((form, slots))
    }

    /// The layout with the same shape and the strides `1, 2, …` (one per
    /// leaf): handed to the integer algebra's structural functions (`get`,
    /// `select`, `slice`, the divides' regrouping), whose result
    /// [`BasisLayout::read_proxy`] reads back leaf by leaf.
    pub(crate) fn proxy(&self) -> Result<Layout> {
        self.proxy_from(1)
    }

    /// [`BasisLayout::proxy`] with the strides `first, first + 1, …`, for a
    /// call proxying several layouts at once.
    pub(crate) fn proxy_from(&self, first: i64) -> Result<Layout> {
        let mut ids = (first..).take(self.strides.len());
        let stride = self.shape.with_leaves(&mut ids);
        Layout::new(self.shape.clone(), stride)
    }

    /// A layout the structural functions made from [`BasisLayout::proxy`]:
    /// each stride `k` read back as this layout's leaf `k`'s (`0`, from a
    /// mode the function added, stays `0`).
    pub(crate) fn read_proxy(&self, proxy: &Layout) -> Result<BasisLayout> {
        from_proxy(&self.strides, proxy)
    }

    /// An integer layout as one with plain integer strides.
    #[must_use]
    pub fn from_layout(l: &Layout) -> BasisLayout {
        let strides = l.stride().leaves().map(ScaledBasis::int).collect();
        BasisLayout {
            shape: l.shape().clone(),
            strides,
        }
    }
}

/// A proxy's layout read back: stride `k` is `table[k - 1]` (`0` stays `0`).
pub(crate) fn from_proxy(table: &[ScaledBasis], proxy: &Layout) -> Result<BasisLayout> {
    let strides = proxy
        .stride()
        .leaves()
        .map(|k| proxy_stride(table, k))
        .collect::<Result<Vec<_>>>()?;
    BasisLayout::from_leaves(proxy.shape().clone(), strides)
}

fn proxy_stride(table: &[ScaledBasis], k: i64) -> Result<ScaledBasis> {
    if k == 0 {
        return Ok(ScaledBasis::int(0));
    }
    usize::try_from(k - 1)
        .ok()
        .and_then(|i| table.get(i).cloned())
        .ok_or_else(|| {
            refusal(alloc::format!(
                "internal: stride {k} is not one of the layouts' leaves"
            ))
        })
}

/// Add `value` at `path` into an arithmetic tuple, growing it with zeros.
pub(super) fn accumulate(t: &mut IntTuple, path: &[usize], value: i64) -> Result<()> {
    let Some((&first, rest)) = path.split_first() else {
        return match t {
            Int(n) => {
                *n = add(*n, value)?;
                Ok(())
            }
            Tuple(_) => Err(refusal(
                "a basis ends where another reaches inside".to_string(),
            )),
        };
    };
    if let Int(0) = t {
        // A padding zero may become a tuple (CuTe adds `_0` to anything).
        *t = Tuple(Vec::new());
    }
    let Tuple(items) = t else {
        return Err(refusal(
            "a basis reaches inside where another ends".to_string(),
        ));
    };
    while items.len() <= first {
        items.push(Int(0));
    }
    accumulate(&mut items[first], rest, value)
}

/// A refusal about scaled-basis strides, the sentence saying why.
pub(crate) fn refusal(why: String) -> crate::error::Error {
    AlgebraRefusal::ScaledBasis(why).into()
}

impl fmt::Display for BasisLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride())
    }
}

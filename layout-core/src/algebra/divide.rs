use super::composition::composition_of_modes;
use super::{Form, Tiler, by_mode, complement};
use crate::error::Result;
use crate::layout::{Layout, concat_fits};

/// `A ⊘ T = A ∘ (T, complement(T, size A))`: mode 0 is the tile, mode 1
/// walks the tiles. A by-mode tiler divides mode by mode.
///
/// ```
/// use layout_core::{logical_divide, Layout, Tiler};
/// let a: Layout = "(4,2,3):(2,1,8)".parse().unwrap();
/// let t: Layout = "4:2".parse().unwrap();
/// assert_eq!(logical_divide(&a, &Tiler::from(t)).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// ```
pub fn logical_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::ByMode(tilers) => by_mode(a, tilers, logical_divide),
        Tiler::Layout(t) => divide_steps(a, t).map(|steps| steps.result),
    }
}

/// The intermediate layouts of `A ⊘ T` for one layout `T`, in the order
/// CuTe computes them. [`logical_divide`] is this function's `result`, so
/// what `layout explain` shows is what the divide does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DivideSteps {
    /// `size A`, the cotarget of the complement.
    pub size: i64,
    /// `T* = complement(T, size A)`: how the tiles repeat across `A`.
    pub rest: Layout,
    /// `A ∘ (T, T*)`: mode 0 one tile, mode 1 from tile to tile.
    pub result: Layout,
}

impl DivideSteps {
    /// `(T, T*)`, the layout `A` is composed with.
    pub fn tiler(&self, t: &Layout) -> Result<Layout> {
        Layout::concat([t.clone(), self.rest.clone()])
    }
}

/// [`DivideSteps`] of `A ⊘ T`.
///
/// ```
/// use layout_core::{algebra::divide_steps, Layout};
/// let a: Layout = "(4,2,3):(2,1,8)".parse().unwrap();
/// let t: Layout = "4:2".parse().unwrap();
/// let steps = divide_steps(&a, &t).unwrap();
/// assert_eq!(steps.size, 24);
/// assert_eq!(steps.rest.to_string(), "(2,3):(1,8)");
/// assert_eq!(steps.tiler(&t).unwrap().to_string(), "(4,(2,3)):(2,(1,8))");
/// assert_eq!(steps.result.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// ```
pub fn divide_steps(a: &Layout, t: &Layout) -> Result<DivideSteps> {
    let size = a.size();
    let rest = complement(t, size)?;
    if !concat_fits(&[t, &rest]) {
        // The error building `(t, rest)` gives.
        Layout::concat([t.clone(), rest])?;
        unreachable!("concat_fits agrees with Layout::concat");
    }
    // The same as composing with `(t, rest)`, without cloning `t`.
    let result = composition_of_modes(a, &[t, &rest])?;
    Ok(DivideSteps { size, rest, result })
}

/// `((tiles…),(rests…))`: the logical divide with all tile modes gathered in
/// mode 0 and all rest modes (and `A`'s untouched modes) in mode 1.
///
/// ```
/// use layout_core::{zipped_divide, IntTuple, Layout, Tiler};
/// let a: Layout = "(4,6):(1,4)".parse().unwrap();
/// let t = Tiler::try_from(IntTuple::from([2, 3])).unwrap();
/// assert_eq!(zipped_divide(&a, &t).unwrap().to_string(), "((2,3),(2,2)):((1,4),(2,12))");
/// ```
pub fn zipped_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    Form::Zipped.regroup(logical_divide(a, tiler)?, tiler)
}

/// `((tiles…),rest0,rest1,…)`: the zipped divide with the rest modes lifted.
///
/// ```
/// use layout_core::{tiled_divide, IntTuple, Layout, Tiler};
/// let a: Layout = "(4,6):(1,4)".parse().unwrap();
/// let t = Tiler::try_from(IntTuple::from([2, 3])).unwrap();
/// assert_eq!(tiled_divide(&a, &t).unwrap().to_string(), "((2,3),2,2):((1,4),2,12)");
/// ```
pub fn tiled_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    Form::Tiled.regroup(logical_divide(a, tiler)?, tiler)
}

/// `(tile0,tile1,…,rest0,rest1,…)`: the zipped divide with both parts lifted.
///
/// ```
/// use layout_core::{flat_divide, IntTuple, Layout, Tiler};
/// let a: Layout = "(4,6):(1,4)".parse().unwrap();
/// let t = Tiler::try_from(IntTuple::from([2, 3])).unwrap();
/// assert_eq!(flat_divide(&a, &t).unwrap().to_string(), "(2,3,2,2):(1,4,2,12)");
/// ```
pub fn flat_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    Form::Flat.regroup(logical_divide(a, tiler)?, tiler)
}

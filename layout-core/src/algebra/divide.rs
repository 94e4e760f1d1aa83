use super::composition::composition_of_modes;
use super::{Tiler, by_mode, complement, tile_unzip, unpack};
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
        Tiler::Layout(t) => {
            let rest = complement(t, a.size())?;
            if !concat_fits(&[t, &rest]) {
                // The error building `(t, rest)` gives.
                Layout::concat([t.clone(), rest])?;
                unreachable!("concat_fits agrees with Layout::concat");
            }
            // The same as composing with `(t, rest)`, without cloning `t`.
            composition_of_modes(a, &[t, &rest])
        }
    }
}

/// `((tiles…),(rests…))`: the logical divide with all tile modes gathered in
/// mode 0 and all rest modes (and `A`'s untouched modes) in mode 1.
///
/// ```
/// use layout_core::{zipped_divide, IntTuple, Layout, Tiler};
/// let a: Layout = "(4,6):(1,4)".parse().unwrap();
/// let t = Tiler::from(IntTuple::from([2, 3]));
/// assert_eq!(zipped_divide(&a, &t).unwrap().to_string(), "((2,3),(2,2)):((1,4),(2,12))");
/// ```
pub fn zipped_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    tile_unzip(&logical_divide(a, tiler)?, tiler)
}

/// `((tiles…),rest0,rest1,…)`: the zipped divide with the rest modes lifted.
///
/// ```
/// use layout_core::{tiled_divide, IntTuple, Layout, Tiler};
/// let a: Layout = "(4,6):(1,4)".parse().unwrap();
/// let t = Tiler::from(IntTuple::from([2, 3]));
/// assert_eq!(tiled_divide(&a, &t).unwrap().to_string(), "((2,3),2,2):((1,4),2,12)");
/// ```
pub fn tiled_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    unpack(zipped_divide(a, tiler)?, false)
}

/// `(tile0,tile1,…,rest0,rest1,…)`: the zipped divide with both parts lifted.
///
/// ```
/// use layout_core::{flat_divide, IntTuple, Layout, Tiler};
/// let a: Layout = "(4,6):(1,4)".parse().unwrap();
/// let t = Tiler::from(IntTuple::from([2, 3]));
/// assert_eq!(flat_divide(&a, &t).unwrap().to_string(), "(2,3,2,2):(1,4,2,12)");
/// ```
pub fn flat_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    unpack(zipped_divide(a, tiler)?, true)
}

use super::Modes;
use crate::error::Result;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// The same function with the fewest modes: flatten, drop extent-1 modes and
/// merge neighbours where `s0·d0 == d1`. An all-trivial layout becomes `1:0`.
///
/// ```
/// use layout_core::{coalesce, Layout};
/// let l: Layout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
/// assert_eq!(coalesce(&l).to_string(), "12:1");
/// ```
#[must_use]
pub fn coalesce(layout: &Layout) -> Layout {
    let mut modes = Modes::new();
    layout.for_each_leaf_mode(|s, d| merge(&mut modes, s, d));
    from_modes(&modes)
}

/// [`coalesce`] of the flat layout of these leaf modes, which must make a
/// valid layout (`complement` coalesces its holes without building them first).
pub(crate) fn coalesce_modes(leaf_modes: &[(i64, i64)]) -> Layout {
    let mut modes = Modes::new();
    for &(s, d) in leaf_modes {
        merge(&mut modes, s, d);
    }
    from_modes(&modes)
}

/// Coalescing's step: append the leaf mode `s:d` to the coalesced `modes`,
/// skipping it if trivial, merging it into the last mode if it continues it.
fn merge(modes: &mut Modes, s: i64, d: i64) {
    if s == 1 {
        return;
    }
    let merged = match modes.last() {
        // `s0·d0` may only overflow when it cannot equal a valid stride;
        // `s0·s` overflows only in a layout of size 0 (an earlier extent is
        // 0), where keeping the two modes apart is as good as merging them.
        Some(&(s0, d0)) if s0.checked_mul(d0) == Some(d) => s0.checked_mul(s),
        _ => None,
    };
    match (merged, modes.last_mut()) {
        (Some(extent), Some(last)) => last.0 = extent,
        _ => modes.push((s, d)),
    }
}

/// Coalesce mode by mode following `profile`: an integer coalesces the whole
/// (sub-)layout, a tuple recurses into the first modes and keeps the rest.
///
/// ```
/// use layout_core::{coalesce_by, IntTuple, Layout};
/// let l: Layout = "((2,4),(3,5)):((1,2),(8,24))".parse().unwrap();
/// let profile: IntTuple = "(1,1)".parse().unwrap();
/// assert_eq!(coalesce_by(&l, &profile).unwrap().to_string(), "(8,15):(1,8)");
/// ```
pub fn coalesce_by(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    match profile {
        IntTuple::Int(_) => Ok(coalesce(layout)),
        IntTuple::Tuple(profiles) => super::by_mode(layout, profiles, coalesce_by),
    }
}

/// Drop stride-0 and extent-1 modes, then coalesce: the layout's image with
/// nothing repeated. As in CuTe, a stride-0 mode goes even when its extent
/// is 0, so the filter of an empty layout need not be empty; that can make
/// a size too large for `i64`, an `Overflow` error.
///
/// ```
/// use layout_core::{filter, Layout};
/// let l: Layout = "(2,3,4):(1,0,2)".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "8:1");
/// ```
pub fn filter(layout: &Layout) -> Result<Layout> {
    let mut modes = Modes::new();
    layout.for_each_leaf_mode(|s, d| {
        if d != 0 && s != 1 {
            modes.push((s, d));
        }
    });
    Ok(coalesce(&Layout::from_leaf_modes(&modes)?))
}

/// All leaf modes at one level; a one-mode layout stays as it is.
///
/// ```
/// use layout_core::{flatten, Layout};
/// let l: Layout = "((2,4),(3,5)):((3,6),(1,24))".parse().unwrap();
/// assert_eq!(flatten(&l).to_string(), "(2,4,3,5):(3,6,1,24)");
/// ```
#[must_use]
pub fn flatten(layout: &Layout) -> Layout {
    Layout::from_valid(layout.shape().flatten(), layout.stride().flatten())
}

/// The layout of coalesced leaf modes. Coalescing never grows offsets, so
/// these are valid whenever the input was valid on its own. A mode of a
/// size-0 layout need not be (`coalesce_by` coalesces modes one at a time,
/// and a sibling's extent of 0 lets this mode's extents multiply past
/// `i64`); its modes then stay apart, exactly as the enclosing layout,
/// which is checked when it is rebuilt, holds them.
fn from_modes(modes: &[(i64, i64)]) -> Layout {
    Layout::from_leaf_modes(modes).unwrap_or_else(|_| {
        let (shape, stride) = modes
            .iter()
            .map(|&(s, d)| (IntTuple::Int(s), IntTuple::Int(d)))
            .unzip();
        Layout::from_mode_of_valid(IntTuple::Tuple(shape), IntTuple::Tuple(stride))
    })
}

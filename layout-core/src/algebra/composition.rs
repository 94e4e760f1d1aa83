use alloc::string::ToString;
use alloc::vec::Vec;

use super::{Tiler, by_mode, coalesce};
use crate::error::{ErrorKind, Result, mul};
use crate::int_tuple::IntTuple::{Int, Tuple};
use crate::layout::Layout;

/// `A ∘ B`: the layout `R` with `R(c) = A(B(c))`, shaped like `B`.
///
/// `B` distributes over its modes; a by-mode tiler composes mode by mode and
/// keeps `A`'s extra modes. Each leaf `s:d` of `B` must be admissible for the
/// coalesced `A`: `d` and then `s` must divide (or be divided by) `A`'s
/// extents in turn, as CuTe requires.
///
/// ```
/// use layout_core::{composition, Layout, Tiler};
/// let a: Layout = "(6,2):(8,2)".parse().unwrap();
/// let b: Layout = "(4,3):(3,1)".parse().unwrap();
/// assert_eq!(composition(&a, &Tiler::from(b)).unwrap().to_string(), "((2,2),3):((24,2),8)");
/// ```
pub fn composition(a: &Layout, b: &Tiler) -> Result<Layout> {
    match b {
        Tiler::ByMode(tilers) => by_mode(a, tilers, composition),
        Tiler::Layout(b) => compose(&coalesce(a), b),
    }
}

/// `a` is already coalesced; distribute over `b`'s modes.
fn compose(a: &Layout, b: &Layout) -> Result<Layout> {
    match (b.shape(), b.stride()) {
        (Int(s), Int(d)) => compose_leaf(a, *s, *d),
        _ => Layout::concat(
            b.modes()
                .iter()
                .map(|m| compose(a, m))
                .collect::<Result<Vec<_>>>()?,
        ),
    }
}

/// CuTe's `shape_div`: `a / b`, rounded away from zero when `|a| < |b|`.
fn shape_div(a: i64, b: i64) -> i64 {
    match a / b {
        0 => a.signum() * b.signum(),
        q => q,
    }
}

fn divides_either(a: i64, b: i64) -> bool {
    a % b == 0 || b % a == 0
}

/// `a ∘ s:d` for a coalesced `a`.
fn compose_leaf(a: &Layout, s: i64, d: i64) -> Result<Layout> {
    if d == 0 {
        return Layout::leaf(s, 0);
    }
    let modes: Vec<(i64, i64)> = a.leaf_modes().collect();
    let Some((&(_, last_stride), init)) = modes.split_last() else {
        return Layout::leaf(s, 0);
    };
    if init.is_empty() {
        return Layout::leaf(s, mul(d, last_stride)?);
    }
    let refuse = |what, rhs, lhs, mode| {
        let left = a.to_string();
        Err(ErrorKind::NotAdmissible {
            what,
            rhs,
            lhs,
            mode,
            left,
        }
        .into())
    };
    if d < 0 {
        return refuse("stride", d, modes[0].0, 0);
    }
    // Skip `d` elements of a: divide the stride out of a's first extents.
    let mut rest_stride = d;
    let mut divided = Vec::with_capacity(init.len());
    for (mode, &(extent, stride)) in init.iter().enumerate() {
        if extent == 0 {
            return Err(ErrorKind::ZeroSizeMode {
                mode,
                shape: a.shape().to_string(),
            }
            .into());
        }
        if !divides_either(extent, rest_stride) {
            return refuse("stride", rest_stride, extent, mode);
        }
        let remaining = shape_div(extent, rest_stride);
        divided.push((remaining, mul(stride, extent / remaining)?));
        rest_stride = shape_div(rest_stride, extent);
    }
    // Take `s` elements from what is left.
    let mut rest_shape = s;
    let mut kept = Vec::with_capacity(init.len());
    for (mode, &(extent, stride)) in divided.iter().enumerate() {
        if !divides_either(rest_shape, extent) {
            return refuse("shape", rest_shape, extent, mode);
        }
        kept.push((extent.min(rest_shape), stride));
        rest_shape = shape_div(rest_shape, extent);
    }
    let last = (rest_shape, mul(rest_stride, last_stride)?);
    back_coalesce(&kept, last)
}

/// CuTe's `bw_coalesce`: fold `modes` into `last` from the back, skipping
/// extent-1 modes and merging contiguous ones; a lone extent 1 becomes `1:0`.
fn back_coalesce(modes: &[(i64, i64)], last: (i64, i64)) -> Result<Layout> {
    let mut out = alloc::collections::VecDeque::from([last]);
    for &(s, d) in modes.iter().rev() {
        let front = out[0];
        if s == 1 {
            continue;
        } else if out.len() == 1 && front.0 == 1 {
            out[0] = (s, d);
        } else if s.checked_mul(d) == Some(front.1) {
            out[0] = (mul(s, front.0)?, d);
        } else {
            out.push_front((s, d));
        }
    }
    match out.len() {
        1 if out[0].0 == 1 => Layout::leaf(1, 0),
        1 => Layout::leaf(out[0].0, out[0].1),
        _ => Layout::new(
            Tuple(out.iter().map(|m| Int(m.0)).collect()),
            Tuple(out.iter().map(|m| Int(m.1)).collect()),
        ),
    }
}

use alloc::string::ToString;
use alloc::vec::Vec;

use super::Tiler;
use crate::error::{Error, ErrorKind, Result, mul};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;

/// `A ∘ B`: the layout `R` with `R(c) = A(B(c))`, shaped like `B`.
///
/// `B` distributes over its modes. A by-mode tiler `<B0,B1,…>` composes mode
/// `i` of `A` with `Bi` and, as CuTe does, drops the modes of `A` it does not
/// reach. Each leaf `s:d` of `B` walks the flattened `A`: its stride must be
/// a multiple of the extents it skips (or stay inside one), and its extent
/// must be a multiple of the extents it covers.
///
/// ```
/// use layout_core::{composition, Layout, Tiler};
/// let a: Layout = "(6,2):(8,2)".parse().unwrap();
/// let b: Layout = "(4,3):(3,1)".parse().unwrap();
/// assert_eq!(composition(&a, &Tiler::from(b)).unwrap().to_string(), "((2,2),3):((24,2),8)");
/// ```
pub fn composition(a: &Layout, b: &Tiler) -> Result<Layout> {
    match b {
        Tiler::ByMode(tilers) => {
            let modes = a.modes();
            if tilers.len() > modes.len() {
                let (tiler, layout) = (tilers.len(), modes.len());
                return Err(ErrorKind::TilerTooLong { tiler, layout }.into());
            }
            let composed = modes.iter().zip(tilers).map(|(m, t)| composition(m, t));
            Layout::concat(composed.collect::<Result<Vec<_>>>()?)
        }
        Tiler::Layout(b) => compose(&coalesce_keeping_last(a), b.shape(), b.stride()),
    }
}

/// `composition(a, make_layout(b0, b1, …))` without building the tiler:
/// what `logical_divide` composes with (its tile and the tile's complement).
/// The caller checks that the concatenation would be a valid layout.
pub(crate) fn composition_of_modes(a: &Layout, modes: &[&Layout]) -> Result<Layout> {
    let flat = coalesce_keeping_last(a);
    let (shapes, strides) = modes
        .iter()
        .map(|b| compose(&flat, b.shape(), b.stride()).map(Layout::into_parts))
        .collect::<Result<(Vec<_>, Vec<_>)>>()?;
    Layout::new(Tuple(shapes), Tuple(strides))
}

/// Flatten and merge like `coalesce`, but never drop the last mode: it
/// absorbs indices past the domain, so it still matters when `B` reaches
/// beyond `size(A)` (CuTe's `coalesce_x`). Its extent is never read.
fn coalesce_keeping_last(a: &Layout) -> Vec<(i64, i64)> {
    let mut modes: Vec<(i64, i64)> = a.leaf_modes().collect();
    let Some(last) = modes.last_mut() else {
        return alloc::vec![(1, 0)];
    };
    // A stand-in extent of 2 keeps a trailing extent-1 mode from being skipped.
    if last.0 == 1 {
        last.0 = 2;
    }
    // Merge right to left in place: `modes[front..]` is the result so far.
    let mut front = modes.len() - 1;
    for i in (0..front).rev() {
        let ((s, d), head) = (modes[i], modes[front]);
        if s == 1 {
            continue;
        } else if s.checked_mul(d) == Some(head.1) {
            modes[front] = (s.saturating_mul(head.0), d);
        } else {
            front -= 1;
            modes[front] = (s, d);
        }
    }
    modes.drain(..front);
    modes
}

/// Distribute over the modes of `b` = `shape:stride` (walked in place, not
/// cloned mode by mode); `a` is already flattened. Each level is checked as
/// `Layout::concat` checks it.
fn compose(a: &[(i64, i64)], shape: &IntTuple, stride: &IntTuple) -> Result<Layout> {
    match (shape, stride) {
        (Int(s), Int(d)) => compose_leaf(a, *s, *d),
        _ => {
            let modes = shape.modes().iter().zip(stride.modes());
            let (shapes, strides) = modes
                .map(|(s, d)| compose(a, s, d).map(Layout::into_parts))
                .collect::<Result<(Vec<_>, Vec<_>)>>()?;
            Layout::new(Tuple(shapes), Tuple(strides))
        }
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

/// `a ∘ s:d` for one leaf of `B`.
fn compose_leaf(a: &[(i64, i64)], s: i64, d: i64) -> Result<Layout> {
    let &[ref init @ .., (_, last_stride)] = a else {
        return Layout::leaf(s, 0);
    };
    if d == 0 {
        return Layout::leaf(s, 0);
    }
    if init.is_empty() {
        return Layout::leaf(s, mul(d, last_stride)?);
    }
    // An empty leaf reads nothing (and CuTe's walk below would divide by 0).
    if s == 0 {
        return Layout::leaf(0, 0);
    }
    let refuse = |what, rhs, lhs, mode| -> Error {
        let left = Layout::from_leaf_modes(a).map_or_else(|_| "?".into(), |l| l.to_string());
        ErrorKind::NotAdmissible {
            what,
            rhs,
            lhs,
            mode,
            left,
        }
        .into()
    };
    let (mut rest_shape, mut rest_stride) = (s, d);
    // The result's modes, built straight into its shape and stride.
    let (mut shapes, mut strides) = (Vec::new(), Vec::new());
    for (mode, &(extent, stride)) in init.iter().enumerate() {
        if extent == 0 {
            let shape =
                Layout::from_leaf_modes(a).map_or_else(|_| "?".into(), |l| l.shape().to_string());
            return Err(ErrorKind::ZeroSizeMode { mode, shape }.into());
        }
        let step = rest_stride.unsigned_abs() as i64;
        // Skipping whole copies of this mode needs the stride to be a multiple of it.
        if step >= extent && step % extent != 0 {
            return Err(refuse("stride", rest_stride, extent, mode));
        }
        let next_shape = ceil_div(extent, step);
        let next_stride = ceil_div(step, extent) * rest_stride.signum();
        if next_shape == 1 || rest_shape == 1 {
            rest_stride = next_stride;
            continue;
        }
        // CuTe's static check lets a stride that does not divide the extent
        // through; the result is only right if B ends inside this mode.
        if extent % step != 0 && rest_shape > next_shape {
            return Err(refuse("stride", rest_stride, extent, mode));
        }
        let new_shape = next_shape.min(rest_shape);
        if rest_shape % new_shape != 0 {
            return Err(refuse("shape", rest_shape, extent, mode));
        }
        strides.push(Int(mul(rest_stride, stride)?));
        shapes.push(Int(new_shape));
        rest_shape /= new_shape;
        rest_stride = next_stride;
    }
    if shapes.is_empty() {
        return Layout::leaf(rest_shape, mul(rest_stride, last_stride)?);
    }
    if rest_shape != 1 {
        strides.push(Int(mul(rest_stride, last_stride)?));
        shapes.push(Int(rest_shape));
    }
    if let ([Int(s)], [Int(d)]) = (shapes.as_slice(), strides.as_slice()) {
        return Layout::leaf(*s, *d);
    }
    Layout::new(Tuple(shapes), Tuple(strides))
}

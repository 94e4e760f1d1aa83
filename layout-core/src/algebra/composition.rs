use alloc::string::ToString;
use alloc::vec::Vec;

use super::{Modes, Tiler};
use crate::error::{Error, ErrorKind, Result, mul};
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::{Layout, fits_without_zero};

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
        Tiler::Layout(b) => {
            let flat = coalesce_keeping_last(a);
            checked_once(|check| compose(&flat, b.shape(), b.stride(), check))
        }
    }
}

/// `composition(a, make_layout(b0, b1, …))` without building the tiler:
/// what `logical_divide` composes with (its tile and the tile's complement).
/// The caller checks that the concatenation would be a valid layout.
pub(crate) fn composition_of_modes(a: &Layout, modes: &[&Layout]) -> Result<Layout> {
    let flat = coalesce_keeping_last(a);
    checked_once(|check| {
        let (mut shapes, mut strides) = (
            Vec::with_capacity(modes.len()),
            Vec::with_capacity(modes.len()),
        );
        for b in modes {
            let (s, d) = compose(&flat, b.shape(), b.stride(), check)?;
            shapes.push(s);
            strides.push(d);
        }
        level(shapes, strides, check)
    })
}

/// The layout `build` makes. Its reference semantics check every level it
/// builds (`build(true)`: each as `Layout::new` would, so the first failing
/// check names the error). Most results are valid and have no extent 0, and
/// then one check of the whole suffices: every level's size and span are at
/// most the whole's. So build unchecked first, check once, and rebuild with
/// every check only when that fails (for the exact error, or the rare
/// valid result with an extent 0).
fn checked_once(build: impl Fn(bool) -> Result<(IntTuple, IntTuple)>) -> Result<Layout> {
    if let Ok((shape, stride)) = build(false) {
        if fits_without_zero(&shape, &stride) {
            return Ok(Layout::from_valid(shape, stride));
        }
    }
    // Checked at its top level too.
    let (shape, stride) = build(true)?;
    Ok(Layout::from_valid(shape, stride))
}

/// One level of a result from its modes' parts, checked as `Layout::new`
/// checks it if `check`.
fn level(
    shapes: Vec<IntTuple>,
    strides: Vec<IntTuple>,
    check: bool,
) -> Result<(IntTuple, IntTuple)> {
    let (shape, stride) = (Tuple(shapes), Tuple(strides));
    if check {
        return Layout::new(shape, stride).map(Layout::into_parts);
    }
    Ok((shape, stride))
}

/// Flatten and merge like `coalesce`, but never drop the last mode: it
/// absorbs indices past the domain, so it still matters when `B` reaches
/// beyond `size(A)` (CuTe's `coalesce_x`). Its extent is never read.
fn coalesce_keeping_last(a: &Layout) -> Modes {
    let mut modes = Modes::new();
    a.for_each_leaf_mode(|s, d| modes.push((s, d)));
    let Some(last) = modes.last_mut() else {
        modes.push((1, 0));
        return modes;
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
    modes.remove_front(front);
    modes
}

/// Distribute over the modes of `b` = `shape:stride` (walked in place, not
/// cloned mode by mode); `a` is already flattened. With `check`, each level
/// is checked as `Layout::concat` checks it (see [`checked_once`]).
fn compose(
    a: &[(i64, i64)],
    shape: &IntTuple,
    stride: &IntTuple,
    check: bool,
) -> Result<(IntTuple, IntTuple)> {
    match (shape, stride) {
        (Int(s), Int(d)) => {
            let mut modes = Modes::new();
            compose_leaf(a, *s, *d, &mut modes)?;
            leaf_parts(&modes, check)
        }
        _ => {
            let rank = shape.rank();
            let (mut shapes, mut strides) = (Vec::with_capacity(rank), Vec::with_capacity(rank));
            for (s, d) in shape.modes().iter().zip(stride.modes()) {
                let (s, d) = compose(a, s, d, check)?;
                shapes.push(s);
                strides.push(d);
            }
            level(shapes, strides, check)
        }
    }
}

/// The parts of `Layout::from_leaf_modes(modes)` (`modes` not empty),
/// checked as it checks them if `check`.
fn leaf_parts(modes: &[(i64, i64)], check: bool) -> Result<(IntTuple, IntTuple)> {
    if check {
        return Layout::from_leaf_modes(modes).map(Layout::into_parts);
    }
    Ok(match *modes {
        [(s, d)] => (Int(s), Int(d)),
        _ => (
            Tuple(modes.iter().map(|m| Int(m.0)).collect()),
            Tuple(modes.iter().map(|m| Int(m.1)).collect()),
        ),
    })
}

fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

/// `a ∘ s:d` for one leaf of `B`: pushes the leaf modes of the result (at
/// least one) onto the empty `modes`.
fn compose_leaf(a: &[(i64, i64)], s: i64, d: i64, modes: &mut Modes) -> Result<()> {
    let &[ref init @ .., (_, last_stride)] = a else {
        modes.push((s, 0));
        return Ok(());
    };
    if d == 0 {
        modes.push((s, 0));
        return Ok(());
    }
    if init.is_empty() {
        modes.push((s, mul(d, last_stride)?));
        return Ok(());
    }
    // An empty leaf reads nothing (and CuTe's walk below would divide by 0).
    if s == 0 {
        modes.push((0, 0));
        return Ok(());
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
        modes.push((new_shape, mul(rest_stride, stride)?));
        rest_shape /= new_shape;
        rest_stride = next_stride;
    }
    // What B has left lives in A's last mode (a lone mode even if of extent 1).
    if rest_shape != 1 || modes.is_empty() {
        modes.push((rest_shape, mul(rest_stride, last_stride)?));
    }
    Ok(())
}

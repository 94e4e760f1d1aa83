//! The baseline of the paired composition ratio in `benches/algebra.rs`:
//! composition by CuTe's rules alone, as `layout-core` computed it before
//! it became exact (commit aed7369, `compose_leaf`), kept only here. It
//! refuses (`None`) where CuTe's divisibility conditions fail, and trusts
//! CuTe's walk otherwise. Written against the public API: the one
//! difference from the original is the final check, `Layout::new` where
//! the crate used its private `fits_without_zero` + `from_valid` (a little
//! more work, so the ratio, if anything, understates the exact path's
//! cost), and a copy of the crate-private `Layout::for_each_leaf_mode`.

use layout_dsl::{IntTuple, Layout};

/// Leaf modes `(extent, stride)` inline, as the crate's `Modes` (8 inline).
pub struct Scratch {
    buf: [(i64, i64); 8],
    len: usize,
}

impl Scratch {
    fn new() -> Self {
        Scratch {
            buf: [(0, 0); 8],
            len: 0,
        }
    }
    fn push(&mut self, m: (i64, i64)) {
        self.buf[self.len] = m;
        self.len += 1;
    }
    fn as_slice(&self) -> &[(i64, i64)] {
        &self.buf[..self.len]
    }
}

/// `a ∘ b` by CuTe's rules (a layout `b`), or `None` where they refuse.
pub fn composition(a: &Layout, b: &Layout) -> Option<Layout> {
    let flat = coalesce_keeping_last(a);
    let (shape, stride) = compose(flat.as_slice(), b.shape(), b.stride())?;
    Layout::new(shape, stride).ok()
}

fn coalesce_keeping_last(a: &Layout) -> Scratch {
    let mut modes = Scratch::new();
    for_each_leaf_mode(a.shape(), a.stride(), &mut |s, d| modes.push((s, d)));
    if modes.len == 0 {
        modes.push((1, 0));
        return modes;
    }
    let last = modes.len - 1;
    if modes.buf[last].0 == 1 {
        modes.buf[last].0 = 2;
    }
    let mut front = modes.len - 1;
    for i in (0..front).rev() {
        let ((s, d), head) = (modes.buf[i], modes.buf[front]);
        if s == 1 {
            continue;
        } else if s.checked_mul(d) == Some(head.1) {
            modes.buf[front] = (s.saturating_mul(head.0), d);
        } else {
            front -= 1;
            modes.buf[front] = (s, d);
        }
    }
    modes.buf.copy_within(front..modes.len, 0);
    modes.len -= front;
    modes
}

/// The crate's `Layout::for_each_leaf_mode` (crate-private), copied.
fn for_each_leaf_mode(shape: &IntTuple, stride: &IntTuple, f: &mut impl FnMut(i64, i64)) {
    match (shape, stride) {
        (IntTuple::Int(s), IntTuple::Int(d)) => f(*s, *d),
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => s.iter().zip(d).for_each(|pair| match pair {
            (IntTuple::Int(s), IntTuple::Int(d)) => f(*s, *d),
            (s, d) => for_each_leaf_mode(s, d, f),
        }),
        _ => unreachable!("a Layout's shape and stride are congruent"),
    }
}

fn compose(a: &[(i64, i64)], shape: &IntTuple, stride: &IntTuple) -> Option<(IntTuple, IntTuple)> {
    match (shape, stride) {
        (IntTuple::Int(s), IntTuple::Int(d)) => {
            let mut modes = Scratch::new();
            compose_leaf(a, *s, *d, &mut modes)?;
            Some(match *modes.as_slice() {
                [(s, d)] => (IntTuple::Int(s), IntTuple::Int(d)),
                ref m => (
                    IntTuple::Tuple(m.iter().map(|m| IntTuple::Int(m.0)).collect()),
                    IntTuple::Tuple(m.iter().map(|m| IntTuple::Int(m.1)).collect()),
                ),
            })
        }
        _ => {
            let rank = shape.rank();
            let (mut shapes, mut strides) = (Vec::with_capacity(rank), Vec::with_capacity(rank));
            for (s, d) in shape.modes().iter().zip(stride.modes()) {
                let (s, d) = compose(a, s, d)?;
                shapes.push(s);
                strides.push(d);
            }
            Some((IntTuple::Tuple(shapes), IntTuple::Tuple(strides)))
        }
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

fn compose_leaf(a: &[(i64, i64)], s: i64, d: i64, modes: &mut Scratch) -> Option<()> {
    let &[ref init @ .., (_, last_stride)] = a else {
        modes.push((s, 0));
        return Some(());
    };
    if d == 0 {
        modes.push((s, 0));
        return Some(());
    }
    if init.is_empty() {
        modes.push((s, d.checked_mul(last_stride)?));
        return Some(());
    }
    if s == 0 {
        modes.push((0, 0));
        return Some(());
    }
    let (mut rest_shape, mut rest_stride) = (s, d);
    for &(extent, stride) in init {
        if extent == 0 {
            return None;
        }
        let step = rest_stride.unsigned_abs() as i64;
        if step >= extent && step % extent != 0 {
            return None;
        }
        let next_shape = ceil_div(extent, step);
        let next_stride = ceil_div(step, extent) * rest_stride.signum();
        if next_shape == 1 || rest_shape == 1 {
            rest_stride = next_stride;
            continue;
        }
        if extent % step != 0 && rest_shape > next_shape {
            return None;
        }
        let new_shape = next_shape.min(rest_shape);
        if rest_shape % new_shape != 0 {
            return None;
        }
        modes.push((new_shape, rest_stride.checked_mul(stride)?));
        rest_shape /= new_shape;
        rest_stride = next_stride;
    }
    if rest_shape != 1 || modes.len == 0 {
        modes.push((rest_shape, rest_stride.checked_mul(last_stride)?));
    }
    Some(())
}

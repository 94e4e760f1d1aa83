//! CuTe C++'s composition for static integers, emulated: `coalesce_x` of
//! the left layout, then `composition_impl` leaf by leaf with its two static
//! divisibility assertions. `None` where CuTe's assertions refuse (a
//! compile error in C++). Checked against CuTe itself in `golden_cute.rs`.

use layout_core::{IntTuple, Layout};

/// CuTe's `detail::coalesce_x`: flattened, merged right to left, the last
/// mode kept (an extent-1 last mode stands in as 2).
pub fn coalesce_x(a: &Layout) -> Vec<(i64, i64)> {
    let mut modes: Vec<(i64, i64)> = a.leaf_modes().collect();
    if modes.is_empty() {
        return vec![(1, 0)];
    }
    let last = modes.len() - 1;
    if modes[last].0 == 1 {
        modes[last].0 = 2;
    }
    let mut out = vec![modes[last]];
    for &(s, d) in modes[..last].iter().rev() {
        let head = out[0];
        if s == 1 {
            continue;
        } else if s * d == head.1 {
            out[0] = (s * head.0, d);
        } else {
            out.insert(0, (s, d));
        }
    }
    out
}

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// `composition_impl` for one leaf `s:d` (non-negative stride) of the right
/// layout; `None` where a static assertion fails.
pub fn leaf(a: &[(i64, i64)], s: i64, d: i64) -> Option<Vec<(i64, i64)>> {
    if d == 0 {
        return Some(vec![(s, 0)]);
    }
    let (init, last) = a.split_at(a.len() - 1);
    if init.is_empty() {
        return Some(vec![(s, d * last[0].1)]);
    }
    let (mut out, mut rest_shape, mut rest_stride) = (Vec::new(), s, d);
    for &(extent, stride) in init {
        // Stride divisibility, asserted at every mode.
        if !(rest_stride % extent == 0 || rest_stride < extent) {
            return None;
        }
        let next_shape = ceil_div(extent, rest_stride);
        let next_stride = ceil_div(rest_stride, extent);
        if next_shape == 1 || rest_shape == 1 {
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        // Shape divisibility.
        if rest_shape % new_shape != 0 {
            return None;
        }
        out.push((new_shape, rest_stride * stride));
        rest_shape /= new_shape;
        rest_stride = next_stride;
    }
    if out.is_empty() || rest_shape != 1 {
        out.push((rest_shape, rest_stride * last[0].1));
    }
    Some(out)
}

/// CuTe's `composition(a, b)` for non-negative strides, or `None` if CuTe
/// refuses it at compile time.
pub fn composition(a: &Layout, b: &Layout) -> Option<Layout> {
    let flat = coalesce_x(a);
    fn go(a: &[(i64, i64)], s: &IntTuple, d: &IntTuple) -> Option<(IntTuple, IntTuple)> {
        match (s.as_int(), d.as_int()) {
            (Some(s), Some(d)) => {
                let modes = leaf(a, s, d)?;
                let l = Layout::from_leaf_modes(&modes).ok()?;
                Some((l.shape().clone(), l.stride().clone()))
            }
            _ => {
                let (mut ss, mut ds) = (Vec::new(), Vec::new());
                for (s, d) in s.modes().iter().zip(d.modes()) {
                    let (s, d) = go(a, s, d)?;
                    ss.push(s);
                    ds.push(d);
                }
                Some((IntTuple::Tuple(ss), IntTuple::Tuple(ds)))
            }
        }
    }
    let (s, d) = go(&flat, b.shape(), b.stride())?;
    Layout::new(s, d).ok()
}

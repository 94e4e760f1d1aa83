//! Element-width recasts (CuTe's `upcast`, `downcast`, `recast_layout`):
//! the same memory seen through elements `n` times wider or narrower.

use alloc::string::ToString;
use alloc::vec::Vec;

use crate::error::{ConstructError, DomainError, ErrorKind, Result, mul};
use crate::layout::Layout;

/// The layout in elements `n` times wider (CuTe's `upcast<N>`), leaf by
/// leaf: a stride-0 mode stays; a mode of stride `d` gets stride
/// `sign(d)·⌈|d|/n⌉` and extent `⌈s/⌈n/|d|⌉⌉`, so a stride-±1 mode shrinks
/// `n`-fold and every other stride is divided by `n`. Extents that `n` does
/// not divide round up, as in CuTe.
///
/// # Errors
///
/// [`OutOfRange`](crate::DomainError::OutOfRange) for `n < 1`;
/// [`RecastNotDivisible`](crate::ConstructError::RecastNotDivisible) when a stride
/// neither divides `n` nor is a multiple of it (CuTe's static assertion).
///
/// ```
/// use layout_core::{upcast, Layout};
/// let l: Layout = "(8,4):(1,8)".parse().unwrap();
/// assert_eq!(upcast(&l, 2).unwrap().to_string(), "(4,4):(1,4)");
/// assert!(upcast(&"8:3".parse().unwrap(), 4).is_err());
/// ```
pub fn upcast(l: &Layout, n: i64) -> Result<Layout> {
    check_ratio("upcast's width ratio", n)?;
    let mut modes = Vec::new();
    for (mode, (s, d)) in l.leaf_modes().enumerate() {
        let abs = d.checked_abs().ok_or(ErrorKind::Overflow(
            "a stride's magnitude does not fit in 64 bits",
        ))?;
        modes.push(match d {
            0 => (s, 0),
            _ if abs % n == 0 || n % abs == 0 => {
                (ceil_div(s, ceil_div(n, abs)), d.signum() * ceil_div(abs, n))
            }
            _ => return Err(ConstructError::RecastNotDivisible { n, mode, stride: d }.into()),
        });
    }
    rebuild(l, &modes)
}

/// The layout in elements `n` times narrower (CuTe's `downcast<N>`), leaf
/// by leaf: a stride-±1 mode gets `n` times the extent, every other stride
/// is multiplied by `n`.
///
/// # Errors
///
/// [`OutOfRange`](crate::DomainError::OutOfRange) for `n < 1`;
/// [`NoUnitStride`](crate::ConstructError::NoUnitStride) when no mode has stride 1
/// (CuTe's "Downcast requires adjacent elements");
/// [`Overflow`](crate::ErrorKind::Overflow).
///
/// ```
/// use layout_core::{downcast, Layout};
/// let l: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(downcast(&l, 2).unwrap().to_string(), "(4,16):(16,1)");
/// ```
pub fn downcast(l: &Layout, n: i64) -> Result<Layout> {
    check_ratio("downcast's width ratio", n)?;
    if !l.leaf_modes().any(|(_, d)| d == 1) {
        return Err(ConstructError::NoUnitStride {
            layout: l.to_string(),
        }
        .into());
    }
    let modes = l
        .leaf_modes()
        .map(|(s, d)| match d {
            1 | -1 => Ok((mul(s, n)?, d)),
            _ => Ok((s, mul(d, n)?)),
        })
        .collect::<Result<Vec<_>>>()?;
    rebuild(l, &modes)
}

/// The layout of elements of `old_bits` bits seen as elements of
/// `new_bits` bits (CuTe's `recast_layout<Old, New>`): with `new/old`
/// reduced to `p/q`, `upcast` by `p`, then `downcast` by `q`.
///
/// # Errors
///
/// [`OutOfRange`](crate::DomainError::OutOfRange) for a width below 1; the errors
/// of [`upcast`] and [`downcast`].
///
/// ```
/// use layout_core::{recast_layout, Layout};
/// let l: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(recast_layout(&l, 64, 16).unwrap().to_string(), "(4,32):(32,1)");
/// assert_eq!(recast_layout(&l, 8, 32).unwrap().to_string(), "(4,2):(2,1)");
/// ```
pub fn recast_layout(l: &Layout, old_bits: i64, new_bits: i64) -> Result<Layout> {
    check_recast_widths(old_bits, new_bits)?;
    let g = gcd(old_bits, new_bits);
    match (new_bits / g, old_bits / g) {
        (1, 1) => Ok(l.clone()),
        (1, q) => downcast(l, q),
        (p, 1) => upcast(l, p),
        (p, q) => downcast(&upcast(l, p)?, q),
    }
}

/// The role `recast_layout`'s new width has in its `OutOfRange` error: the
/// registry blames the third argument by it (one constant, no text matched).
pub(crate) const NEW_WIDTH: &str = "recast_layout's new width";

/// Both widths of a recast (of a layout or a composed layout) at least 1.
pub(crate) fn check_recast_widths(old_bits: i64, new_bits: i64) -> Result<()> {
    check_ratio("recast_layout's old width", old_bits)?;
    check_ratio(NEW_WIDTH, new_bits)
}

fn check_ratio(what: &'static str, n: i64) -> Result<()> {
    match n >= 1 {
        true => Ok(()),
        false => Err(DomainError::OutOfRange {
            what,
            min: 1,
            found: n,
        }
        .into()),
    }
}

/// `⌈a/b⌉` for `a ≥ 0`, `b ≥ 1`, without the overflow of `(a+b-1)/b`.
fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    match b {
        0 => a,
        _ => gcd(b, a % b),
    }
}

/// `l`'s shape and stride with new leaves, in order.
fn rebuild(l: &Layout, modes: &[(i64, i64)]) -> Result<Layout> {
    let shape = l.shape().with_leaves(&mut modes.iter().map(|m| m.0));
    let stride = l.stride().with_leaves(&mut modes.iter().map(|m| m.1));
    Layout::new(shape, stride)
}

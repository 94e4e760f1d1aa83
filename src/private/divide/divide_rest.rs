//! What a divide rewritten as a composition computes at run time (the
//! macro's `divide_rest.rs` states the fact: `D(A, T)` is
//! `A ∘ (T, complement(T, size A))`, regrouped by form, and where an
//! extent of `A` is dynamic, only the rest's last extent `⌈size A / span⌉`
//! is a value). Two hook points read it (`divide_rewrite.rs`):
//!
//! - an operand read as a function (fold.rs's pass): `B`'s computed leaves
//!   are new input leaves with no error channel, so [`divide_size`]
//!   saturates (a size past `usize` is no layout's; the composition's
//!   checked steps refuse the saturated extent), the rest's last extent
//!   then `ceil_div(size, span)` (algebra.rs, as the prelude's);
//! - a call reading a divide's leaves (inner.rs's): a prelude computes
//!   `size A` checked ([`extents_size`], the error naming the factors) and,
//!   for a one-mode tiler with a dynamic leaf, the rest's span and extent
//!   checked against the core's complement ([`tile_rest`]).

use crate::__private::algebra::AlgebraError;

/// The product of `parts` (a mode's size, or a stride times the sizes of
/// the modes before it), saturating at `usize::MAX`: a size past `usize`
/// is no layout's (the core refuses it), and the composition's checked
/// steps then refuse the saturated extent where it matters.
#[inline]
pub const fn divide_size(parts: &[usize]) -> usize {
    let (mut i, mut n) = (0, 1usize);
    while i < parts.len() {
        n = n.saturating_mul(parts[i]);
        i += 1;
    }
    n
}

/// The product of a layout's extents (its size), or the error naming the
/// two factors that overflow, as the core refuses a size it cannot hold.
#[inline]
pub const fn extents_size<const N: usize>(
    function: &'static str,
    extents: [usize; N],
) -> Result<usize, AlgebraError> {
    let mut size = 1usize;
    let mut i = 0;
    while i < N {
        size = match size.checked_mul(extents[i]) {
            Some(product) => product,
            None => {
                return Err(AlgebraError::ProductOverflow {
                    function,
                    left: size,
                    right: extents[i],
                });
            }
        };
        i += 1;
    }
    Ok(size)
}

/// The rest of a divide by a one-mode tiler `extent:stride` with a dynamic
/// leaf, over a layout of `size`: `(span, rest)` where the core's
/// `complement(extent:stride, size)` is, as a function,
/// `(stride, rest):(1, span)` (`span = extent · stride`, `rest =
/// ⌈size / span⌉`; the mode `stride:1` is a hole the core's coalesce may
/// merge or drop, the same function). Where that form is not the core's
/// complement, an error naming the values: an extent 0 (the core refuses
/// it), a stride 0 (the core's complement is then `size:1`, and the form
/// would divide by 0), and an extent 1 under a stride that does not divide
/// `size` (the core's complement is then `size:1`, which the form's two
/// modes reach past: `UnitExtent`). A tiler of static extent 1 or static
/// stride 0 is not asked (its complement is `size:1` at any value).
#[inline]
pub const fn tile_rest(
    function: &'static str,
    size: usize,
    extent: usize,
    stride: usize,
) -> Result<(usize, usize), AlgebraError> {
    if extent == 0 {
        return Err(AlgebraError::ZeroExtent { function });
    }
    if stride == 0 {
        return Err(AlgebraError::ZeroDivisor {
            function,
            dividend: size,
        });
    }
    if extent == 1 && size % stride != 0 {
        return Err(AlgebraError::UnitExtent {
            function,
            reach: size,
            split: stride,
        });
    }
    let Some(span) = extent.checked_mul(stride) else {
        return Err(AlgebraError::ProductOverflow {
            function,
            left: extent,
            right: stride,
        });
    };
    Ok((span, size.div_ceil(span)))
}

/// The complement of a two-leaf tile `(s0, s1):(d0, d1)` (static strides
/// `0 < d0 < d1`, an extent dynamic) of a mode of `size` elements, in one
/// form whatever the extents: `(h0, h1, rest):(1, hs, span)`, returned as
/// `(h0, h1, hs, span, rest)`. A mode of extent 1 is no mode to the core's
/// complement: both `s0, s1 ≥ 2` give the holes `d0:1` and
/// `d1 / (s0·d0) : s0·d0` (refused, naming them, where `s0·d0` does not
/// divide `d1`: no complement) and the span `s1·d1`; `s1 = 1` gives the
/// hole `d0:1` and the span `s0·d0`; `s0 = 1` the hole `d1:1` and the span
/// `s1·d1`; both 1 no hole and the span 1. Read only as a function on its
/// domain (a composition's `B`), so the extra extents 1 change nothing.
pub const fn tile2_rest(
    function: &'static str,
    size: usize,
    [s0, s1]: [usize; 2],
    [d0, d1]: [usize; 2],
) -> Result<(usize, usize, usize, usize, usize), AlgebraError> {
    if s0 == 0 || s1 == 0 {
        return Err(AlgebraError::ZeroExtent { function });
    }
    let Some(r0) = s0.checked_mul(d0) else {
        return Err(AlgebraError::ProductOverflow {
            function,
            left: s0,
            right: d0,
        });
    };
    let Some(r1) = s1.checked_mul(d1) else {
        return Err(AlgebraError::ProductOverflow {
            function,
            left: s1,
            right: d1,
        });
    };
    let (h0, h1, hs, span) = match (s0 == 1, s1 == 1) {
        (false, false) => {
            if r0 == 0 || d1 % r0 != 0 {
                return Err(AlgebraError::NotComplementable {
                    function,
                    stride: d1,
                    span: r0,
                });
            }
            (d0, d1 / r0, r0, r1)
        }
        (false, true) => (d0, 1, r0, r0),
        (true, false) => (d1, 1, d1, r1),
        (true, true) => (1, 1, 1, 1),
    };
    Ok((h0, h1, hs, span, size.div_ceil(span)))
}

/// CuTe's complement of the two-leaf tile of [`tile2_rest`] (`unit`: an
/// extent that is a static 1, which CuTe's `filter` drops while
/// compiling), as `(b, bs, c, cs)` of its modes `(first:1, b:bs, c:cs)`:
/// `first` is `d0` (`d1` where `s0` is a static 1), `b:bs` the hole
/// `d1 / (s0·d0) : s0·d0` (none with a static 1), `c:cs` the rest
/// `⌈size / span⌉ : span`. CuTe keeps a dynamic extent 1 where the core
/// drops it, so the form is checked against the core's complement as a
/// function: refused, naming the values, where the hole is not exact
/// ([`AlgebraError::NotComplementable`]) or the two differ once coalesced
/// ([`AlgebraError::UnitExtent`]: the core's mode ends at `reach`, CuTe's
/// form splits it at the span).
pub const fn tile2_rest_cute(
    function: &'static str,
    size: usize,
    [s0, s1]: [usize; 2],
    [d0, d1]: [usize; 2],
    [u0, u1]: [bool; 2],
) -> Result<(usize, usize, usize, usize), AlgebraError> {
    let (h0, h1, hs, span, rest) = match tile2_rest(function, size, [s0, s1], [d0, d1]) {
        Ok(core) => core,
        Err(e) => return Err(e),
    };
    // `tile2_rest` refused an extent 0 and an overflowing `s·d`.
    let (first, b, bs, cs) = match (u0, u1) {
        (true, _) => (d1, 1, d1, s1 * d1),
        (_, true) => (d0, 1, d0, s0 * d0),
        _ => (d0, d1 / (s0 * d0), s0 * d0, s1 * d1),
    };
    if !u0 && !u1 && b * bs != d1 {
        return Err(AlgebraError::NotComplementable {
            function,
            stride: d1,
            span: bs,
        });
    }
    let c = size.div_ceil(cs);
    let core = coalesced([(h0, 1), (h1, hs), (rest, span)]);
    let cute = coalesced([(first, 1), (b, bs), (c, cs)]);
    let mut same = core.1 == cute.1;
    let mut i = 0;
    while same && i < core.1 {
        same = core.0[i].0 == cute.0[i].0 && core.0[i].1 == cute.0[i].1;
        i += 1;
    }
    if !same {
        return Err(AlgebraError::UnitExtent {
            function,
            reach: rest.saturating_mul(span),
            split: cs,
        });
    }
    Ok((b, bs, c, cs))
}

/// Three modes `extent:stride` coalesced as the core coalesces them (an
/// extent 1 is no mode; a mode continuing the one before merges into
/// it): the modes left and how many.
const fn coalesced(modes: [(usize, usize); 3]) -> ([(usize, usize); 3], usize) {
    let (mut out, mut n, mut i) = ([(0usize, 0usize); 3], 0usize, 0);
    while i < 3 {
        let (s, d) = modes[i];
        i += 1;
        if s == 1 {
            continue;
        }
        if n > 0 {
            let (ps, pd) = out[n - 1];
            if let Some(end) = ps.checked_mul(pd) {
                if end == d {
                    if let Some(merged) = ps.checked_mul(s) {
                        out[n - 1] = (merged, pd);
                        continue;
                    }
                }
            }
        }
        out[n] = (s, d);
        n += 1;
    }
    (out, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_two_leaf_tiles_complement() {
        // (4,8):(1,4) of 128: no hole between (4/4 = 1), rest 4:32.
        assert_eq!(tile2_rest("f", 128, [4, 8], [1, 4]), Ok((1, 1, 4, 32, 4)));
        // (2,8):(1,4): the hole 2:2; (1,8):(1,4): the hole 4:1.
        assert_eq!(tile2_rest("f", 128, [2, 8], [1, 4]), Ok((1, 2, 2, 32, 4)));
        assert_eq!(tile2_rest("f", 128, [1, 8], [1, 4]), Ok((4, 1, 4, 32, 4)));
        // (4,1):(1,4): span 4; (1,1): the whole mode.
        assert_eq!(tile2_rest("f", 128, [4, 1], [1, 4]), Ok((1, 1, 4, 4, 32)));
        assert_eq!(tile2_rest("f", 6, [1, 1], [1, 4]), Ok((1, 1, 1, 1, 6)));
        assert!(tile2_rest("f", 128, [3, 8], [1, 4]).is_err());
        assert!(tile2_rest("f", 128, [0, 8], [1, 4]).is_err());
    }

    #[test]
    fn cutes_two_leaf_complement_is_the_cores() {
        // ({4},8):(1,4) of 128: CuTe's (_1 dropped, 4/4:4, 4:32).
        let f = |m, s, d, u| tile2_rest_cute("f", m, s, d, u);
        assert_eq!(f(128, [4, 8], [1, 4], [false, false]), Ok((1, 4, 4, 32)));
        // A dynamic s0 = 1: the hole 4/1 : 1, the core's 4:1.
        assert_eq!(f(128, [1, 8], [1, 4], [false, false]), Ok((4, 1, 4, 32)));
        // (1,{8}):(2,3): CuTe's 3/2 is no hole (the core has 3:1).
        assert!(matches!(
            f(96, [1, 8], [2, 3], [false, false]),
            Err(AlgebraError::NotComplementable {
                stride: 3,
                span: 2,
                ..
            })
        ));
        // (2,{1}):(1,4) of 6: CuTe's (2:2, ⌈6/4⌉:4) is (4:2), the core's 3:2.
        assert!(matches!(
            f(6, [2, 1], [1, 4], [false, false]),
            Err(AlgebraError::UnitExtent {
                reach: 6,
                split: 4,
                ..
            })
        ));
        // ... and of 8 the same function.
        assert_eq!(f(8, [2, 1], [1, 4], [false, false]), Ok((2, 2, 2, 4)));
        // A static 1: (_1,{s1}):(2,4) is CuTe's {s1}:4, its hole 4:1.
        assert_eq!(f(64, [1, 2], [2, 4], [true, false]), Ok((1, 4, 8, 8)));
        assert!(f(6, [1, 1], [2, 4], [true, false]).is_err());
        assert!(f(6, [0, 1], [2, 4], [false, true]).is_err());
    }

    #[test]
    fn products_saturate() {
        assert_eq!(divide_size(&[3, 4, 2]), 24);
        assert_eq!(divide_size(&[]), 1);
        assert_eq!(divide_size(&[usize::MAX, 2]), usize::MAX);
    }

    #[test]
    fn the_size_is_the_product_or_the_overflowing_factors() {
        assert_eq!(extents_size("logical_divide", [3, 4, 5]), Ok(60));
        assert_eq!(tile_rest("zipped_divide", 12, 6, 1), Ok((6, 2)));
        assert_eq!(tile_rest("zipped_divide", 13, 3, 2), Ok((6, 3)));
        assert_eq!(tile_rest("zipped_divide", 12, 1, 4), Ok((4, 3)));
        assert_eq!(
            tile_rest("zipped_divide", 10, 1, 4),
            Err(AlgebraError::UnitExtent {
                function: "zipped_divide",
                reach: 10,
                split: 4
            })
        );
        assert_eq!(
            tile_rest("zipped_divide", 10, 0, 4),
            Err(AlgebraError::ZeroExtent {
                function: "zipped_divide"
            })
        );
        assert_eq!(
            tile_rest("zipped_divide", 10, 2, 0),
            Err(AlgebraError::ZeroDivisor {
                function: "zipped_divide",
                dividend: 10
            })
        );
        assert_eq!(extents_size("logical_divide", []), Ok(1));
        assert_eq!(
            extents_size("zipped_divide", [usize::MAX, 2, 0]),
            Err(AlgebraError::ProductOverflow {
                function: "zipped_divide",
                left: usize::MAX,
                right: 2
            })
        );
    }
}

//! A divide read past its size (the macro's `divide_past.rs`): the core's
//! continuation of its last leaf, and the check that lets the rewritten
//! divide stand for the core's under a composition ([`continues`]: read
//! only inside its size, or continued alike past it).

use crate::__private::algebra::AlgebraError;

/// The continuation `e·d` of the last leaf of the core's `D(A, T)` (a
/// divide by a static layout tiler of reach `span`, whose complement's
/// last hole continues at `last_hole`, 0 for none) over the layout of
/// flat `extents` and `strides`: the complement's last leaf ends at
/// `x = ⌈size / span⌉ · span` where that rest has two elements or more,
/// else at the last hole (none: the core's `1:0`, 0), and the core's
/// walk of it over `A` ends in the first mode whose prefix size reaches
/// `x` (the last mode if none), continuing at `⌊x / Q_m⌋ · a_m`.
/// Saturating (no error channel: a new input leaf); a size past `usize`
/// is no layout's, and the composition's checked steps refuse it.
#[inline]
pub const fn divide_continuation(
    span: usize,
    last_hole: usize,
    extents: &[usize],
    strides: &[usize],
) -> usize {
    let (mut size, mut i) = (1usize, 0);
    while i < extents.len() {
        size = size.saturating_mul(extents[i]);
        i += 1;
    }
    let rest = if span == 0 { 0 } else { size.div_ceil(span) };
    let x = if rest >= 2 {
        rest.saturating_mul(span)
    } else if last_hole != 0 {
        last_hole
    } else {
        return 0;
    };
    let (mut q, mut m) = (1usize, 0);
    while m < extents.len() {
        let next = q.saturating_mul(extents[m]);
        if next >= x || m + 1 == extents.len() {
            return match q {
                0 => 0,
                q => (x / q).saturating_mul(strides[m]),
            };
        }
        q = next;
        m += 1;
    }
    0
}

/// [`divide_continuation`] for a one-mode tiler `s:d` with a dynamic leaf
/// (compose_reader.rs's `past_reader`): the core's complement of `s:d`
/// ignores a mode of extent 1 (span 1, no hole, the rest `size A : 1`),
/// else its span is `s·d` and its hole `d:1` where `d ≥ 2` (continuing at
/// `d`). `tile_rest` has refused `s = 0` and `d = 0` before this is read.
#[inline]
pub const fn tile_continuation(
    extent: usize,
    stride: usize,
    extents: &[usize],
    strides: &[usize],
) -> usize {
    if extent <= 1 || stride == 0 {
        return divide_continuation(1, 0, extents, strides);
    }
    let last_hole = if stride >= 2 { stride } else { 0 };
    divide_continuation(extent.saturating_mul(stride), last_hole, extents, strides)
}

/// The stride of the rest `rest : span` of a divide of a one-mode layout
/// of `size` elements by a one-mode tiler `extent:stride` with a dynamic
/// leaf (compose_reader.rs's `past_reader`): `span` where the rest has two
/// elements or more (or none), else the end of the core's complement's
/// last leaf ([`tile_continuation`] over `size:1`), so that the rest, the
/// rewrite's last leaf, continues past the divide's size as the core's
/// last leaf does (the hole `stride:1`, or the core's `1:0`).
#[inline]
pub const fn tile_rest_stride(
    rest: usize,
    span: usize,
    extent: usize,
    stride: usize,
    size: usize,
) -> usize {
    if rest == 1 {
        tile_continuation(extent, stride, &[size], &[1])
    } else {
        span
    }
}

/// The stride of a divide's rest `⌈size / span⌉ : span` over a one-mode
/// layout (a tiler with no hole): 0 where the rest has one element (the
/// core's complement is then `1:0`), else `span` (the core's `0:span` at
/// size 0, its `r:span` past), so that the rest continues as the core's
/// does past the divide's size.
#[inline]
pub const fn divide_rest_stride(size: usize, span: usize) -> usize {
    if span != 0 && size.div_ceil(span) == 1 {
        0
    } else {
        span
    }
}

/// The largest offset of the layout of flat `extents` and `strides` (no
/// negative stride): `Σ (s - 1)·d`, saturating; 0 where it is empty.
#[inline]
pub const fn reach(extents: &[usize], strides: &[usize]) -> usize {
    let (mut sum, mut i) = (0usize, 0);
    while i < extents.len() && i < strides.len() {
        if extents[i] == 0 {
            return 0;
        }
        sum = sum.saturating_add((extents[i] - 1).saturating_mul(strides[i]));
        i += 1;
    }
    sum
}

/// Whether a rewritten divide of `extents` (flat), whose last mode is
/// `extent:stride`, may stand for the core's divide (which continues at
/// `core` past its size: [`divide_continuation`]) under a composition
/// whose right layout reaches the offset `reach` at most (`usize::MAX`
/// where not known): it reads the divide only inside its size, or the two
/// continue alike past it. Else no typed result of this nesting (CuTe's,
/// fixed while compiling) is the core's composition: the error names the
/// values.
#[inline]
pub const fn continues(
    function: &'static str,
    core: usize,
    extent: usize,
    stride: usize,
    extents: &[usize],
    reach: usize,
) -> Result<(), AlgebraError> {
    let (mut size, mut i) = (1usize, 0);
    while i < extents.len() {
        size = size.saturating_mul(extents[i]);
        i += 1;
    }
    // An empty divide has no index to continue from: the core's reading
    // past it is not its last leaf's.
    let alike = match extent.checked_mul(stride) {
        Some(c) => c == core && size > 0,
        None => false,
    };
    if reach < size || alike {
        Ok(())
    } else {
        Err(AlgebraError::Continuation {
            function,
            core,
            extent,
            stride,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_leaf_of_the_cores_divide() {
        // logical_divide((4,m):(4,1), 8): the rest `⌈4m/8⌉:8` lands in
        // the mode m:1 at `x / 4`; one element (m ≤ 2): the core's `1:0`.
        assert_eq!(divide_continuation(8, 0, &[4, 2], &[4, 1]), 0);
        assert_eq!(divide_continuation(8, 0, &[4, 4], &[4, 1]), 4);
        assert_eq!(divide_continuation(8, 0, &[4, 6], &[4, 1]), 6);
        // tiled_divide((((4,4),(8,1))):(((1,32),(4,128))), 8:1): the rest
        // 16:8 ends at 128, filling the mode 8:4 (the core stops there).
        assert_eq!(
            divide_continuation(8, 0, &[4, 4, 8, 1], &[1, 32, 4, 128]),
            32
        );
        // Past every mode: the last one continues.
        assert_eq!(divide_continuation(2, 0, &[1, 3], &[8, 1]), 4);
        assert_eq!(divide_continuation(4, 2, &[1], &[1]), 2);
        // logical_divide((4,4):(4,1), {8}) at 8: the static tiler's.
        assert_eq!(tile_continuation(8, 1, &[4, 4], &[4, 1]), 4);
        assert_eq!(tile_continuation(8, 1, &[4, 2], &[4, 1]), 0);
        // 1:d: the rest `size:1` ends at the size, past every mode.
        assert_eq!(tile_continuation(1, 2, &[6], &[1]), 6);
        // 2:4 over 6:1: the hole 4:1 ends at 4 (the rest has one element).
        assert_eq!(tile_continuation(2, 4, &[6], &[1]), 4);
        // 2:4 over 6 (rest 1): the hole's end; 2:1 over 2: the core's 1:0.
        assert_eq!(tile_rest_stride(1, 8, 2, 4, 6), 4);
        assert_eq!(tile_rest_stride(1, 2, 2, 1, 2), 0);
        assert_eq!(tile_rest_stride(3, 2, 2, 1, 6), 2);
        assert_eq!(divide_rest_stride(6, 2), 2);
        assert_eq!(divide_rest_stride(2, 2), 0);
        assert_eq!(divide_rest_stride(0, 2), 2);
        assert_eq!(divide_rest_stride(1, 2), 0);
    }

    #[test]
    fn a_divide_stands_for_the_cores_where_read_inside_or_continued_alike() {
        // Read inside its 8 elements: any continuation.
        assert_eq!(continues("composition", 0, 4, 2, &[2, 4], 7), Ok(()));
        assert_eq!(reach(&[4, 2], &[1, 4]), 7);
        assert_eq!(reach(&[4, 0], &[1, 4]), 0);
        // Read past: 4:2 continues at 8, as the core's.
        assert_eq!(continues("composition", 8, 4, 2, &[2, 4], 8), Ok(()));
        let refused = continues("composition", 0, 4, 2, &[2, 4], usize::MAX);
        assert_eq!(
            refused,
            Err(AlgebraError::Continuation {
                function: "composition",
                core: 0,
                extent: 4,
                stride: 2
            })
        );
        // An overflowing product continues nowhere a layout does.
        assert!(continues("composition", 0, usize::MAX, 2, &[8], 9).is_err());
        // Empty: refused past it, whatever its last leaf.
        assert!(continues("composition", 0, 0, 4, &[4, 0], 0).is_err());
    }
}

//! What a divide by a static layout tiler of a layout with dynamic
//! extents, read as a function after `type`, computes at run time
//! (`layout-macros/src/compose_divide.rs`): the extents and strides of the
//! layout it composes with, from the input's extents.

use super::compose::div_ceil;

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

/// The last extent of `complement(T, size)`, `ceil(size / span)`.
#[inline]
pub const fn divide_rest(size: usize, span: usize) -> usize {
    div_ceil(size, span)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_and_rests() {
        assert_eq!(divide_size(&[3, 4, 2]), 24);
        assert_eq!(divide_size(&[]), 1);
        assert_eq!(divide_size(&[usize::MAX, 2]), usize::MAX);
        assert_eq!(divide_rest(12, 8), 2);
        assert_eq!(divide_rest(16, 8), 2);
        assert_eq!(divide_rest(1, 8), 1);
    }
}

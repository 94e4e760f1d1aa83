//! `layout!` in a `#![no_std]` crate: every expansion form names only
//! `core` and `::layout_dsl` paths, so this crate building is the check
//! (`cargo test --workspace` builds it, and runs the tests below).
#![no_std]

use layout_dsl::layout;

pub const OFFSET: usize = layout!(crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24))));
pub const TABLE: [usize; 8] = layout!(table((2,4):(4,1)));
pub const COORD: (usize, (usize, usize)) = layout!(idx2crd(16, (3, (2, 3))));

/// A static layout: `i * 8 + j`.
pub fn row_major(i: usize, j: usize) -> usize {
    layout!((4,8):(8,1)).crd2idx((i, j))
}

/// A dynamic leading dimension: `i + j * m`.
pub fn column_major(m: usize, i: usize, j: usize) -> usize {
    layout!((m,4):(1,m)).crd2idx((i, j))
}

/// An algebra result, folded while compiling.
pub fn tile_offset(element: usize, tile: usize) -> usize {
    layout!(zipped_divide((8,8):(8,1), (2,4))).crd2idx((element, tile))
}

/// Algebra on a dynamic layout runs the core (which needs only `alloc`).
pub fn divided_size(m: usize) -> Result<i64, layout_dsl::Error> {
    layout!(size(logical_divide((m,4):(1,m), 2)))
}

/// A 128-byte-swizzled fp16 tile's offset: a typed composed layout.
pub fn swizzled(i: usize, j: usize) -> usize {
    layout!(Sw<3,3,3> o 0 o (8,64):(64,1)).crd2idx((i, j))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values() {
        assert_eq!(OFFSET, 129);
        assert_eq!(TABLE, [0, 4, 1, 5, 2, 6, 3, 7]);
        assert_eq!(COORD, (1, (1, 2)));
        assert_eq!(row_major(2, 3), 19);
        assert_eq!(column_major(5, 2, 3), 17);
        // Tiles are 2 rows × 4 columns; tile 2 is rows 4–5 of the first
        // column band, and its element 3 is (1,1): row 5, column 1.
        assert_eq!(tile_offset(3, 2), 5 * 8 + 1);
        assert_eq!(divided_size(6), Ok(24));
        assert_eq!(swizzled(3, 17), (3 * 64 + 17) ^ (3 << 3));
    }
}

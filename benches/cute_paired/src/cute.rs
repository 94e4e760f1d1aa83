//! CuTe's side: the functions `cute_side.cpp` defines (build.rs compiles
//! it against CUTLASS's headers), each over a slice of inputs.

use crate::{Input, Strides};

unsafe extern "C" {
    pub fn cute_divide(inputs: *const Input, len: usize) -> usize;
    pub fn cute_tile_read(inputs: *const Input, len: usize, data: *const u32) -> usize;
    pub fn cute_tile_layout(inputs: *const Input, len: usize) -> usize;
    pub fn cute_partition_address(inputs: *const Input, len: usize, data: *const u32) -> usize;
    pub fn cute_compose3(inputs: *const Input, len: usize, pad: usize) -> usize;
    pub fn cute_partition_read(inputs: *const Input, len: usize, data: *const u32) -> usize;
    pub fn cute_compose(inputs: *const Input, len: usize, pad: usize) -> usize;
    pub fn cute_complement(inputs: *const Input, len: usize) -> usize;
    pub fn cute_complement_wide(inputs: *const Input, len: usize) -> usize;
    pub fn cute_product(inputs: *const Input, len: usize) -> usize;
    pub fn cute_product_strided(inputs: *const Input, len: usize, st: *const Strides) -> usize;
    pub fn cute_product_padded(inputs: *const Input, len: usize, st: *const Strides) -> usize;
    pub fn cute_product_rank1(inputs: *const Input, len: usize, r: *const usize) -> usize;
    pub fn cute_probe_divide(inputs: *const Input, len: usize) -> usize;
    pub fn cute_probe_product(inputs: *const Input, len: usize) -> usize;
    pub fn cute_probe_product_strided(
        inputs: *const Input,
        len: usize,
        st: *const Strides,
    ) -> usize;
    pub fn cute_probe_product_padded(inputs: *const Input, len: usize, st: *const Strides)
    -> usize;
    pub fn cute_probe_product_rank1(inputs: *const Input, len: usize, r: *const usize) -> usize;
}

//! Our side of the probes (`cute_side.cpp` has CuTe's), for the agreement
//! check only, never timed: the rows whose timed index (`L(5)`, `L(77)`)
//! stays in the result's first mode, their layouts written as `ours.rs`
//! writes them, read at the last index (every mode's last coordinate, so
//! every extent and stride counts) and at `size / 3`. Not shared with the
//! timed functions, so that their code is the one measured.

use layout_dsl::layout;
use layout_dsl::typed::{C, Divide, Product};

use crate::{Input, Shared, Strides};

/// `L(size - 1) + L(size / 3)` of a typed layout.
macro_rules! probe {
    ($l:expr) => {{
        let l = $l;
        l.at(l.size() - 1) + l.at(l.size() / 3)
    }};
}

pub fn divide(inputs: &[Input], _: &Shared) -> usize {
    let at = |m, n| probe!(layout!(type logical_divide((m,n):(1,m), <4,8>)).unwrap());
    inputs.iter().map(|&Input { m, n }| at(m, n)).sum()
}

pub fn divide_method(inputs: &[Input], _: &Shared) -> usize {
    let at = |m, n| {
        probe!(
            layout!((m,n):(1,m))
                .logical_divide((C::<4>, C::<8>))
                .unwrap()
        )
    };
    inputs.iter().map(|&Input { m, n }| at(m, n)).sum()
}

pub fn product(inputs: &[Input], _: &Shared) -> usize {
    let at = |m| {
        probe!(
            layout!(type (4,m):(1,4))
                .logical_product(layout!(type (2,3):(3,1)))
                .unwrap()
        )
    };
    inputs.iter().map(|i| at(i.m)).sum()
}

pub fn product_written(inputs: &[Input], _: &Shared) -> usize {
    let at = |m| probe!(layout!(type logical_product((4,m):(1,4), (2,3):(3,1))).unwrap());
    inputs.iter().map(|i| at(i.m)).sum()
}

pub fn product_strided(inputs: &[Input], shared: &Shared) -> usize {
    let at = |m, Strides { s, t }| {
        probe!(
            layout!((4,m):(s,t))
                .logical_product(layout!(type (2,3):(3,1)))
                .unwrap()
        )
    };
    inputs
        .iter()
        .zip(&shared.compact)
        .map(|(i, &st)| at(i.m, st))
        .sum()
}

pub fn product_padded(inputs: &[Input], shared: &Shared) -> usize {
    let at = |m, Strides { s, t }| {
        probe!(
            layout!((4,m):(s,t))
                .logical_product(layout!(type (2,3):(1,2)))
                .unwrap()
        )
    };
    inputs
        .iter()
        .zip(&shared.padded)
        .map(|(i, &st)| at(i.m, st))
        .sum()
}

pub fn product_rank1(inputs: &[Input], shared: &Shared) -> usize {
    let at = |m, r| {
        probe!(
            layout!(m:r)
                .logical_product(layout!(type (2,3):(3,1)))
                .unwrap()
        )
    };
    inputs
        .iter()
        .zip(&shared.rank1)
        .map(|(i, &r)| at(i.m, r))
        .sum()
}

//! The typed identity tensor's components (`crate::tensor::typed`): for a
//! shape of `R` leaves (flat or nested, static or dynamic extents), `R`
//! layouts of that shape, component `k` with stride 1 at leaf `k` and 0
//! elsewhere. CuTe's identity layout has the basis strides `E<0>`, `E<1>`,
//! … (`E<0,0>`, `E<0,1>`, … inside a nested mode), whose offset is the
//! whole (hierarchical) coordinate; component `k` is that coordinate's
//! `k`-th leaf. The typed partitions only scale, split and select strides,
//! which acts on each entry alike, so partitioning every component by the
//! same call gives the entries of the partitioned identity.

use super::edit::Leaves;
use super::int::Int;
use super::layout::Layout;
use super::tree::Shape;

/// A shape of `R ≥ 1` leaves (`usize` or `C<N>`, nested or not), the shape
/// of an identity tensor.
pub trait IdentityShape<const R: usize>: Copy {
    /// One component's layout: the shape, `usize` strides of its nesting.
    type Layout;
    /// The components: component `k` is the `k`-th coordinate leaf.
    fn components(self) -> [Self::Layout; R];
}

/// A flat tuple of `R` elements (the leaves of a shape, flattened).
pub trait FlatRank<const R: usize> {}

/// A stride tree of a shape's nesting with `usize` leaves: the identity
/// tensor's components (1 at one leaf, 0 elsewhere) and a basis layout's
/// (`basis.rs`: each leaf's scale where its basis names the component).
pub trait UnitStride: Copy {
    /// The stride tree (`usize` leaves).
    type D: Copy;
    /// The tree whose leaves are `leaf()`'s values, in leaf order.
    fn with_leaves<F: FnMut() -> usize>(&self, leaf: &mut F) -> Self::D;
}

impl<S: Int> UnitStride for S {
    type D = usize;
    #[inline(always)]
    fn with_leaves<F: FnMut() -> usize>(&self, leaf: &mut F) -> usize {
        leaf()
    }
}

impl<S, const R: usize> IdentityShape<R> for S
where
    S: Shape + UnitStride + Leaves<Out: FlatRank<R>>,
{
    type Layout = Layout<S, S::D>;
    #[inline(always)]
    fn components(self) -> [Self::Layout; R] {
        core::array::from_fn(|k| {
            let mut next = 0;
            let unit = self.with_leaves(&mut || {
                next += 1;
                usize::from(next - 1 == k)
            });
            Layout::from_parts(self, unit)
        })
    }
}

/// Rank 1 and up (a rank-0 identity has no entry to take a shape from).
macro_rules! flat_rank {
    (0;) => {};
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A),*> FlatRank<$rank> for ($($A,)*) {}
    };
}

for_each_rank!(flat_rank);

macro_rules! tuples {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A: UnitStride),*> UnitStride for ($($A,)*) {
            type D = ($($A::D,)*);
            #[inline(always)]
            #[allow(unused_variables, clippy::unused_unit)]
            fn with_leaves<F: FnMut() -> usize>(&self, leaf: &mut F) -> Self::D {
                ($(self.$i.with_leaves(leaf),)*)
            }
        }
    };
}

for_each_rank!(tuples);

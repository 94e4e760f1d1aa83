//! The typed identity tensor's components (`crate::tensor::typed`): for a
//! flat shape of `R` dynamic extents, `R` layouts of that shape, component
//! `k` with stride 1 in mode `k` and 0 elsewhere. CuTe's identity layout
//! has the basis strides `E<0>`, `E<1>`, …, whose offset is the whole
//! coordinate; component `k` is that offset's `k`-th entry. The typed
//! partitions only scale and select strides, which acts on each entry
//! alike, so partitioning every component by the same call gives the
//! entries of the partitioned identity.

use super::layout::Layout;

/// A flat shape of `R ≥ 1` `usize` extents, the shape of an identity tensor.
pub trait IdentityShape<const R: usize>: Copy {
    /// One component's layout.
    type Layout;
    /// The components: component `k` is the `k`-th coordinate entry.
    fn components(self) -> [Self::Layout; R];
}

/// `usize`, whatever the identifier (a macro repetition helper).
macro_rules! usize_for {
    ($a:ident) => {
        usize
    };
}

/// Rank 1 and up (a rank-0 identity has no entry to take a shape from).
macro_rules! identity_shape {
    (0;) => {};
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl IdentityShape<$rank> for ($(usize_for!($A),)*) {
            type Layout = Layout<Self, Self>;
            #[inline(always)]
            #[allow(clippy::unused_unit)]
            fn components(self) -> [Self::Layout; $rank] {
                core::array::from_fn(|_k| {
                    Layout::from_parts(self, ($(usize::from($i == _k),)*))
                })
            }
        }
    };
}

for_each_rank!(identity_shape);

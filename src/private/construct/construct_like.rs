//! CuTe's `make_layout_like(A)` and `make_fragment_like(A)` on typed
//! values ([`MakeLike`]): `A`'s shape with compact `usize` strides ordered
//! by `A`'s static strides, through `compact_order` of
//! `construct_values.rs`; and the bounds ([`StaticStrides`],
//! [`FragmentStrides`]) that make a dynamic stride a compile error.

use crate::__private::algebra::AlgebraError;
use crate::__private::construct::nonzero;
use crate::__private::construct_values::{
    Buffer, LayoutLeft, LeafValues, MAX_LEAVES, compact_order, make_ordered_layout,
};
use crate::__private::fits_value::{Role, layout_fits};
use crate::__private::int::{Int, Offset};
use crate::__private::layout::Layout;
use crate::__private::static_int::StaticInt;
use crate::__private::tree::{Mode, Tree};

/// CuTe's `make_layout_like(A)` and `make_fragment_like(A)` on a typed
/// value: `A`'s shape (each extent its type) with compact `usize` strides
/// in the order of `A`'s, which must be static (`C<N>`, a compile error
/// otherwise, as for `layout!(type …)`; a rank-1 fragment takes any).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::MakeLike;
/// let m = 3;
/// let a = layout!(((2,2),m,4):((4,1),0,16));
/// assert_eq!(a.make_layout_like().unwrap().to_string(), "((2,2),3,4):((2,1),0,4)");
/// assert_eq!(a.make_fragment_like().unwrap().to_string(), "((2,2),3,4):((1,2),4,12)");
/// ```
pub trait MakeLike {
    /// The layout both constructors give.
    type Out;
    /// The stride tree, whose static numbers are the order.
    type Stride;
    /// The shape tree ([`FragmentStrides`] is keyed by it).
    type Shape;
    /// Compact strides in the order of `A`'s; stride-0 leaves keep stride 0.
    /// `A`'s strides must be static: a dynamic one is a compile error
    /// that `cargo check` reports (a bound, [`StaticStrides`]).
    fn make_layout_like(&self) -> Result<Self::Out, AlgebraError>
    where
        Self::Stride: StaticStrides;
    /// Mode 0 column-major (its stride-0 leaves stride 0), the other
    /// leaves ordered by their strides after it; a rank-1 layout
    /// column-major. A mode 0 of extent 0 is refused, as the core does.
    /// A layout of rank 2 or more needs static strides (a bound,
    /// [`FragmentStrides`], which `cargo check` reports).
    fn make_fragment_like(&self) -> Result<Self::Out, AlgebraError>
    where
        Self::Stride: FragmentStrides<Self::Shape>;
}

/// A stride tree whose every leaf is static (`C<N>` or a folded static
/// leaf): the order `make_layout_like` reads. A bound rather than a
/// `const` assertion, so that `cargo check` reports a dynamic stride.
#[diagnostic::on_unimplemented(
    message = "the stride `{Self}` has a dynamic leaf, but `make_layout_like` (and `make_fragment_like` of rank 2 or more) orders the leaves by static strides: make every stride `C<N>`"
)]
pub trait StaticStrides {}

#[diagnostic::do_not_recommend]
impl<T: StaticInt> StaticStrides for T {}

/// The stride tree of a layout of shape `S` that `make_fragment_like`
/// takes: any for rank 1 (a single extent or a tuple of one mode), every
/// leaf static when the rank is 2 or more (the modes after the first are
/// ordered by them). Keyed by the shape so that a refused `(C<1>, usize)`
/// is not also `((C<1>, usize),)`, a rank-1 stride that qualifies, which
/// made rustc suggest wrapping the layout in a unary tuple.
#[diagnostic::on_unimplemented(
    message = "the stride `{Self}` has a dynamic leaf, but `make_fragment_like` of rank 2 or more orders the modes after the first by static strides: make them `C<N>` (rank 1 takes any)"
)]
pub trait FragmentStrides<S> {}

#[diagnostic::do_not_recommend]
impl<T: Int, S> FragmentStrides<S> for T {}

// `do_not_recommend`: a refusal names the layout's stride, not a list of
// the tuples that qualify.
macro_rules! strides {
    (0;) => {
        #[diagnostic::do_not_recommend]
        impl StaticStrides for () {}
        #[diagnostic::do_not_recommend]
        impl<S> FragmentStrides<S> for () {}
    };
    (1; ($i:tt $D:ident $_b:ident $_c:ident)) => {
        #[diagnostic::do_not_recommend]
        impl<$D: StaticStrides> StaticStrides for ($D,) {}
        #[diagnostic::do_not_recommend]
        impl<$D: Tree, S0> FragmentStrides<(S0,)> for ($D,) {}
    };
    ($rank:literal; ($i0:tt $D0:ident $_b0:ident $_c0:ident) $(($i:tt $D:ident $_b:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$D0: StaticStrides, $($D: StaticStrides),*> StaticStrides for ($D0, $($D,)*) {}
        #[diagnostic::do_not_recommend]
        impl<$D0: StaticStrides, $($D: StaticStrides,)* S> FragmentStrides<S> for ($D0, $($D,)*) {}
    };
}

for_each_rank!(strides);

impl<S: LeafValues + Mode<D>, D: LeafValues, I: Offset> MakeLike for Layout<S, D, I> {
    type Out = Layout<S, S::Usizes>;
    type Stride = D;
    type Shape = S;

    #[inline]
    fn make_layout_like(&self) -> Result<Self::Out, AlgebraError>
    where
        D: StaticStrides,
    {
        let (shape, function) = (self.shape(), "make_layout_like");
        // `A` against the core's `i64` (fits_value.rs): the result's
        // offsets are below its size.
        layout_fits(function, self, Role::Operand)?;
        let (mut extent, order, n) = self.leaves();
        let mut part = [0; MAX_LEAVES];
        for k in 0..n {
            // CuTe orders `filter_zeros(A)`'s shape: a stride-0 leaf is 1.
            (extent[k], part[k]) = (if order[k] == 0 { 1 } else { extent[k] }, k);
        }
        let stride = compact_order(function, &extent, &order, &part, (n, n), false)?;
        Ok(Layout::from_parts(shape, S::rebuild(&stride, &mut 0)))
    }

    #[inline]
    fn make_fragment_like(&self) -> Result<Self::Out, AlgebraError>
    where
        D: FragmentStrides<S>,
    {
        // `A` against the core's `i64`, as `make_layout_like`.
        layout_fits("make_fragment_like", self, Role::Operand)?;
        let shape = self.shape();
        if S::RANK <= 1 {
            return make_ordered_layout(shape, LayoutLeft);
        }
        let function = "make_fragment_like";
        let (mut extent, order, n) = self.leaves();
        let first = S::FIRST;
        let mut part = [0; MAX_LEAVES];
        for k in 0..first {
            nonzero(function, extent[k])?;
            if order[k] == 0 {
                extent[k] = 1;
            }
        }
        for (k, p) in part.iter_mut().enumerate().take(n).skip(first) {
            *p = k - first + 1;
        }
        // Mode 0 is part 0 of order below every other (column-major from 1).
        let mut place = order;
        place[..first].fill(i64::MIN);
        // The other parts start at multiples of mode 0's cosize.
        let stride = compact_order(function, &extent, &place, &part, (n, n + 1 - first), false)?;
        Ok(Layout::from_parts(shape, S::rebuild(&stride, &mut 0)))
    }
}

impl<S: LeafValues + Mode<D>, D: LeafValues, I: Offset> Layout<S, D, I> {
    /// The extents, the strides as orders (static: exact as `i64`), and
    /// how many leaves.
    #[inline(always)]
    fn leaves(&self) -> (Buffer<usize>, Buffer<i64>, usize) {
        const {
            assert!(
                S::COUNT <= MAX_LEAVES,
                "too many leaves for a typed constructor"
            )
        };
        let (shape, stride) = (self.shape(), self.stride());
        let (mut extent, mut d) = ([0; MAX_LEAVES], [0; MAX_LEAVES]);
        shape.read(&mut extent, &mut 0);
        stride.read(&mut d, &mut 0);
        (extent, d.map(|d| d as i64), S::COUNT)
    }
}

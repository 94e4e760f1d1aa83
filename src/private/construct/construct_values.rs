//! CuTe's ordered constructors on typed values: `make_ordered_layout(shape,
//! order)` here; `make_layout_like(A)` and `make_fragment_like(A)` in
//! `construct_like.rs`, on the same `compact_order` (ARCHITECTURE.md,
//! "Typed algebra on dynamic leaves: the plan", the paragraph on values).
//! The result keeps the shape as it is (every extent its type) and gets a
//! stride tree of the same nesting whose leaves are `usize`: which leaf
//! gets stride 1 depends on the order's numbers, and a type cannot follow
//! a number on stable Rust. The strides are computed by straight-line code
//! over the leaves (a fixed buffer on the stack, no allocation), with the
//! core's checks (`order_tie`, `nonzero`, overflowing products) as
//! [`AlgebraError`]s naming the values.

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::product;
use crate::__private::construct::order_tie;
use crate::__private::int::{C, Int};
use crate::__private::layout::Layout;
use crate::__private::tree::{Shape, Tree};

/// The most leaves a shape given to these constructors may have (a
/// compile error above it).
pub const MAX_LEAVES: usize = 32;

/// One number per leaf, in leaf order.
#[doc(hidden)]
pub type Buffer<T> = [T; MAX_LEAVES];

/// A tree's leaves as numbers, and a tree of `usize` nested alike.
#[doc(hidden)]
pub trait LeafValues: Tree {
    /// The number of leaves.
    const COUNT: usize;
    /// The number of leaves of mode 0 (the whole tree for a leaf).
    const FIRST: usize;
    /// The same nesting with `usize` leaves.
    type Usizes: Tree;
    /// Writes the leaves from `at` on.
    fn read(&self, out: &mut Buffer<usize>, at: &mut usize);
    /// The `usize` tree of the values from `at` on.
    fn rebuild(values: &Buffer<usize>, at: &mut usize) -> Self::Usizes;
}

impl<S: Int + Tree> LeafValues for S {
    const COUNT: usize = 1;
    const FIRST: usize = 1;
    type Usizes = usize;
    #[inline(always)]
    fn read(&self, out: &mut Buffer<usize>, at: &mut usize) {
        out[*at] = self.get();
        *at += 1;
    }
    #[inline(always)]
    fn rebuild(values: &Buffer<usize>, at: &mut usize) -> usize {
        *at += 1;
        values[*at - 1]
    }
}

/// An order for [`make_ordered_layout`] of a shape `S`: static integers
/// weakly congruent with `S` (one integer orders a whole sub-tree,
/// column-major inside), or [`LayoutLeft`] / [`LayoutRight`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an order for a shape of type `{S}`",
    note = "an order is `LayoutLeft`, `LayoutRight`, or static integers (`C<N>`) nested like the shape, where one integer may order a whole sub-tuple"
)]
pub trait OrderOf<S: LeafValues> {
    /// Writes each leaf's order and part (consecutive numbers from `part`).
    #[doc(hidden)]
    fn parts(
        &self,
        order: &mut Buffer<i64>,
        part: &mut Buffer<usize>,
        at: &mut usize,
        next: &mut usize,
    );
}

impl<const N: i64, S: LeafValues> OrderOf<S> for C<N> {
    #[inline(always)]
    fn parts(
        &self,
        order: &mut Buffer<i64>,
        part: &mut Buffer<usize>,
        at: &mut usize,
        next: &mut usize,
    ) {
        for _ in 0..S::COUNT {
            (order[*at], part[*at]) = (N, *next);
            *at += 1;
        }
        *next += 1;
    }
}

/// CuTe's `LayoutLeft`: column-major, the first leaf fastest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LayoutLeft;

/// CuTe's `LayoutRight`: row-major, the last leaf fastest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LayoutRight;

/// Each of `count` leaves its own part, ordered by `rank(i)`: the
/// [`LayoutLeft`] and [`LayoutRight`] orders.
#[inline(always)]
fn each_leaf(
    count: usize,
    rank: impl Fn(usize) -> usize,
    order: &mut Buffer<i64>,
    part: &mut Buffer<usize>,
    at: &mut usize,
    next: &mut usize,
) {
    for i in 0..count {
        (order[*at], part[*at]) = (rank(i) as i64, *next);
        (*at, *next) = (*at + 1, *next + 1);
    }
}

impl<S: LeafValues> OrderOf<S> for LayoutLeft {
    #[inline(always)]
    fn parts(
        &self,
        order: &mut Buffer<i64>,
        part: &mut Buffer<usize>,
        at: &mut usize,
        next: &mut usize,
    ) {
        each_leaf(S::COUNT, |i| i, order, part, at, next);
    }
}

impl<S: LeafValues> OrderOf<S> for LayoutRight {
    #[inline(always)]
    fn parts(
        &self,
        order: &mut Buffer<i64>,
        part: &mut Buffer<usize>,
        at: &mut usize,
        next: &mut usize,
    ) {
        each_leaf(S::COUNT, |i| S::COUNT - 1 - i, order, part, at, next);
    }
}

macro_rules! tuples {
    ($rank:literal; $(($i:tt $S:ident $O:ident $_c:ident))*) => {
        impl<$($S: LeafValues),*> LeafValues for ($($S,)*) {
            const COUNT: usize = 0 $(+ $S::COUNT)*;
            const FIRST: usize = [$($S::COUNT,)* 0][0];
            type Usizes = ($($S::Usizes,)*);
            #[inline(always)]
            #[allow(unused_variables)]
            fn read(&self, out: &mut Buffer<usize>, at: &mut usize) {
                $(self.$i.read(out, at);)*
            }
            #[inline(always)]
            #[allow(unused_variables, clippy::unused_unit)]
            fn rebuild(values: &Buffer<usize>, at: &mut usize) -> Self::Usizes {
                ($($S::rebuild(values, at),)*)
            }
        }

        impl<$($S: LeafValues, $O: OrderOf<$S>),*> OrderOf<($($S,)*)> for ($($O,)*) {
            #[inline(always)]
            #[allow(unused_variables)]
            fn parts(&self, order: &mut Buffer<i64>, part: &mut Buffer<usize>, at: &mut usize, next: &mut usize) {
                $(self.$i.parts(order, part, at, next);)*
            }
        }
    };
}

for_each_rank!(tuples);

/// CuTe's `compact_order` over `n` leaves of `extent`, each in a part
/// (`part`, consecutive leaves, `parts` of them) of order `order`: each
/// part column-major from the product of the parts of lower order; a leaf
/// of extent 1 gets stride 0. With `ties`, two parts of one order both
/// above 1 are refused (`order_tie`), as `make_ordered_layout` does.
#[doc(hidden)]
#[inline]
pub fn compact_order(
    function: &'static str,
    extent: &Buffer<usize>,
    order: &Buffer<i64>,
    part: &Buffer<usize>,
    (n, parts): (usize, usize),
    ties: bool,
) -> Result<Buffer<usize>, AlgebraError> {
    let (mut size, mut place) = ([1usize; MAX_LEAVES], [0i64; MAX_LEAVES]);
    for k in 0..n {
        size[part[k]] = product(function, size[part[k]], extent[k])?;
        place[part[k]] = order[k];
    }
    let mut start = [1usize; MAX_LEAVES];
    for p in 0..parts {
        for q in 0..parts {
            if ties && q > p && place[q] == place[p] {
                order_tie(function, place[p], size[p], size[q])?;
            }
            if place[q] < place[p] {
                start[p] = product(function, start[p], size[q])?;
            }
        }
    }
    let mut stride = [0usize; MAX_LEAVES];
    for k in 0..n {
        let s = extent[k];
        if s != 1 {
            stride[k] = start[part[k]];
            start[part[k]] = product(function, start[part[k]], s)?;
        }
    }
    Ok(stride)
}

/// CuTe's `make_ordered_layout(shape, order)`: the compact layout of
/// `shape` whose strides grow in the order `order` gives its leaves.
/// `order` is static (`C<N>` nested like the shape, one integer ordering
/// a whole sub-tuple column-major) or [`LayoutLeft`] / [`LayoutRight`];
/// the shape's leaves keep their types, the strides are `usize`. Two parts
/// of one order both above 1 would share a stride: an
/// [`AlgebraError::OrderTie`] naming their sizes, as the core refuses.
///
/// ```
/// use layout_dsl::typed::{C, LayoutRight, make_ordered_layout};
/// let m = 5;
/// let l = make_ordered_layout((C::<2>, m, (C::<4>, 3)), (C::<1>, C::<0>, C::<2>)).unwrap();
/// assert_eq!(l.to_string(), "(2,5,(4,3)):(5,1,(10,40))");
/// let r = make_ordered_layout((m, C::<4>), LayoutRight).unwrap();
/// assert_eq!(r.to_string(), "(5,4):(4,1)");
/// assert!(make_ordered_layout((m, C::<4>), (C::<0>, C::<0>)).is_err());
/// ```
#[inline]
pub fn make_ordered_layout<S: LeafValues + Shape, O: OrderOf<S>>(
    shape: S,
    order: O,
) -> Result<Layout<S, S::Usizes>, AlgebraError> {
    const {
        assert!(
            S::COUNT <= MAX_LEAVES,
            "too many leaves for a typed constructor"
        )
    };
    let (mut extent, mut place, mut part) = ([0; MAX_LEAVES], [0; MAX_LEAVES], [0; MAX_LEAVES]);
    shape.read(&mut extent, &mut 0);
    let mut parts = 0;
    order.parts(&mut place, &mut part, &mut 0, &mut parts);
    let (n, function) = (S::COUNT, "make_ordered_layout");
    let stride = compact_order(function, &extent, &place, &part, (n, parts), true)?;
    Ok(Layout::from_parts(shape, S::rebuild(&stride, &mut 0)))
}

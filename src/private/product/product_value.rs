//! Products of typed layout *values* (ARCHITECTURE.md, "Typed algebra on
//! dynamic leaves: the plan", the paragraph on values): `a.logical_product(b)`
//! and its regroupings for typed layouts of any nesting, a typed layout
//! from straight-line code or an [`AlgebraError`] naming the values.
//! `blocked_product` and `raked_product` are in `product_ranked.rs`,
//! `tile_to_shape` in `tile_to_shape.rs`, the by-mode tilers in
//! `product_by_mode.rs`; the complement all share is `product_holes.rs`'s,
//! its composition with `B` (the copies) `product_copies.rs`'s.

use crate::__private::algebra::AlgebraError;
use crate::__private::fits_gate::gated_after;
use crate::__private::fits_value::{FitsCore, Role};
use crate::__private::layout::Layout;
use crate::__private::list::{Cons, IntoTuple, Nil};
use crate::__private::product_copies::{ProductCopies, ProductTile};
use crate::__private::product_regroup::Regroup;
use crate::__private::tree::{Mode, Tree};

/// CuTe's products of a typed layout value by a tile `B`: `logical_product`
/// and its regroupings `zipped_product`, `tiled_product`, `flat_product`.
///
/// `B` is a typed [`Layout`] of any nesting with `usize` offsets, an
/// extent `C<N>` or `usize` (`n` is the layout `n:1`), or a by-mode
/// tiler: a tuple of those, at most one per top-level mode of `self` (mode
/// `i` multiplied by `Bi`, the modes past the tiler kept, as CuTe).
///
/// **The values** are CuTe's definition,
/// `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`,
/// computed by straight-line code: the complement walks `A`'s leaves in the
/// order of their strides (sorted while compiling when every stride is
/// static; with a dynamic stride among several leaves, which CuTe's
/// complement refuses, by a small sort at run time: every hole is a
/// `usize`, so the order never changes the type), and where a stride is not a multiple of the
/// span below it, CuTe rounds the hole down; that answer is exact only
/// while `B` reaches the copies below that hole, so it is taken there and
/// refused beyond (the rule `layout!(type logical_product(…))` of
/// written-out layouts follows). The composition is [`Compose`](crate::__private::Compose)'s, each
/// step checked. A value that breaks a condition is an [`AlgebraError`]
/// naming the values and this function; never a layout that differs from
/// CuTe's product.
///
/// **The nesting** depends on the operands' nestings only (a value cannot
/// choose a type): `A` keeps its nesting and leaf types; the copies
/// `complement ∘ B` have `B`'s nesting with each leaf of `B` a mode of one
/// `usize` sub-mode per hole (`A`'s leaves and one more), the nesting
/// CuTe gives when every leaf is dynamic (where a hole is a static 1,
/// CuTe drops it; here it stays, of extent 1: the same function).
/// `zipped_product` by one layout is `logical_product` (CuTe's
/// `tile_unzip` keeps the two modes); `tiled_product` lifts the copies'
/// modes to the top, `flat_product` `A`'s too; a part of one mode stays
/// whole, as CuTe slices it with a plain `_`.
///
/// **Naming the result**: `Self::Logical` etc., which
/// `layout_type!(type logical_product(#A, #B))` writes for a struct field
/// or a signature, `#A` a typed layout's type there:
///
/// ```
/// use layout_dsl::typed::{AlgebraError, Product};
/// use layout_dsl::{layout, layout_type};
/// type Rows = layout_type!((m,n):(s,t));
/// type Copies = layout_type!(type logical_product(#Rows, 2:1));
/// fn doubled(a: Rows) -> Result<Copies, AlgebraError> {
///     a.logical_product(layout!(type 2:1))
/// }
/// let (m, n, s, t) = (2, 3, 12, 1);
/// assert_eq!(doubled(layout!((m,n):(s,t)))?.size(), 12);
/// # Ok::<(), AlgebraError>(())
/// ```
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Layout, Product};
/// let m = 4;
/// let a = layout!(type (m,2):(1,8)); // two columns of m, 8 apart
/// let p = a.logical_product(layout!(type 4:1)).unwrap();
/// // A's holes, one sub-mode each: below stride 1 (empty), below stride 8
/// // (8/4 = 2), and the rest.
/// let _: Layout<((usize, C<2>), (usize, usize, usize)), ((C<1>, C<8>), (usize, usize, usize))> = p;
/// assert_eq!(p.to_string(), "((4,2),(1,2,2)):((1,8),(0,4,16))");
/// assert_eq!(p.crd2idx(((3, 1), 2)), 3 + 8 + 16);
/// // By-mode: each mode of A times its tile, regrouped.
/// let t = layout!(type (m,3):(1,4)).tiled_product((C::<2>, 4)).unwrap();
/// // ((A0,A1), copies of mode 0, copies of mode 1): 3 strided by 4,
/// // copied 4 times at stride 1, fills the holes between them.
/// assert_eq!(t.to_string(), "((4,3),(1,2),(4,1)):((1,4),(0,4),(1,0))");
/// // Dynamic strides: the holes are ordered at run time (stride 1 below
/// // 12): the second copy fills the hole of 12/3 at stride 3, CuTe's
/// // `((2,3),2):((12,1),3)` with the holes of extent 1 kept.
/// let (s, t) = (12, 1);
/// let d = layout!((2,3):(s,t)).logical_product(2).unwrap();
/// assert_eq!(d.to_string(), "((2,3),(1,2,1)):((12,1),(0,3,0))");
/// // A stride the span below does not divide: CuTe's rounded hole holds
/// // two copies of three rows below stride 8, and B needs four.
/// let m = 3;
/// let e = layout!(type (m,2):(1,8)).logical_product(4).unwrap_err();
/// assert_eq!(e.to_string(), layout_dsl::typed::AlgebraError::NotComplementable {
///     function: "logical_product", stride: 8, span: 3 }.to_string());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no typed product by `{B}`: tile by a layout, an extent or ≤ one per mode (CuTe: \"Too many modes in tiler\"), `usize` offsets, the left ≤ 11 leaves"
)]
pub trait Product<B> {
    /// The layout `logical_product` gives.
    type Logical;
    /// The layout `zipped_product` gives.
    type Zipped;
    /// The layout `tiled_product` gives.
    type Tiled;
    /// The layout `flat_product` gives.
    type Flat;
    /// CuTe's `logical_product(A, B)`: `(A, complement(A, size(A)·cosize(B)) ∘ B)`.
    fn logical_product(&self, b: B) -> Result<Self::Logical, AlgebraError>;
    /// CuTe's `zipped_product(A, B)`: `((A…), (copies…))`.
    fn zipped_product(&self, b: B) -> Result<Self::Zipped, AlgebraError>;
    /// CuTe's `tiled_product(A, B)`: `((A…), copy0, copy1, …)`.
    fn tiled_product(&self, b: B) -> Result<Self::Tiled, AlgebraError>;
    /// CuTe's `flat_product(A, B)`: `(A0, A1, …, copy0, copy1, …)`.
    fn flat_product(&self, b: B) -> Result<Self::Flat, AlgebraError>;
}

/// A list of modes as the top of a result: a list of one mode becomes
/// that mode as a tuple of one (CuTe's `repeat<1>(_)` is a plain `_`).
#[doc(hidden)]
pub trait Lift {
    /// The modes.
    type Out;
    /// The modes.
    fn lift(self) -> Self::Out;
}

impl<X> Lift for Cons<X, Nil> {
    type Out = Cons<(X,), Nil>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lift(self) -> Self::Out {
        Cons((self.0,), Nil)
    }
}

impl<X, Y, R> Lift for Cons<X, Cons<Y, R>> {
    type Out = Self;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lift(self) -> Self {
        self
    }
}

/// The tuple of a list.
pub(in crate::__private) type Tup<L> = <L as IntoTuple>::Tuple;
/// The copies' shape and stride of `Layout<S, D>` by `B`.
pub(in crate::__private) type CopiesS<S, D, B> = <Layout<S, D> as ProductCopies<B>>::Shape;
pub(in crate::__private) type CopiesD<S, D, B> = <Layout<S, D> as ProductCopies<B>>::Stride;
/// `A`'s shape `S` and stride `D` regrouped with the copies by `B`: one
/// of [`Regroup`]'s types (`$item`).
macro_rules! regrouped {
    ($item:ident, $S:ty, $D:ty, $B:ty) => {
        <$S as Regroup<$D, CopiesS<$S, $D, $B>, CopiesD<$S, $D, $B>>>::$item
    };
}

// `tiled_product`'s and `flat_product`'s regrouping is one bound, matched
// by one impl (`Regroup`): a walk of type-level lists here was proven for
// every `logical_product` and `zipped_product` too.
#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, B: ProductTile> Product<B> for Layout<S, D>
where
    Self: ProductCopies<B>,
    S: Regroup<D, CopiesS<S, D, B>, CopiesD<S, D, B>>,
    // The regroupings' leaves are the logical result's, in the same order:
    // checked as it (one bound on this impl, proven for every product,
    // rather than three).
    Layout<(S, CopiesS<S, D, B>), (D, CopiesD<S, D, B>)>: FitsCore,
{
    type Logical = Layout<(S, CopiesS<S, D, B>), (D, CopiesD<S, D, B>)>;
    type Zipped = Self::Logical;
    type Tiled = Layout<regrouped!(TiledS, S, D, B), regrouped!(TiledD, S, D, B)>;
    type Flat = Layout<regrouped!(FlatS, S, D, B), regrouped!(FlatD, S, D, B)>;

    #[inline]
    fn logical_product(&self, b: B) -> Result<Self::Logical, AlgebraError> {
        let (xs, xd) = ok_or_return!(self.copies(b, "logical_product"));
        let result = Layout::from_parts((self.shape(), xs), (self.stride(), xd));
        gated_after::<_, _, _, 2, 2>(
            "logical_product",
            self,
            &b.tile(),
            Role::Spanned,
            result,
            Role::Result,
        )
    }

    #[inline]
    fn zipped_product(&self, b: B) -> Result<Self::Zipped, AlgebraError> {
        let (xs, xd) = ok_or_return!(self.copies(b, "zipped_product"));
        let result = Layout::from_parts((self.shape(), xs), (self.stride(), xd));
        gated_after::<_, _, _, 2, 2>(
            "zipped_product",
            self,
            &b.tile(),
            Role::Spanned,
            result,
            Role::Result,
        )
    }

    #[inline]
    fn tiled_product(&self, b: B) -> Result<Self::Tiled, AlgebraError> {
        let (xs, xd) = ok_or_return!(self.copies(b, "tiled_product"));
        let logical = Layout::from_parts((self.shape(), xs), (self.stride(), xd));
        let logical = gated_after::<_, _, _, 2, 2>(
            "tiled_product",
            self,
            &b.tile(),
            Role::Spanned,
            logical,
            Role::Result,
        )?;
        let ((shape, xs), (stride, xd)) = logical.into_parts();
        let (shape, stride) = shape.tiled(stride, xs, xd);
        Ok(Layout::from_parts(shape, stride))
    }

    #[inline]
    fn flat_product(&self, b: B) -> Result<Self::Flat, AlgebraError> {
        let (xs, xd) = ok_or_return!(self.copies(b, "flat_product"));
        let logical = Layout::from_parts((self.shape(), xs), (self.stride(), xd));
        let logical = gated_after::<_, _, _, 2, 2>(
            "flat_product",
            self,
            &b.tile(),
            Role::Spanned,
            logical,
            Role::Result,
        )?;
        let ((shape, xs), (stride, xd)) = logical.into_parts();
        let (shape, stride) = shape.flat(stride, xs, xd);
        Ok(Layout::from_parts(shape, stride))
    }
}

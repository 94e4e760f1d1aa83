//! CuTe's layout functions applied to typed tensors, as methods: the same
//! engine and base under the typed layout function of the layout
//! ([`Coalesce`], [`Layout::coalesce_static`], [`Layout::flatten`],
//! [`Layout::group`], [`FilterZeros`], [`Compose`]), so the result's
//! nesting is fixed while compiling, a static leaf stays static and the
//! run-time work is the layout function's straight-line code. The tensor
//! is taken by value: a borrowed engine gives a view, an owned one is
//! moved ([`Tensor::by_ref`] keeps the owner).
//!
//! Which results need a check against the engine: `flatten`,
//! `group_modes` and both coalesces are the same function of the index,
//! so the same offsets; `filter_zeros` keeps every coordinate whose
//! extent stays and drops only repeats under a stride 0, a subset of the
//! offsets: none of them is checked again. A composition's offsets are
//! the tensor's where the right side stays inside its size, and past it
//! otherwise: checked.

use super::Tensor;
use super::engine::Engine;
use super::layout::AsLayout;
use super::recast::RelayoutError;
use crate::__private::{
    AlgebraError, AsModes, AtRank, Coalesce, CoalescedModes, Compose, FilterZeros, Flatten, Group,
    Grouped, Layout, Mode, Offset, Poisoned, StaticFlat, Tree, poisoned,
};

/// `t`'s engine and base under `layout`, which has only offsets of `t`'s
/// layout (the module docs say which functions): no check.
#[inline(always)]
fn same_offsets<E, L, M>(t: Tensor<E, L>, layout: M) -> Tensor<E, M> {
    Tensor {
        engine: t.engine,
        layout,
        base: t.base,
    }
}

/// A typed layout whose modes `B..E` gather into one: what
/// [`Tensor::group_modes`] asks of the tensor's layout, so that a range
/// past the rank is one error at the method naming `group_modes`
/// (`ui-tests/tensor/group_modes_wrong_range.rs`). Implemented for every
/// typed layout whose [`Layout::group`] takes `B..E`.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::typed::GroupModes;
/// let l = layout!(type (2,3,4):(1,2,6));
/// assert_eq!(GroupModes::<1, 3>::group_modes(&l).to_string(), "(2,(3,4)):(1,(2,6))");
/// ```
#[diagnostic::on_unimplemented(
    message = "`group_modes::<{B}, {E}>()`: the tensor's layout `{Self}` has no modes {B}..{E}",
    note = "group_modes needs B ≤ E ≤ the layout's rank (a single extent has rank 1)"
)]
pub trait GroupModes<const B: usize, const E: usize> {
    /// The grouped layout.
    type Out;
    /// The grouped layout ([`Layout::group`]).
    fn group_modes(&self) -> Self::Out;
}

#[diagnostic::do_not_recommend]
impl<const B: usize, const E: usize, S, D, I> GroupModes<B, E> for Layout<S, D, I>
where
    S: Mode<D> + AsModes,
    D: Tree + AsModes,
    I: Offset,
    S::Modes: Group<B, E, D::Modes>,
{
    type Out = Grouped<S, D, B, E, I>;
    #[inline]
    fn group_modes(&self) -> Self::Out {
        self.group::<B, E>()
    }
}

/// The layout [`Tensor::coalesce_static`] gives at rank `R`.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::{typed::CoalescedStatic, Tensor};
/// use layout_dsl::typed::C;
/// type Rows = CoalescedStatic<(C<4>, C<8>), (C<8>, C<1>), 2, usize>;
/// let data = [0u8; 32];
/// let t = Tensor::new(&data[..], layout!(type (4,8):(8,1))).unwrap();
/// let c: Tensor<&[u8], Rows> = t.coalesce_static::<2>().unwrap();
/// assert_eq!(c.layout().to_string(), "(4,8):(8,1)");
/// ```
pub type CoalescedStatic<S, D, const R: usize, I> = Layout<
    <AtRank<R> as CoalescedModes<<S as Flatten>::Out, <D as Flatten>::Out>>::Shape,
    <AtRank<R> as CoalescedModes<<S as Flatten>::Out, <D as Flatten>::Out>>::Stride,
    I,
>;

impl<E, S: Mode<D>, D: Tree, I: Offset> Tensor<E, Layout<S, D, I>> {
    /// CuTe's `coalesce(tensor)` on a typed tensor: [`Coalesce`] of its
    /// layout, every leaf keeping its type (a typed value's coalesce
    /// merges nothing, since its rank would depend on the numbers;
    /// [`Tensor::coalesce_static`] gives CuTe's merged layout of an
    /// all-static one). The same elements in the same order.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::typed::{C, Layout};
    /// let data: Vec<u32> = (0..24).collect();
    /// let n = 4;
    /// let t = Tensor::new(&data[..], layout!((3,(2,n)):(1,(3,6)))).unwrap();
    /// let c = t.coalesce().unwrap();
    /// let _: &Layout<(C<3>, C<2>, usize), (C<1>, C<3>, C<6>)> = c.layout();
    /// assert_eq!(c.layout().to_string(), "(3,2,4):(1,3,6)");
    /// assert!(c.iter().eq(t.iter()));
    /// ```
    #[inline]
    #[allow(clippy::type_complexity)]
    pub fn coalesce(self) -> Result<Tensor<E, <Layout<S, D, I> as Coalesce>::Out>, AlgebraError>
    where
        Layout<S, D, I>: Coalesce,
    {
        let layout = self.layout.coalesce()?;
        Ok(same_offsets(self, layout))
    }

    /// CuTe's `coalesce(tensor)` of a tensor over an all-static typed
    /// layout: [`Layout::coalesce_static`], CuTe's merged modes with every
    /// leaf static, at the rank `R` of CuTe's answer, which the caller
    /// names (a type cannot follow it on stable Rust; another `R` is a
    /// compile error naming CuTe's rank).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::Tensor;
    /// let data: Vec<u32> = (0..48).collect();
    /// let t = Tensor::new(&data[..], layout!(type ((2,4),(3,2)):((1,2),(8,24)))).unwrap();
    /// let c = t.coalesce_static::<1>().unwrap();
    /// assert_eq!(c.layout().to_string(), "48:1");
    /// assert_eq!(core::mem::size_of_val(c.layout()), 0);
    /// assert_eq!(c[47], 47);
    /// ```
    #[inline]
    pub fn coalesce_static<const R: usize>(
        self,
    ) -> Result<Tensor<E, CoalescedStatic<S, D, R, I>>, AlgebraError>
    where
        S: Flatten<Out: StaticFlat>,
        D: Flatten<Out: StaticFlat>,
        AtRank<R>: CoalescedModes<S::Out, D::Out>,
        <AtRank<R> as CoalescedModes<S::Out, D::Out>>::Shape:
            Mode<<AtRank<R> as CoalescedModes<S::Out, D::Out>>::Stride>,
        <AtRank<R> as CoalescedModes<S::Out, D::Out>>::Stride: Tree,
    {
        let layout = self.layout.coalesce_static::<R>()?;
        Ok(same_offsets(self, layout))
    }

    /// CuTe's `flatten(tensor)` on a typed tensor: [`Layout::flatten`],
    /// every leaf at one level and of its own type.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::typed::{C, Layout};
    /// let data: Vec<u32> = (0..24).collect();
    /// let k = 4;
    /// let t = Tensor::new(&data[..], layout!(type (3,(2,k)):(1,(3,6)))).unwrap();
    /// let f = t.flatten();
    /// let _: &Layout<(C<3>, C<2>, usize), (C<1>, C<3>, C<6>)> = f.layout();
    /// assert_eq!(f[(2, 1, 3)], 2 + 3 + 18);
    /// ```
    #[inline]
    pub fn flatten(self) -> Tensor<E, Layout<S::Out, D::Out, I>>
    where
        S: Flatten,
        D: Flatten,
    {
        let layout = self.layout.flatten();
        same_offsets(self, layout)
    }

    /// CuTe's `group_modes<B,E>(tensor)` on a typed tensor:
    /// [`Layout::group`], modes `B..E` gathered into one. `B ≤ E ≤ rank`,
    /// else a compile error.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::Tensor;
    /// let data: Vec<u32> = (0..24).collect();
    /// let t = Tensor::new(&data[..], layout!(type (2,3,4):(1,2,6))).unwrap();
    /// let g = t.group_modes::<1, 3>();
    /// assert_eq!(g.layout().to_string(), "(2,(3,4)):(1,(2,6))");
    /// assert_eq!(g[(1, (2, 3))], 1 + 4 + 18);
    /// ```
    #[inline]
    pub fn group_modes<const B: usize, const EN: usize>(
        self,
    ) -> Tensor<E, <Layout<S, D, I> as GroupModes<B, EN>>::Out>
    where
        Layout<S, D, I>: GroupModes<B, EN>,
    {
        let layout = self.layout.group_modes();
        same_offsets(self, layout)
    }

    /// CuTe's `filter_zeros(tensor)` on a typed tensor: [`FilterZeros`],
    /// each extent under a stride 0 replaced by 1, the nesting and strides
    /// kept.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::Tensor;
    /// let data: Vec<u32> = (0..6).collect();
    /// let t = Tensor::new(&data[..], layout!(type (4,(2,3)):(0,(1,2)))).unwrap();
    /// let f = t.filter_zeros().unwrap();
    /// assert_eq!(f.layout().to_string(), "(1,(2,3)):(0,(1,2))");
    /// assert_eq!(f.iter().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
    /// ```
    #[inline]
    #[allow(clippy::type_complexity)]
    pub fn filter_zeros(
        self,
    ) -> Result<Tensor<E, <Layout<S, D, I> as FilterZeros>::Out>, AlgebraError>
    where
        Layout<S, D, I>: FilterZeros,
    {
        let layout = self.layout.filter_zeros()?;
        Ok(same_offsets(self, layout))
    }
}

impl<E: Engine, S: Mode<D>, D: Tree> Tensor<E, Layout<S, D>> {
    /// CuTe's `composition(tensor, tiler)` on a typed tensor: [`Compose`]
    /// of its layout with `b` (a typed layout, an extent, or a by-mode
    /// tiler), element `i` of the result being element `b(i)` of the
    /// tensor. The result is checked against the engine: a `b` that
    /// reaches past the tensor's size reads where the layout continues,
    /// refused if that leaves the storage.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::Tensor;
    /// let data: Vec<u32> = (0..32).collect();
    /// let m = 4;
    /// let t = Tensor::new(&data[..], layout!((m,8):(1,m))).unwrap();
    /// let picked = t.composition(layout!(type (4,2):(2,8))).unwrap();
    /// assert_eq!(picked.iter().copied().collect::<Vec<_>>(), [0, 2, 4, 6, 8, 10, 12, 14]);
    /// // Past the storage: refused.
    /// assert!(t.composition(layout!(type 8:5)).is_err());
    /// ```
    #[inline]
    #[allow(clippy::type_complexity)]
    pub fn composition<B>(
        self,
        b: B,
    ) -> Result<
        Tensor<
            E,
            Layout<<Layout<S, D> as Compose<B>>::Shape, <Layout<S, D> as Compose<B>>::Stride>,
        >,
        RelayoutError,
    >
    where
        Layout<S, D>: Compose<B>,
        Layout<<Layout<S, D> as Compose<B>>::Shape, <Layout<S, D> as Compose<B>>::Stride>: AsLayout,
    {
        let layout = self.layout.composition(b)?;
        Ok(Tensor::at_base(self.engine, layout, self.base)?)
    }
}

/// What the typed composition of a tensor with a negative stride
/// (`isize` offsets) would ask of its operand: implemented by nothing,
/// since [`Compose`] takes layouts of `usize` offsets. It exists so that
/// `t.composition(b)` on such a tensor is one error at the call that says
/// so and names the way through the core, not "no method named
/// `composition`".
#[diagnostic::on_unimplemented(
    message = "the typed `composition` takes a tensor of `usize` offsets, and this one has a negative stride (`isize` offsets)",
    note = "compose it in the core: `layout_dsl::tensor::composition(t, tiler)`"
)]
pub trait ComposeNegative {
    /// Never called: there is no implementation.
    fn unreachable(self) -> core::convert::Infallible;
}

impl<E, S: Mode<D>, D: Tree> Tensor<E, Layout<S, D, isize>> {
    /// A tensor with a negative stride has no typed composition yet
    /// ([`Compose`] takes layouts of `usize` offsets): a call does not
    /// compile, its error naming [`layout_dsl::tensor::composition`](crate::tensor::composition),
    /// which composes it in the core.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::{composition, Tensor};
    /// use layout_dsl::Layout;
    /// let data: Vec<u32> = (0..16).collect();
    /// let t = Tensor::at_base(&data[..], layout!(type (4,3):(-1,4)), 3).unwrap();
    /// let c = composition(t, "(2,3):(2,4)".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(c.layout().to_string(), "(2,3):(-2,4)");
    /// assert_eq!(c.iter().copied().collect::<Vec<_>>(), [3, 1, 7, 5, 11, 9]);
    /// ```
    #[allow(unreachable_code)] // `B` has no value: the bound holds for no type
    pub fn composition<B: ComposeNegative>(self, b: B) -> Result<Self, RelayoutError> {
        match b.unreachable() {}
    }
}

/// A tensor over a failed `layout!` (its stand-in, `Poisoned`) has the
/// same methods, each accepting anything, so that the one error at the
/// macro is the only one (`ui-tests/fallback/tensor_vocab.rs`). Nothing
/// here runs: the crate did not compile.
impl<E, I, K> Tensor<E, Poisoned<I, K>> {
    #[doc(hidden)]
    pub fn coalesce(self) -> Result<Tensor<E, Poisoned<I>>, AlgebraError> {
        poisoned()
    }
    #[doc(hidden)]
    pub fn coalesce_static<const R: usize>(self) -> Result<Tensor<E, Poisoned<I>>, AlgebraError> {
        poisoned()
    }
    #[doc(hidden)]
    pub fn flatten(self) -> Tensor<E, Poisoned<I>> {
        poisoned()
    }
    #[doc(hidden)]
    pub fn group_modes<const B: usize, const EN: usize>(self) -> Tensor<E, Poisoned<I>> {
        poisoned()
    }
    #[doc(hidden)]
    pub fn filter_zeros(self) -> Result<Tensor<E, Poisoned<I>>, AlgebraError> {
        poisoned()
    }
    #[doc(hidden)]
    pub fn composition<B>(self, _: B) -> Result<Tensor<E, Poisoned<usize>>, RelayoutError> {
        poisoned()
    }
    #[doc(hidden)]
    pub fn recast<U>(self) -> Result<Tensor<&'static [U], Poisoned<I>>, RelayoutError> {
        poisoned()
    }
}

//! CuTe's mode access and mode editing as methods of typed layouts: the
//! result is a typed layout whose nesting the traits of edit.rs compute
//! while compiling. Leaves are moved, never recomputed, so a static leaf
//! stays static and the code is a few moves. Each method is the core's
//! function of the same name (`layout_core::take`, …; tests/typed_edit.rs
//! checks them against it).

use super::edit::{Append, AsModes, Flatten, Group, Prepend, Replace, Select, Take};
use super::int::Offset;
use super::layout::Layout;
use super::mode::Get;
use super::tree::{Mode, Shape, Tree};

/// The tuple of `S`'s top-level modes (a single extent is one).
type Modes<S> = <S as AsModes>::Modes;

/// What `take::<B, E>()` returns.
pub type Taken<S, D, const B: usize, const E: usize, I> = Layout<
    <Modes<S> as Take<B, E, Modes<D>>>::Shape,
    <Modes<S> as Take<B, E, Modes<D>>>::Stride,
    I,
>;
/// What `group::<B, E>()` returns.
pub type Grouped<S, D, const B: usize, const E: usize, I> = Layout<
    <Modes<S> as Group<B, E, Modes<D>>>::Shape,
    <Modes<S> as Group<B, E, Modes<D>>>::Stride,
    I,
>;
/// What `append(mode)` of a mode of shape `X`, stride `Y` returns.
pub type Appended<S, D, X, Y, I> = Layout<
    <Modes<S> as Append<X, Y, Modes<D>>>::Shape,
    <Modes<S> as Append<X, Y, Modes<D>>>::Stride,
    I,
>;
/// What `prepend(mode)` of a mode of shape `X`, stride `Y` returns.
pub type Prepended<S, D, X, Y, I> = Layout<
    <Modes<S> as Prepend<X, Y, Modes<D>>>::Shape,
    <Modes<S> as Prepend<X, Y, Modes<D>>>::Stride,
    I,
>;
/// What `replace::<K>(mode)` of a mode of shape `X`, stride `Y` returns.
pub type Replaced<S, D, const K: usize, X, Y, I> =
    Layout<<S as Replace<K, X, Y, D>>::Shape, <S as Replace<K, X, Y, D>>::Stride, I>;

impl<S: Mode<D>, D: Tree, I: Offset> Layout<S, D, I> {
    /// The rank of mode `K` (CuTe's `rank<K>(l)`).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let n = 8;
    /// let l = layout!(((2,4,3),n):((1,2,8),24));
    /// assert_eq!((l.mode_rank::<0>(), l.mode_rank::<1>()), (3, 1));
    /// ```
    pub const fn mode_rank<const K: usize>(&self) -> usize
    where
        S: Get<K, D, Mode: Shape>,
    {
        <S::Mode as Shape>::RANK
    }

    /// The nesting depth of mode `K` (CuTe's `depth<K>(l)`).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let l = layout!(((2,(2,2)),8):((1,(2,4)),8));
    /// assert_eq!((l.mode_depth::<0>(), l.mode_depth::<1>()), (2, 0));
    /// ```
    pub const fn mode_depth<const K: usize>(&self) -> usize
    where
        S: Get<K, D, Mode: Shape>,
    {
        <S::Mode as Shape>::DEPTH
    }

    /// The cosize of mode `K` as a layout of its own (CuTe's `cosize<K>(l)`).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let m = 5;
    /// let l = layout!((m,(2,4)):(1,(m,16)));
    /// assert_eq!(l.mode_cosize::<1>(), 1 + 5 + 3 * 16);
    /// ```
    #[inline]
    pub fn mode_cosize<const K: usize>(&self) -> I
    where
        S: Get<K, D, Mode: Mode<S::StrideMode>, StrideMode: Tree>,
    {
        self.mode::<K>().cosize()
    }

    /// Modes `B..E` as a layout (CuTe's `take<B,E>`): a tuple even of one
    /// mode. `B < E ≤ rank`, else a compile error.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::typed::{C, Layout};
    /// let k = 5;
    /// let l = layout!((2,3,k,4):(1,2,6,30));
    /// let t: Layout<(usize, C<4>), (C<6>, C<30>)> = l.take::<2, 4>();
    /// assert_eq!(t.to_string(), "(5,4):(6,30)");
    /// ```
    #[inline]
    pub fn take<const B: usize, const E: usize>(&self) -> Taken<S, D, B, E, I>
    where
        S: AsModes,
        D: AsModes,
        Modes<S>: Take<B, E, Modes<D>>,
    {
        let (shape, stride) = self.shape().as_modes().take(self.stride().as_modes());
        Layout::from_trees(shape, stride)
    }

    /// The modes `Sel` names, in that order, repeats allowed (CuTe's
    /// `select<I…>`): `Sel` is a tuple of [`Ix`](super::Ix).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::typed::{C, Ix, Layout};
    /// let m = 7;
    /// let l = layout!((m,3,4):(1,m,21));
    /// let s: Layout<(C<4>, usize, C<4>), (C<21>, C<1>, C<21>)> =
    ///     l.select::<(Ix<2>, Ix<0>, Ix<2>)>();
    /// assert_eq!(s.to_string(), "(4,7,4):(21,1,21)");
    /// ```
    #[inline]
    pub fn select<Sel: Select<S, D>>(&self) -> Layout<Sel::Shape, Sel::Stride, I> {
        let (shape, stride) = Sel::select(self.shape(), self.stride());
        Layout::from_trees(shape, stride)
    }

    /// Modes `B..E` gathered into one mode (CuTe's `group<B,E>`): the
    /// same function; `B = E` changes nothing. `B ≤ E ≤ rank`, else a
    /// compile error.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let n = 5;
    /// let l = layout!((2,3,4,n):(1,2,6,24));
    /// let g = l.group::<1, 3>();
    /// assert_eq!(g.to_string(), "(2,(3,4),5):(1,(2,6),24)");
    /// assert_eq!(g.mode::<1>().size(), 12);
    /// ```
    #[inline]
    pub fn group<const B: usize, const E: usize>(&self) -> Grouped<S, D, B, E, I>
    where
        S: AsModes,
        D: AsModes,
        Modes<S>: Group<B, E, Modes<D>>,
    {
        let (shape, stride) = self.shape().as_modes().group(self.stride().as_modes());
        Layout::from_trees(shape, stride)
    }

    /// `mode` as a new last mode (CuTe's `append`).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let m = 4;
    /// let l = layout!(m:1).append(layout!(type 2:4));
    /// assert_eq!(l.to_string(), "(4,2):(1,4)");
    /// assert_eq!(l.mode::<1>(), layout!(type 2:4));
    /// ```
    #[inline]
    pub fn append<X: Mode<Y>, Y: Tree>(&self, mode: Layout<X, Y, I>) -> Appended<S, D, X, Y, I>
    where
        S: AsModes,
        D: AsModes,
        Modes<S>: Append<X, Y, Modes<D>>,
    {
        let (shape, stride) =
            self.shape()
                .as_modes()
                .append(self.stride().as_modes(), mode.shape(), mode.stride());
        Layout::from_trees(shape, stride)
    }

    /// `mode` as a new first mode (CuTe's `prepend`).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let n = 3;
    /// let l = layout!((2,n):(1,2)).prepend(layout!(type 4:0));
    /// assert_eq!(l.to_string(), "(4,2,3):(0,1,2)");
    /// ```
    #[inline]
    pub fn prepend<X: Mode<Y>, Y: Tree>(&self, mode: Layout<X, Y, I>) -> Prepended<S, D, X, Y, I>
    where
        S: AsModes,
        D: AsModes,
        Modes<S>: Prepend<X, Y, Modes<D>>,
    {
        let (shape, stride) =
            self.shape()
                .as_modes()
                .prepend(self.stride().as_modes(), mode.shape(), mode.stride());
        Layout::from_trees(shape, stride)
    }

    /// Mode `K` replaced by `mode` (CuTe's `replace<K>`); a single
    /// extent's mode 0 is the whole layout. A wrong `K` is a compile error.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let n = 5;
    /// let l = layout!(((2,4),(3,n)):((3,6),(1,24)));
    /// let r = l.replace::<0, _, _>(layout!(type 3:0));
    /// assert_eq!(r.to_string(), "(3,(3,5)):(0,(1,24))");
    /// ```
    #[inline]
    pub fn replace<const K: usize, X: Mode<Y>, Y: Tree>(
        &self,
        mode: Layout<X, Y, I>,
    ) -> Replaced<S, D, K, X, Y, I>
    where
        S: Replace<K, X, Y, D>,
    {
        let (shape, stride) = self
            .shape()
            .replace(self.stride(), mode.shape(), mode.stride());
        Layout::from_trees(shape, stride)
    }

    /// Every leaf mode at one level (CuTe's `flatten`): the same function;
    /// a single extent stays one.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::typed::{C, Layout};
    /// let n = 5;
    /// let l = layout!(type ((2,4),(3,n)):((3,6),(1,24)));
    /// let f: Layout<(C<2>, C<4>, C<3>, usize), (C<3>, C<6>, C<1>, C<24>)> = l.flatten();
    /// assert_eq!(f.to_string(), "(2,4,3,5):(3,6,1,24)");
    /// // The same inside `layout!`, the layout named (`type flatten(#l)`).
    /// assert_eq!(layout!(type flatten(#l)), f);
    /// ```
    #[inline]
    pub fn flatten(&self) -> Layout<S::Out, D::Out, I>
    where
        S: Flatten,
        D: Flatten,
    {
        Layout::from_trees(self.shape().flatten(), self.stride().flatten())
    }
}

//! CuTe's `upcast<K>(layout)` and `downcast<K>(layout)` of a typed
//! layout: the two halves of [`Layout::recast_layout`] (which upcasts by
//! `p` and downcasts by `q`, `size(New)/size(Old) = p/q`), each alone.
//! They are that recast between `u8` and `[u8; K]` (a ratio of `K/1` or
//! `1/K`), so every leaf is computed by `recast_layout.rs`'s code, a
//! static leaf static (a static stride that does not rescale a compile
//! error, CuTe's static assertion) and a dynamic one checked at run time
//! as the core's `upcast`/`downcast` check it.

use super::algebra::AlgebraError;
use super::int::Offset;
use super::layout::Layout;
use super::recast_layout::{Recast, RecastTree};
use super::tree::{Mode, Tree};

/// What [`Layout::upcast`] returns: the recast from `u8` to `[u8; K]`.
pub type Upcast<S, D, const K: usize, I = usize> = Recast<S, D, u8, [u8; K], I>;

/// What [`Layout::downcast`] returns: the recast from `[u8; K]` to `u8`.
pub type Downcast<S, D, const K: usize, I = usize> = Recast<S, D, [u8; K], u8, I>;

impl<S: Mode<D>, D: Tree, I: Offset> Layout<S, D, I> {
    /// CuTe's `upcast<K>(layout)` on a typed layout: the layout in
    /// elements `K` times wider, leaf by leaf (the core's `upcast`): a
    /// stride 0 stays, a stride `d` becomes `sign(d)·⌈|d|/K⌉` and its
    /// extent `⌈s/⌈K/|d|⌉⌉`. The nesting is kept and a static leaf stays
    /// static; a dynamic stride that neither divides `K` nor is a
    /// multiple of it is refused (a static one is a compile error, as is
    /// `K = 0`).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let l = layout!(type ((8,2),4):((1,8),16));
    /// assert_eq!(l.upcast::<4>().unwrap().to_string(), "((2,2),4):((1,2),4)");
    /// let m = 6;
    /// assert_eq!(layout!((8,m):(1,8)).upcast::<2>().unwrap().to_string(), "(4,6):(1,4)");
    /// let d = 3;
    /// assert!(layout!((8,4):(1,d)).upcast::<2>().is_err());
    /// ```
    ///
    /// ```compile_fail,E0080
    /// use layout_dsl::layout;
    /// // A static stride of 3 neither divides 2 nor is a multiple of it.
    /// let _ = layout!(type 8:3).upcast::<2>();
    /// ```
    #[inline]
    pub fn upcast<const K: usize>(&self) -> Result<Upcast<S, D, K, I>, AlgebraError>
    where
        S: RecastTree<D, u8, [u8; K]>,
        <S as RecastTree<D, u8, [u8; K]>>::Shape: Mode<<S as RecastTree<D, u8, [u8; K]>>::Stride>,
        <S as RecastTree<D, u8, [u8; K]>>::Stride: Tree,
    {
        self.recast_leaves::<u8, [u8; K]>(false).map(|(l, _)| l)
    }

    /// CuTe's `downcast<K>(layout)` on a typed layout: the layout in
    /// elements `K` times narrower, leaf by leaf (the core's `downcast`):
    /// a stride ±1 mode `K` times longer, every other stride `K` times
    /// larger. Refused without a stride 1 (CuTe's "Downcast requires
    /// adjacent elements", `K = 1` included, as the core) or past `i64`;
    /// `K = 0` is a compile error.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let l = layout!(type (4,8):(8,1));
    /// let narrow = l.downcast::<2>().unwrap();
    /// assert_eq!(narrow.to_string(), "(4,16):(16,1)");
    /// assert_eq!(size_of_val(&narrow), 0);
    /// let n = 8;
    /// assert_eq!(layout!((4,n):(n,1)).downcast::<4>().unwrap().to_string(), "(4,32):(32,1)");
    /// // No stride 1: refused.
    /// assert!(layout!((4,n):(n,2)).downcast::<2>().is_err());
    /// ```
    #[inline]
    pub fn downcast<const K: usize>(&self) -> Result<Downcast<S, D, K, I>, AlgebraError>
    where
        S: RecastTree<D, [u8; K], u8>,
        <S as RecastTree<D, [u8; K], u8>>::Shape: Mode<<S as RecastTree<D, [u8; K], u8>>::Stride>,
        <S as RecastTree<D, [u8; K], u8>>::Stride: Tree,
    {
        self.recast_leaves::<[u8; K], u8>(true).map(|(l, _)| l)
    }
}

//! CuTe's layout functions applied to tensors (`coalesce(t)`, `flatten(t)`,
//! `group_modes<B,E>(t)`, `filter_zeros(t)`, `composition(t, tiler)`):
//! the same engine under the core's function of the layout, as CuTe's
//! `make_tensor(t.data(), f(t.layout()))`. Each takes what the divides
//! take ([`Partition`]: any tensor, a typed one included, or an identity
//! tensor), and gives what they give (a view over the core [`Layout`], the
//! engine moved: a borrowed one stays borrowed, an owned one is moved).
//! The typed forms, whose results keep the typed layout, are in
//! [`typed`](super::typed).
//!
//! Every result is built by [`Partition::rebuild`], which checks it
//! against the engine: a composition whose right side reaches past the
//! tensor's size reads where the layout continues, and is refused if that
//! leaves the storage.

use layout_core::{Error, Layout};

use super::partition::{IntoTiler, Partition};
use super::{Engine, Tensor};
use crate::cute_vocab::{coalesce, composition, filter_zeros, flatten};

/// The same data under `f` of the tensor's layout; checked.
pub(crate) fn relaid<T: Partition>(
    t: T,
    f: impl FnOnce(&Layout) -> Result<Layout, Error>,
) -> Result<T::Output, Error> {
    let layout = f(&*t.partition_layout()?).map_err(|e| t.explain(e))?;
    t.rebuild(&layout.clone(), layout, 0)
}

/// CuTe's `group_modes<B,E>(tensor)`: modes `B..E` gathered into one
/// ([`layout_core::group`]); a range past the rank is an error.
///
/// ```
/// use layout_dsl::tensor::{group_modes, Tensor};
/// use layout_dsl::Layout;
/// let data: Vec<u32> = (0..24).collect();
/// let l: Layout = "(2,3,4):(1,2,6)".parse().unwrap();
/// let t = Tensor::new(&data[..], l).unwrap();
/// let g = group_modes::<1, 3, _>(t.view()).unwrap();
/// assert_eq!(g.layout().to_string(), "(2,(3,4)):(1,(2,6))");
/// assert_eq!(g[(1, 5)], 1 + 2 * 2 + 6);
/// assert!(group_modes::<2, 4, _>(t.view()).is_err());
/// ```
pub fn group_modes<const B: usize, const E: usize, T: Partition>(t: T) -> Result<T::Output, Error> {
    relaid(t, |l| layout_core::group(l, B, E))
}

/// The same functions as methods of a tensor over a core [`Layout`], as
/// the typed tensors have them (`t.coalesce()`, `t.group_modes::<1, 3>()`).
impl<E: Engine> Tensor<E, Layout> {
    /// [`coalesce()`]: the same elements under the layout of fewest modes.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::Layout;
    /// let t = Tensor::new(vec![0u8; 32], "(4,8):(1,4)".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(t.coalesce().unwrap().layout().to_string(), "32:1");
    /// ```
    pub fn coalesce(self) -> Result<Tensor<E, Layout>, Error> {
        coalesce(self)
    }

    /// [`flatten()`]: every leaf mode at one level.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::Layout;
    /// let t = Tensor::new(vec![0u8; 24], "(3,(2,4)):(1,(3,6))".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(t.flatten().unwrap().layout().to_string(), "(3,2,4):(1,3,6)");
    /// ```
    pub fn flatten(self) -> Result<Tensor<E, Layout>, Error> {
        flatten(self)
    }

    /// [`group_modes()`]: modes `B..EN` gathered into one; a range past the
    /// rank is an error.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::Layout;
    /// let t = Tensor::new(vec![0u8; 24], "(2,3,4):(1,2,6)".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(t.group_modes::<0, 2>().unwrap().layout().to_string(), "((2,3),4):((1,2),6)");
    /// ```
    pub fn group_modes<const B: usize, const EN: usize>(self) -> Result<Tensor<E, Layout>, Error> {
        group_modes::<B, EN, _>(self)
    }

    /// [`filter_zeros()`]: each extent under a stride 0 replaced by 1.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::Layout;
    /// let t = Tensor::new(vec![0u8; 4], "(8,4):(0,1)".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(t.filter_zeros().unwrap().layout().to_string(), "(1,4):(0,1)");
    /// ```
    pub fn filter_zeros(self) -> Result<Tensor<E, Layout>, Error> {
        filter_zeros(self)
    }

    /// [`composition()`]: the tensor read through `tiler`; checked against
    /// the engine.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::Layout;
    /// let data: Vec<u32> = (0..32).collect();
    /// let t = Tensor::new(&data[..], "(4,8):(1,4)".parse::<Layout>().unwrap()).unwrap();
    /// let c = t.composition((2, 4)).unwrap();
    /// assert_eq!(c.iter().copied().collect::<Vec<_>>(), [0, 1, 4, 5, 8, 9, 12, 13]);
    /// ```
    pub fn composition(self, tiler: impl IntoTiler) -> Result<Tensor<E, Layout>, Error> {
        composition(self, tiler)
    }
}

//! CuTe's layout functions that take a layout or a tensor, one item per
//! name: `coalesce`, `flatten`, `filter_zeros`, `composition`, and the
//! four divides (`logical_divide`, …, defined in `tensor/partition.rs`
//! over [`DivideArg`]). The crate root and [`tensor`](crate::tensor)
//! export the same eight functions, so a
//! file that glob-imports both (`use layout_dsl::*; use
//! layout_dsl::tensor::*;`, as CuTe code has `using namespace cute;`)
//! names one item, not two. Each takes what its trait takes: a core
//! [`Layout`] by reference, giving the core's answer as before
//! ([`layout_core::coalesce`], …), or a tensor (anything the divides take,
//! [`Partition`]), giving the same data under that layout, checked against
//! the engine (`tensor::coalesce`'s docs).
//!
//! A function value for `&Layout` alone (`on_parts(l, layout_core::flatten)`)
//! is the core's own, `layout_core::…`: this one is generic over its
//! argument, so it is not `for<'a> fn(&'a Layout)`.

use layout_core::{Error, Layout, Tiler};

use crate::tensor::{IntoTiler, Partition};

/// What [`coalesce`] takes: a `&Layout` (the core's `coalesce`) or a tensor.
pub trait CoalesceArg {
    /// `Layout` for a layout, `Result<tensor, Error>` for a tensor.
    type Output;
    /// CuTe's `coalesce` of `self`.
    fn coalesce_arg(self) -> Self::Output;
}

/// What [`flatten`] takes: a `&Layout` (the core's `flatten`) or a tensor.
pub trait FlattenArg {
    /// `Layout` for a layout, `Result<tensor, Error>` for a tensor.
    type Output;
    /// CuTe's `flatten` of `self`.
    fn flatten_arg(self) -> Self::Output;
}

/// What [`filter_zeros`] takes: a `&Layout` (the core's `filter_zeros`)
/// or a tensor.
pub trait FilterZerosArg {
    /// `Layout` for a layout, `Result<tensor, Error>` for a tensor.
    type Output;
    /// CuTe's `filter_zeros` of `self`.
    fn filter_zeros_arg(self) -> Self::Output;
}

/// What [`composition`] takes on its left with `B` on its right: a
/// `&Layout` with a `&Tiler` (the core's `composition`), or a tensor with
/// anything [`IntoTiler`].
pub trait CompositionArg<B> {
    /// `Result<Layout, Error>` for a layout, `Result<tensor, Error>` for a
    /// tensor.
    type Output;
    /// CuTe's `composition(self, b)`.
    fn composition_arg(self, b: B) -> Self::Output;
}

/// What the divides (`logical_divide`, `zipped_divide`, `tiled_divide`,
/// `flat_divide`) take with the tiler `B`: a `&Layout` with a `&Tiler`
/// (the core's divide), or a tensor with anything [`IntoTiler`] (the
/// same data under the divided layout, checked).
///
/// ```
/// use layout_dsl::tensor::Tensor;
/// use layout_dsl::{Layout, Tiler, zipped_divide};
/// let l: Layout = "(4,6):(6,1)".parse().unwrap();
/// let mode = |t: &str| Tiler::from(t.parse::<Layout>().unwrap());
/// let tiler = Tiler::ByMode(vec![mode("2:1"), mode("3:1")]); // CuTe's Shape<_2,_3>
/// let d = zipped_divide(&l, &tiler).unwrap();
/// assert_eq!(d.to_string(), "((2,3),(2,2)):((6,1),(12,3))");
/// let data: Vec<u32> = (0..24).collect();
/// let tiles = zipped_divide(Tensor::new(&data[..], l).unwrap(), (2, 3)).unwrap();
/// assert_eq!(tiles.layout(), &d);
/// ```
pub trait DivideArg<B> {
    /// `Result<Layout, Error>` for a layout, `Result<tensor, Error>` for a
    /// tensor.
    type Output;
    /// `divide(self, b)`: the core's divide of a layout; of a tensor, its
    /// data under the divided layout.
    fn divide_arg(self, b: B, divide: fn(&Layout, &Tiler) -> Result<Layout, Error>)
    -> Self::Output;
}

impl DivideArg<&Tiler> for &Layout {
    type Output = Result<Layout, Error>;
    fn divide_arg(
        self,
        b: &Tiler,
        divide: fn(&Layout, &Tiler) -> Result<Layout, Error>,
    ) -> Result<Layout, Error> {
        divide(self, b)
    }
}

impl<T: Partition, B: IntoTiler> DivideArg<B> for T {
    type Output = Result<T::Output, Error>;
    fn divide_arg(
        self,
        b: B,
        divide: fn(&Layout, &Tiler) -> Result<Layout, Error>,
    ) -> Self::Output {
        crate::tensor::relayout(self, &b.into_tiler()?, divide)
    }
}

impl CoalesceArg for &Layout {
    type Output = Layout;
    fn coalesce_arg(self) -> Layout {
        layout_core::coalesce(self)
    }
}

impl FlattenArg for &Layout {
    type Output = Layout;
    fn flatten_arg(self) -> Layout {
        layout_core::flatten(self)
    }
}

impl FilterZerosArg for &Layout {
    type Output = Layout;
    fn filter_zeros_arg(self) -> Layout {
        layout_core::filter_zeros(self)
    }
}

impl CompositionArg<&Tiler> for &Layout {
    type Output = Result<Layout, Error>;
    fn composition_arg(self, b: &Tiler) -> Result<Layout, Error> {
        layout_core::composition(self, b)
    }
}

impl<T: Partition> CoalesceArg for T {
    type Output = Result<T::Output, Error>;
    fn coalesce_arg(self) -> Self::Output {
        crate::tensor::relaid(self, |l| Ok(layout_core::coalesce(l)))
    }
}

impl<T: Partition> FlattenArg for T {
    type Output = Result<T::Output, Error>;
    fn flatten_arg(self) -> Self::Output {
        crate::tensor::relaid(self, |l| Ok(layout_core::flatten(l)))
    }
}

impl<T: Partition> FilterZerosArg for T {
    type Output = Result<T::Output, Error>;
    fn filter_zeros_arg(self) -> Self::Output {
        crate::tensor::relaid(self, |l| Ok(layout_core::filter_zeros(l)))
    }
}

impl<T: Partition, B: IntoTiler> CompositionArg<B> for T {
    type Output = Result<T::Output, Error>;
    fn composition_arg(self, b: B) -> Self::Output {
        let tiler = b.into_tiler()?;
        crate::tensor::relaid(self, |l| layout_core::composition(l, &tiler))
    }
}

/// CuTe's `coalesce`: of a layout ([`layout_core::coalesce`], the layout
/// of fewest modes with the same function of the index), or of a tensor
/// (the same elements, in the same order, under that layout).
///
/// ```
/// use layout_dsl::tensor::Tensor;
/// use layout_dsl::{Layout, coalesce};
/// let l: Layout = "((2,4),(3,2)):((1,2),(8,24))".parse().unwrap();
/// assert_eq!(coalesce(&l).to_string(), "48:1");
/// let data: Vec<u32> = (0..48).collect();
/// let t = Tensor::new(&data[..], l).unwrap();
/// let c = coalesce(t.view()).unwrap();
/// assert_eq!(c.layout().to_string(), "48:1");
/// assert!(c.iter().eq(t.iter()));
/// ```
#[inline]
pub fn coalesce<A: CoalesceArg>(a: A) -> A::Output {
    a.coalesce_arg()
}

/// CuTe's `flatten`: every leaf mode at one level, of a layout
/// ([`layout_core::flatten`]) or of a tensor.
///
/// ```
/// use layout_dsl::tensor::Tensor;
/// use layout_dsl::{Layout, flatten};
/// let l: Layout = "(3,(2,4)):(1,(3,6))".parse().unwrap();
/// assert_eq!(flatten(&l).to_string(), "(3,2,4):(1,3,6)");
/// let data: Vec<u32> = (0..24).collect();
/// let f = flatten(Tensor::new(&data[..], l).unwrap()).unwrap();
/// assert_eq!(f.layout().to_string(), "(3,2,4):(1,3,6)");
/// assert_eq!(f[(2, 1, 3)], 2 + 3 + 18);
/// ```
#[inline]
pub fn flatten<A: FlattenArg>(a: A) -> A::Output {
    a.flatten_arg()
}

/// CuTe's `filter_zeros`: each extent under a stride 0 replaced by 1, of
/// a layout ([`layout_core::filter_zeros`]) or of a tensor (the broadcast
/// copies go, every other coordinate keeps its element).
///
/// ```
/// use layout_dsl::tensor::Tensor;
/// use layout_dsl::{Layout, filter_zeros};
/// let l: Layout = "(4,(2,3)):(0,(1,2))".parse().unwrap();
/// assert_eq!(filter_zeros(&l).to_string(), "(1,(2,3)):(0,(1,2))");
/// let data: Vec<u32> = (0..6).collect();
/// let f = filter_zeros(Tensor::new(&data[..], l).unwrap()).unwrap();
/// assert_eq!(f.iter().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
/// ```
#[inline]
pub fn filter_zeros<A: FilterZerosArg>(a: A) -> A::Output {
    a.filter_zeros_arg()
}

/// CuTe's `composition`: of a layout and a [`Tiler`]
/// ([`layout_core::composition`]), or of a tensor read through a tiler (a
/// layout, a shape, or a by-mode tiler, as the divides take it), element
/// `i` of the result being element `tiler(i)` of the tensor. A tiler that
/// reaches past the tensor's size reads where its layout continues; the
/// result is checked against the engine, and refused if that leaves the
/// storage.
///
/// ```
/// use layout_dsl::tensor::Tensor;
/// use layout_dsl::{Layout, Tiler, composition};
/// let a: Layout = "(4,8):(1,4)".parse().unwrap();
/// let b: Layout = "8:3".parse().unwrap();
/// let core = composition(&a, &Tiler::from(b.clone())).unwrap(); // the core's layout
/// let data: Vec<u32> = (0..32).collect();
/// let t = Tensor::new(&data[..], a).unwrap();
/// // Every third element, as CuTe's composition(t, 8:3):
/// let every_third = composition(t.view(), b).unwrap();
/// assert_eq!(every_third.iter().copied().collect::<Vec<_>>(), [0, 3, 6, 9, 12, 15, 18, 21]);
/// assert_eq!(every_third.layout(), &core);
/// // The first 2x4 block, by a shape:
/// let block = composition(t.view(), (2, 4)).unwrap();
/// assert_eq!(block.layout().to_string(), "(2,4):(1,4)");
/// // Past the storage: refused.
/// assert!(composition(t.view(), "8:5".parse::<Layout>().unwrap()).is_err());
/// // Of the row-major (4,8), CuTe's composition(t, 8:3) is (2,4):(24,1),
/// // whose element 2 is t(1), not t(6): no layout is t(3i), refused.
/// let rows = Tensor::new(&data[..], "(4,8):(8,1)".parse::<Layout>().unwrap()).unwrap();
/// assert!(composition(rows, "8:3".parse::<Layout>().unwrap()).is_err());
/// ```
#[inline]
pub fn composition<A: CompositionArg<B>, B>(a: A, b: B) -> A::Output {
    a.composition_arg(b)
}

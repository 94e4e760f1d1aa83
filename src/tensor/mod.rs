//! Tensors: CuTe's `Tensor`, an engine (the storage) read through a layout.
//!
//! ```
//! use layout_dsl::tensor::{Tensor, X};
//! use layout_dsl::{layout, Layout};
//!
//! // A 4x8 row-major matrix over a borrowed slice, with a typed layout:
//! let data: Vec<f32> = (0..32).map(|x| x as f32).collect();
//! let a = Tensor::new(&data[..], layout!((4,8):(8,1))).unwrap();
//! assert_eq!(a[(2, 3)], 19.0);
//! assert_eq!(a.get((4, 0)), None);
//!
//! // Its transpose, over the same storage, with a run-time layout:
//! let at = Tensor::new(&data[..], "(8,4):(1,8)".parse::<Layout>().unwrap()).unwrap();
//! assert_eq!(at[(3, 2)], 19.0);
//! // Row 1, as CuTe's `a(1, _)`:
//! let row: Vec<f32> = a.slice((1, X)).iter().copied().collect();
//! assert_eq!(row, [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]);
//!
//! // A layout that reaches past the storage is refused when the tensor is built:
//! assert!(Tensor::new(&data[..], layout!((4,8):(9,1))).is_err());
//! ```
//!
//! Construction checks once that every offset the layout produces lies
//! inside the engine (negative strides included), so safe indexing never
//! leaves the storage. Slices, tiles and partitions are view tensors whose
//! layout is a core [`Layout`] and whose engine borrows the original's; the
//! same operations on flat typed layouts, with typed results and no
//! allocation, are in [`typed`].
//!
//! CuTe's layout functions of a tensor, `make_tensor(t.data(),
//! f(t.layout()))`, are methods (`t.coalesce()`, `t.flatten()`,
//! `t.group_modes::<B, E>()`, `t.filter_zeros()`, `t.composition(b)`,
//! `t.recast::<U>()`: typed results for a typed tensor) and, for any
//! tensor with a core layout as the result, the functions [`coalesce()`],
//! [`flatten()`], [`group_modes()`], [`filter_zeros()`] and
//! [`composition()`].

mod algorithms;
#[cfg(feature = "ndarray")]
mod arrays;
mod engine;
mod fits;
mod gemm;
mod identity;
mod identity_layout;
mod layout;
pub(crate) mod partition;
mod partition_facts;
mod recast;
mod residue;
mod slice;
mod strided;
mod swizzled;
pub mod typed;
mod typed_args;
mod typed_checks;
mod typed_dice;
mod typed_gemm;
mod typed_gemm_accumulators;
mod typed_gemm_compact;
mod typed_gemm_nested;
mod typed_gemm_offsets;
mod typed_gemm_ordered;
mod typed_gemm_packed;
mod typed_gemm_places;
mod typed_gemm_plan;
mod typed_gemm_run;
mod typed_gemm_runs;
mod typed_gemm_split;
mod typed_gemm_walk;
mod typed_identity;
mod typed_index;
mod typed_masked;
mod typed_masked_step;
mod typed_masked_tile;
mod typed_nests_prefix;
pub(crate) mod typed_outer_short;
mod typed_partitions;
mod typed_predicated;
mod typed_slice_nesting;
pub(crate) mod typed_vocab;
mod view;
mod vocab;

use alloc::borrow::Cow;
use alloc::string::ToString;
use core::fmt::Debug;
use core::ops::{Index, IndexMut};

use layout_core::{Error, Layout};

pub use crate::cute_vocab::{coalesce, composition, filter_zeros, flatten};
pub use algorithms::{Scalar, axpby, clear, copy, copy_if, fill};
pub use engine::{Engine, EngineMut, RawEngine};
use fits::core_form_holds;
pub(crate) use fits::{check_fits, span_fits};
pub use gemm::{gemm, try_gemm};
pub use identity::{IdentityTensor, elem_less, make_identity_tensor};
pub use layout::{AsLayout, Coordinate, IndexBy};
pub(crate) use partition::relayout;
pub use partition::{
    IntoTiler, Partition, flat_divide, inner_partition, local_partition, local_partition_step,
    local_tile, local_tile_step, logical_divide, outer_partition, tiled_divide, zipped_divide,
};
pub use recast::{Plain, RecastEngine, RelayoutError};
pub use residue::Residue;
pub use slice::{SliceCoord, X};
pub use view::{AnyLayout, ViewLayout};
pub use vocab::group_modes;
pub(crate) use vocab::relaid;

/// CuTe's `Tensor`: an engine `E` (`&[T]`, `&mut [T]`, `Vec<T>`, an array,
/// a [`RawEngine`]) and a layout `L` (a core [`Layout`] or a `layout!`
/// value), starting at an offset into the engine (non-zero for views).
///
/// Coordinate `c` is the element at `base + L(c)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tensor<E, L> {
    engine: E,
    layout: L,
    base: usize,
}

impl<E: Engine, L: AsLayout> Tensor<E, L> {
    /// CuTe's `make_tensor(engine, layout)`: errors unless every offset of
    /// the layout lies in `0..len` of the engine.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::Layout;
    /// // Negative strides are fine when the offsets stay inside.
    /// let reversed: Layout = "4:-1".parse().unwrap();
    /// assert!(Tensor::new([1, 2, 3, 4], reversed).is_err()); // reaches offset -3
    /// ```
    // `#[inline]` (here and on `at_base`): a local copy in the caller's
    // codegen unit, so that a layout's literals reach what reads them
    // (the typed `gemm`'s tables) in the unit's own optimisation; out of
    // line, in whichever unit rustc put it, the tensor came back from an
    // opaque call and the folding was left to ThinLTO's second round,
    // which the partition of the other units decided (BENCHMARKS.md,
    // "gemmt": `cnested` 1.08 → 1.52 the flat kernel's time).
    #[inline]
    pub fn new(engine: E, layout: L) -> Result<Self, Error> {
        Tensor::at_base(engine, layout, 0)
    }

    /// A tensor whose coordinate `c` is at `base + L(c)`, checked as in [`Tensor::new`].
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::Layout;
    /// let t = Tensor::at_base([1, 2, 3, 4], "4:-1".parse::<Layout>().unwrap(), 3).unwrap();
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [4, 3, 2, 1]);
    /// ```
    #[inline]
    pub fn at_base(engine: E, layout: L, base: usize) -> Result<Self, Error> {
        let len = engine.as_slice().len();
        layout.check_fits(base, len)?;
        // Only a buffer of zero-sized elements passes `i64::MAX` (a slice
        // of `T` holds at most `isize::MAX / size_of::<T>()`): there the
        // offsets' fit does not bound the layout's values, and the core is
        // asked that it holds them (a constant `false` for any other `T`).
        if size_of::<E::Elem>() == 0 && len > i64::MAX as usize {
            core_form_holds(&layout)?;
        }
        Ok(Tensor {
            engine,
            layout,
            base,
        })
    }

    /// The layout.
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// The storage.
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// Where coordinate 0 is in the engine.
    pub fn base(&self) -> usize {
        self.base
    }

    /// The engine and the layout, taken apart.
    pub fn into_parts(self) -> (E, L, usize) {
        (self.engine, self.layout, self.base)
    }

    /// The number of coordinates.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The element at `coord`, or `None` outside the domain.
    #[inline]
    pub fn get<C>(&self, coord: C) -> Option<&E::Elem>
    where
        L: IndexBy<C>,
    {
        let offset = self.layout.offset_of(coord)?;
        // SAFETY: an in-domain offset is one `check_fits` placed in the engine.
        Some(unsafe { self.engine.as_slice().get_unchecked(self.at(offset)) })
    }

    /// The element at `coord`, without checking the domain.
    ///
    /// # Safety
    ///
    /// `coord` must be in the domain ([`Tensor::get`] returns `Some`).
    #[inline]
    pub unsafe fn get_unchecked<C>(&self, coord: C) -> &E::Elem
    where
        L: IndexBy<C>,
    {
        // SAFETY: the caller's promise, and `check_fits`.
        unsafe {
            let offset = self.layout.offset_unchecked(coord);
            self.engine.as_slice().get_unchecked(self.at(offset))
        }
    }

    /// The position in the engine of every coordinate, in the layout's
    /// (colexicographic) order: the odometer of [`Layout::offsets`], no
    /// division per element.
    pub fn positions(&self) -> impl ExactSizeIterator<Item = usize> + use<E, L> {
        let base = self.base as isize;
        // In range: `check_fits` (and the core forms were made there too).
        swizzled::Positions::of(&self.layout).map(move |o| (base + o) as usize)
    }

    /// Every element in the layout's order (CuTe's `t(i)` for `i` in `0..size`).
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &E::Elem> + '_ {
        let data = self.engine.as_slice();
        // SAFETY: every position is inside the engine (`check_fits`).
        self.positions()
            .map(move |p| unsafe { data.get_unchecked(p) })
    }

    /// A read-only view of the same elements with the layout in core form
    /// (a swizzled tensor's: [`AnyLayout::Composed`]).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::{local_tile, Tensor};
    /// let smem: Vec<u16> = (0..512).collect();
    /// let t = Tensor::new(&smem[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    /// assert_eq!(t.view().layout().to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
    /// let tile = local_tile(t.view(), (8, 16), (0, 1)).unwrap(); // `t` stays
    /// assert_eq!(tile[(3, 2)], t[(3, 18)]);
    /// ```
    pub fn view(&self) -> Tensor<&[E::Elem], L::View> {
        Tensor {
            engine: self.engine.as_slice(),
            layout: self.view_layout(),
            base: self.base,
        }
    }

    /// The layout as a view's: the same offsets, so no check is needed.
    fn view_layout(&self) -> L::View {
        let built = "the core forms were made when the tensor was built";
        match self.layout.to_core_composed() {
            None => L::View::from_plain(self.core().into_owned()),
            Some(c) => c
                .and_then(L::View::from_composed)
                .unwrap_or_else(|e| unreachable!("{built}: {e}")),
        }
    }

    /// The layout in core form, borrowed when it is one; `to_core`
    /// succeeded when the tensor was built, unless it is swizzled.
    ///
    /// # Panics
    ///
    /// For a swizzled tensor (swizzled.rs): callers check
    /// `to_core_composed` first, or call `to_core` and return its error.
    #[track_caller]
    pub(crate) fn core(&self) -> Cow<'_, Layout> {
        match self.layout.to_core() {
            Ok(core) => core,
            Err(e) => panic!("{e}"),
        }
    }

    fn at(&self, offset: isize) -> usize {
        self.base.wrapping_add_signed(offset)
    }
}

/// The panic of `t[c]` outside the domain. The layout comes by value,
/// cloned on this cold path only: a reference to the tensor would make
/// the caller store the tensor's fields to memory before every checked
/// read, even when the read is in the domain. The coordinate comes by
/// value for the same reason (a `&dyn Debug` of it stored it to the stack).
#[cold]
#[inline(never)]
#[track_caller]
fn out_of_domain<L: AsLayout, C: Debug>(layout: L, coord: C) -> ! {
    let text = match layout.to_core_composed() {
        Some(Ok(composed)) => composed.to_string(),
        _ => match layout.to_core() {
            Ok(core) => core.to_string(),
            Err(e) => panic!("{e}"),
        },
    };
    panic!("coordinate {coord:?} is out of the domain of the tensor's layout {text}")
}

impl<E: EngineMut, L: AsLayout> Tensor<E, L> {
    /// The element at `coord`, writable, or `None` outside the domain.
    #[inline]
    pub fn get_mut<C>(&mut self, coord: C) -> Option<&mut E::Elem>
    where
        L: IndexBy<C>,
    {
        let at = self.at(self.layout.offset_of(coord)?);
        // SAFETY: as in `get`.
        Some(unsafe { self.engine.as_mut_slice().get_unchecked_mut(at) })
    }

    /// The element at `coord`, writable, without checking the domain.
    ///
    /// # Safety
    ///
    /// `coord` must be in the domain.
    #[inline]
    pub unsafe fn get_unchecked_mut<C>(&mut self, coord: C) -> &mut E::Elem
    where
        L: IndexBy<C>,
    {
        // SAFETY: the caller's promise, and `check_fits`.
        unsafe {
            let at = self.at(self.layout.offset_unchecked(coord));
            self.engine.as_mut_slice().get_unchecked_mut(at)
        }
    }

    /// Calls `f` on every element in the layout's order. (No `iter_mut`: a
    /// layout with a stride of 0 reaches one element from several
    /// coordinates, and two live `&mut` to it would be unsound.)
    pub fn for_each_mut(&mut self, mut f: impl FnMut(&mut E::Elem)) {
        let positions = self.positions();
        let data = self.engine.as_mut_slice();
        // SAFETY: every position is inside the engine; one borrow at a time.
        positions.for_each(|p| f(unsafe { data.get_unchecked_mut(p) }));
    }

    /// A writable view of the same elements with the layout in core form,
    /// as [`Tensor::view`].
    pub fn view_mut(&mut self) -> Tensor<&mut [E::Elem], L::View> {
        let layout = self.view_layout();
        Tensor {
            engine: self.engine.as_mut_slice(),
            layout,
            base: self.base,
        }
    }
}

/// `t[c]`: the element at coordinate `c`.
///
/// # Panics
///
/// When `c` is outside the domain (as a slice panics on a bad index); the
/// message names `c` and the layout.
impl<C: Clone + Debug, E: Engine, L: IndexBy<C> + Clone> Index<C> for Tensor<E, L> {
    type Output = E::Elem;

    #[inline]
    #[track_caller]
    fn index(&self, coord: C) -> &E::Elem {
        match self.layout.offset_of_ref(&coord) {
            // SAFETY: as in `get`.
            Some(o) => unsafe { self.engine.as_slice().get_unchecked(self.at(o)) },
            None => out_of_domain(self.layout.clone(), coord),
        }
    }
}

impl<C: Clone + Debug, E: EngineMut, L: IndexBy<C> + Clone> IndexMut<C> for Tensor<E, L> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, coord: C) -> &mut E::Elem {
        match self.layout.offset_of_ref(&coord) {
            Some(o) => {
                let at = self.at(o);
                // SAFETY: as in `get`.
                unsafe { self.engine.as_mut_slice().get_unchecked_mut(at) }
            }
            None => out_of_domain(self.layout.clone(), coord),
        }
    }
}

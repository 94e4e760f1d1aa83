//! CuTe's tensor partitioning (`tensor_impl.hpp`): the divides applied to
//! a tensor, `inner_partition`/`local_tile` (keep one tile) and
//! `outer_partition`/`local_partition` (keep one thread's share of every
//! tile), with and without a step projection.
//!
//! Each function takes a [`Tensor`] (or an
//! [`IdentityTensor`](super::IdentityTensor)) by value, as CuTe's take
//! `Tensor&&`: pass a view (`t.view()`, `t.view_mut()`) to keep the
//! original. The result's layout is exactly CuTe's, computed by the core
//! algebra; a tensor result is then checked against the engine like any new
//! tensor, so a tile that does not evenly divide the tensor (whose last tile
//! CuTe reads past the end) is refused with an error unless the engine
//! covers the padded tile. To predicate such a residue, partition a
//! [`Residue`](super::Residue) of the tensor instead: the same calls, and
//! the elements past the tensor masked (CuTe's identity-tensor idiom).

use alloc::borrow::Cow;

use layout_core::{
    CallError, Coord, DomainError, Error, ErrorKind, IntTuple, Layout, Tiler, algebra,
};

use super::slice::{shifted, slice_checked};
use super::view;
use super::{AsLayout, Engine, SliceCoord, Tensor};
use crate::cute_vocab::DivideArg;

/// A tiler for the divides: a core [`Tiler`] or [`Layout`], or a shape
/// (a `usize`, a tuple of them, an [`IntTuple`](layout_core::IntTuple)) meaning `<n0:1, n1:1, …>`,
/// each extent CuTe's `make_layout(n)` as the notation reads it (`1` is `1:0`).
pub trait IntoTiler {
    /// The tiler in the core's form.
    fn into_tiler(self) -> Result<Tiler, Error>;
}

impl IntoTiler for Tiler {
    fn into_tiler(self) -> Result<Tiler, Error> {
        Ok(self)
    }
}

impl IntoTiler for Layout {
    fn into_tiler(self) -> Result<Tiler, Error> {
        Ok(Tiler::Layout(self))
    }
}

impl<T: SliceCoord> IntoTiler for T {
    fn into_tiler(self) -> Result<Tiler, Error> {
        shape_tiler(&self.into_coord())
    }
}

fn shape_tiler(shape: &Coord) -> Result<Tiler, Error> {
    match shape {
        Coord::Int(n) => Tiler::try_from(layout_core::IntTuple::Int(*n)),
        Coord::Tuple(v) => v
            .iter()
            .map(shape_tiler)
            .collect::<Result<_, _>>()
            .map(Tiler::ByMode),
        Coord::Underscore => Err(CallError::WrongType {
            expected: "an extent in a tiler",
            found: "`_`",
        }
        .into()),
    }
}

/// What the partitioning functions rearrange: a [`Tensor`] (the result
/// views the same engine) or an [`IdentityTensor`](super::IdentityTensor).
pub trait Partition: Sized {
    /// What a partition of it is.
    type Output;
    /// The layout the algebra works on (a swizzled tensor's inner layout).
    fn partition_layout(&self) -> Result<Cow<'_, Layout>, Error>;
    /// The same data under `layout`, starting `shift` further along;
    /// checked. `shift` is an offset of `from`, whose modes include
    /// `layout`'s (the divided layout a partition sliced).
    fn rebuild(self, from: &Layout, layout: Layout, shift: i64) -> Result<Self::Output, Error>;
    /// An error of the algebra on [`Partition::partition_layout`] as the
    /// caller should read it: by default unchanged; an
    /// [`IdentityTensor`](super::IdentityTensor), whose layout packs
    /// coordinates into one integer, writes a refused composition's offsets
    /// as the coordinates they pack.
    fn explain(&self, e: Error) -> Error {
        e
    }
    /// The same data under the slice of `from` (a layout the algebra made
    /// from [`Partition::partition_layout`]) at `coord`, CuTe's
    /// `tensor(coord)`: by default [`Partition::rebuild`] with the slice's
    /// layout and offset; a swizzled tensor slices its composed layout
    /// (which may decay to a plain one, as in [`Tensor::slice`]).
    fn rebuild_slice(self, from: &Layout, coord: &Coord) -> Result<Self::Output, Error> {
        let (layout, shift) = slice_checked(from, coord)?;
        self.rebuild(from, layout, shift)
    }
}

impl<E: Engine, L: AsLayout> Partition for Tensor<E, L> {
    type Output = Tensor<E, L::View>;
    fn partition_layout(&self) -> Result<Cow<'_, Layout>, Error> {
        // A swizzled tensor's inner layout: the divides apply to it, under
        // the same swizzle and offset (CuTe's `layout_composed.hpp`).
        Ok(view::split(self.layout())?.algebra)
    }
    /// A swizzled tensor keeps its base and folds `shift` into the composed offset.
    fn rebuild(self, _: &Layout, layout: Layout, shift: i64) -> Result<Self::Output, Error> {
        let composed = self.layout().to_core_composed().transpose()?;
        let (layout, shift) = view::rebuilt(composed.as_ref(), layout, shift)?;
        self.rebased(layout, shift)
    }
    fn rebuild_slice(self, from: &Layout, coord: &Coord) -> Result<Self::Output, Error> {
        let composed = self.layout().to_core_composed().transpose()?;
        let (layout, shift) = view::sliced(composed.as_ref(), from, coord)?;
        self.rebased(layout, shift)
    }
}

impl<E: Engine, L: AsLayout> Tensor<E, L> {
    /// The same engine under `layout`, the base moved by `shift`; checked.
    fn rebased<V: AsLayout>(self, layout: V, shift: i64) -> Result<Tensor<E, V>, Error> {
        let (engine, _, base) = self.into_parts();
        let base = shifted(base, shift, engine.as_slice().len())?;
        Tensor::at_base(engine, layout, base)
    }
}

/// The first tile extent that does not divide the tensor's extent it
/// tiles (`(tile, extent)`), by mode for a by-mode tiler: what makes a
/// partial tile. `None` when every extent divides.
fn undivided(shape: &IntTuple, tiler: &Tiler) -> Option<(i64, i64)> {
    match (tiler, shape) {
        (Tiler::Layout(l), _) => {
            let (tile, extent) = (l.size(), shape.size().ok()?);
            (tile != 0 && extent % tile != 0).then_some((tile, extent))
        }
        (Tiler::ByMode(v), IntTuple::Tuple(modes)) => {
            modes.iter().zip(v).find_map(|(m, t)| undivided(m, t))
        }
        (Tiler::ByMode(v), IntTuple::Int(_)) => undivided(shape, v.first()?),
    }
}

/// `e`, when it is the engine check refusing the offsets of a partition
/// whose tiler does not divide the tensor (`extents`: which extent, when
/// known), as that: a partial tile, and the doors that predicate it. The
/// bare "largest offset 570 is out of range 0..481" says neither why nor
/// what to use instead. Other errors pass unchanged.
pub(crate) fn partial_tile(e: Error, extents: Option<(i64, i64)>) -> Error {
    match e.kind() {
        ErrorKind::Domain(DomainError::IndexOutOfRange { index, size, .. }) => {
            DomainError::PartialTile {
                extents,
                index: *index,
                size: *size,
            }
            .into()
        }
        _ => e,
    }
}

/// `rebuilt`, the engine check's refusal named a partial tile when the
/// tiler does not divide the tensor (the parent fit its engine, so an
/// offset of the partition past it is the partial tile's).
fn named<O>(rebuilt: Result<O, Error>, extents: Option<(i64, i64)>) -> Result<O, Error> {
    match extents {
        Some(_) => rebuilt.map_err(|e| partial_tile(e, extents)),
        None => rebuilt,
    }
}

/// `t` divided by `tiler` with `divide`.
pub(crate) fn relayout<T: Partition>(
    t: T,
    tiler: &Tiler,
    divide: impl FnOnce(&Layout, &Tiler) -> Result<Layout, Error>,
) -> Result<T::Output, Error> {
    let parent = t.partition_layout()?;
    let divided = divide(&parent, tiler).map_err(|e| t.explain(e))?;
    let (layout, extents) = (divided, undivided(parent.shape(), tiler));
    drop(parent);
    named(t.rebuild(&layout.clone(), layout, 0), extents)
}

macro_rules! divide {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        ///
        #[doc = concat!("One item with the crate root's `layout_dsl::", stringify!($name), "`: it")]
        /// takes a `&Layout` and a `&Tiler` too, giving the core's divide
        /// ([`DivideArg`]).
        #[inline]
        pub fn $name<A: DivideArg<B>, B>(a: A, tiler: B) -> A::Output {
            a.divide_arg(tiler, layout_core::$name)
        }
    };
}

divide!(
    /// CuTe's `logical_divide(tensor, tiler)`: the same data under
    /// `logical_divide(layout, tiler)`, `((BLK_A,a),(BLK_B,b),…)`.
    logical_divide
);
divide!(
    /// CuTe's `zipped_divide(tensor, tiler)`: `((BLK_A,BLK_B,…),(a,b,…))`,
    /// mode 0 inside a tile, mode 1 across tiles.
    ///
    /// ```
    /// use layout_dsl::tensor::{zipped_divide, Tensor};
    /// use layout_dsl::Layout;
    /// let data: Vec<u32> = (0..24).collect();
    /// let t = Tensor::new(&data[..], "(4,6):(6,1)".parse::<Layout>().unwrap()).unwrap();
    /// let tiles = zipped_divide(t, (2, 3)).unwrap();
    /// assert_eq!(tiles.layout().to_string(), "((2,3),(2,2)):((6,1),(12,3))");
    /// assert_eq!(tiles[(4, 3)], 17); // element (0,2) of tile (1,1): row 2, column 3 + 2
    /// ```
    zipped_divide
);
divide!(
    /// CuTe's `tiled_divide(tensor, tiler)`: `((BLK_A,BLK_B,…),a,b,…)`.
    tiled_divide
);
divide!(
    /// CuTe's `flat_divide(tensor, tiler)`: `(BLK_A,BLK_B,…,a,b,…)`.
    flat_divide
);

/// `zipped_divide` of `t` by `tiler`, and the extent it does not divide.
fn tiled<T: Partition>(
    t: &T,
    tiler: impl IntoTiler,
) -> Result<(Layout, Option<(i64, i64)>), Error> {
    let (parent, tiler) = (t.partition_layout()?, tiler.into_tiler()?);
    let tiled = layout_core::zipped_divide(&parent, &tiler).map_err(|e| t.explain(e))?;
    Ok((tiled, undivided(parent.shape(), &tiler)))
}

/// CuTe's `inner_partition(tensor, tiler, coord)`: tile the tensor
/// (`zipped_divide`) and keep the tile at `coord` in the tiles' mode: what
/// the tile covers. A tuple `coord` shorter than the tiles' mode is padded
/// with `_` (the extra modes stay).
pub fn inner_partition<T: Partition>(
    t: T,
    tiler: impl IntoTiler,
    coord: impl SliceCoord,
) -> Result<T::Output, Error> {
    let (tiled, extents) = tiled(&t, tiler)?;
    let coord = algebra::inner_coord(&tiled, coord.into_coord())?;
    named(t.rebuild_slice(&tiled, &coord), extents)
}

/// CuTe's `outer_partition(tensor, tiler, coord)`: tile the tensor and keep
/// the element at `coord` inside every tile: what lies across the tiles.
pub fn outer_partition<T: Partition>(
    t: T,
    tiler: impl IntoTiler,
    coord: impl SliceCoord,
) -> Result<T::Output, Error> {
    let (tiled, extents) = tiled(&t, tiler)?;
    let coord = algebra::outer_coord(&tiled, coord.into_coord())?;
    named(t.rebuild_slice(&tiled, &coord), extents)
}

/// CuTe's `local_tile(tensor, tiler, coord)`: the tile at `coord` (CTA level).
///
/// ```
/// use layout_dsl::tensor::{local_tile, Tensor, X};
/// use layout_dsl::Layout;
/// let data: Vec<u32> = (0..64).collect();
/// // An 8x8 column-major matrix; the 4x2 tile in tile-row 1, tile-column 2.
/// let t = Tensor::new(&data[..], "(8,8):(1,8)".parse::<Layout>().unwrap()).unwrap();
/// let tile = local_tile(t, (4, 2), (1, 2)).unwrap();
/// assert_eq!(tile.layout().to_string(), "(4,2):(1,8)");
/// assert_eq!(tile[(0, 0)], 4 + 4 * 8);
/// ```
pub fn local_tile<T: Partition>(
    t: T,
    tiler: impl IntoTiler,
    coord: impl SliceCoord,
) -> Result<T::Output, Error> {
    inner_partition(t, tiler, coord)
}

/// CuTe's `local_tile(tensor, tiler, coord, Step<…>{})`: the same tiler and
/// coordinate serve several tensors, and `step` keeps the modes marked
/// with an integer, dropping those marked [`X`](super::X) (CuTe's
/// `dice(step, tiler)`, `dice(step, coord)`).
///
/// ```
/// use layout_dsl::tensor::{local_tile_step, Tensor, X};
/// use layout_dsl::Layout;
/// let a: Vec<f32> = vec![0.0; 16 * 8]; // (M,K) = (16,8)
/// let ma = Tensor::new(&a[..], "(16,8):(1,16)".parse::<Layout>().unwrap()).unwrap();
/// // Tiler (BLK_M,BLK_N,BLK_K) = (4,2,4), CTA (1,0,_): A's tiles are (BLK_M,BLK_K,k).
/// let ga = local_tile_step(ma, (4, 2, 4), (1, 0, X), (1, X, 1)).unwrap();
/// assert_eq!(ga.layout().to_string(), "(4,4,2):(1,16,64)");
/// assert_eq!(ga.base(), 4);
/// ```
pub fn local_tile_step<T: Partition>(
    t: T,
    tiler: impl IntoTiler,
    coord: impl SliceCoord,
    step: impl SliceCoord,
) -> Result<T::Output, Error> {
    let step = step.into_coord();
    let tiler = algebra::dice_tiler(&step, tiler.into_tiler()?)?;
    let coord = algebra::dice_coord(&step, coord.into_coord())?;
    inner_partition(t, tiler, coord)
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx)`: thread `thr_idx`
/// of the thread layout `thr_layout` takes the element at its coordinate in
/// every `thr_layout`-shaped tile (thread level).
///
/// The thread is CuTe's index (a `usize`), whose coordinate is CuTe's
/// `thr_layout.get_flat_coord(thr_idx)`: every leaf coordinate is
/// `(thr_idx / stride) % extent`, gathered per mode. Stricter than CuTe:
/// `thr_idx` must be below `size(thr_layout)` (CuTe wraps around), and a
/// stride of 0 or below on a mode of extent above 1 is refused (CuTe
/// divides by zero, or yields a negative coordinate).
///
/// Or, as the typed door's `ThreadIndex` and the notation take it, the
/// thread's coordinate in `thr_layout`'s shape: a tuple with one entry per
/// top-level mode, each an integer for the whole mode or a tuple nested
/// like it (the core's [`algebra::thread_coord_at`]; its strides play no
/// part). An entry past its mode, a tuple of another rank or a `_` is an
/// error.
///
/// ```
/// use layout_dsl::tensor::{local_partition, Tensor};
/// use layout_dsl::Layout;
/// let data: Vec<u32> = (0..32).collect();
/// let t = Tensor::new(&data[..], "(8,4):(1,8)".parse::<Layout>().unwrap()).unwrap();
/// // 2x2 threads, row-major numbering: thread 1 is at (0,1).
/// let threads: Layout = "(2,2):(2,1)".parse().unwrap();
/// let mine = local_partition(t.view(), &threads, 1).unwrap();
/// assert_eq!(mine.layout().to_string(), "(4,2):(2,16)");
/// assert_eq!(mine.iter().copied().collect::<Vec<_>>(), [8, 10, 12, 14, 24, 26, 28, 30]);
/// // The same thread by its coordinate.
/// let same = local_partition(t.view(), &threads, (0, 1)).unwrap();
/// assert_eq!(same.iter().copied().collect::<Vec<_>>(), [8, 10, 12, 14, 24, 26, 28, 30]);
/// assert!(local_partition(t, &threads, (2, 0)).is_err());
/// ```
pub fn local_partition<T: Partition>(
    t: T,
    thr_layout: &Layout,
    thread: impl SliceCoord,
) -> Result<T::Output, Error> {
    let coord = match thread.into_coord() {
        Coord::Int(idx) => {
            algebra::check_thread_index(thr_layout, idx)?;
            algebra::thread_coord(thr_layout, idx)?
        }
        c => algebra::thread_coord_at(thr_layout, &c)?,
    };
    outer_partition(t, algebra::thread_tiler(thr_layout)?, coord)
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx, Step<…>{})`: the
/// thread layout projected by `step` (CuTe's `dice(step, thr_layout)`);
/// `thread` names a thread of the whole `thr_layout`, by its index (the
/// strides decompose it before the projection) or by its coordinate in
/// `thr_layout`'s shape (one index per top-level mode, diced by `step`
/// alike), as [`local_partition`].
///
/// ```
/// use layout_dsl::tensor::{local_partition_step, Tensor, X};
/// use layout_dsl::Layout;
/// let data: Vec<u32> = (0..32).collect();
/// let t = Tensor::new(&data[..], "(8,4):(1,8)".parse::<Layout>().unwrap()).unwrap();
/// let threads: Layout = "(2,2,1):(2,1,0)".parse().unwrap();
/// let by_index = local_partition_step(t.view(), &threads, 3, (1, X, 1)).unwrap();
/// let by_coord = local_partition_step(t.view(), &threads, (1, 1, 0), (1, X, 1)).unwrap();
/// assert_eq!(by_index.layout(), by_coord.layout());
/// assert_eq!(by_index.base(), by_coord.base());
/// ```
pub fn local_partition_step<T: Partition>(
    t: T,
    thr_layout: &Layout,
    thread: impl SliceCoord,
    step: impl SliceCoord,
) -> Result<T::Output, Error> {
    let step = step.into_coord();
    let at = match thread.into_coord() {
        Coord::Int(idx) => {
            algebra::check_thread_index(thr_layout, idx)?;
            Err(idx)
        }
        c => Ok(algebra::thread_coord_at(thr_layout, &c)?),
    };
    let projected = algebra::dice_threads(&step, thr_layout)?;
    let coord = match at {
        // The index is decomposed by the projected layout's strides, which
        // the projection keeps.
        Err(idx) => algebra::thread_coord(&projected, idx)?,
        Ok(c) => algebra::dice_coord(&step, c)?,
    };
    outer_partition(t, algebra::thread_tiler(&projected)?, coord)
}

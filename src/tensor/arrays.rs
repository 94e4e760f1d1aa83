//! `ndarray` interop (feature `ndarray`): an `ArrayView`/`ArrayViewMut` as
//! a [`Tensor`] and back, where the strides are representable: every view
//! ndarray makes is (a layout has signed strides, one mode per axis, and the
//! base is where element 0 lies, past the reach of negative strides, as
//! ndarray's own pointer is).
//!
//! Soundness decides which call converts. A tensor's engine is a slice, so
//! a view alone ([`TryFrom`]) becomes a tensor only when its elements are
//! exactly one contiguous run of memory, in any order
//! (`to_slice_memory_order`: row- or column-major, axes permuted or
//! reversed). A view with gaps between its elements (`s![..;2]`, a
//! sub-block, a broadcast) does not own the gaps: a slice spanning them
//! would also borrow elements another view may be writing. Such a view is
//! converted together with the array it is cut from
//! ([`Tensor::from_view_of`], [`Tensor::from_view_of_mut`]): the tensor
//! borrows the whole (contiguous) array, as the view's borrow did, and its
//! layout reaches exactly the view's elements.
//!
//! The other way, a tensor whose top-level modes are each one extent and
//! stride once coalesced (`((2,2)):((1,2))` is `4:1`) becomes a view of the
//! elements its layout reaches (negative strides included); ndarray itself
//! refuses a writable view whose elements overlap (stride 0).

use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;

use layout_core::{CallError, DomainError, Error, ErrorKind, IntTuple, Layout, coalesce};
use ndarray::{
    ArrayBase, ArrayView, ArrayViewD, ArrayViewMut, ArrayViewMutD, Data, DataMut, Dimension, IxDyn,
    ShapeBuilder,
};

use super::{AsLayout, Engine, EngineMut, Tensor};

/// A view that is not one contiguous run of memory: one with gaps
/// between its elements, or a broadcast (an axis of stride 0 reads one
/// element several times).
fn not_contiguous(broadcast: bool) -> Error {
    let found = if broadcast {
        "a broadcast view (an axis of stride 0; copy it first)"
    } else {
        "a view with gaps between its elements"
    };
    CallError::WrongType {
        expected: "an array view whose elements are contiguous in memory (in any order; a view with gaps converts with its array: Tensor::from_view_of)",
        found,
    }
    .into()
}

/// An array that is not one contiguous run of memory cannot lend a slice.
fn owner_not_contiguous() -> Error {
    CallError::WrongType {
        expected: "an array contiguous in memory (in any order) to cut the view from",
        found: "an array with gaps between its elements",
    }
    .into()
}

/// Where a view's element 0 (`first`) lies in its array's memory-order
/// slice starting at `start` of `len` elements: an error unless it is one
/// of them (a view cut from another array). An empty view has no element
/// 0 (its pointer may be anywhere): base 0, which its empty layout fits.
fn base_in(
    start: usize,
    len: usize,
    first: usize,
    empty: bool,
    size: usize,
) -> Result<usize, Error> {
    if empty || size == 0 {
        return Ok(0);
    }
    let bytes = first.wrapping_sub(start);
    if first < start || bytes % size != 0 || bytes / size >= len {
        return Err(CallError::WrongType {
            expected: "a view cut from the array given with it",
            found: "a view whose first element is not in that array",
        }
        .into());
    }
    Ok(bytes / size)
}

/// Whether an axis of more than one element has stride 0.
fn is_broadcast(dims: &[usize], strides: &[isize]) -> bool {
    dims.iter().zip(strides).any(|(&d, &s)| d > 1 && s == 0)
}

/// The layout of a view's dims and strides (one mode per axis), and where
/// its element 0 lies in its memory-order slice: past the reach of every
/// negative stride.
fn layout_of(dims: &[usize], strides: &[isize]) -> Result<(Layout, usize), Error> {
    let too_large = || {
        Error::from(ErrorKind::Overflow(
            "an array view's extents do not fit in i64",
        ))
    };
    let empty = dims.contains(&0);
    let mut base = 0usize;
    let (mut shape, mut stride) = (Vec::new(), Vec::new());
    for (&d, &s) in dims.iter().zip(strides) {
        shape.push(IntTuple::Int(i64::try_from(d).map_err(|_| too_large())?));
        stride.push(IntTuple::Int(i64::try_from(s).map_err(|_| too_large())?));
        if s < 0 && !empty {
            // Inside the view's memory, which ndarray keeps below isize::MAX bytes.
            base += (d - 1) * s.unsigned_abs();
        }
    }
    let layout = Layout::new(IntTuple::Tuple(shape), IntTuple::Tuple(stride))?;
    Ok((layout, base))
}

impl<'a, T, D: Dimension> TryFrom<ArrayView<'a, T, D>> for Tensor<&'a [T], Layout> {
    type Error = Error;

    /// The view's elements under a layout of its dims and strides; errors
    /// when they are not one contiguous run of memory.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use ndarray::{s, Array2};
    /// let a = Array2::from_shape_fn((3, 4), |(i, j)| 10 * i + j);
    /// let t = Tensor::try_from(a.view()).unwrap();
    /// assert_eq!(t.layout().to_string(), "(3,4):(4,1)");
    /// assert_eq!(t[(2, 1)], 21);
    /// // Reversed rows: a negative stride, the same memory.
    /// let r = Tensor::try_from(a.slice(s![..;-1, ..])).unwrap();
    /// assert_eq!(r[(0, 1)], 21);
    /// // Every other column has gaps: refused.
    /// assert!(Tensor::try_from(a.slice(s![.., ..;2])).is_err());
    /// ```
    fn try_from(view: ArrayView<'a, T, D>) -> Result<Self, Error> {
        let (layout, base) = layout_of(view.shape(), view.strides())?;
        let broadcast = is_broadcast(view.shape(), view.strides());
        let data = view
            .to_slice_memory_order()
            .ok_or_else(|| not_contiguous(broadcast))?;
        Tensor::at_base(data, layout, base)
    }
}

impl<'a, T, D: Dimension> TryFrom<ArrayViewMut<'a, T, D>> for Tensor<&'a mut [T], Layout> {
    type Error = Error;

    /// As for `ArrayView`, writable.
    fn try_from(view: ArrayViewMut<'a, T, D>) -> Result<Self, Error> {
        let (layout, base) = layout_of(view.shape(), view.strides())?;
        let broadcast = is_broadcast(view.shape(), view.strides());
        let data = view
            .into_slice_memory_order()
            .ok_or_else(|| not_contiguous(broadcast))?;
        Tensor::at_base(data, layout, base)
    }
}

impl<'a, T> Tensor<&'a [T], Layout> {
    /// The view `cut` makes of `array` (any slicing: steps, sub-blocks,
    /// reversed or permuted axes, broadcasts) as a tensor that reads the
    /// same elements at the same indices: its layout is the view's dims and
    /// strides, its engine the whole array, borrowed as the view borrowed
    /// it. Errors when `array` is not contiguous in memory (in any order),
    /// or the view is not cut from it.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use ndarray::{s, Array2};
    /// let a = Array2::from_shape_fn((4, 6), |(i, j)| 10 * i + j);
    /// // Every other column, rows reversed: gaps and a negative stride.
    /// let t = Tensor::from_view_of(&a, |v| v.slice_move(s![..;-1, ..;2])).unwrap();
    /// assert_eq!(t.layout().to_string(), "(4,3):(-6,2)");
    /// assert_eq!(t[(0, 1)], 32);
    /// ```
    pub fn from_view_of<S, D, E>(
        array: &'a ArrayBase<S, D>,
        cut: impl FnOnce(ArrayView<'a, T, D>) -> ArrayView<'a, T, E>,
    ) -> Result<Self, Error>
    where
        S: Data<Elem = T>,
        D: Dimension,
        E: Dimension,
    {
        let data = array
            .as_slice_memory_order()
            .ok_or_else(owner_not_contiguous)?;
        let view = cut(array.view());
        let (layout, _) = layout_of(view.shape(), view.strides())?;
        let (start, first) = (data.as_ptr() as usize, view.as_ptr() as usize);
        let size = core::mem::size_of::<T>();
        let base = base_in(start, data.len(), first, view.is_empty(), size)?;
        Tensor::at_base(data, layout, base)
    }
}

impl<'a, T> Tensor<&'a mut [T], Layout> {
    /// [`Tensor::from_view_of`], writable: the view `cut` makes of `array`
    /// (`|v| v.slice_move(s![.., ..;2])`) as a tensor that writes its
    /// elements, borrowing the whole array.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use ndarray::{s, Array2};
    /// let mut a = Array2::<i32>::zeros((3, 4));
    /// let mut t = Tensor::from_view_of_mut(&mut a, |v| v.slice_move(s![1.., ..;3])).unwrap();
    /// t[(1, 1)] = 7; // a[[2, 3]]
    /// assert_eq!(a[[2, 3]], 7);
    /// ```
    pub fn from_view_of_mut<S, D, E>(
        array: &'a mut ArrayBase<S, D>,
        cut: impl for<'b> FnOnce(ArrayViewMut<'b, T, D>) -> ArrayViewMut<'b, T, E>,
    ) -> Result<Self, Error>
    where
        S: DataMut<Elem = T>,
        D: Dimension,
        E: Dimension,
    {
        // The view first (it makes a shared array unique, as the slice
        // below would), then the slice it lies in.
        let (layout, first, empty) = {
            let view = cut(array.view_mut());
            let (layout, _) = layout_of(view.shape(), view.strides())?;
            (layout, view.as_ptr() as usize, view.is_empty())
        };
        let data = array
            .as_slice_memory_order_mut()
            .ok_or_else(owner_not_contiguous)?;
        let size = core::mem::size_of::<T>();
        let base = base_in(data.as_ptr() as usize, data.len(), first, empty, size)?;
        Tensor::at_base(data, layout, base)
    }
}

/// The axes of a tensor's layout as ndarray wants them: dims, strides (as
/// ndarray stores them, `isize` bits in a `usize`), and the span of its
/// offsets `low..=high`. Errors when a top-level mode does not coalesce
/// into a single extent.
fn axes(layout: &Layout) -> Result<(Vec<usize>, Vec<usize>, i64, i64), Error> {
    let (mut dims, mut strides) = (Vec::new(), Vec::new());
    let (mut low, mut high) = (0i64, 0i64);
    let modes: Vec<Layout> = match layout.shape() {
        IntTuple::Int(_) => vec![layout.clone()],
        _ => layout.modes(),
    };
    for (mode, m) in modes.iter().enumerate() {
        // A nested mode is one axis when its leaves coalesce into one
        // (an empty mode is an axis of extent 0).
        let m = match m.size() {
            0 => Layout::new(IntTuple::Int(0), IntTuple::Int(0))?,
            _ => coalesce(m),
        };
        let (IntTuple::Int(d), IntTuple::Int(s)) = (m.shape(), m.stride()) else {
            let shape = m.shape().to_string();
            let function = "an ndarray view";
            return Err(DomainError::ModeNotLeaf {
                function,
                mode,
                shape,
            }
            .into());
        };
        // A valid layout's extents are non-negative and its reach fits.
        dims.push(*d as usize);
        strides.push(*s as isize as usize);
        let reach = (d - 1).max(0) * s;
        if reach < 0 {
            low += reach
        } else {
            high += reach
        }
    }
    Ok((dims, strides, low, high))
}

/// The engine positions `base + low ..= base + high` a tensor's offsets
/// span (empty for an empty tensor).
fn span(base: usize, layout: &Layout, low: i64, high: i64) -> core::ops::Range<usize> {
    if layout.size() == 0 {
        return 0..0;
    }
    // Inside the engine: the tensor was checked when built.
    (base as i64 + low) as usize..(base as i64 + high) as usize + 1
}

/// ndarray's refusal, in our words (its `ShapeError` names no numbers).
fn shape_error(_: ndarray::ShapeError) -> Error {
    CallError::WrongType {
        expected: "a layout ndarray can represent (a writable view must not overlap itself)",
        found: "a layout ndarray refuses",
    }
    .into()
}

impl<E: Engine, L: AsLayout> Tensor<E, L> {
    /// The tensor as an ndarray view, one axis per top-level mode (each
    /// must be a single extent).
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::layout;
    /// let data: Vec<u32> = (0..12).collect();
    /// let t = Tensor::new(&data[..], layout!((3,4):(1,3))).unwrap();
    /// let a = t.to_array_view().unwrap();
    /// assert_eq!(a.shape(), [3, 4]);
    /// assert_eq!(a[[2, 1]], 5);
    /// ```
    pub fn to_array_view(&self) -> Result<ArrayViewD<'_, E::Elem>, Error> {
        let core = self.layout.to_core()?;
        let (dims, strides, low, high) = axes(&core)?;
        let data = &self.engine.as_slice()[span(self.base, &core, low, high)];
        ArrayView::from_shape(IxDyn(&dims).strides(IxDyn(&strides)), data).map_err(shape_error)
    }
}

impl<E: EngineMut, L: AsLayout> Tensor<E, L> {
    /// The tensor as a writable ndarray view; errors as
    /// [`Tensor::to_array_view`], and when two coordinates share an element.
    pub fn to_array_view_mut(&mut self) -> Result<ArrayViewMutD<'_, E::Elem>, Error> {
        let core = self.layout.to_core()?.into_owned();
        let (dims, strides, low, high) = axes(&core)?;
        let range = span(self.base, &core, low, high);
        let data = &mut self.engine.as_mut_slice()[range];
        ArrayViewMut::from_shape(IxDyn(&dims).strides(IxDyn(&strides)), data).map_err(shape_error)
    }
}

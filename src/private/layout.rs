//! The typed layout `layout!` expands to: a shape tree and a stride tree
//! whose static leaves are zero-sized, so a fully static layout takes no
//! space and a dynamic one holds just its `usize` leaves.

use core::marker::PhantomData;

use layout_core::Error;

use super::analysis::CommonVector;
use super::convert_static::{StaticLayout, static_into_core};
use super::coord::TypedCoord;
use super::fits_checked::held;
use super::int::Offset;
use super::leaf_list::LeafList;
use super::mode::Get;
use super::shape_size::{FromSize, ListSize, SizeOf};
use super::tensor::TensorCoord;
use super::tree::{EMPTY_MODE, Mode, Shape, Tree};
use super::walk::Form;

/// A layout `shape:stride` whose nesting is in its type: what `layout!`
/// gives. `S` and `D` are trees ([`Tree`]) of the same nesting whose leaves
/// are static [`C<N>`](super::C) or dynamic `usize`; `I` is what offsets are
/// returned as: `usize`, or `isize` when a stride may be negative.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Layout};
///
/// // The default form holds its numbers as values…
/// let rows: Layout<(usize, usize), (usize, usize)> = layout!((4,8):(8,1));
/// // …`type` puts them in the type…
/// let fixed: Layout<(C<4>, C<8>), (C<8>, C<1>)> = layout!(type (4,8):(8,1));
/// // …and a layout with dynamic leaves keeps its static ones static.
/// let m = 6;
/// let cols: Layout<(usize, C<4>), (C<1>, usize)> = layout!((m,4):(1,m));
/// assert_eq!(rows.crd2idx((1, 2)), fixed.crd2idx((1, 2)));
/// assert_eq!(cols.to_string(), "(6,4):(1,6)");
/// assert_eq!(format!("{fixed:?}"), "Layout((4,8):(8,1))");
/// ```
#[derive(Default, PartialEq, Eq, Hash)]
pub struct Layout<S, D, I = usize> {
    pub(super) shape: S,
    pub(super) stride: D,
    offset: PhantomData<I>,
}

// `Clone` and `Copy` by hand, bounded on the trees only: the offset type
// `I` is a marker, so a `Layout<S, D, I>` of `Tree`s is `Copy` in generic
// code too, and `to_string(self)` never moves it out of a caller's hands.
impl<S: Clone, D: Clone, I> Clone for Layout<S, D, I> {
    fn clone(&self) -> Self {
        Layout {
            shape: self.shape.clone(),
            stride: self.stride.clone(),
            offset: PhantomData,
        }
    }
}

impl<S: Copy, D: Copy, I> Copy for Layout<S, D, I> {}

// `inline(always)`: even a debug build inlines these (in MIR), so that a
// distinct layout makes no function of its own for them.
impl<S, D> Layout<S, D> {
    /// The layout `shape:stride`. The trees must be congruent (nested
    /// alike), which the bounds of every method check; `layout!` also
    /// checks it with the core, with a message at your tokens.
    #[inline(always)]
    pub const fn new(shape: S, stride: D) -> Self {
        Layout {
            shape,
            stride,
            offset: PhantomData,
        }
    }
}

impl<S, D> Layout<S, D, isize> {
    /// A layout with a negative stride: offsets are signed.
    #[inline(always)]
    pub const fn new_signed(shape: S, stride: D) -> Self {
        Layout {
            shape,
            stride,
            offset: PhantomData,
        }
    }
}

impl<S: Mode<D>, D: Tree, I: Offset> Layout<S, D, I> {
    /// The offset of a coordinate: a tuple nested like the shape (any level
    /// of which may be one integer), or one integer for the whole layout.
    /// An integer is split colexicographically over the modes it indexes,
    /// the last of them taking what is left (as CuTe).
    ///
    /// The domain is not checked (as in CuTe). An integer split over a
    /// dynamic mode of size 0 but the last is all taken by it, leaving 0
    /// (`x mod 0 = x`, `x div 0 = 0`): defined, never a panic, though the
    /// layout is empty (the core: `ZeroSizeMode`; a static one: a compile
    /// error). [`Layout::checked_crd2idx`] checks the domain first.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let m = 0;
    /// let empty = layout!((m,4):(1,m));
    /// assert_eq!(empty.size(), 0);
    /// assert_eq!(empty.crd2idx(5), 5); // defined, but not an element
    /// assert_eq!(empty.checked_crd2idx(5), None);
    /// ```
    #[inline]
    pub fn crd2idx<Cd: TypedCoord<S, D>>(&self, coord: Cd) -> I {
        // Checked while compiling: no integer is split over a static empty mode.
        const { assert!(Cd::SPLITS, "{}", EMPTY_MODE) };
        // A zero-sized layout's numbers are constants; the condition is
        // constant too, so only the path taken is instantiated.
        I::from_wrapping(if const { S::STATIC && D::STATIC } {
            coord.walk(&S::DESC, &S::STRIDES)
        } else {
            coord.walk(&self.shape.desc(), &S::strides(&self.stride))
        })
    }

    /// `L(i)`: the offset of the `i`-th coordinate in colexicographic order.
    ///
    /// As [`Layout::crd2idx`] of an integer: `index` is not checked against
    /// the size, and a dynamic mode of size 0 takes the whole rest of it.
    /// [`Layout::checked_at`] checks.
    #[inline]
    pub fn at(&self, index: usize) -> I {
        I::from_wrapping(self.offset_of(index))
    }

    // As the walk's own functions (walk.rs): `inline(always)` in a release
    // build, so that `at` puts the walk into its caller, where the numbers
    // a product or a literal just made are known, rather than one shared
    // out-of-line copy per form that LLVM may leave as a call. (Folded
    // into `at`, a debug build compiled one function less per layout type,
    // ≈ 0.3 M instructions a static product, but an optimised one inlined
    // `at` otherwise: BENCHMARKS.md, "Compile cost of static products: the
    // regrouping in one step".)
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn offset_of(&self, index: usize) -> usize {
        const { assert!(S::SPLIT.splittable, "{}", EMPTY_MODE) };
        if const { S::SPLIT.all_static } {
            S::Form::split(&const { S::SPLIT.shape }, &const { S::SPLIT.stride }, index)
        } else {
            S::Form::split(&self.shape.desc(), &S::strides(&self.stride), index)
        }
    }

    /// The natural coordinate of an index (CuTe's `idx2crd(i, shape)`):
    /// every leaf of a tuple shape takes the rest modulo its extent. A
    /// dynamic extent of 0 takes the whole rest and leaves 0 to the leaves
    /// after it, as in [`Layout::crd2idx`] (the core reports `ZeroSizeMode`
    /// wherever the extent is); a static one is a compile error.
    #[inline]
    pub fn idx2crd(&self, index: usize) -> S::Coord {
        self.shape.idx2crd(index)
    }

    /// `L(index)` when `index` is below the size and the core holds the
    /// layout (no offset wraps), else `None`: size 0 gives `None` always.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let (m, n) = (3, 0);
    /// assert_eq!(layout!((m,4):(4,1)).checked_at(11), Some(11 % 3 * 4 + 11 / 3));
    /// assert_eq!(layout!((m,4):(4,1)).checked_at(12), None);
    /// assert_eq!(layout!((n,4):(4,1)).checked_at(0), None);
    /// ```
    #[inline]
    pub fn checked_at(&self, index: usize) -> Option<I> {
        (index < self.size() && held(self)).then(|| self.at(index))
    }

    /// [`Layout::crd2idx`] when every integer of `coord` is below its
    /// mode's size and the core holds the layout, else `None`.
    #[inline]
    pub fn checked_crd2idx<Cd: TensorCoord<S, D>>(&self, coord: Cd) -> Option<I> {
        let inside = coord.in_domain(&self.shape.desc());
        (inside && held(self)).then(|| self.crd2idx(coord))
    }

    /// The number of coordinates.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// `1 + Σ (s-1)·|d|`, 0 for an empty layout, as CuTe defines it (the
    /// core's `Layout::cosize`): `L(size-1) + 1` when no stride is negative.
    #[inline]
    pub fn cosize(&self) -> I {
        if self.size() == 0 {
            return I::from_wrapping(0);
        }
        let span = if const { S::STATIC && D::STATIC } {
            S::Form::span(&S::DESC, &S::STRIDES)
        } else {
            S::Form::span(&self.shape.desc(), &S::strides(&self.stride))
        };
        I::from_wrapping(span.wrapping_add(1))
    }

    /// The number of top-level modes.
    pub const fn rank(&self) -> usize {
        S::RANK
    }

    /// The nesting depth of the shape: 0 for a single extent.
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }

    /// The shape tree.
    pub const fn shape(&self) -> S {
        self.shape
    }

    /// The stride tree.
    pub const fn stride(&self) -> D {
        self.stride
    }

    /// Mode `K` as a layout of its own (CuTe's `layout<K>(l)`, `get<K>`):
    /// its static leaves stay static. A wrong `K` is a compile error.
    ///
    /// ```
    /// use layout_dsl::{layout, typed::{C, Layout}};
    /// let n = 8;
    /// let l = layout!(((2,4),n):((1,2),8));
    /// let first: Layout<(C<2>, C<4>), (C<1>, C<2>)> = l.mode::<0>();
    /// assert_eq!(first.to_string(), "(2,4):(1,2)");
    /// assert_eq!(l.mode::<1>().size(), 8);
    /// ```
    #[inline]
    pub fn mode<const K: usize>(&self) -> Layout<S::Mode, S::StrideMode, I>
    where
        S: Get<K, D>,
    {
        Layout {
            shape: self.shape.shape_mode(),
            stride: S::stride_mode(&self.stride),
            offset: PhantomData,
        }
    }

    /// The same as [`Layout::mode`], under CuTe's other name.
    #[inline]
    pub fn get<const K: usize>(&self) -> Layout<S::Mode, S::StrideMode, I>
    where
        S: Get<K, D>,
    {
        self.mode::<K>()
    }

    /// The shape of mode `K` (CuTe's `shape<K>(l)`), static where it is.
    #[inline]
    pub fn mode_shape<const K: usize>(&self) -> S::Mode
    where
        S: Get<K, D>,
    {
        self.shape.shape_mode()
    }

    /// The stride of mode `K` (CuTe's `stride<K>(l)`), static where it is.
    #[inline]
    pub fn mode_stride<const K: usize>(&self) -> S::StrideMode
    where
        S: Get<K, D>,
    {
        S::stride_mode(&self.stride)
    }

    /// The size of mode `K` (CuTe's `size<K>(l)`): static (a `Prod` of
    /// its extents, zero-sized, its value an associated `const`) when every
    /// extent of the mode is, as CuTe's is then; a `usize` otherwise.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::typed::{Int, StaticInt};
    /// let n = 9;
    /// let l = layout!(((2,4),n):((1,2),8));
    /// let first = l.mode_size::<0>();
    /// fn value<T: StaticInt>(_: T) -> i64 { T::VALUE }
    /// assert_eq!(value(first), 8);
    /// assert_eq!(first.get(), 8);
    /// let second: usize = l.mode_size::<1>();
    /// assert_eq!(second, 9);
    /// ```
    #[inline]
    pub fn mode_size<const K: usize>(&self) -> SizeOf<S::Mode>
    where
        S: Get<K, D, Mode: Shape + LeafList<List: ListSize>>,
    {
        FromSize::from_size(self.shape.shape_mode().size())
    }

    /// The same layout in the runtime core (fails only if a dynamic leaf
    /// does not fit the core's `i64`, or an offset would overflow it).
    pub fn to_core(&self) -> Result<layout_core::Layout, Error> {
        layout_core::Layout::new(self.shape.to_core()?, self.stride.to_core()?)
    }

    /// The same layout in the core, infallibly, for an all-static layout
    /// ([`StaticLayout`]): whether the core holds it is checked while
    /// compiling (convert_static.rs). A layout with a `usize` leaf, which
    /// may pass `i64`, converts with `TryFrom` or [`to_core`](Layout::to_core).
    /// (Written here, `Layout`'s module, so that a bound note names
    /// `Layout::into_core`.)
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let core: layout_dsl::Layout = layout!(type (4,(2,8)):(16,(8,1))).into_core();
    /// assert_eq!(core.to_string(), "(4,(2,8)):(16,(8,1))");
    /// ```
    #[must_use]
    pub fn into_core(self) -> layout_core::Layout
    where
        Self: StaticLayout,
    {
        static_into_core(self)
    }
}

impl<S, D, I> Layout<S, D, I> {
    /// The layout of trees the caller made congruent (edit_layout.rs moves
    /// modes between congruent trees).
    #[inline(always)]
    pub(super) const fn from_trees(shape: S, stride: D) -> Self {
        Layout {
            shape,
            stride,
            offset: PhantomData,
        }
    }
}

impl<S, D, I> Layout<S, D, I> {
    /// The layout of a shape and stride tree the caller built congruent
    /// (read from the core: convert.rs; a typed partition: partition.rs).
    pub(super) const fn from_parts(shape: S, stride: D) -> Self {
        Layout {
            shape,
            stride,
            offset: PhantomData,
        }
    }

    /// The shape and stride trees, with no bound on them (the typed
    /// algebra's results: compose_value.rs).
    pub(super) fn into_parts(self) -> (S, D) {
        (self.shape, self.stride)
    }
}

/// The layout `layout!` writes for `shape:stride`: [`Layout::new`] as a
/// free function. A path to an associated function makes rustc look
/// through every inherent `impl` of `Layout` at each call, which a crate of
/// many `layout!` invocations felt in its debug build (BENCHMARKS.md, "A
/// `Display`ed result"); a free function is one look-up.
#[must_use]
pub const fn layout<S, D>(shape: S, stride: D) -> Layout<S, D> {
    Layout {
        shape,
        stride,
        offset: PhantomData,
    }
}

/// [`layout`] with a negative static stride: offsets are signed
/// ([`Layout::new_signed`]).
#[must_use]
pub const fn layout_signed<S, D>(shape: S, stride: D) -> Layout<S, D, isize> {
    Layout {
        shape,
        stride,
        offset: PhantomData,
    }
}

/// `idx2crd(index, shape)` for a typed shape.
#[inline]
pub fn idx2crd<S: Shape>(index: usize, shape: S) -> S::Coord {
    shape.idx2crd(index)
}

/// `size(shape)` for a typed shape.
#[inline]
pub fn size<S: Shape>(shape: S) -> usize {
    shape.size()
}

// In the module that defines `Layout`, so that rustc names the method
// `Layout::max_common_vector` in the note under a wrong operand's error
// (an impl elsewhere is printed with its module's path, `__private`).
impl<S: Mode<D>, D: Tree> Layout<S, D> {
    /// CuTe's `max_common_vector(self, b)`: the largest `n` such that
    /// `self(R(j)) = j` for every `j < n`, `R = right_inverse(b)` (so `b`
    /// and `self` reach offsets `0..n` at the same indices): the widest
    /// vector both can move at once. The core's answer, computed on the
    /// leaves without allocating up to 2^20 offsets.
    ///
    /// # Errors
    ///
    /// The core's, past 2^20 common offsets where `self ∘ R` is refused,
    /// or a leaf past `i64::MAX`.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let (m, n) = (8, 4);
    /// let a = layout!((m,4):(1,m));
    /// let b = layout!((2,4,n):(1,2,8));
    /// assert_eq!(a.max_common_vector(&b).unwrap(), 32);
    /// assert_eq!(layout!((4,m):(m,1)).max_common_vector(&a).unwrap(), 1);
    /// ```
    pub fn max_common_vector<B: CommonVector>(&self, b: &B) -> Result<usize, Error> {
        b.common_vector_of(self)
    }
}

//! Views whose layout may reach past their storage, for the predicated
//! tiles of CuTe's tutorial GEMM: a partial tile of a matrix stored in
//! exactly its own size has offsets past the buffer where its coordinates
//! lie past the matrix. CuTe forms such tiles and reads only what a
//! predicate admits; here [`Unbounded`] forms them with the same typed
//! partitions, and only the predicated algorithms ([`copy_if`],
//! [`axpby_if`]) touch its elements, each admitted offset checked
//! against the storage (a predicate that admits an element past the
//! storage is a panic, never a read out of bounds).
//! Re-exported from [`typed`](super::typed).

use layout_core::Error;

use super::typed_args::{SliceOf, ThreadIndex, ThreadsOf, TilerStep};
use super::typed_checks::LayoutShape;
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{Fits, WalkWith, WalkWith3, partition_fits};

/// A typed view (engine `E`, layout `L`, base offset) whose offsets need
/// not lie inside `E`: partition it as a tensor, touch it with the
/// predicated algorithms.
#[derive(Clone, Copy, Debug)]
pub struct Unbounded<E, L> {
    engine: E,
    layout: L,
    base: usize,
}

impl<E: Engine, L: Fits> Unbounded<E, L> {
    /// The whole tensor, checked to fit `engine` as [`Tensor::new`] checks
    /// it (its partial tiles need not), and to fit the core's `i64` (its
    /// size and offsets within `i64::MAX`, as every typed partition's
    /// operand: the partitions of the view then check their results
    /// alone).
    pub fn new(engine: E, layout: L) -> Result<Self, Error> {
        layout.check_fits(0, engine.as_slice().len())?;
        partition_fits(&layout, &())?;
        Ok(Unbounded {
            engine,
            layout,
            base: 0,
        })
    }
}

impl<E: Engine, L> Unbounded<E, L> {
    /// The layout.
    #[inline]
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// A view borrowing the engine.
    #[inline]
    pub fn by_ref(&self) -> Unbounded<&[E::Elem], L>
    where
        L: Copy,
    {
        Unbounded {
            engine: self.engine.as_slice(),
            layout: self.layout,
            base: self.base,
        }
    }

    /// A mutable view borrowing the engine.
    #[inline]
    pub fn by_mut(&mut self) -> Unbounded<&mut [E::Elem], L>
    where
        E: EngineMut,
        L: Copy,
    {
        Unbounded {
            engine: self.engine.as_mut_slice(),
            layout: self.layout,
            base: self.base,
        }
    }

    #[inline(always)]
    fn rebase<M>(self, (layout, offset): (M, usize)) -> Unbounded<E, M> {
        Unbounded {
            engine: self.engine,
            layout,
            base: self.base.wrapping_add(offset),
        }
    }

    /// [`local_tile_step`](super::typed::local_tile_step) on the view.
    #[inline]
    pub fn local_tile_step<T: TilerStep<L, Cd, St, Output = O>, Cd, St, O: Fits>(
        self,
        tiler: T,
        coord: Cd,
        _step: St,
    ) -> Result<Unbounded<E, O>, Error> {
        let (layout, offset, _) = tiler.tile_step_of(&self.layout, coord)?;
        // The view's layout fits (`Unbounded::new`, or a checked result).
        partition_fits(&(), &layout)?;
        Ok(self.rebase((layout, offset)))
    }

    /// [`local_partition`](super::typed::local_partition) on the view.
    #[inline]
    pub fn local_partition<P: ThreadsOf<L, Output = O>, Ix: ThreadIndex<P>, O: Fits>(
        self,
        thr_layout: &P,
        thr_idx: Ix,
    ) -> Result<Unbounded<E, O>, Error>
    where
        L: LayoutShape,
    {
        let coord = thr_idx.thread_coord(thr_layout)?;
        let (layout, offset, _) = thr_layout.partition_at(&self.layout, coord)?;
        partition_fits(&(), &layout)?;
        Ok(self.rebase((layout, offset)))
    }

    /// [`slice`](super::typed::slice()) on the view.
    #[inline]
    pub fn slice<Cd: SliceOf<L, O>, O>(self, coord: Cd) -> Result<Unbounded<E, O>, Error>
    where
        L: LayoutShape,
    {
        let part = coord.slice_of(&self.layout)?;
        Ok(self.rebase(part))
    }
}

/// A view with a typed layout: a [`Tensor`], an [`Unbounded`] view or an
/// [`IdentityTensor`](super::typed::IdentityTensor) (what
/// [`make_tensor_like`](super::typed::make_tensor_like) copies the shape of).
pub trait HasLayout {
    /// The layout's type.
    type Layout;
    /// The layout.
    fn typed_layout(&self) -> &Self::Layout;
}

impl<E, L> HasLayout for Tensor<E, L> {
    type Layout = L;
    #[inline(always)]
    fn typed_layout(&self) -> &L {
        &self.layout
    }
}

/// The message of a predicate that admits an element past the storage.
const PAST: &str = "the predicate admits an element past the tensor's storage";

/// What [`copy_if`] reads from: a checked [`Tensor`] (every offset inside
/// its engine, checked when it was built) or an [`Unbounded`] view (each
/// admitted offset checked as it is read).
pub trait CopySource {
    /// The element type.
    type Elem: Copy;
    /// The typed layout.
    type Layout;
    /// The storage, the layout and the base offset.
    fn parts(&self) -> (&[Self::Elem], &Self::Layout, usize);
    /// The element at `offset` of `storage`, for a coordinate the predicate
    /// admits.
    ///
    /// # Safety
    ///
    /// `offset` is the base plus an offset of the source's layout.
    unsafe fn read(storage: &[Self::Elem], offset: usize) -> Self::Elem;
}

impl<E: Engine, L> CopySource for Tensor<E, L>
where
    E::Elem: Copy,
{
    type Elem = E::Elem;
    type Layout = L;
    #[inline(always)]
    fn parts(&self) -> (&[E::Elem], &L, usize) {
        (self.engine.as_slice(), &self.layout, self.base)
    }
    #[inline(always)]
    unsafe fn read(storage: &[E::Elem], offset: usize) -> E::Elem {
        // SAFETY: the caller's promise; a tensor's offsets lie in its engine.
        unsafe { *storage.get_unchecked(offset) }
    }
}

impl<E: Engine, L> CopySource for Unbounded<E, L>
where
    E::Elem: Copy,
{
    type Elem = E::Elem;
    type Layout = L;
    #[inline(always)]
    fn parts(&self) -> (&[E::Elem], &L, usize) {
        (self.engine.as_slice(), &self.layout, self.base)
    }
    #[inline(always)]
    unsafe fn read(storage: &[E::Elem], offset: usize) -> E::Elem {
        *storage.get(offset).expect(PAST)
    }
}

/// CuTe's `copy_if(pred, src, dst)`: `dst(c) = src(c)` where `pred(c)`
/// holds; elsewhere `dst` is left as it is and `src` is not read. The
/// source is a [`Tensor`] or an [`Unbounded`] view of a partial tile.
///
/// # Panics
///
/// If the extents differ, or an admitted element of an [`Unbounded`]
/// source lies past its storage.
#[inline]
pub fn copy_if<S, EP, ED, LP, LD>(pred: &Tensor<EP, LP>, src: &S, dst: &mut Tensor<ED, LD>)
where
    S: CopySource,
    EP: Engine<Elem = bool>,
    ED: EngineMut<Elem = S::Elem>,
    LP: WalkWith<S::Layout> + WalkWith3<S::Layout, LD>,
    S::Layout: WalkWith<LD>,
{
    let (s, src_layout, src_base) = src.parts();
    assert!(
        pred.layout.same_shape(src_layout) && src_layout.same_shape(&dst.layout),
        "copy_if: the shapes differ"
    );
    let (p, d) = (pred.engine.as_slice(), dst.engine.as_mut_slice());
    let bases = (pred.base, src_base, dst.base);
    pred.layout
        .walk_with3(src_layout, &dst.layout, bases, |q, i, o| {
            // SAFETY: `q` and `o` are offsets of checked tensors, `i` the
            // source's base plus an offset of its layout.
            unsafe {
                if *p.get_unchecked(q) {
                    *d.get_unchecked_mut(o) = S::read(s, i);
                }
            }
        });
}

/// CuTe's predicated epilogue, `if (pred(c)) y(c) = a·x(c) + b·y(c)`, into
/// a predicated view.
///
/// # Panics
///
/// If the extents differ, or an admitted element of `y` lies past its
/// storage.
#[inline]
pub fn axpby_if<T, EP, EX, EY, LP, LX, LY>(
    pred: &Tensor<EP, LP>,
    a: T,
    x: &Tensor<EX, LX>,
    b: T,
    y: &mut Unbounded<EY, LY>,
) where
    T: Scalar,
    EP: Engine<Elem = bool>,
    EX: Engine<Elem = T>,
    EY: EngineMut<Elem = T>,
    LP: WalkWith<LX> + WalkWith3<LX, LY>,
    LX: WalkWith<LY>,
{
    assert!(
        pred.layout.same_shape(&x.layout) && x.layout.same_shape(&y.layout),
        "axpby_if: the shapes differ"
    );
    let (p, xs, ys) = (
        pred.engine.as_slice(),
        x.engine.as_slice(),
        y.engine.as_mut_slice(),
    );
    let bases = (pred.base, x.base, y.base);
    pred.layout
        .walk_with3(&x.layout, &y.layout, bases, |q, i, o| {
            // SAFETY: `q` and `i` are offsets of checked tensors; `o` is checked.
            unsafe {
                if *p.get_unchecked(q) {
                    let out = ys.get_mut(o).expect(PAST);
                    *out = a * *xs.get_unchecked(i) + b * *out;
                }
            }
        });
}

impl<E, L> HasLayout for Unbounded<E, L> {
    type Layout = L;
    #[inline(always)]
    fn typed_layout(&self) -> &L {
        &self.layout
    }
}

//! A typed thread layout as `local_partition` reads it (CuTe's
//! `outer_partition(t, product_each(shape(thr)), thr.get_flat_coord(i))`):
//! per top-level mode, its size as a static tile ([`ModeSize`]) and the
//! thread's index inside the mode. A mode is a leaf or a tuple of modes,
//! nested to any depth the typed layouts allow.
//!
//! The thread is named as CuTe names it: an index `i`, which the layout's
//! strides decompose (`get_hier_coord(i)` = CuTe's `idx2crd(i, shape,
//! stride)`, each leaf `(i / d) % s`, then `crd2crd` to one
//! colexicographic index per top-level mode, [`FlatCoord`]); or a
//! coordinate in the layout's shape, nested like it (any level may be one
//! integer for its whole mode, as `crd2idx` takes it), which `crd2crd`
//! flattens the same way ([`FlatIndex`]). For a thread layout that is a
//! bijection the two agree: coordinate `c` is index `thr(c)`.

use layout_core::{AlgebraRefusal, DomainError, Error};

use crate::__private::int::{C, Int};
use crate::__private::list::{Cons, IntoList, Nil};
use crate::__private::static_int::{Prod, StaticInt};
use crate::__private::tree::Shape;
use crate::__private::typed_partition::Threads;
use crate::tensor::typed::{LayoutShape, ThreadCoordModes};

/// The static size of a thread layout's mode: the leaf, or the product of
/// a tuple's leaves at any depth (a [`Prod`]).
#[diagnostic::on_unimplemented(
    message = "a thread layout's mode `{Self}` has no static size: the thread layout of a typed `local_partition` has static extents (`layout!(type …)`)"
)]
pub trait ModeSize: Copy {
    /// The size.
    type Out: StaticInt;
}

impl<S: StaticInt> ModeSize for S {
    type Out = S;
}

/// The product of a list of modes' static sizes, times `Acc`.
pub trait ProductOf<Acc> {
    /// The product.
    type Out: StaticInt;
}

impl<Acc: StaticInt> ProductOf<Acc> for Nil {
    type Out = Acc;
}

impl<Acc: StaticInt, H: ModeSize, T: ProductOf<Prod<Acc, H::Out>>> ProductOf<Acc> for Cons<H, T> {
    type Out = T::Out;
}

/// The static sizes of a list of modes.
pub trait ModeSizes {
    /// One static leaf per mode.
    type Out: Default;
}

impl ModeSizes for Nil {
    type Out = Nil;
}

impl<H: ModeSize, T: ModeSizes> ModeSizes for Cons<H, T> {
    type Out = Cons<H::Out, T::Out>;
}

/// The core's error for a leaf with no inverse (`thread_coord`): the
/// same kind and numbers, `mode` counting leaves over the whole layout.
fn no_coordinate(leaf: usize, extent: usize, stride: usize) -> Error {
    let clamp = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
    AlgebraRefusal::NonPositiveStride {
        mode: leaf,
        extent: clamp(extent),
        stride: clamp(stride),
    }
    .into()
}

fn out_of_range(what: &'static str, index: usize, size: usize) -> Error {
    let clamp = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
    DomainError::IndexOutOfRange {
        what,
        index: clamp(index),
        size: clamp(size),
    }
    .into()
}

/// A thread's index inside one mode (`Self`, stride `D`).
pub trait ModeCoord<D> {
    /// `Σ ((i / d_j) % s_j) · (s_0 ⋯ s_{j-1})` over the mode's leaves (at
    /// any depth, in order: CuTe's `idx2crd` then `crd2idx` of the mode).
    /// `leaf` counts the leaves before this one in the whole layout (an
    /// error names it, as the core's does).
    fn mode_coord(&self, d: &D, index: usize, leaf: &mut usize) -> Result<usize, Error>;
}

impl<S: Int, D: Int> ModeCoord<D> for S {
    #[inline(always)]
    fn mode_coord(&self, d: &D, index: usize, leaf: &mut usize) -> Result<usize, Error> {
        let (s, d) = (self.get(), d.get());
        *leaf += 1;
        // An extent-1 leaf is at 0 whatever its stride, as CuTe's idx2crd
        // of a `_1` mode; another of stride 0 has no inverse. (An extent
        // of 0 never gets here: the layout has no thread, and the index
        // check before refuses every index.)
        if s == 1 {
            return Ok(0);
        }
        if d == 0 || s == 0 {
            return Err(no_coordinate(*leaf - 1, s, d));
        }
        Ok((index / d) % s)
    }
}

/// A coordinate entry (`Self`: one `usize`, or a tuple nested like the
/// mode) of a mode of shape `S` (a thread layout's, or a tile's in
/// `outer_partition`): its colexicographic index in the mode, CuTe's
/// `crd2idx(c, s)`. An integer past its (sub-)mode is an error naming
/// `what`, where CuTe would name another element.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a mode of shape `{S}`: one integer, or a tuple nested like the mode"
)]
pub trait ModeIndex<S> {
    /// The index in the mode.
    fn mode_index(self, s: &S, what: &'static str) -> Result<usize, Error>;
}

impl<S: Shape> ModeIndex<S> for usize {
    #[inline(always)]
    fn mode_index(self, s: &S, what: &'static str) -> Result<usize, Error> {
        let size = s.size();
        if self >= size {
            return Err(out_of_range(what, self, size));
        }
        Ok(self)
    }
}

macro_rules! tuples {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $A:ident))*) => {
        impl<$($S: ModeSize),*> ModeSize for ($($S,)*) {
            type Out = <<Self as IntoList>::List as ProductOf<C<1>>>::Out;
        }

        impl<$($S: ModeCoord<$D> + Shape, $D),*> ModeCoord<($($D,)*)> for ($($S,)*) {
            #[inline(always)]
            fn mode_coord(&self, d: &($($D,)*), index: usize, leaf: &mut usize) -> Result<usize, Error> {
                let (mut coord, mut prefix) = (0usize, 1usize);
                $(
                    coord += self.$i.mode_coord(&d.$i, index, leaf)?.wrapping_mul(prefix);
                    prefix = prefix.wrapping_mul(Shape::size(&self.$i));
                )*
                let _ = prefix;
                Ok(coord)
            }
        }

        impl<$($A: ModeIndex<$S>, $S: Shape),*> ModeIndex<($($S,)*)> for ($($A,)*) {
            #[inline(always)]
            fn mode_index(self, s: &($($S,)*), what: &'static str) -> Result<usize, Error> {
                let (mut index, mut prefix) = (0usize, 1usize);
                $(
                    index += self.$i.mode_index(&s.$i, what)?.wrapping_mul(prefix);
                    prefix = prefix.wrapping_mul(Shape::size(&s.$i));
                )*
                let _ = prefix;
                Ok(index)
            }
        }

        /// A hierarchical coordinate: one entry per top-level mode.
        #[diagnostic::do_not_recommend]
        impl<P: Threads, $($A),*> ThreadIndex<P> for ($($A,)*)
        where
            Self: ThreadCoordModes<<P as LayoutShape>::Shape, Checked = Self>,
            <Self as IntoList>::List: FlatIndex<P::Shapes, Out = P::Coord>,
        {
            #[inline(always)]
            fn thread_coord(self, threads: &P) -> Result<P::Coord, Error> {
                self.into_list().flat_index(threads.shapes())
            }
        }
    };
}

for_each_rank!(tuples);

/// A thread layout's `get_flat_coord(i)`: one index per top-level mode.
pub trait FlatCoord<DL> {
    /// One `usize` per mode.
    type Out;
    /// The coordinates; an extent-1 leaf is at 0, another stride-0 leaf
    /// (no inverse) is an error; `leaf` counts the leaves before the list.
    fn flat_coord(&self, d: &DL, index: usize, leaf: &mut usize) -> Result<Self::Out, Error>;
}

impl FlatCoord<Nil> for Nil {
    type Out = Nil;
    #[inline(always)]
    fn flat_coord(&self, _: &Nil, _: usize, _: &mut usize) -> Result<Nil, Error> {
        Ok(Nil)
    }
}

impl<S: ModeCoord<D>, SL: FlatCoord<DL>, D, DL> FlatCoord<Cons<D, DL>> for Cons<S, SL> {
    type Out = Cons<usize, SL::Out>;
    #[inline(always)]
    fn flat_coord(
        &self,
        d: &Cons<D, DL>,
        index: usize,
        leaf: &mut usize,
    ) -> Result<Self::Out, Error> {
        let head = self.0.mode_coord(&d.0, index, leaf)?;
        Ok(Cons(head, self.1.flat_coord(&d.1, index, leaf)?))
    }
}

/// A hierarchical thread coordinate as a list (`Self`) over the thread
/// layout's top-level modes `SL`: CuTe's `crd2crd(c, shape,
/// product_each(shape))`, one index per mode.
pub trait FlatIndex<SL> {
    /// One `usize` per mode.
    type Out;
    /// The indices; an entry past its mode is an error.
    fn flat_index(self, s: SL) -> Result<Self::Out, Error>;
}

impl FlatIndex<Nil> for Nil {
    type Out = Nil;
    #[inline(always)]
    fn flat_index(self, _: Nil) -> Result<Nil, Error> {
        Ok(Nil)
    }
}

impl<A: ModeIndex<S>, CL: FlatIndex<SL>, S, SL> FlatIndex<Cons<S, SL>> for Cons<A, CL> {
    type Out = Cons<usize, CL::Out>;
    #[inline(always)]
    fn flat_index(self, s: Cons<S, SL>) -> Result<Self::Out, Error> {
        let index = self.0.mode_index(&s.0, "a thread coordinate")?;
        Ok(Cons(index, self.1.flat_index(s.1)?))
    }
}

/// How a typed `local_partition` names its thread in the thread layout
/// `P`: CuTe's thread index (`usize`, decomposed by `P`'s strides, as
/// `get_flat_coord`), or a coordinate in `P`'s shape (a tuple with one
/// entry per top-level mode, each an integer or a tuple nested like the
/// mode). Past the threads, or past a mode, is an error.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a thread index nor a coordinate of the thread layout `{P}`",
    label = "a `usize` index, or a coordinate with one entry (an integer, or a tuple nested like the mode) per top-level mode of the thread layout"
)]
pub trait ThreadIndex<P: Threads>:
    ThreadCoordModes<<P as LayoutShape>::Shape, Checked = Self>
{
    /// The thread's index in each top-level mode of `P`.
    fn thread_coord(self, threads: &P) -> Result<P::Coord, Error>;
}

/// The thread index, decomposed by the thread layout's strides.
// `do_not_recommend`: a wrong coordinate is not told "implemented for
// `usize`" under the message that already says an index is one.
#[diagnostic::do_not_recommend]
impl<P: Threads> ThreadIndex<P> for usize
where
    usize: ThreadCoordModes<<P as LayoutShape>::Shape, Checked = usize>,
{
    #[inline(always)]
    fn thread_coord(self, threads: &P) -> Result<P::Coord, Error> {
        threads.flat_coord(self)
    }
}

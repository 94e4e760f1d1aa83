//! A typed thread layout as `local_partition` reads it (CuTe's
//! `outer_partition(t, product_each(shape(thr)), thr.get_flat_coord(i))`):
//! per top-level mode, its size as a static tile ([`ModeSize`]) and the
//! thread's index inside the mode ([`FlatCoord`]: each leaf's
//! `(i / d) % s`, joined colexicographically). A mode is a leaf or a tuple
//! of leaves (two levels).

use layout_core::{Error, ErrorKind};

use super::int::{C, Int};
use super::list::{Cons, IntoList, Nil};
use super::static_int::{Prod, StaticInt};

/// The static size of a thread layout's mode: the leaf, or the product of
/// a tuple's leaves (a [`Prod`]).
#[diagnostic::on_unimplemented(
    message = "a thread layout's mode `{Self}` has no static size",
    label = "the thread layout of a typed `local_partition` has static extents (`layout!(type …)`)"
)]
pub trait ModeSize: Copy {
    /// The size.
    type Out: StaticInt;
}

impl<S: StaticInt> ModeSize for S {
    type Out = S;
}

/// The product of a list of static leaves, times `Acc`.
pub trait ProductOf<Acc> {
    /// The product.
    type Out: StaticInt;
}

impl<Acc: StaticInt> ProductOf<Acc> for Nil {
    type Out = Acc;
}

impl<Acc: StaticInt, H: StaticInt, T: ProductOf<Prod<Acc, H>>> ProductOf<Acc> for Cons<H, T> {
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

fn no_coordinate() -> Error {
    ErrorKind::Overflow("a thread layout's mode of stride 0 or extent 0 has no thread coordinate")
        .into()
}

/// A thread's index inside one mode (`Self`, stride `D`).
pub trait ModeCoord<D> {
    /// `Σ ((i / d_j) % s_j) · (s_0 ⋯ s_{j-1})` over the mode's leaves.
    fn mode_coord(&self, d: &D, index: usize) -> Result<usize, Error>;
}

impl<S: Int, D: Int> ModeCoord<D> for S {
    #[inline(always)]
    fn mode_coord(&self, d: &D, index: usize) -> Result<usize, Error> {
        let (s, d) = (self.get(), d.get());
        // An extent-1 leaf is at 0 whatever its stride, as CuTe's idx2crd
        // of a `_1` mode; another of stride 0 has no inverse.
        if s == 1 {
            return Ok(0);
        }
        if d == 0 || s == 0 {
            return Err(no_coordinate());
        }
        Ok((index / d) % s)
    }
}

macro_rules! tuples {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: StaticInt),*> ModeSize for ($($S,)*) {
            type Out = <<Self as IntoList>::List as ProductOf<C<1>>>::Out;
        }

        impl<$($S: Int, $D: Int),*> ModeCoord<($($D,)*)> for ($($S,)*) {
            #[inline(always)]
            fn mode_coord(&self, d: &($($D,)*), index: usize) -> Result<usize, Error> {
                let (mut coord, mut prefix) = (0usize, 1usize);
                $(
                    coord += self.$i.mode_coord(&d.$i, index)?.wrapping_mul(prefix);
                    prefix = prefix.wrapping_mul(self.$i.get());
                )*
                let _ = prefix;
                Ok(coord)
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
    /// (no inverse) is an error.
    fn flat_coord(&self, d: &DL, index: usize) -> Result<Self::Out, Error>;
}

impl FlatCoord<Nil> for Nil {
    type Out = Nil;
    #[inline(always)]
    fn flat_coord(&self, _: &Nil, _: usize) -> Result<Nil, Error> {
        Ok(Nil)
    }
}

impl<S: ModeCoord<D>, SL: FlatCoord<DL>, D, DL> FlatCoord<Cons<D, DL>> for Cons<S, SL> {
    type Out = Cons<usize, SL::Out>;
    #[inline(always)]
    fn flat_coord(&self, d: &Cons<D, DL>, index: usize) -> Result<Self::Out, Error> {
        Ok(Cons(
            self.0.mode_coord(&d.0, index)?,
            self.1.flat_coord(&d.1, index)?,
        ))
    }
}

//! CuTe's `coalesce` of an all-static typed layout, at a rank the caller
//! names: [`Layout::coalesce_static`].
//!
//! CuTe's `bw_coalesce` merges two all-static modes that continue each
//! other and drops a static extent 1, so the result's rank is chosen by the
//! numbers, and stable Rust cannot choose a type from them (a const
//! argument computed from a type's `VALUE` needs `generic_const_exprs`).
//! The leaves' values are constants, though: [`CoalescedLeaf`] is leaf `K`
//! of CuTe's answer, computed while compiling by [`cute_coalesce`], and
//! the caller names the rank `R`, checked while compiling (the one thing
//! the type cannot follow). [`Coalesce`](super::Coalesce) (every leaf
//! kept) stays the form whose type follows the input's alone.

use core::fmt;
use core::marker::PhantomData;

use layout_core::Error;

use super::algebra::AlgebraError;
use super::edit::Flatten;
use super::int::{Int, Offset};
use super::layout::Layout;
use super::static_int::{StaticInt, static_leaf};
use super::tree::{MAX_RANK, Mode, Tree};

/// The values of a flat tree of static leaves (one leaf, or a tuple).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`coalesce_static` takes an all-static layout, but its flat tree `{Self}` has a run-time leaf: `coalesce()` keeps every leaf, `layout!(coalesce(#a))` is CuTe's layout at run time"
)]
pub trait StaticFlat {
    /// The number of leaves.
    const LEN: usize;
    /// The values (the first `LEN`).
    const VALUES: [i64; MAX_RANK];
}

impl<T: StaticInt> StaticFlat for T {
    const LEN: usize = 1;
    const VALUES: [i64; MAX_RANK] = {
        let mut values = [0; MAX_RANK];
        values[0] = T::VALUE;
        values
    };
}

macro_rules! static_flat {
    ($rank:literal; $(($i:tt $S:ident $_b:ident $_c:ident))*) => {
        impl<$($S: StaticInt),*> StaticFlat for ($($S,)*) {
            const LEN: usize = $rank;
            const VALUES: [i64; MAX_RANK] = {
                #[allow(unused_mut)]
                let mut values = [0; MAX_RANK];
                $(values[$i] = $S::VALUE;)*
                values
            };
        }
    };
}

for_each_rank!(static_flat);

/// CuTe's `coalesce` of the flat static layout `shape[..n]:stride[..n]`
/// (CUTLASS 4.7's `bw_coalesce`, from the last leaf back): a leaf of
/// extent 1 is skipped; a result of extent 1 so far is replaced; a leaf
/// whose extent times stride is the next mode's stride merges into it;
/// any other leaf is a mode of its own. No mode left is `1:0`. The modes,
/// in order, and their number.
pub const fn cute_coalesce(
    shape: [i64; MAX_RANK],
    stride: [i64; MAX_RANK],
    n: usize,
) -> ([i64; MAX_RANK], [i64; MAX_RANK], usize) {
    // Built from the back: `s[first..]`, `d[first..]`.
    let (mut s, mut d) = ([0i64; MAX_RANK], [0i64; MAX_RANK]);
    if n == 0 {
        return ([1; MAX_RANK], [0; MAX_RANK], 1);
    }
    let mut first = MAX_RANK - 1;
    (s[first], d[first]) = (shape[n - 1], stride[n - 1]);
    let mut i = n - 1;
    while i > 0 {
        i -= 1;
        let single = first == MAX_RANK - 1;
        if shape[i] == 1 {
            // CuTe: skip a static extent 1.
        } else if single && s[first] == 1 {
            (s[first], d[first]) = (shape[i], stride[i]);
        } else if shape[i].checked_mul(stride[i]).is_some() && shape[i] * stride[i] == d[first] {
            s[first] = match shape[i].checked_mul(s[first]) {
                Some(p) => p,
                None => panic!("coalesce: a merged extent overflows i64"),
            };
            d[first] = stride[i];
        } else {
            first -= 1;
            (s[first], d[first]) = (shape[i], stride[i]);
        }
    }
    if first == MAX_RANK - 1 && s[first] == 1 {
        d[first] = 0;
    }
    let rank = MAX_RANK - first;
    let (mut shape_out, mut stride_out) = ([0i64; MAX_RANK], [0i64; MAX_RANK]);
    let mut k = 0;
    while k < rank {
        (shape_out[k], stride_out[k]) = (s[first + k], d[first + k]);
        k += 1;
    }
    (shape_out, stride_out, rank)
}

/// What a wrong `R` of [`Layout::coalesce_static`] is told, by CuTe's
/// rank (a `const` panic takes no formatted number).
const RANK_IS: [&str; 13] = [
    "",
    "CuTe's coalesce of this layout has rank 1: `coalesce_static::<1>()`",
    "CuTe's coalesce of this layout has rank 2: `coalesce_static::<2>()`",
    "CuTe's coalesce of this layout has rank 3: `coalesce_static::<3>()`",
    "CuTe's coalesce of this layout has rank 4: `coalesce_static::<4>()`",
    "CuTe's coalesce of this layout has rank 5: `coalesce_static::<5>()`",
    "CuTe's coalesce of this layout has rank 6: `coalesce_static::<6>()`",
    "CuTe's coalesce of this layout has rank 7: `coalesce_static::<7>()`",
    "CuTe's coalesce of this layout has rank 8: `coalesce_static::<8>()`",
    "CuTe's coalesce of this layout has rank 9: `coalesce_static::<9>()`",
    "CuTe's coalesce of this layout has rank 10: `coalesce_static::<10>()`",
    "CuTe's coalesce of this layout has rank 11: `coalesce_static::<11>()`",
    "CuTe's coalesce of this layout has rank 12: `coalesce_static::<12>()`",
];

// Every rank a flat typed layout has has its message.
const _: () = assert!(MAX_RANK < RANK_IS.len());

/// The rank of CuTe's `coalesce` of the flat static layout `FS:FD`.
const fn cute_rank<FS: StaticFlat, FD: StaticFlat>() -> usize {
    cute_coalesce(FS::VALUES, FD::VALUES, FS::LEN).2
}

/// Leaf `K` of CuTe's `coalesce` of the flat static layout `FS:FD`: its
/// extent, or with `STRIDE` its stride. Zero-sized; its value is a
/// `const` ([`cute_coalesce`]).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::StaticInt;
/// let a = layout!(type ((2,4),3):((1,2),16));
/// let c = a.coalesce_static::<2>().unwrap();
/// assert_eq!(c.to_string(), "(8,3):(1,16)");
/// fn value<T: StaticInt>(_: T) -> i64 { T::VALUE }
/// assert_eq!(value(c.shape().0), 8);
/// ```
pub struct CoalescedLeaf<FS, FD, const K: usize, const STRIDE: bool>(PhantomData<(FS, FD)>);

impl<FS: StaticFlat, FD: StaticFlat, const K: usize, const STRIDE: bool> StaticInt
    for CoalescedLeaf<FS, FD, K, STRIDE>
{
    const VALUE: i64 = {
        let (shape, stride, rank) = cute_coalesce(FS::VALUES, FD::VALUES, FS::LEN);
        assert!(K < rank, "a leaf past the rank of CuTe's coalesce");
        if STRIDE { stride[K] } else { shape[K] }
    };
}

static_leaf!(
    [FS, FD, const K: usize, const STRIDE: bool]
    [FS: StaticFlat, FD: StaticFlat, const K: usize, const STRIDE: bool]
    CoalescedLeaf [FS, FD, K, STRIDE]
);

/// A rank the caller names for [`Layout::coalesce_static`].
pub struct AtRank<const R: usize>;

/// The shape and stride of CuTe's `coalesce` of the flat static layout
/// `FS:FD` at rank `R` (`Self` is [`AtRank<R>`]): rank 1 a single leaf,
/// as CuTe's `_8:_1`, a tuple of `R` leaves otherwise.
#[diagnostic::on_unimplemented(
    message = "`coalesce_static::<R>()` takes a rank from 1 to the most a typed layout has"
)]
pub trait CoalescedModes<FS, FD> {
    /// The shape.
    type Shape: Copy + Default;
    /// The stride.
    type Stride: Copy + Default;
}

impl<FS, FD> CoalescedModes<FS, FD> for AtRank<1> {
    type Shape = CoalescedLeaf<FS, FD, 0, false>;
    type Stride = CoalescedLeaf<FS, FD, 0, true>;
}

macro_rules! coalesced_modes {
    (0;) => {};
    (1; $($rest:tt)*) => {};
    ($rank:literal; $(($i:tt $S:ident $_b:ident $_c:ident))*) => {
        impl<FS, FD> CoalescedModes<FS, FD> for AtRank<$rank> {
            type Shape = ($(CoalescedLeaf<FS, FD, $i, false>,)*);
            type Stride = ($(CoalescedLeaf<FS, FD, $i, true>,)*);
        }
    };
}

for_each_rank!(coalesced_modes);

impl<S: Mode<D>, D: Tree, I: Offset> Layout<S, D, I> {
    /// CuTe's `coalesce(A)` of an all-static layout, with the rank `R`
    /// of CuTe's answer named by the caller: the merged modes, each leaf
    /// static ([`CoalescedLeaf`], computed while compiling). CuTe's rank
    /// depends on the numbers, which a type cannot follow on stable Rust;
    /// another `R` than CuTe's is a compile error naming CuTe's rank
    /// ("CuTe's coalesce of this layout has rank 1"), never another layout. [`Coalesce`](super::Coalesce)
    /// keeps every leaf (no rank to name, any leaves); `layout!(coalesce(#a))`
    /// is CuTe's layout from the core at run time.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let a = layout!(type ((2,4),(1,4)):((1,2),(7,8)));
    /// assert_eq!(a.coalesce_static::<1>().unwrap().to_string(), "32:1");
    /// let b = layout!(type (2,(1,4)):(1,(0,4)));
    /// assert_eq!(b.coalesce_static::<2>().unwrap().to_string(), "(2,4):(1,4)");
    /// assert_eq!(layout!(type (1,1):(3,7)).coalesce_static::<1>().unwrap().to_string(), "1:0");
    /// ```
    ///
    /// ```compile_fail
    /// use layout_dsl::layout;
    /// // CuTe's coalesce of (2,4):(1,2) is 8:1, of rank 1.
    /// let c = layout!(type (2,4):(1,2)).coalesce_static::<2>();
    /// ```
    #[allow(clippy::type_complexity)]
    #[inline]
    pub fn coalesce_static<const R: usize>(
        &self,
    ) -> Result<
        Layout<
            <AtRank<R> as CoalescedModes<S::Out, D::Out>>::Shape,
            <AtRank<R> as CoalescedModes<S::Out, D::Out>>::Stride,
            I,
        >,
        AlgebraError,
    >
    where
        S: Flatten<Out: StaticFlat>,
        D: Flatten<Out: StaticFlat>,
        AtRank<R>: CoalescedModes<S::Out, D::Out>,
        <AtRank<R> as CoalescedModes<S::Out, D::Out>>::Shape:
            Mode<<AtRank<R> as CoalescedModes<S::Out, D::Out>>::Stride>,
        <AtRank<R> as CoalescedModes<S::Out, D::Out>>::Stride: Tree,
    {
        const {
            let rank = cute_rank::<S::Out, D::Out>();
            if rank != R {
                panic!("{}", RANK_IS[rank]);
            }
        };
        Ok(Layout::from_parts(Default::default(), Default::default()))
    }
}

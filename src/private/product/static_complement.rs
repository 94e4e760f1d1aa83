//! The leaves of a typed value's complement when every leaf of the layout
//! and the cotarget is static: [`ComplementLeaf`], a zero-sized leaf whose
//! value a `const` computes from the operands' types (as [`Quot`] does for
//! one division), so an all-static complement is all static, as CuTe's.
//! Which leaf type a complement gets is chosen by the operands' *types*
//! ([`IsStatic`], [`Pick`]): all static, or every computed leaf `usize`;
//! a type cannot follow which extent lands in which hole (that is the
//! strides' order, a number).
//!
//! [`Quot`]: crate::__private::Quot

use core::fmt;
use core::marker::PhantomData;

use layout_core::Error;

use crate::__private::int::Int;
use crate::__private::static_int::{StaticInt, static_leaf};
use crate::__private::tree::MAX_RANK;

/// Room for the leaves of the widest layout a typed complement takes:
/// `MAX_RANK - 1` leaves, whose complement has `MAX_RANK` flat modes.
const WIDTH: usize = MAX_RANK;

// The `(12; …)` arms here and in shape_values.rs skip the widest rank
// (its complement would have `MAX_RANK + 1` modes): they name it by
// number, as a macro pattern cannot read a `const`.
const _: () = assert!(
    MAX_RANK == 12,
    "update the `(12; …)` arms of the typed complement to the new MAX_RANK"
);

/// Whether a leaf's value is in its type: [`Yes`] or [`No`].
#[doc(hidden)]
pub trait IsStatic {
    /// [`Yes`] or [`No`].
    type Is: Bit;
}

/// A leaf's value is in its type.
#[doc(hidden)]
pub struct Yes;
/// A leaf's value is not in its type.
#[doc(hidden)]
pub struct No;

impl<T: StaticInt> IsStatic for T {
    type Is = Yes;
}
impl IsStatic for usize {
    type Is = No;
}

/// [`Yes`] or [`No`], and their conjunction (always defined, so generic
/// code can name it without a bound per pair).
#[doc(hidden)]
pub trait Bit {
    /// [`Yes`] when both are.
    type And<B: Bit>: Bit;
}
impl Bit for Yes {
    type And<B: Bit> = B;
}
impl Bit for No {
    type And<B: Bit> = No;
}

/// The leaf type `T` when the operands are all static, else `usize`.
#[doc(hidden)]
pub trait Pick<T> {
    /// `T` or `usize`.
    type Out: Int;
    /// The leaf of the value computed at run time.
    fn pick(value: usize) -> Self::Out;
}

impl<T: StaticInt> Pick<T> for Yes {
    type Out = T;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pick(value: usize) -> T {
        debug_assert_eq!(value, T::default().get());
        T::default()
    }
}

impl<T> Pick<T> for No {
    type Out = usize;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pick(value: usize) -> usize {
        value
    }
}

/// A flat tuple of static leaves, their values in a `const`.
#[doc(hidden)]
pub trait StaticLeaves {
    /// The number of leaves.
    const LEN: usize;
    /// The values (the first `LEN`).
    const VALUES: [i64; WIDTH];
}

macro_rules! static_leaves {
    ($rank:literal; $(($i:tt $S:ident $_b:ident $_c:ident))*) => {
        impl<$($S: StaticInt),*> StaticLeaves for ($($S,)*) {
            const LEN: usize = $rank;
            const VALUES: [i64; WIDTH] = {
                #[allow(unused_mut)]
                let mut values = [0; WIDTH];
                $(values[$i] = $S::VALUE;)*
                values
            };
        }
    };
}

// Every rank a complement takes (0 and the widest excepted by their callers).
macro_rules! each_width {
    (12; $($rest:tt)*) => {};
    ($($entry:tt)*) => {
        static_leaves!($($entry)*);
    };
}
for_each_rank!(each_width);

/// The complement of static leaves, as `complement_modes` computes it at
/// run time: each hole's extent, the stride after each hole, the rest.
/// A leaf with no complement (a stride not a multiple of the span below
/// it, an extent 0, a negative stride or cotarget) is a compile error,
/// as CuTe's `static_assert`.
const fn complement_static(
    shape: [i64; WIDTH],
    stride: [i64; WIDTH],
    n: usize,
    cotarget: i64,
) -> ([i64; WIDTH], [i64; WIDTH], i64) {
    assert!(cotarget >= 0, "a cotarget must not be negative");
    let mut order = [0usize; WIDTH];
    let mut i = 0;
    while i < n {
        assert!(shape[i] != 0, "complement: a mode of extent 0");
        assert!(
            stride[i] >= 0,
            "complement: a negative stride has no complement"
        );
        let mut k = i;
        while k > 0 && stride[order[k - 1]] > stride[i] {
            order[k] = order[k - 1];
            k -= 1;
        }
        order[k] = i;
        i += 1;
    }
    let (mut holes, mut next, mut span) = ([1i64; WIDTH], [0i64; WIDTH], 1i64);
    let mut k = 0;
    while k < n {
        let (s, d) = (shape[order[k]], stride[order[k]]);
        if s != 1 && d != 0 {
            assert!(
                d % span == 0,
                "complement: a stride is not a multiple of the span below it"
            );
            holes[k] = d / span;
            span = match s.checked_mul(d) {
                Some(p) => p,
                None => panic!("complement: a span overflows"),
            };
        }
        next[k] = span;
        k += 1;
    }
    (holes, next, (cotarget + span - 1) / span)
}

/// Leaf `K` of the complement of the static layout `Sh:St` up to `Co`:
/// `W = 0` the hole's extent, `1` the stride after it, `2` the rest's
/// extent. Zero-sized; its value is a `const`.
pub struct ComplementLeaf<Sh, St, Co, const K: usize, const W: u8>(PhantomData<(Sh, St, Co)>);

impl<Sh: StaticLeaves, St: StaticLeaves, Co: StaticInt, const K: usize, const W: u8> StaticInt
    for ComplementLeaf<Sh, St, Co, K, W>
{
    const VALUE: i64 = {
        let (holes, next, rest) = complement_static(Sh::VALUES, St::VALUES, Sh::LEN, Co::VALUE);
        match W {
            0 => holes[K],
            1 => next[K],
            _ => rest,
        }
    };
}

static_leaf!(
    [Sh, St, Co, const K: usize, const W: u8]
    [Sh: StaticLeaves, St: StaticLeaves, Co: StaticInt, const K: usize, const W: u8]
    ComplementLeaf [Sh, St, Co, K, W]
);

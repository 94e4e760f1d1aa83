//! The static answers of CuTe's queries of a typed layout, as static
//! leaves: [`ShapeRank`] and [`ShapeDepth`] (CuTe's `rank_v`, `depth_v`: the
//! nesting alone decides, so they are static for any shape, run-time
//! leaves included), [`CosizeOf`] and [`Crd2idxOf`] (static where every
//! leaf they read is, as CuTe's `cosize` and `crd2idx` return `Int<N>`
//! then). Each is zero-sized, its value an associated `const` computed
//! from the types alone, as [`Prod`](super::Prod) names a product:
//! `C<{S::RANK}>` would need `generic_const_exprs`.
//!
//! The values are the core's definitions, walked over the types' `NODE`s
//! (their nesting and static numbers) by `const fn`s: cosize is
//! `1 + Σ (s-1)·|d|` and 0 for an empty layout (`layout_core::Layout::cosize`),
//! an offset splits an integer coordinate colexicographically as
//! `Layout::crd2idx` does. A dynamic leaf has no value here: the bounds
//! that ask for these values (rt_query.rs) admit only what reads static
//! leaves (every leaf for a cosize; for an offset, the strides of the modes
//! the coordinate enters and the extents it splits an integer over, never
//! the extent of a last mode that takes the rest), so the walks' "dynamic"
//! arm is never reached from a caller that compiles.

use core::fmt;
use core::marker::PhantomData;

use layout_core::Error;

use super::int::Int;
use super::static_int::{StaticInt, static_leaf};
use super::text::Node;
use super::tree::{EMPTY_MODE, Mode, Shape, Tree};

/// CuTe's `rank_v<S>` of a shape `S` (a layout's shape): its number of
/// top-level modes, 1 for a single extent. Static for any shape.
///
/// ```
/// use layout_dsl::typed::{C, ShapeRank, StaticInt};
/// assert_eq!(ShapeRank::<(C<4>, (usize, C<2>))>::VALUE, 2);
/// assert_eq!(ShapeRank::<usize>::VALUE, 1);
/// ```
pub struct ShapeRank<S>(PhantomData<S>);

/// CuTe's `depth_v<S>` of a shape `S`: how deeply it nests, 0 for a single
/// extent. Static for any shape.
///
/// ```
/// use layout_dsl::typed::{C, ShapeDepth, StaticInt};
/// assert_eq!(ShapeDepth::<(C<4>, (usize, C<2>))>::VALUE, 2);
/// assert_eq!(ShapeDepth::<C<4>>::VALUE, 0);
/// ```
pub struct ShapeDepth<S>(PhantomData<S>);

/// The cosize of the static layout of shape `S` and stride `D`:
/// `1 + Σ (s-1)·|d|` over the leaves, 0 when the size is 0 (the core's
/// `cosize`; CuTe's `cosize` of a static layout, `Int<N>`). Every leaf of
/// `S` and `D` must be static: a dynamic one is a compile error where the
/// value is used (the macro's `type cosize(#a)` asks it at the name first).
///
/// ```
/// use layout_dsl::typed::{C, CosizeOf, StaticInt};
/// assert_eq!(CosizeOf::<(C<4>, C<8>), (C<8>, C<1>)>::VALUE, 32);
/// assert_eq!(CosizeOf::<(C<4>, C<3>), (C<3>, C<-1>)>::VALUE, 12);
/// ```
pub struct CosizeOf<S, D>(PhantomData<(S, D)>);

/// The offset of the static coordinate `Cd` in the layout of shape `S`
/// and stride `D` (CuTe's `crd2idx`, an `Int<N>` when the leaves it reads
/// are static): an integer at a tuple mode is split colexicographically
/// over it, the last mode taking the rest, as `Layout::crd2idx` does; the
/// domain is not checked (as in CuTe). Every leaf it reads must be static
/// (`rt::OffsetReads`): a run-time extent it does not read may stay one.
///
/// ```
/// use layout_dsl::typed::{C, Crd2idxOf, StaticInt};
/// type L = ((C<2>, C<4>), (C<3>, C<5>));
/// type D = ((C<3>, C<6>), (C<1>, C<24>));
/// assert_eq!(Crd2idxOf::<(C<11>, C<12>), L, D>::VALUE, 129);
/// ```
pub struct Crd2idxOf<Cd, S, D>(PhantomData<(Cd, S, D)>);

impl<S: Shape> StaticInt for ShapeRank<S> {
    const VALUE: i64 = S::RANK as i64;
}
static_leaf!([S] [S: Shape] ShapeRank [S]);

impl<S: Shape> StaticInt for ShapeDepth<S> {
    const VALUE: i64 = S::DEPTH as i64;
}
static_leaf!([S] [S: Shape] ShapeDepth [S]);

impl<S: Mode<D>, D: Tree> StaticInt for CosizeOf<S, D> {
    const VALUE: i64 = cosize(S::NODE, D::NODE);
}
static_leaf!([S, D] [S: Mode<D>, D: Tree] CosizeOf [S, D]);

impl<Cd: Tree, S: Mode<D>, D: Tree> StaticInt for Crd2idxOf<Cd, S, D> {
    const VALUE: i64 = crd2idx(Cd::NODE, S::NODE, D::NODE);
}
static_leaf!([Cd, S, D] [Cd: Tree, S: Mode<D>, D: Tree] Crd2idxOf [Cd, S, D]);

const DYNAMIC: &str =
    "a static query read a dynamic leaf (the bounds that make it take static trees only)";
const NESTING: &str =
    "a coordinate or stride nested unlike the shape (the bounds check the nesting)";

/// A tuple node's items. `NODE`s are constants: their tuples are promoted
/// to statics, so the pointer is valid for the program.
const fn items(n: Node) -> Option<&'static [(usize, Node)]> {
    match n {
        // SAFETY: a `Node::Tuple` is made only by the tree impls' `NODE`
        // constants, from a reference to a promoted constant array.
        Node::Tuple(items) => Some(unsafe { &*items }),
        _ => None,
    }
}

const fn value(n: Node) -> i64 {
    match n {
        Node::Static(v) => v,
        _ => panic!("{}", DYNAMIC),
    }
}

const fn add(a: i64, b: i64) -> i64 {
    match a.checked_add(b) {
        Some(v) => v,
        None => panic!("a static query's answer overflows i64"),
    }
}

const fn mul(a: i64, b: i64) -> i64 {
    match a.checked_mul(b) {
        Some(v) => v,
        None => panic!("a static query's answer overflows i64"),
    }
}

/// The product of a static shape's extents.
const fn size(s: Node) -> i64 {
    let Some(modes) = items(s) else {
        return value(s);
    };
    let (mut product, mut i) = (1, 0);
    while i < modes.len() {
        product = mul(product, size(modes[i].1));
        i += 1;
    }
    product
}

/// `Σ (s-1)·|d|` over the leaves of a static layout of positive size.
const fn span(s: Node, d: Node) -> i64 {
    match (items(s), items(d)) {
        (None, None) => mul(value(s) - 1, value(d).abs()),
        (Some(modes), Some(strides)) if modes.len() == strides.len() => {
            let (mut sum, mut i) = (0, 0);
            while i < modes.len() {
                sum = add(sum, span(modes[i].1, strides[i].1));
                i += 1;
            }
            sum
        }
        _ => panic!("{}", NESTING),
    }
}

/// The core's cosize of a static layout: 0 when it is empty.
const fn cosize(s: Node, d: Node) -> i64 {
    if size(s) == 0 { 0 } else { add(span(s, d), 1) }
}

/// The offset of a static coordinate (`Layout::crd2idx`'s walk).
const fn crd2idx(c: Node, s: Node, d: Node) -> i64 {
    match (items(c), items(s), items(d)) {
        // One integer for one extent.
        (None, None, None) => mul(value(c), value(d)),
        // One entry per mode.
        (Some(coords), Some(modes), Some(strides))
            if coords.len() == modes.len() && modes.len() == strides.len() =>
        {
            let (mut sum, mut i) = (0, 0);
            while i < modes.len() {
                sum = add(sum, crd2idx(coords[i].1, modes[i].1, strides[i].1));
                i += 1;
            }
            sum
        }
        // One integer split over the modes, the last taking the rest.
        (None, Some(modes), Some(strides)) if modes.len() == strides.len() => {
            let (mut rest, mut sum, mut i) = (value(c), 0, 0);
            while i < modes.len() {
                let part = if i + 1 == modes.len() {
                    let part = rest;
                    rest = 0;
                    part
                } else {
                    let extent = size(modes[i].1);
                    assert!(extent != 0, "{}", EMPTY_MODE);
                    let part = rest % extent;
                    rest /= extent;
                    part
                };
                sum = add(sum, crd2idx(Node::Static(part), modes[i].1, strides[i].1));
                i += 1;
            }
            sum
        }
        _ => panic!("{}", NESTING),
    }
}

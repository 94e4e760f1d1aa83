//! The gate of the facade's algebra methods' check past `i64`
//! (fits_value.rs): the operands' leaves OR-ed and compared once with a
//! power of two (computed while compiling, [`gate_bound`]) low enough
//! that the call's arithmetic cannot overflow and the result's own
//! comparison is expected to hold. Behind it the call and both
//! comparisons are written as before ([`checked_as`]), so the gate
//! decides nothing about the answer: it tells the optimiser each leaf's
//! bound (`assert_unchecked`, what the comparison proved), which folds
//! the call's overflow tests and the result's comparison where the
//! result's leaves are at most the operands' times a static factor (a
//! divide) and leaves them where it cannot prove it (a result's leaf
//! from a loop). Operands past it (`2^25` for `(m,n):(1,m)` divided by
//! `(4,8)`, `2^13` for the compositions and products of the paired rows)
//! take the same call and checks as without a gate, inline: they pay the
//! gate's comparison alone. And the bounds every comparison reads
//! ([`choose`], [`bound`]), computed from a type's own description
//! (`Tree::NODE`).

use super::algebra::AlgebraError;
use super::fits_value::{FitsCore, Role, checked_as};
use super::int::C;
use super::layout::Layout;
use super::text::Node;

const MAX: usize = i64::MAX as usize;

/// No second operand for [`gated_after`]'s `also`: the static `1:0`.
pub(super) const NOTHING: Layout<C<1>, C<0>> = Layout::from_parts(C, C);

/// Below this the gate would let few operands through (extents below
/// `2^12`): no gate then, the checks after the call alone.
const LEAST_GATE: u32 = 12;

/// What a typed layout's checks compare with, per role, computed once
/// per type while compiling ([`FitsCore::GATE`]).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Gate {
    /// [`Role::Operand`] and [`Role::Result`]: the bound, and whether the
    /// size is in it (`choose`).
    pub plain: (u32, bool),
    /// [`Role::Spanned`]: the same with each leaf's `extent·stride`.
    pub spanned: (u32, bool),
    /// [`Role::Sized`]: the offsets' bound alone.
    pub sized: u32,
    /// The bits of the widest static leaf (`N < 2^widest`): how far a
    /// call may widen a run-time leaf by a static one (a stride times a
    /// tile), what the gate leaves room for.
    pub widest: u32,
}

impl Gate {
    /// The gate of no layout (`()`, a failed `layout!`'s stand-in): no
    /// bound, so that [`and`](Gate::and) with it is the other's, and alone
    /// no gate ([`gate_bound`] reads a bound of `usize::BITS` or more as
    /// none).
    pub const NONE: Gate = Gate {
        plain: (u32::MAX, true),
        spanned: (u32::MAX, true),
        sized: u32::MAX,
        widest: 0,
    };

    /// The gate of a layout whose leaves are all static and fit the core's
    /// rule in every role (`FitsCore::ALWAYS_FITS`), its widest leaf below
    /// `2^widest`: what [`choose`] and [`bound`] give for such trees (no
    /// run-time leaf: the bound is the highest one the static leaves are
    /// below; with the spans, each `extent·stride` at most `(2^k)²`, so at
    /// most `2^31`), read without walking them.
    pub const fn all_static(widest: u32) -> Gate {
        let (plain, sized) = match widest <= 62 {
            true => ((62, true), 62),
            false => ((usize::BITS, false), usize::BITS),
        };
        let spanned = match widest <= 31 {
            true => (31, true),
            false => (usize::BITS, false),
        };
        Gate {
            plain,
            spanned,
            sized,
            widest,
        }
    }

    /// Both layouts' (a pair of operands): the lower bounds.
    #[must_use]
    pub const fn and(self, other: Gate) -> Gate {
        const fn low(a: (u32, bool), b: (u32, bool)) -> (u32, bool) {
            (if a.0 < b.0 { a.0 } else { b.0 }, a.1 && b.1)
        }
        Gate {
            plain: low(self.plain, other.plain),
            spanned: low(self.spanned, other.spanned),
            sized: if self.sized < other.sized {
                self.sized
            } else {
                other.sized
            },
            widest: if self.widest > other.widest {
                self.widest
            } else {
                other.widest
            },
        }
    }

    /// The bound of `role`.
    #[inline(always)]
    const fn of(self, role: Role) -> u32 {
        match role {
            Role::Spanned => self.spanned.0,
            Role::Sized => self.sized,
            Role::Operand | Role::Result => self.plain.0,
            // A share's reading: its strides alone, each below `2^62`
            // (fits_value.rs's `quick`); not a role the gate reads.
            Role::Share => 62,
        }
    }
}

/// The gate's bound: operands' leaves below `2^k` keep the operands
/// within their own bound and, where each of the result's run-time leaves
/// is at most a static leaf times the `power`-th power of an operand's
/// (a divide's `T·d`; a composition's `d·e`, `power` 2), the result within
/// its own; `usize::BITS` (no gate) where that bound would be below
/// [`LEAST_GATE`].
#[inline(always)]
const fn gate_bound(operand: Gate, role: Role, result: Gate, as_role: Role, power: u32) -> u32 {
    let (k_op, k_res) = (operand.of(role), result.of(as_role));
    let grow = if operand.widest > result.widest {
        operand.widest
    } else {
        result.widest
    };
    if k_op >= usize::BITS || k_res >= usize::BITS || k_res <= grow || power == 0 {
        return usize::BITS;
    }
    let k = (k_res - grow) / power;
    let k = if k < k_op { k } else { k_op };
    if k < LEAST_GATE || operand.widest > k {
        usize::BITS
    } else {
        k
    }
}

/// [`gate_bound`] of the operands' and the `also`'s powers, constants
/// (computed while compiling, whatever the optimiser inlines: a bound it
/// folds late leaves the gate's facts unread) for the roles the traits
/// call with.
#[inline(always)]
fn gate_bounds<A: FitsCore, L: FitsCore, const POWER: u32, const ALSO: u32>(
    role: Role,
    as_role: Role,
) -> (u32, u32) {
    match (role, as_role) {
        (Role::Operand, Role::Result) => {
            const {
                (
                    gate_bound(A::GATE, Role::Operand, L::GATE, Role::Result, POWER),
                    gate_bound(A::GATE, Role::Operand, L::GATE, Role::Result, ALSO),
                )
            }
        }
        (Role::Operand, Role::Sized) => {
            const {
                (
                    gate_bound(A::GATE, Role::Operand, L::GATE, Role::Sized, POWER),
                    gate_bound(A::GATE, Role::Operand, L::GATE, Role::Sized, ALSO),
                )
            }
        }
        (Role::Spanned, Role::Result) => {
            const {
                (
                    gate_bound(A::GATE, Role::Spanned, L::GATE, Role::Result, POWER),
                    gate_bound(A::GATE, Role::Spanned, L::GATE, Role::Result, ALSO),
                )
            }
        }
        _ => (
            gate_bound(A::GATE, role, L::GATE, as_role, POWER),
            gate_bound(A::GATE, role, L::GATE, as_role, ALSO),
        ),
    }
}

/// `compute(operand)` where it and the `operand` (in its `role`) fit the
/// core's `i64`, the result read in `as_role`, the gate *before* the
/// call: the operand's leaves OR-ed, one comparison with `2^k`
/// ([`gate_bound`]), each leaf's bound then told to the optimiser
/// ([`FitsCore::assume_below`]), then the call and [`checked_as`]'s
/// comparisons, which it folds where the result's leaves grow from the
/// operand's by a static factor (`POWER` 1: a divide's `ceil(s/T)`,
/// `d`, `T·d`), and with them the call's own overflow tests (`logical_divide`:
/// 47.4 instructions a call → 34.4, as unchecked). Past the gate: the
/// same call and checks, inline as without a gate (a cold call for them
/// cost 60 to 110 instructions more, `m` 20,000 past a bound of `2^13`;
/// inline, the gate's comparison more). Where no gate fits (a bound
/// below [`LEAST_GATE`]) the call and its checks alone.
///
/// # Errors
/// The call's own, else [`AlgebraError::OffsetsOverflow`] naming the
/// first leaf past `i64::MAX`, the operand's first.
#[inline(always)]
pub fn gated<A: FitsCore, L: FitsCore, const POWER: u32>(
    function: &'static str,
    operand: &A,
    role: Role,
    as_role: Role,
    compute: impl FnOnce(&A) -> Result<L, AlgebraError>,
) -> Result<L, AlgebraError> {
    let (k, _) = gate_bounds::<A, L, POWER, POWER>(role, as_role);
    if k >= usize::BITS {
        let result = compute(operand)?;
        return checked_as(function, operand, role, result, as_role);
    }
    if operand.leaves_or() >> k == 0 {
        // SAFETY: just compared.
        unsafe { operand.assume_below(k) };
        let result = compute(operand)?;
        return checked_as(function, operand, role, result, as_role);
    }
    let result = compute(operand)?;
    checked_as(function, operand, role, result, as_role)
}

/// [`gated`] with the call made first (its `result` given) and the gate
/// after it: for the calls whose own arithmetic the optimiser folds best
/// on operands it knows nothing of (a product's complement of `A`, whose
/// loop a gate before it kept from unrolling: `logical_product` 79.4
/// instructions a call against 49.4; the compositions' walk, spilled
/// around a gate before it: `compose3` 226 against 154). The gate reads
/// the operand and `also` (a product's `B`, a complement's cotarget as
/// `m:0`; [`NOTHING`] where none), each against its own bound (`also`'s
/// growth `ALSO`: a cotarget's rest is at most it, `ALSO` 1), and where
/// it holds folds what it can of the result's comparison. Past the gate,
/// [`checked_as`] as without a gate.
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first leaf past
/// `i64::MAX`, the operand's first.
#[inline(always)]
pub fn gated_after<A: FitsCore, B: FitsCore, L: FitsCore, const POWER: u32, const ALSO: u32>(
    function: &'static str,
    operand: &A,
    also: &B,
    role: Role,
    result: L,
    as_role: Role,
) -> Result<L, AlgebraError> {
    let (k, k_also) = gate_bounds::<A, L, POWER, ALSO>(role, as_role);
    if k >= usize::BITS || k_also >= usize::BITS {
        return checked_as(function, operand, role, result, as_role);
    }
    if operand.leaves_or() >> k == 0 && also.leaves_or() >> k_also == 0 {
        // SAFETY: just compared.
        unsafe {
            operand.assume_below(k);
            also.assume_below(k_also);
        }
        return checked_as(function, operand, role, result, as_role);
    }
    checked_as(function, operand, role, result, as_role)
}

/// The bits of the widest static leaf of a layout's trees (`|N| < 2^bits`).
pub(super) const fn widest(shape: Node, stride: Node) -> u32 {
    let (s, d) = (widest_leaf(shape), widest_leaf(stride));
    if s > d { s } else { d }
}

/// The bits of the widest static leaf of a tree.
const fn widest_leaf(node: Node) -> u32 {
    match node {
        Node::Static(n) => u64::BITS - n.unsigned_abs().leading_zeros(),
        Node::Dynamic => 0,
        Node::Tuple(items) => {
            // SAFETY: a `Tree::NODE` tuple points at a constant array.
            let items = unsafe { &*items };
            let (mut bits, mut i) = (0, 0);
            while i < items.len() {
                let b = widest_leaf(items[i].1);
                if b > bits {
                    bits = b;
                }
                i += 1;
            }
            bits
        }
    }
}

/// The bound [`FitsCore::quick`] compares with, and whether it holds the
/// size too (`true`) or leaves it to the extents' products: the size in
/// the bound where that bound is at least `2^24` (a layout of one or two
/// run-time extents), else the offsets' alone (a bound on every extent of
/// six run-time ones would be `2^10`, which ordinary sizes fail).
pub(super) const fn choose(shape: Node, stride: Node, spans: bool) -> (u32, bool) {
    let with_size = bound(shape, stride, spans, true);
    if with_size >= 24 && with_size < usize::BITS {
        (with_size, true)
    } else {
        (bound(shape, stride, spans, false), false)
    }
}

/// The largest `k` (at most 62) such that every run-time leaf below `2^k`
/// keeps the offsets of a layout of these trees within `i64::MAX` (and
/// with `spans` each leaf's `extent·stride`, bounded by `(2^k)²`; with
/// `size` its size), and every static leaf is below it too (the
/// comparison ORs them in); `usize::BITS` (never passed) where none does.
pub(super) const fn bound(shape: Node, stride: Node, spans: bool, size: bool) -> u32 {
    // Fitting is monotone in `k` (every term grows with `v`) and the
    // static leaves' smallness too (the other way): the largest `k` that
    // fits, by bisection (6 walks, not 62: the bound is evaluated for
    // every layout type a method checks), is the answer where its static
    // leaves are below it, and no `k` is otherwise.
    if !at(shape, stride, spans, size, 1).0 {
        return usize::BITS;
    }
    let (mut lo, mut hi) = (1u32, 62u32);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if at(shape, stride, spans, size, mid).0 {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    match at(shape, stride, spans, size, lo) {
        (true, true) => lo,
        _ => usize::BITS,
    }
}

/// Whether a layout of these trees fits the core's `i64` with every
/// run-time leaf `2^k - 1` (its offsets, with `size` its size, with
/// `spans` each leaf's `extent·stride`), and whether its static leaves
/// are all below `2^k` (none negative, the trees congruent).
const fn at(shape: Node, stride: Node, spans: bool, size: bool, k: u32) -> (bool, bool) {
    let v = (1u128 << k) - 1;
    let (mut span, mut product, mut small) = (0u128, 1u128, true);
    walk(shape, stride, v, (&mut span, &mut product), &mut small);
    // Each `extent·stride` at most `v²`.
    let own = !spans || v * v <= MAX as u128;
    let fits = own && span <= MAX as u128 && (!size || product <= MAX as u128);
    (fits, small)
}

/// A leaf's value: its static number, else `v`; `small` cleared where a
/// static one is not below `v + 1` (or is negative: a signed stride).
const fn value(node: Node, v: u128, small: &mut bool) -> u128 {
    match node {
        Node::Static(n) if n < 0 => {
            *small = false;
            n.unsigned_abs() as u128
        }
        Node::Static(n) => {
            if n as u128 > v {
                *small = false;
            }
            n as u128
        }
        _ => v,
    }
}

/// Accumulates the offsets and the size of the trees' leaves (`v` for a
/// run-time one), saturating.
pub(super) const fn walk(
    shape: Node,
    stride: Node,
    v: u128,
    at: (&mut u128, &mut u128),
    small: &mut bool,
) {
    let (span, size) = at;
    match (shape, stride) {
        (Node::Tuple(s), Node::Tuple(d)) => {
            // SAFETY: a `Tree::NODE` tuple points at a constant array.
            let (s, d) = unsafe { (&*s, &*d) };
            let mut i = 0;
            while i < s.len() && i < d.len() {
                walk(s[i].1, d[i].1, v, (&mut *span, &mut *size), small);
                i += 1;
            }
        }
        (Node::Tuple(_), _) | (_, Node::Tuple(_)) => *small = false,
        (s, d) => {
            let (s, d) = (value(s, v, small), value(d, v, small));
            *span = span.saturating_add(s.saturating_sub(1).saturating_mul(d));
            *size = size.saturating_mul(s);
        }
    }
}

//! The offsets the nested `gemm` loops (`typed_gemm_nested.rs`) read,
//! fixed once per call: strides for an operand whose modes are all
//! leaves, else tables laid out from the leaves without a division
//! ([`Pair`]); and, past the tables, each offset split over the leaves
//! where it is used ([`Split`]).

use core::mem::MaybeUninit;

use super::typed_gemm_plan::TABLE;
use crate::__private::{GemmOperand, Roles};

/// `typed_gemm::by_role` (extents and strides of an operand's three
/// roles) written out, without `array::map` and closures: in a large
/// caller, as the nested loops inlined, those stayed outlined calls and
/// nothing after them folded (a flat C's strides, so its slots).
#[inline(always)]
pub(super) fn by_role(modes: [(usize, usize); 3], roles: Roles) -> ([usize; 3], [usize; 3]) {
    #[inline(always)]
    fn mode(modes: &[(usize, usize); 3], role: Option<usize>) -> (usize, usize) {
        match role {
            Some(i) => modes[i],
            None => (1, 0),
        }
    }
    let (e0, d0) = mode(&modes, roles[0]);
    let (e1, d1) = mode(&modes, roles[1]);
    let (e2, d2) = mode(&modes, roles[2]);
    ([e0, e1, e2], [d0, d1, d2])
}

/// The offset of 1-D coordinate `index` of the mode playing `role` (0:
/// V, 1: M or N, 2: K or N) in an operand whose modes play `roles`.
#[inline(always)]
pub(super) fn role_offset<L: GemmOperand>(l: &L, roles: Roles, role: usize, index: usize) -> usize {
    roles[role].map_or(0, |mode| l.offset(mode, index))
}

/// The offsets of one role's coordinates, split at each use (`k`: once
/// per step of its loop).
#[derive(Clone, Copy)]
pub(super) struct Split<'l, L>(pub(super) &'l L, pub(super) Roles, pub(super) usize);

impl<L: GemmOperand> Split<'_, L> {
    /// The offset of coordinate `index` of the role.
    #[inline(always)]
    pub(super) fn at(&self, index: usize) -> usize {
        role_offset(self.0, self.1, self.2, index)
    }
}

/// Appends the offsets of leaf `e:d` to a table of `len` entries: the
/// entries so far repeated at `t·d`, `t < e` (the first leaf varies
/// fastest, as in the 1-D coordinate's split), each entry the one `len`
/// before it plus `d`: one short loop, no division. Returns the new length.
///
/// # Safety
/// The first `len` entries are written.
#[inline(always)]
unsafe fn lay(buffer: &mut [MaybeUninit<usize>; TABLE], len: usize, e: usize, d: usize) -> usize {
    // Extents whose product wraps to at most `TABLE`: `try_gemm` refuses
    // such modes first (`sizes_fit`), so this is a broken invariant.
    let Some(end) = len.checked_mul(e).filter(|&end| end <= TABLE) else {
        panic!("gemm: an offsets table past {TABLE} entries");
    };
    let p = buffer.as_mut_ptr().cast::<usize>();
    for i in len..end {
        // SAFETY: `i < end ≤ TABLE`; entry `i - len` is written (below
        // `len`, or by an earlier turn).
        unsafe { p.add(i).write((*p.add(i - len)).wrapping_add(d)) };
    }
    end
}

/// The offsets of an operand's coordinates over the roles at `pick`,
/// which have `size ≤ TABLE` coordinates together, written into `buffer`
/// by the 1-D coordinate over their leaves in order (the `V`, `M` table's
/// entry `v + V·m` is the offset of `(v, m)`), without a division
/// ([`lay`]); each leaf `e:d` laid with stride `stride(e, d)` (its own
/// `d`, or C's slot stride: `typed_gemm_shared.rs`).
#[inline(always)]
fn table<'b, L: GemmOperand>(
    buffer: &'b mut [MaybeUninit<usize>; TABLE],
    l: &L,
    roles: Roles,
    pick: &[usize],
    size: usize,
    stride: &mut impl FnMut(usize, usize) -> usize,
) -> &'b [usize] {
    if size == 0 {
        // (Leaves before an extent 0 may exceed the table.)
        return &[];
    }
    buffer[0].write(0);
    let mut len = 1;
    for mode in pick.iter().filter_map(|&role| roles[role]) {
        // SAFETY: the first `len` entries are written (each call).
        l.leaves(mode, &mut |e, d| {
            len = unsafe { lay(buffer, len, e, stride(e, d)) }
        });
    }
    debug_assert_eq!(len, size);
    // SAFETY: the first `size` entries were written (the leaves' extents
    // multiply to `size`, at most `TABLE`).
    unsafe { core::slice::from_raw_parts(buffer.as_ptr().cast(), size) }
}

/// The offsets of an operand's coordinates `(x, y)` in two of its roles
/// (A: `(v, m)`; B: `(v, n)`; C: `(v, m)`, and `(n, 0)`), fixed per call.
#[derive(Clone, Copy)]
pub(super) enum Pair<'t> {
    /// Both roles' modes single leaves: these strides.
    Strided([usize; 2]),
    /// A table of entry `x + X·y` ([`table`]), `X` the first role's extent.
    Tabled(&'t [usize], usize),
}

impl Pair<'_> {
    /// The pair of roles `pick` of operand `l` (extents `[X, Y]`): its
    /// strides when the operand's modes are all leaves (a constant), else
    /// a table in `buffer`.
    #[inline(always)]
    pub(super) fn new<'t, L: GemmOperand>(
        buffer: &'t mut [MaybeUninit<usize>; TABLE],
        l: &L,
        roles: Roles,
        pick: &[usize],
        [x, y]: [usize; 2],
    ) -> Pair<'t> {
        if L::FLAT {
            let strides = by_role(l.modes(), roles).1;
            Pair::Strided([strides[pick[0]], pick.get(1).map_or(0, |&r| strides[r])])
        } else {
            Pair::Tabled(table(buffer, l, roles, pick, x * y, &mut |_, d| d), x)
        }
    }

    /// As [`Pair::new`], each leaf of a nested operand laid with stride
    /// `stride(e, d)` (called once per leaf, in order), and a flat
    /// operand's roles with `flat`'s strides (by role).
    #[inline(always)]
    pub(super) fn mapped<'t, L: GemmOperand>(
        buffer: &'t mut [MaybeUninit<usize>; TABLE],
        l: &L,
        (roles, pick): (Roles, &[usize]),
        [x, y]: [usize; 2],
        flat: [usize; 3],
        stride: &mut impl FnMut(usize, usize) -> usize,
    ) -> Pair<'t> {
        if L::FLAT {
            Pair::Strided([flat[pick[0]], pick.get(1).map_or(0, |&r| flat[r])])
        } else {
            Pair::Tabled(table(buffer, l, roles, pick, x * y, stride), x)
        }
    }

    /// The offset of `(x, y)`.
    ///
    /// # Safety
    /// The coordinate is below the extents the pair was made for.
    #[inline(always)]
    pub(super) unsafe fn at(self, x: usize, y: usize) -> usize {
        match self {
            Pair::Strided([dx, dy]) => x.wrapping_mul(dx).wrapping_add(y.wrapping_mul(dy)),
            Pair::Tabled(offsets, ex) => unsafe { *offsets.get_unchecked(x + ex * y) },
        }
    }
}

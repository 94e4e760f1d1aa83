//! Which loop the typed `gemm` (`typed_gemm.rs`) runs on given
//! operands ([`GemmKernel`]): the strided kernels, or one of the nested
//! loops of `typed_gemm_nested.rs`, chosen once per call by the extents
//! and by whether C's coordinates have their own elements.

use core::mem::MaybeUninit;

use layout_core::Error;

use super::gemm::check_extents;
use super::typed_gemm::{REGISTERS, check_sizes, distinct_offsets};
use super::typed_gemm_accumulators::slot_strides;
use super::typed_gemm_offsets::by_role;
use crate::__private::{Gemm, GemmOperand, Roles};

/// How many coordinates an offsets table holds (as many as the local
/// accumulators, so a thread's tile is all in the tables).
pub(super) const TABLE: usize = REGISTERS;

/// The loop [`gemm`](super::typed::gemm) runs on three operands (what
/// [`gemm_kernel`] tells), by cost: the strided kernels first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GemmKernel {
    /// Every mode one extent, or a nested mode that is one progression
    /// (`(2,4):(16,32)` is `8:16`): offsets by multiplication.
    Strided,
    /// A nested mode that is not one progression, A's `(V,M)` and B's
    /// `(V,N)` coordinates at most 64 each: their offsets in tables built
    /// once per call, and C (at most 64 elements, each coordinate its own
    /// element) summed in a local array.
    Registers,
    /// As [`GemmKernel::Registers`], C's coordinates sharing elements
    /// through leaves of stride 0 (as `(8,8):(1,0)`'s columns), its other
    /// leaves giving at most 64 distinct elements: those summed in a local
    /// array, each product into its element in the naive loop's order
    /// (`k`, `n`, `m`, `v`), then stored.
    Shared,
    /// As [`GemmKernel::Registers`], but C summed in place: it has more
    /// than 64 elements, or coordinates that may share an element other
    /// than through a stride 0 (each of their products must land).
    InPlace,
    /// A's `(V,M)` or B's `(V,N)` past 64 coordinates, C in place: M in
    /// blocks of up to 64 coordinates of `(V,M)`, A's and C's offsets
    /// walked over their leaves without a division (once a call when C's
    /// coordinates have their own elements, else at each step of `k`);
    /// with V over 64 or more than 16 leaves in a `(V,M)`, each offset
    /// split over the leaves where it is used (divisions). When C's
    /// coordinates have their own elements and A's and C's M split into
    /// common leaves, one of A's stride 1, no offsets are walked: runs of
    /// that leaf as the strided kernel's loop (`typed_gemm_runs.rs`).
    Split,
    /// C has no element (V, M or N of extent 0): no product, and no
    /// element read or written (the nested loops return at once; the
    /// strided kernels' loops, on all-leaf or collapsed operands, run no
    /// turn).
    Empty,
}

/// Which loop [`gemm`](super::typed::gemm) runs on operands of layouts
/// `a`, `b` and `c` ([`GemmKernel`]), or the error of
/// [`try_gemm`](super::typed::try_gemm) when their extents disagree or a
/// nested mode's size does not fit in `usize`.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::typed::{GemmKernel, gemm_kernel};
///
/// let c = layout!(type (8,8):(1,8));
/// let b = layout!((8,8):(16,128));
/// let strided = layout!(((2,4),8):((16,32),128)); // M is 8:16
/// let nested = layout!(((2,4),8):((64,16),128));
/// assert_eq!(gemm_kernel(&strided, &b, &c), Ok(GemmKernel::Strided));
/// assert_eq!(gemm_kernel(&nested, &b, &c), Ok(GemmKernel::Registers));
/// let shared = layout!((8,8):(1,0)); // every column of C on one
/// assert_eq!(gemm_kernel(&nested, &b, &shared), Ok(GemmKernel::Shared));
/// let overlap = layout!((8,8):(1,1)); // C(i,j) at i + j
/// assert_eq!(gemm_kernel(&nested, &b, &overlap), Ok(GemmKernel::InPlace));
/// let none = layout!((0,8):(1,8)); // C without element, nothing runs
/// let a0 = layout!(((2,0),8):((64,16),128));
/// assert_eq!(gemm_kernel(&a0, &b, &none), Ok(GemmKernel::Empty));
/// ```
pub fn gemm_kernel<LA, LB, LC>(a: &LA, b: &LB, c: &LC) -> Result<GemmKernel, Error>
where
    LA: GemmOperand + Gemm<LB, LC>,
    LB: GemmOperand,
    LC: GemmOperand,
{
    let [ra, rb, rc] = <LA as Gemm<LB, LC>>::ROLES;
    let (ea, eb, ec) = (
        by_role(a.modes(), ra).0,
        by_role(b.modes(), rb).0,
        by_role(c.modes(), rc).0,
    );
    check_extents(ea, eb, ec)?;
    if !(LA::FLAT && LB::FLAT && LC::FLAT) {
        check_sizes(a, b, c, [ra, rb, rc])?;
    }
    if [ea[0], ea[1], eb[1]].contains(&0) {
        return Ok(GemmKernel::Empty);
    }
    let flat = LA::FLAT && LB::FLAT && LC::FLAT;
    let collapsed =
        || a.progressions().is_some() && b.progressions().is_some() && c.progressions().is_some();
    Ok(if flat || collapsed() {
        GemmKernel::Strided
    } else {
        plan(c, rc, [ea[0], ea[1], eb[1]])
    })
}

/// The nested loop for extents `[v, m, n]` and C of layout `c`.
#[inline(always)]
pub(super) fn plan<LC: GemmOperand>(c: &LC, rc: Roles, [v, m, n]: [usize; 3]) -> GemmKernel {
    let fits = |x: usize, y: usize| x.checked_mul(y).is_some_and(|xy| xy <= TABLE);
    if [v, m, n].contains(&0) {
        GemmKernel::Empty
    } else if !(fits(v, m) && fits(v, n)) {
        GemmKernel::Split
    } else if fits(v * m, n) && distinct(c, rc) {
        GemmKernel::Registers
    } else if slot_strides(c, rc).is_some() {
        GemmKernel::Shared
    } else {
        GemmKernel::InPlace
    }
}

/// Whether C's coordinates have their own elements, by the sufficient
/// test of `typed_gemm::distinct_offsets` over every leaf of C's modes
/// (nested ones too): taken by increasing stride magnitude, each leaf's
/// stride passes the reach of the ones before it. The leaves of extent
/// over 1 of a C of at most `2^64` coordinates are at most 64, which the
/// test holds (uninitialised, so a small C pays only for its own); past
/// that (a product that wraps) it refuses, and C is summed in place,
/// which is always right.
#[inline(always)]
pub(super) fn distinct<LC: GemmOperand>(c: &LC, rc: Roles) -> bool {
    if LC::FLAT {
        // The same test on C's three leaves, folded for static strides.
        let (extents, strides) = by_role(c.modes(), rc);
        return distinct_offsets(extents, strides);
    }
    const MAX: usize = usize::BITS as usize;
    // (|stride|, extent) of the leaves of extent over 1.
    let mut leaves = [MaybeUninit::<(u128, u128)>::uninit(); MAX];
    let (mut count, mut empty, mut over) = (0, false, false);
    for mode in rc.into_iter().flatten() {
        c.leaves(mode, &mut |e, d| {
            empty |= e == 0;
            if e > 1 && count == MAX {
                over = true;
            } else if e > 1 {
                leaves[count].write(((d as isize).unsigned_abs() as u128, e as u128));
                count += 1;
            }
        });
    }
    if empty || over {
        return empty;
    }
    // SAFETY: the first `count` entries were written just above.
    let leaves: &mut [(u128, u128)] =
        unsafe { core::slice::from_raw_parts_mut(leaves.as_mut_ptr().cast(), count) };
    leaves.sort_unstable();
    let mut reach = 0u128;
    for &(d, e) in leaves.iter() {
        if d <= reach {
            return false;
        }
        reach += (e - 1) * d;
    }
    true
}

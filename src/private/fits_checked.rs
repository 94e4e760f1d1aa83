//! The checks the facade's algebra traits make of their operands and
//! results against the core's `i64` (fits_value.rs's [`FitsCore`]
//! readings): one comparison, the exact rule out of line and cold, and
//! nothing at all for a layout whose type says it fits.

use super::algebra::AlgebraError;
use super::fits_value::{FitsCore, Role};

const MAX: usize = i64::MAX as usize;

/// `result` where it and the `operand` (in its `role`) fit the core's
/// `i64` ([`FitsCore`]): one comparison for both after the call (the
/// call's own refusals first), the exact check out of line and cold. The
/// result is the caller's own past the check (the cold call takes a copy
/// and gives back no layout), so its static and folded leaves stay
/// constants for the code after it; the copies are made in the cold
/// branch (by reference the hot path stored the result for it).
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first leaf past it, the
/// operand's first.
#[inline(always)]
pub fn checked<A: FitsCore, L: FitsCore>(
    function: &'static str,
    operand: &A,
    role: Role,
    result: L,
) -> Result<L, AlgebraError> {
    checked_as(function, operand, role, result, Role::Result)
}

/// [`checked`], the result in `as_role`.
#[inline(always)]
pub(super) fn checked_as<A: FitsCore, L: FitsCore>(
    function: &'static str,
    operand: &A,
    role: Role,
    result: L,
    as_role: Role,
) -> Result<L, AlgebraError> {
    // A plain constant condition: rustc compiles no code of the branch
    // it rules out (BENCHMARKS.md, "Compile cost of static operands").
    if const { A::ALWAYS_FITS && L::ALWAYS_FITS } {
        return Ok(result);
    }
    if operand.quick(role).and(result.quick(as_role)).holds() {
        return Ok(result);
    }
    match checked_exactly(function, *operand, role, result) {
        Ok(()) => Ok(result),
        Err(e) => Err(e),
    }
}

/// [`checked`] past its comparison.
#[cold]
#[inline(never)]
fn checked_exactly<A: FitsCore, L: FitsCore>(
    function: &'static str,
    operand: A,
    role: Role,
    result: L,
) -> Result<(), AlgebraError> {
    match operand.exact(function, role) {
        Ok(()) => result.exact(function, Role::Result),
        Err(e) => Err(e),
    }
}

/// `Ok(())` where `operand` fits the core's `i64` in its `role` (a
/// layout whose result shows no more, as `coalesce`'s): [`checked`]
/// without a result.
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first leaf past it.
#[inline(always)]
pub fn layout_fits<A: FitsCore>(
    function: &'static str,
    operand: &A,
    role: Role,
) -> Result<(), AlgebraError> {
    if const { A::ALWAYS_FITS } {
        return Ok(());
    }
    if operand.quick(role).holds() {
        Ok(())
    } else {
        layout_exactly(function, *operand, role)
    }
}

/// [`layout_fits`] past its comparison.
#[cold]
#[inline(never)]
fn layout_exactly<A: FitsCore>(
    function: &'static str,
    operand: A,
    role: Role,
) -> Result<(), AlgebraError> {
    operand.exact(function, role)
}

/// The result of a call the macro makes outside the traits (a static
/// compact block tiled to a named target, `TileCompact`: its operands
/// are static, checked by the core while compiling) where it fits the
/// core's `i64`, as `checked` reads a result.
///
/// # Errors
/// The call's own, else [`AlgebraError::OffsetsOverflow`] naming the
/// first leaf past it.
#[inline(always)]
pub fn value_fits<L: FitsCore>(
    function: &'static str,
    result: Result<L, AlgebraError>,
) -> Result<L, AlgebraError> {
    let result = result?;
    if const { L::ALWAYS_FITS } {
        return Ok(result);
    }
    if result.quick(Role::Result).holds() {
        return Ok(result);
    }
    match layout_exactly(function, result, Role::Result) {
        Ok(()) => Ok(result),
        Err(e) => Err(e),
    }
}

/// An integer the core reads (a cotarget) within `i64::MAX`: one
/// comparison, the refusal cold.
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming `m` (as a layout `m:0`).
#[inline(always)]
pub fn integer_fits(function: &'static str, m: usize) -> Result<(), AlgebraError> {
    if m <= MAX {
        Ok(())
    } else {
        refused(function, m)
    }
}

/// The refusal of [`integer_fits`], cold.
#[cold]
#[inline(never)]
fn refused(function: &'static str, m: usize) -> Result<(), AlgebraError> {
    Err(AlgebraError::OffsetsOverflow {
        function,
        extent: m,
        stride: 0,
    })
}

/// Whether the core holds `layout` (its size and offsets within
/// `i64::MAX`, fits.rs's rule for an operand): then every offset of a
/// coordinate in its domain is exact in its offset type, what the checked
/// queries (`checked_crd2idx`, `checked_at`) promise
/// (tests/typed_query_overflow.rs). One comparison of the leaves OR-ed,
/// none for a static layout the type says fits; the exact check cold.
#[inline(always)]
pub(crate) fn held<L: FitsCore>(layout: &L) -> bool {
    layout_fits("a layout", layout, Role::Operand).is_ok()
}

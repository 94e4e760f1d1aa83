//! What a call reads of an operand that is itself a typed call
//! (nested.rs): the outer call decides what the inner call's run-time
//! check must show. A typed result whose modes CuTe's rule fixes while
//! compiling is the core's layout or an error; where the outer call reads
//! less than the whole layout, the inner check need only show that the
//! part read is the core's, so the whole expression answers wherever the
//! core's whole answer is the typed one (and is still never another
//! layout). Today one outer call reads less: `complement(X)` with no
//! cotarget, which reads only `X`'s complement up to its cosize; one
//! inner rule uses it, `right_inverse` (inverse.rs), whose result's
//! complement is the list of gaps between the modes its chain took
//! (`__private::right_inverse_complement_is_cores`). The other rules check
//! the whole layout, which shows any part of it.

use layout_core::expr::Expr;
use layout_core::registry::TypedForm;

use crate::kind::typed_call;

/// What an outer call reads of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Read {
    /// The whole layout: its function (every rule's check shows it).
    #[default]
    Layout,
    /// Only its complement up to its own cosize (CuTe's one-argument
    /// `complement`): two layouts with one such complement give one answer.
    Complement,
}

/// What the call `outer` reads of its operand `i`.
pub fn of(outer: &Expr, i: usize) -> Read {
    match typed_call(outer) {
        Some((TypedForm::Complement, _, [_])) if i == 0 => Read::Complement,
        _ => Read::Layout,
    }
}

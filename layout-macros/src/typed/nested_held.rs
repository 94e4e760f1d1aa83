//! Which operand calls nested.rs may nest, and where it holds one back:
//! an operand read mode by mode (`by_modes`) is not nested with dynamic
//! leaves, a `make_layout`'s last operand only where it ends exact or the
//! `make_layout` is read only on its domain (`on_domain`, from the whole
//! input down); `refused` finds the operand call `type` reports.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Construct, TypedForm};

use proc_macro2::TokenStream;

use crate::kind::{Kind, kind, typed_call};
use crate::tree::has_dynamic;
use crate::typed::divide::divide_per_mode::{self, ByModeDivide};
use crate::typed::named;
use crate::typed::nested::result;

/// The operand call that [`by_modes`] keeps from being nested in `e` (or
/// in a call inside it), if any, and why ([`REFUSED`], or [`PAST_SIZE`]
/// for a `make_layout`'s last operand): where `type` reports its refusal,
/// since writing that call's result out (or dropping `type`) is the way
/// on.
pub fn refused(e: &Expr, root: bool) -> Option<(&Expr, &'static str)> {
    refused_in(e, root)
}

/// [`refused`] of `e`, read only on its domain where `domain`.
fn refused_in(e: &Expr, domain: bool) -> Option<(&Expr, &'static str)> {
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    let found = args.iter().enumerate().find(|&(i, arg)| {
        matches!(arg.kind, ExprKind::Call { .. })
            && kind(arg) == Kind::Layout
            && has_dynamic(arg)
            && !named::contains(arg)
            && held(e, i, domain)
            && typed_call(e).is_some_and(|(form, ..)| form != TypedForm::RunTime)
            && result(arg, 1, on_domain(e, i, domain)).is_some()
    });
    // A `make_layout`'s last layout is held only where the `make_layout`
    // is read past its size ([`held`]).
    let why = |i: usize| match typed_call(e) {
        Some((TypedForm::Construct(Construct::Layout), _, all))
            if i + 1 == all.len() && all.iter().all(|a| kind(a) == Kind::Layout) =>
        {
            PAST_SIZE
        }
        _ => REFUSED,
    };
    found.map(|(i, arg)| (arg, why(i))).or_else(|| {
        let mut inner = args.iter().enumerate();
        inner.find_map(|(i, arg)| refused_in(arg, on_domain(e, i, domain)))
    })
}

/// Whether operand `i` of `e` (read only on its domain where `domain`:
/// the whole input's value, whose contract is the core's layout on its
/// domain) is read only on its own domain, so that its typed nesting
/// (CuTe's) is all that reaching past it could change: a `make_layout`'s
/// layouts but the last (an index past the whole goes to the last), the
/// last too where the `make_layout` is read on its domain, and a
/// composition's `B` where the composition is (`(A ∘ B)(i)` reads `B(i)`,
/// `i < size B`, but past its domain `A ∘ B` reads `B` past its own, so
/// `B`'s nesting would change it: `composition(composition(X,
/// make_layout(L, C)), Y)` read by `Y` past `size` is held).
pub(crate) fn on_domain(e: &Expr, i: usize, domain: bool) -> bool {
    match typed_call(e) {
        Some((TypedForm::Composition, _, [_, _])) => i == 1 && domain,
        Some((TypedForm::Construct(Construct::Layout), _, args)) => {
            args.iter().all(|a| kind(a) == Kind::Layout) && (i + 1 < args.len() || domain)
        }
        _ => false,
    }
}

/// Whether operand `i` of `e` is not nested where it has a dynamic leaf
/// ([`by_modes`]), but for a `make_layout`'s last layout where the
/// `make_layout` is read only on its domain ([`on_domain`]): there it too
/// is read as a function on its domain, so CuTe's nesting of it (the
/// typed result's) gives the core's offsets (a logical divide's last pair
/// under a composition that is the whole input, divide_per_mode.rs).
pub(crate) fn held(e: &Expr, i: usize, domain: bool) -> bool {
    let make_layout = matches!(
        typed_call(e),
        Some((TypedForm::Construct(Construct::Layout), ..))
    );
    by_modes(e, i) && !(make_layout && on_domain(e, i, domain))
}

/// Why [`refused`] holds an operand call back.
pub const REFUSED: &str = "`type` cannot nest this call: the call around reads it by mode, and its dynamic leaves (an extent of 1, a stride between modes) may group modes unlike the core; write `SHAPE:STRIDE` or drop `type`";

/// The divide by a by-mode tiler that divide_per_mode.rs divides mode by
/// mode (a `make_layout` of its parts) as the `B` of a composition read
/// on its domain, in `e` (read only on its domain where `domain`), where
/// that composition is read past its size: the `make_layout`'s last part
/// is held back ([`held`]), and `type` says [`PAST_SIZE_DIVIDE`] at the divide
/// (`composition(composition(1024:1, logical_divide((m,(4,k)):(1,(16,64)),
/// <2,8>)), 64:1)`). `leaves`: the input's.
pub fn refused_divide<'e>(e: &'e Expr, leaves: &[TokenStream], domain: bool) -> Option<&'e Expr> {
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    let past = |d: &ByModeDivide| {
        !domain
            && divide_per_mode::rewrite(e, leaves, true).is_some()
            && divide_per_mode::rewrite(e, leaves, false).is_none()
            && has_dynamic(d.a)
    };
    match divide_per_mode::by_mode_divide(e) {
        Some(d) if past(&d) => Some(d.divide),
        _ => args
            .iter()
            .enumerate()
            .find_map(|(i, arg)| refused_divide(arg, leaves, on_domain(e, i, domain))),
    }
}

/// Why [`refused_divide`] refuses a divide (as [`PAST_SIZE`]).
pub const PAST_SIZE_DIVIDE: &str = "`type` cannot nest this divide: the call around reads it past its size, where CuTe may nest its last part along another leaf than the core; write it as `SHAPE:STRIDE` or drop `type`";

/// Why [`refused`] holds back a `make_layout`'s last layout: the
/// `make_layout` is read past its size (a composition's `A`, or the `B` of
/// a composition itself read past its size), and past its size a layout
/// goes on along its last leaf, from `L(size)`: where CuTe's nesting of
/// the operand (the typed one) ends in another leaf than the core's (an
/// extent of 1 kept, a stride left where the core's construction stops),
/// the two go on differently, though they agree on the domain. CUTLASS's
/// prints (tests/golden/cute_held_last.txt, tests/typed_held_last.rs):
/// `composition(composition(1024:1, make_layout(2:1, composition((m,4):(1,k),
/// 2:2))), 64:1)` is another layout than the core's at 45 of 66 values,
/// at each with its `make_layout` the core's on its domain. The core's
/// `L(size)` comes from its own construction (its composition read past
/// its size is not `A(B(i))`), so a run-time check would be that
/// construction run on the values.
pub const PAST_SIZE: &str = "`type` cannot nest this call: the call around reads this last layout of a `make_layout` past its size, where CuTe may nest along another leaf than the core; write it as `SHAPE:STRIDE` or drop `type`";

/// Whether operand `i` of `e` is read mode by mode: the layout a by-mode
/// tiler (`<…>`, a tuple of extents) divides, multiplies or composes, a
/// divide's layout (the rule reads its tiler by mode), the layout of a
/// `coalesce` by a profile, either side of
/// `blocked_product`/`raked_product` (which zip their modes) and the
/// operands of the other forms. There, an inner result with a dynamic
/// leaf is not nested: its typed top-level modes are CuTe's, which may
/// differ from the core's where a dynamic leaf keeps modes apart (as
/// CuTe's coalesce keeps them) or is 1, so the outer result could be a
/// different function (`logical_divide(coalesce((2,m):(1,2)), <4>)` tiles
/// the mode `2:1` where the core tiles `2m:1`). The others read their
/// operand only as a function: `coalesce`, `complement`, the inverses,
/// `composition` (both sides), a product's `B` and its `A` by a layout or
/// an extent, `make_layout`'s layouts but the last (one mode each, read
/// only on its domain: an index past the whole goes to the last);
/// `flatten` keeps its operand's leaves.
pub(crate) fn by_modes(e: &Expr, i: usize) -> bool {
    let Some((form, _, args)) = typed_call(e) else {
        return true;
    };
    let tiler = || {
        let b = args.get(1).map(|b| &b.kind);
        matches!(b, Some(ExprKind::Tiler(_) | ExprKind::Tuple(_)))
    };
    match form {
        // A profile reads the layout mode by mode.
        TypedForm::Coalesce => args.len() > 1,
        // `flatten` keeps the typed inner's leaves (CuTe's): the same
        // function, and an outer call of it is asked on its own.
        // The inverses coalesce first: they read a function.
        TypedForm::Complement
        | TypedForm::Flatten
        | TypedForm::RightInverse
        | TypedForm::LeftInverse => false,
        // A product's top-level modes are the core's (compose_by.rs).
        TypedForm::Composition => {
            i == 0 && tiler() && !crate::typed::compose::compose_by::modes_fixed(&args[0])
        }
        TypedForm::Product(_) => i == 0 && tiler(),
        // Each layout but the last is one mode read only on its domain
        // (an index past the whole goes to the last): its function is
        // all that is read (divide_past.rs appends a `1:c` so).
        // The last too where it ends exact ([`ends_exact`]): a `make_layout`
        // whose own last operand is written out (zipped_divide's group of
        // rests and past modes, divide_per_mode.rs).
        TypedForm::Construct(Construct::Layout) => {
            !args.iter().all(|a| kind(a) == Kind::Layout)
                || (i + 1 == args.len() && !args.get(i).is_some_and(ends_exact))
        }
        _ => true,
    }
}

/// Whether `e`, a `make_layout` operand, is the core's function past its
/// domain too once nested: no call with a dynamic leaf (written out, or
/// folded to the core's value), or a `make_layout` of layouts whose last
/// operand ends exact (its other operands are read on their domains
/// only, and an index past the whole goes to the last).
fn ends_exact(e: &Expr) -> bool {
    if !matches!(e.kind, ExprKind::Call { .. }) || !has_dynamic(e) {
        return true;
    }
    match typed_call(e) {
        Some((TypedForm::Construct(Construct::Layout), _, args)) => {
            args.iter().all(|a| kind(a) == Kind::Layout) && args.last().is_some_and(ends_exact)
        }
        _ => false,
    }
}

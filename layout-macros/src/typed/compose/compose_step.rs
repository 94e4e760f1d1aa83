//! One step of `layout!(type composition(A, B))`'s walk (compose.rs): a
//! leaf of `B` over a mode of `A`, folded while compiling where its
//! operands are static, else a call of `__private::compose_step_or_merged`:
//! CuTe's step, retried in the walk's second run (its flag set) over the
//! mode merged with the modes that continue it.

use quote::quote;

use crate::emit;
use crate::typed::sym::{Gen, Sym, value};

/// What one step of the walk gives: a mode (extent, reach) unless
/// skipped, and the leaf's rest.
pub struct StepSym {
    pub mode: Option<(Sym, Sym)>,
    pub rest_shape: Sym,
    pub rest_stride: Sym,
}

/// The modes of `A` a step walks over: the mode (`extent`, `stride`),
/// the bounded modes after it, the last mode's stride, and whether the
/// leaf is its part's only one (`__private::compose_step_or_merged`).
pub struct Over<'a> {
    pub mode: &'a (Sym, Sym),
    pub after: &'a [(Sym, Sym)],
    pub last: &'a Sym,
    pub alone: bool,
}

/// One step of the walk of a leaf with `n` elements at stride `r`
/// over a mode of extent `a`; `None` where static operands break a
/// condition CuTe asserts statically. Where a run-time step refuses, the
/// cold merged step of `compose_step_or_merged` tries the mode merged with the modes after
/// it that continue it.
pub fn step(code: &mut Gen<'_>, n: &Sym, r: &Sym, over: &Over<'_>) -> Option<StepSym> {
    let a = &over.mode.0;
    if let (Sym::Static(n), Sym::Static(r), Sym::Static(a)) = (n, r, a) {
        return fold_step(*n, *r, *a);
    }
    let stays = StepSym {
        mode: None,
        rest_shape: n.clone(),
        rest_stride: Sym::Static(0),
    };
    if let (Sym::Static(r), Sym::Static(a)) = (r, a) {
        if *r == 0 {
            return Some(stays);
        }
        if *a == 0 {
            return None;
        }
        // The stride skips whole copies of this mode: CuTe's static skip.
        if ceil(*a, *r) == 1 {
            let rest_stride = Sym::Static(r / a);
            return (r % a == 0).then_some(StepSym {
                rest_stride,
                ..stays
            });
        }
    }
    let folded = match (r, a) {
        (Sym::Static(r), Sym::Static(a)) => Some(ceil(*r, *a)),
        _ => None,
    };
    // A leaf of one element stays one (CuTe's `is_constant<1, rest_shape>`
    // skip): its rest is a static 1, so every later step gives no mode and
    // no last mode is appended, as in CuTe's walk. The step still runs, for
    // its checks (a mode of extent 0); `compose_step` gives a rest of 1.
    let one = matches!(n, Sym::Static(1));
    if !code.writes() {
        // A type only (`Gen::writes`): the mode's types, no call built.
        code.merge_flag();
        let dynamic = || Sym::Dynamic(quote!(usize));
        return Some(StepSym {
            mode: (!one).then(|| (dynamic(), dynamic())),
            rest_shape: if one { Sym::Static(1) } else { dynamic() },
            rest_stride: folded.map_or_else(dynamic, Sym::Static),
        });
    }
    let (private, function) = (emit::private(), code.function);
    let (tn, tr, ta) = (value(n), value(r), value(a));
    let step = {
        let td = value(&over.mode.1);
        let after = over.after.iter().map(|(s, d)| {
            let (s, d) = (value(s), value(d));
            quote!((#s, #d))
        });
        let (last, alone) = (value(over.last), over.alone);
        let folded = match folded {
            Some(f) => {
                let f = proc_macro2::Literal::usize_suffixed(f as usize);
                quote!(::core::option::Option::Some(#f))
            }
            None => quote!(::core::option::Option::None),
        };
        let call = match code.merge_flag() {
            Some(merge) => quote!(#private::compose_step_or_merged(
                #merge, #function, #tn, #tr, (#ta, #td), &[#(#after),*], #last, #alone, #folded
            )),
            // A walk written once (product.rs): CuTe's step alone.
            None => quote!(#private::compose_step(#function, #tn, #tr, #ta)),
        };
        code.checked_let("step", call)
    };
    let rest_stride = match folded {
        Some(f) => Sym::Static(f),
        None => code.dynamic(quote!(#step.rest_stride)),
    };
    let mode = (
        code.dynamic(quote!(#step.shape)),
        code.dynamic(quote!(#step.reach)),
    );
    Some(StepSym {
        // A leaf of one element gives no mode (CuTe's static skip).
        mode: (!one).then_some(mode),
        rest_shape: match one {
            true => Sym::Static(1),
            false => code.dynamic(quote!(#step.rest_shape)),
        },
        rest_stride,
    })
}

/// [`step`] on static operands: `__private::compose_step`'s rule,
/// with CuTe's static skips, or `None` where it would refuse.
fn fold_step(n: i64, r: i64, a: i64) -> Option<StepSym> {
    let stays = |rest_stride| StepSym {
        mode: None,
        rest_shape: Sym::Static(n),
        rest_stride: Sym::Static(rest_stride),
    };
    if n == 0 || r == 0 {
        return Some(stays(0));
    }
    if a == 0 {
        return None;
    }
    let (next_shape, next_stride) = (ceil(a, r), ceil(r, a));
    if n == 1 {
        return Some(stays(next_stride));
    }
    if next_shape == 1 {
        return (r % a == 0).then_some(stays(next_stride));
    }
    let shape = next_shape.min(n);
    if (n > next_shape && a % r != 0) || n % shape != 0 {
        return None;
    }
    Some(StepSym {
        mode: Some((Sym::Static(shape), Sym::Static((shape - 1) * r))),
        rest_shape: Sym::Static(n / shape),
        rest_stride: Sym::Static(next_stride),
    })
}

/// `ceil(x / y)` for `x ≥ 0`, `y > 0`.
fn ceil(x: i64, y: i64) -> i64 {
    x / y + i64::from(x % y != 0)
}

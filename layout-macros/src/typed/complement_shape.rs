//! The cotarget of a typed `complement(A, SHAPE)` (CuTe's complement with
//! a tuple cotarget; the core's `complement_to_shape`, which is the
//! integer complement up to `span · copies`): `span` the largest reach
//! `extent · stride` of `A`'s leaves of extent above 1 and stride not 0,
//! and `copies` the size of the cotarget divided by `span` left to right
//! (each extent `m` of the cotarget takes `ceil(m / rest)` copies, and
//! `rest` becomes `ceil(rest / m)`). shape.rs then complements `A` up to
//! that integer, with its checks. Static where every input is; an extent
//! of the cotarget that is 0 is refused (while compiling when static, else
//! `ZeroDivisor` at run time: CuTe divides by it).

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::typed::sym::{Gen, Sym, value};

/// The integer cotarget, from `A`'s leaves and the cotarget's leaves;
/// `None` where a static part is refused (an extent 0, an overflow).
pub fn cotarget(code: &mut Gen<'_>, a: &[(Sym, Sym)], shape: &[Sym]) -> Option<Sym> {
    let statics = |xs: &mut dyn Iterator<Item = &Sym>| -> Option<Vec<i64>> {
        xs.map(|x| match x {
            Sym::Static(n) => Some(*n),
            Sym::Dynamic(_) => None,
        })
        .collect()
    };
    if shape.iter().any(|m| matches!(m, Sym::Static(n) if *n < 1)) {
        return None;
    }
    let all = statics(&mut a.iter().flat_map(|(s, d)| [s, d]).chain(shape));
    if let Some(all) = all {
        // `all` is `a`'s leaves as (extent, stride) pairs, then the shape.
        let (leaves, shape) = all.split_at(2 * a.len());
        let mut span: i64 = 1;
        for leaf in leaves.chunks_exact(2) {
            let (s, d) = (leaf[0], leaf[1]);
            if s != 1 && d != 0 {
                span = span.max(s.checked_mul(d)?);
            }
        }
        let (mut copies, mut rest) = (1i64, span);
        for &m in shape {
            let ceil = |x: i64, y: i64| x / y + i64::from(x % y != 0);
            copies = copies.checked_mul(ceil(m, rest))?;
            rest = ceil(rest, m);
        }
        return Some(Sym::Static(span.checked_mul(copies)?));
    }
    let (private, function) = (emit::private(), code.function);
    let mut reaches: Vec<TokenStream> = Vec::new();
    for (s, d) in a {
        match (s, d) {
            (Sym::Static(1), _) | (_, Sym::Static(0)) => {}
            (Sym::Static(s), Sym::Static(d)) => {
                let reach = emit::int(s.checked_mul(*d)?);
                reaches.push(quote!(#reach));
            }
            _ => {
                let (s, d) = (value(s), value(d));
                let reach = code.checked_let(
                    "reach",
                    quote! {
                        if #s == 1 || #d == 0 {
                            ::core::result::Result::Ok(1)
                        } else {
                            #private::product(#function, #s, #d)
                        }
                    },
                );
                reaches.push(reach);
            }
        }
    }
    let span = code.bind_value("span", quote!(1usize #(.max(#reaches))*));
    let (mut copies, mut rest) = (Sym::Static(1), span.clone());
    for (i, m) in shape.iter().enumerate() {
        let dynamic = matches!(m, Sym::Dynamic(_));
        let (m, below) = (value(m), value(&rest));
        // A static extent is at least 1 (checked above).
        if dynamic {
            code.check(quote! {
            if #m == 0 {
                ::core::result::Result::Err(#private::AlgebraError::ZeroDivisor {
                    function: #function,
                    dividend: #below,
                })
            } else {
                ::core::result::Result::Ok(())
            }
            });
        }
        // `below` is a run-time span; `m` static or not.
        let these = code.bind_value("copies", quote!(#private::ceil_div_dynamic(#m, #below)));
        copies = code.product(&copies, &these)?;
        // The last rest is not read.
        if i + 1 < shape.len() {
            let ceil = match dynamic {
                true => quote!(#private::ceil_div_dynamic(#below, #m)),
                false => quote!(#private::ceil_div(#below, #m)),
            };
            rest = code.bind_value("rest", ceil);
        }
    }
    code.product(&span, &copies)
}

/// The leaves of a written-out tree, in order.
pub fn flat<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().for_each(|i| flat(i, out)),
        _ => out.push(e),
    }
}

//! `cosize(B)` of a product's written-out `B` (product.rs) whose leaves
//! may be dynamic, extents and strides: CuTe's `size(coshape(B))`,
//! `1 + Σ (s - 1)·d` leaf by leaf, over `Static | Dynamic` (the sum's
//! terms, [`terms`], are also the complement's cotarget, shape.rs).
//!
//! It is static exactly where CuTe's is: every term static, which a
//! dynamic leaf keeps only where the other factor is a static 0 (a stride
//! 0, or an extent 1 whose `s - 1` is 0: CuTe's `C<0> * int` is `C<0>`).
//! The product reads it twice: in the cotarget `size(A)·cosize(B)`, which
//! only sets the extent of the complement's last mode (a dynamic one is
//! never read, product.rs: the composition takes that mode's stride), a
//! mode that never merges with the hole below it (a hole ends at the stride
//! of a mode of `A` of extent above 1, below that mode's span, where the
//! last mode starts), so the holes are the ones a static `B` gives, as in
//! CuTe; and in the check that `B` stays below a hole CuTe rounded
//! down (`product_fits`). For that check the value is the core's
//! (`Layout::cosize`): 0 where an extent is 0 (the core then checks
//! nothing, as no offset is reached), which CuTe's formula does not give.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use crate::typed::sym::{Gen, Sym, value};

/// `B`'s cosize from its bound leaves (strides static `≥ 0` or dynamic):
/// static, or the expression computing it.
/// `None` if a static part overflows (refused while compiling).
///
/// A dynamic sum saturates: past `usize::MAX` it is past any hole, so the
/// check refuses it, as the core refuses a `B` whose cosize overflows.
pub fn cosize(code: &Gen<'_>, b: &[(Sym, Sym)]) -> Option<Sym> {
    // The dynamic extents: the core's cosize is 0 where one is 0; a static
    // extent 0 adds no term (no offset is reached).
    let extents: Vec<TokenStream> = b
        .iter()
        .filter(|(s, _)| matches!(s, Sym::Dynamic(_)))
        .map(|(s, _)| value(s))
        .collect();
    let empty = b.iter().any(|(s, _)| matches!(s, Sym::Static(0)));
    let (known, terms) = terms(b.iter().filter(|(s, _)| !matches!(s, Sym::Static(0))))?;
    if empty {
        // A static extent 0: no offset is reached (the core's 0), static
        // where CuTe's sum is.
        return Some(match terms.is_empty() {
            true => Sym::Static(0),
            false => code.dynamic(quote!(0usize)),
        });
    }
    if terms.is_empty() {
        return Some(Sym::Static(known));
    }
    let known = proc_macro2::Literal::usize_suffixed(usize::try_from(known).ok()?);
    let sum: TokenStream = quote!(#known #(#terms)*);
    let sum = match extents.as_slice() {
        [] => sum,
        _ => quote!(if #(#extents == 0)||* { 0 } else { #sum }),
    };
    // An expression, not a `let`: the product writes it only into the
    // check, where there is one.
    Some(code.dynamic(sum))
}

/// `1 + Σ (extent - 1) · stride` over `leaves` (strides static `≥ 0` or
/// dynamic) as its static part and the saturating terms the dynamic leaves
/// add to it (`.saturating_add(…)`): a term is static where the other
/// factor is a static 0 (a stride 0, or an extent 1), as CuTe's
/// `C<0> * int` is `C<0>`. `None` if the static part overflows. Shared by
/// the complement's cotarget (shape.rs) and a product's `cosize(B)`
/// (`cosize` above).
pub fn terms<'s>(
    leaves: impl IntoIterator<Item = &'s (Sym, Sym)>,
) -> Option<(i64, Vec<TokenStream>)> {
    let mut known: i64 = 1;
    let mut terms = Vec::new();
    for (s, d) in leaves {
        match (s, d) {
            (Sym::Static(s), Sym::Static(d)) => {
                known = known.checked_add(s.checked_sub(1)?.checked_mul(*d)?)?
            }
            (_, Sym::Static(0)) | (Sym::Static(1), _) => {}
            _ => {
                let below = match s {
                    Sym::Static(s) => {
                        let below = usize::try_from(s.checked_sub(1)?).ok()?;
                        proc_macro2::Literal::usize_suffixed(below).into_token_stream()
                    }
                    Sym::Dynamic(s) => quote!(#s.saturating_sub(1)),
                };
                terms.push(match d {
                    Sym::Static(1) => quote!(.saturating_add(#below)),
                    _ => {
                        let d = value(d);
                        quote!(.saturating_add(#below.saturating_mul(#d)))
                    }
                });
            }
        }
    }
    Some((known, terms))
}

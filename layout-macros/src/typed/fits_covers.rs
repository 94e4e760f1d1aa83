//! What the check past `i64`'s one comparison (fits.rs) may leave out
//! beside what it compares: a run-time leaf at most another leaf compared
//! is below the bound when that one is. The rules record the pairs
//! (`Gen::covers`): a leaf beside its checked multiple by a static factor
//! above 1 (`Gen::product`, a divide's rest stride `8·m` beside `m`), a
//! complement's rest `⌈m / d⌉` beside its run-time cotarget `m`
//! (shape.rs). And a divide's leaves that read the same variable are one
//! binding (`variable_read`), so compared once. The exact check
//! (`__private::operands_fit`) still reads every leaf.

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// The places in `leaves` (the run-time leaves' texts, in order) the
/// comparison leaves out: each at most (`covers`: `(smaller, larger)`)
/// one still compared when it is left out, one at a time in order, so
/// that every leaf left out is at most one compared, through the ones
/// left out after it (a cycle of pairs leaves one compared).
pub fn left_out(leaves: &[String], covers: &[(String, String)]) -> Vec<usize> {
    let mut compared: Vec<bool> = vec![true; leaves.len()];
    let index = |x: &String| leaves.iter().position(|l| l == x);
    for k in 0..leaves.len() {
        let by = |(small, big): &(String, String)| {
            small == &leaves[k] && big != small && index(big).is_some_and(|j| compared[j])
        };
        if covers.iter().any(by) {
            compared[k] = false;
        }
    }
    (0..leaves.len()).filter(|&k| !compared[k]).collect()
}

/// The variable a dynamic leaf's binding reads, where the leaf is one
/// identifier (the macro's `{ let leaf: usize = m; leaf }`): two leaves
/// reading the same variable hold the same value, so one name serves
/// both. `None` for any other expression (a call may differ between its
/// two evaluations).
pub fn variable_read(value: &TokenStream) -> Option<String> {
    let tokens: Vec<TokenTree> = value.clone().into_iter().collect();
    let [TokenTree::Group(block)] = tokens.as_slice() else {
        return None;
    };
    let inner: Vec<TokenTree> = block.stream().into_iter().collect();
    match inner.as_slice() {
        [
            TokenTree::Ident(l),
            TokenTree::Ident(_),
            TokenTree::Punct(colon),
            TokenTree::Ident(ty),
            TokenTree::Punct(eq),
            TokenTree::Ident(variable),
            TokenTree::Punct(semi),
            TokenTree::Ident(_),
        ] if block.delimiter() == Delimiter::Brace
            && l == "let"
            && ty == "usize"
            && colon.as_char() == ':'
            && eq.as_char() == '='
            && semi.as_char() == ';' =>
        {
            Some(variable.to_string())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn texts(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|x| x.to_string()).collect()
    }

    fn pairs(xs: &[(&str, &str)]) -> Vec<(String, String)> {
        xs.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn a_leaf_is_left_out_only_beside_one_compared() {
        let leaves = texts(&["m", "n", "m8"]);
        assert_eq!(left_out(&leaves, &pairs(&[("m", "m8")])), [0]);
        // The larger is not among the leaves compared: `m` stays.
        assert_eq!(
            left_out(&leaves, &pairs(&[("m", "k")])),
            Vec::<usize>::new()
        );
        // A chain ends at a leaf compared.
        let chain = pairs(&[("m", "m8"), ("m8", "n")]);
        assert_eq!(left_out(&leaves, &chain), [0, 2]);
        // A cycle leaves one compared.
        let cycle = pairs(&[("m", "n"), ("n", "m")]);
        assert_eq!(left_out(&leaves, &cycle), [0]);
    }

    #[test]
    fn only_one_identifier_is_a_variable_read() {
        let read = |t: TokenStream| variable_read(&t);
        assert_eq!(
            read(quote!({
                let leaf: usize = m;
                leaf
            })),
            Some("m".into())
        );
        assert_eq!(
            read(quote!({
                let leaf: usize = { m };
                leaf
            })),
            None
        );
        assert_eq!(
            read(quote!({
                let leaf: usize = f();
                leaf
            })),
            None
        );
        assert_eq!(
            read(quote!({
                let leaf: usize = m + 1;
                leaf
            })),
            None
        );
        assert_eq!(read(quote!(m)), None);
    }
}

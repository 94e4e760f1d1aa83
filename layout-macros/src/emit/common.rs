//! The constructors of the 41 common nestings (src/private/common_layouts.rs):
//! which one a folded layout's nesting has, and its call with the leaves
//! packed four to a `u64` word. A debug build pays for each argument and
//! each generic call, so these few words cost rustc less than the nested
//! literal (BENCHMARKS.md, "a constructor per nesting").

use layout_core::{IntTuple, Layout};
use proc_macro2::{Literal, TokenStream, TokenTree};

/// The name of the facade's constructor for `shape`'s nesting, if it has
/// one (src/private/common_layouts.rs; tests/common_nestings.rs writes each
/// and its neighbours): a leaf, the flat rank 4, or one to three items each
/// a leaf or two or three leaves. `l` a leaf, `o…c` a tuple: `layout_ollc`.
pub(super) fn nesting(shape: &IntTuple) -> Option<String> {
    let leaves = |t: &[IntTuple], n: &[usize]| {
        n.contains(&t.len()) && t.iter().all(|i| matches!(i, IntTuple::Int(_)))
    };
    let mut name = String::from("layout_o");
    match shape {
        IntTuple::Int(_) => return Some("layout_l".into()),
        IntTuple::Tuple(items) if leaves(items, &[4]) => name.push_str("llll"),
        IntTuple::Tuple(items) if (1..=3).contains(&items.len()) => {
            for item in items {
                match item {
                    IntTuple::Int(_) => name.push('l'),
                    IntTuple::Tuple(inner) if leaves(inner, &[2, 3]) => {
                        name.push('o');
                        name.extend(inner.iter().map(|_| 'l'));
                        name.push('c');
                    }
                    IntTuple::Tuple(_) => return None,
                }
            }
        }
        IntTuple::Tuple(_) => return None,
    }
    name.push('c');
    Some(name)
}

/// The bits of a leaf in a constructor's `u64` argument, and the leaves
/// it holds: the facade's `LEAF_BITS` and `LEAVES_PER_WORD`.
const LEAF_BITS: u32 = 16;
const LEAVES_PER_WORD: usize = 4;

/// A folded layout's leaves (shape then stride) packed [`LEAVES_PER_WORD`]
/// to a word, the first lowest; `None` if one does not fit in
/// [`LEAF_BITS`]. Few arguments: a debug build pays for each
/// (BENCHMARKS.md, "a constructor per nesting").
pub(super) fn words(l: &Layout) -> Option<Vec<u64>> {
    let mut words: Vec<u64> = Vec::new();
    for (k, n) in l.shape().leaves().chain(l.stride().leaves()).enumerate() {
        let n = u64::try_from(n).ok().filter(|&n| n < 1 << LEAF_BITS)?;
        let slot = k % LEAVES_PER_WORD;
        if slot == 0 {
            words.push(0);
        }
        *words.last_mut()? |= n << (LEAF_BITS * slot as u32);
    }
    Some(words)
}

/// `::layout_dsl::__private::NAME(w0, …)`, the constructor of a common
/// nesting called with its packed [`words`]: no tuple expression and no
/// generic call.
pub(super) fn layout_call(name: &str, words: Vec<u64>) -> TokenStream {
    let mut args: Vec<TokenTree> = Vec::with_capacity(2 * words.len());
    for word in words {
        if !args.is_empty() {
            args.push(super::comma());
        }
        args.push(lanes(word).into());
    }
    super::private_call(name, args)
}

/// [`layout_call`]'s tokens as text, which lex back to them.
pub(super) fn call_text(name: &str, words: &[u64]) -> String {
    let mut text = format!("::layout_dsl::__private::{name}(");
    for (k, &word) in words.iter().enumerate() {
        if k > 0 {
            text.push_str(", ");
        }
        text.push_str(&lanes_text(word));
    }
    text.push(')');
    text
}

/// `word` as a hexadecimal literal, one `_`-separated group of four digits
/// per leaf (the last leaf first, as the bits run), so that an expansion
/// shows its numbers: `(4,8):(8,1)` is `0x0001_0008_0008_0004`.
fn lanes(word: u64) -> Literal {
    lanes_text(word)
        .parse()
        .expect("a hexadecimal integer literal")
}

/// [`lanes`]' text.
fn lanes_text(word: u64) -> String {
    let lane = |k: u32| (word >> (LEAF_BITS * k)) & ((1 << LEAF_BITS) - 1);
    format!(
        "0x{:04x}_{:04x}_{:04x}_{:04x}",
        lane(3),
        lane(2),
        lane(1),
        lane(0)
    )
}

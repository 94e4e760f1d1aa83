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
    // Byte by byte into a fixed buffer, as [`call_text`] writes.
    let mut name = Ascii::new();
    name.push_str("layout_o");
    match shape {
        IntTuple::Int(_) => return Some("layout_l".into()),
        IntTuple::Tuple(items) if leaves(items, &[4]) => name.push_str("llll"),
        IntTuple::Tuple(items) if (1..=3).contains(&items.len()) => {
            for item in items {
                match item {
                    IntTuple::Int(_) => name.push(b'l'),
                    IntTuple::Tuple(inner) if leaves(inner, &[2, 3]) => {
                        name.push(b'o');
                        for _ in inner {
                            name.push(b'l');
                        }
                        name.push(b'c');
                    }
                    IntTuple::Tuple(_) => return None,
                }
            }
        }
        IntTuple::Tuple(_) => return None,
    }
    name.push(b'c');
    name.finish()
}

/// The bits of a leaf in a constructor's `u64` argument, and the leaves
/// it holds: the facade's `LEAF_BITS` and `LEAVES_PER_WORD`.
const LEAF_BITS: u32 = 16;
const LEAVES_PER_WORD: usize = 4;

/// A folded layout's leaves (shape then stride) packed [`LEAVES_PER_WORD`]
/// to a word, the first lowest; `None` if one does not fit in
/// [`LEAF_BITS`], or if the layout is not a value of `usize` leaves (an
/// extent 0 puts its numbers in its type, a negative stride makes it
/// signed: [`super::layout`]). Few arguments: a debug build pays for each
/// (BENCHMARKS.md, "a constructor per nesting"). One walk of each tree,
/// without the core's leaf iterator: this runs as debug code in every
/// user's build.
pub(super) fn words(l: &Layout) -> Option<Vec<u64>> {
    let mut words: Vec<u64> = Vec::with_capacity(4);
    let mut count = 0;
    pack(l.shape(), 1, &mut words, &mut count)?;
    pack(l.stride(), 0, &mut words, &mut count)?;
    Some(words)
}

/// Packs `t`'s leaves after the `count` already in `words`, each at least
/// `least` and below `1 << LEAF_BITS`.
fn pack(t: &IntTuple, least: i64, words: &mut Vec<u64>, count: &mut usize) -> Option<()> {
    match t {
        IntTuple::Int(n) => {
            if *n < least || *n >= 1 << LEAF_BITS {
                return None;
            }
            let slot = *count % LEAVES_PER_WORD;
            if slot == 0 {
                words.push(0);
            }
            *words.last_mut()? |= (*n as u64) << (LEAF_BITS * slot as u32);
            *count += 1;
        }
        IntTuple::Tuple(items) => {
            for item in items {
                pack(item, least, words, count)?;
            }
        }
    }
    Some(())
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

/// [`layout_call`]'s tokens as text, which lex back to them. Written
/// byte by byte into one fixed buffer ([`Ascii`]): this runs as debug code
/// in every user's build, where `String::push` of each character and of
/// each digit was a tenth of what the macro cost for a `Displayed` result
/// (BENCHMARKS.md, "A `Display`ed result: the macro's own text").
pub(super) fn call_text(name: &str, words: &[u64]) -> Option<String> {
    let mut text = Ascii::new();
    text.push_str("::layout_dsl::__private::");
    text.push_str(name);
    text.push(b'(');
    for (k, &word) in words.iter().enumerate() {
        if k > 0 {
            text.push_str(", ");
        }
        push_word(&mut text, word);
    }
    text.push(b')');
    text.finish()
}

/// ASCII text in a fixed buffer, long enough for any common nesting's call
/// (a name of at most 24 bytes, at most 5 words of 21 bytes); past it,
/// [`Ascii::finish`] gives `None` (the token path then writes the call).
struct Ascii {
    bytes: [u8; 192],
    len: usize,
}

impl Ascii {
    fn new() -> Self {
        Ascii {
            bytes: [0; 192],
            len: 0,
        }
    }

    #[inline(always)] // Honoured in debug builds too: no call per byte.
    fn push(&mut self, b: u8) {
        if self.len < self.bytes.len() {
            self.bytes[self.len] = b;
        }
        self.len += 1;
    }

    fn push_str(&mut self, s: &str) {
        let end = self.len + s.len();
        if let Some(to) = self.bytes.get_mut(self.len..end) {
            to.copy_from_slice(s.as_bytes());
        }
        self.len = end;
    }

    fn finish(&self) -> Option<String> {
        let bytes = self.bytes.get(..self.len)?;
        std::str::from_utf8(bytes).ok().map(String::from)
    }
}

/// `word` as a hexadecimal literal, one `_`-separated group of four digits
/// per leaf (the last leaf first, as the bits run), so that an expansion
/// shows its numbers: `(4,8):(8,1)` is `0x0001_0008_0008_0004`.
fn lanes(word: u64) -> Literal {
    let mut text = Ascii::new();
    push_word(&mut text, word);
    let text = text.finish().expect("22 bytes fit");
    text.parse().expect("a hexadecimal integer literal")
}

/// [`lanes`]' text, digit by digit (`format!` of four `{:04x}` was a
/// tenth of what the macro cost for a `Displayed` result, as debug code).
fn push_word(text: &mut Ascii, word: u64) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    text.push(b'0');
    text.push(b'x');
    let mut shift = LEAF_BITS * LEAVES_PER_WORD as u32;
    while shift > 0 {
        shift -= 4;
        text.push(DIGITS[((word >> shift) & 0xf) as usize]);
        if shift % LEAF_BITS == 0 && shift > 0 {
            text.push(b'_');
        }
    }
}

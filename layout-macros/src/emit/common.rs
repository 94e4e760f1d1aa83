//! The constructors of the 41 common nestings (src/private/common_layouts.rs):
//! which one a folded layout's nesting has, and its call with the leaves
//! packed eight (when each is below 256) or four to a `u64` word. A debug
//! build pays for each argument and each generic call, so these few words
//! cost rustc less than the nested literal (BENCHMARKS.md, "a constructor
//! per nesting", "eight leaves a word").

use layout_core::{IntTuple, Layout};
use proc_macro2::{Literal, TokenStream, TokenTree};

/// The name of the facade's constructor for `shape`'s nesting, if it has
/// one (src/private/common_layouts.rs; tests/common_nestings.rs writes each
/// and its neighbours): a leaf, the flat rank 4, or one to three items each
/// a leaf or two or three leaves. `l` a leaf, `o…c` a tuple: `ollc`, whose
/// constructors are `layout_ollc` and `layout8_ollc` ([`Packed::name`]).
pub(super) fn nesting(shape: &IntTuple) -> Option<String> {
    let leaves = |t: &[IntTuple], n: &[usize]| {
        n.contains(&t.len()) && t.iter().all(|i| matches!(i, IntTuple::Int(_)))
    };
    // Byte by byte into a fixed buffer, as [`call_text`] writes.
    let mut name = Ascii::new();
    name.push(b'o');
    match shape {
        IntTuple::Int(_) => return Some("l".into()),
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

/// The most leaves a common nesting has (three triples: 9 in the shape,
/// 9 in the stride).
const MAX_LEAVES: usize = 18;

/// A folded layout's leaves (shape then stride) packed for its nesting's
/// constructor: eight to a `u64` word, 8 bits each, when every leaf is
/// below 256 (`layout8_…`), else four, 16 bits each (`layout_…`), the
/// first leaf lowest (the facade's `split8` and `split`). Few arguments:
/// a debug build pays for each (BENCHMARKS.md, "a constructor per
/// nesting", "eight leaves a word").
pub(super) struct Packed {
    words: [u64; MAX_LEAVES / 4 + 1],
    leaves: usize,
    bits: u32,
}

impl Packed {
    /// The bits of one leaf: 8 or 16.
    fn lanes_per_word(&self) -> usize {
        (64 / self.bits) as usize
    }

    /// How many words the constructor takes.
    fn len(&self) -> usize {
        self.leaves.div_ceil(self.lanes_per_word())
    }

    /// The constructor's name for `nesting` ([`nesting`]'s).
    fn name(&self, nesting: &str) -> String {
        let prefix = if self.bits == 8 {
            "layout8_"
        } else {
            "layout_"
        };
        let mut name = Ascii::new();
        name.push_str(prefix);
        name.push_str(nesting);
        name.finish().unwrap_or_default()
    }
}

/// [`Packed`] of a folded layout; `None` if a leaf is not below 65536, or
/// if the layout is not a value of `usize` leaves (an extent 0 puts its
/// numbers in its type, a negative stride makes it signed:
/// [`super::layout`]), or has more leaves than a common nesting. One walk
/// of each tree into a fixed array, without the core's leaf iterator:
/// this runs as debug code in every user's build.
pub(super) fn words(l: &Layout) -> Option<Packed> {
    let mut leaves = [0u64; MAX_LEAVES];
    let mut count = 0;
    let mut most = 0;
    gather(l.shape(), 1, &mut leaves, &mut count, &mut most)?;
    gather(l.stride(), 0, &mut leaves, &mut count, &mut most)?;
    let bits = if most < 1 << 8 { 8 } else { 16 };
    let mut packed = Packed {
        words: [0; MAX_LEAVES / 4 + 1],
        leaves: count,
        bits,
    };
    let per = packed.lanes_per_word();
    // A plain loop: an iterator's layers are calls in debug code.
    let mut k = 0;
    while k < count {
        packed.words[k / per] |= leaves[k] << (bits * (k % per) as u32);
        k += 1;
    }
    Some(packed)
}

/// Appends `t`'s leaves to `leaves`, each at least `least` and below
/// 65536, keeping the largest in `most`.
fn gather(
    t: &IntTuple,
    least: i64,
    leaves: &mut [u64; MAX_LEAVES],
    count: &mut usize,
    most: &mut u64,
) -> Option<()> {
    match t {
        IntTuple::Int(n) => {
            if *n < least || *n >= 1 << 16 || *count == MAX_LEAVES {
                return None;
            }
            leaves[*count] = *n as u64;
            *most = (*most).max(*n as u64);
            *count += 1;
        }
        IntTuple::Tuple(items) => {
            for item in items {
                gather(item, least, leaves, count, most)?;
            }
        }
    }
    Some(())
}

/// `::layout_dsl::__layouts::NAME(w0, …)`, the constructor of a common
/// nesting called with its [`Packed`] words: no tuple expression and no
/// generic call.
pub(super) fn layout_call(nesting: &str, packed: &Packed) -> TokenStream {
    let mut args: Vec<TokenTree> = Vec::with_capacity(2 * packed.len());
    for k in 0..packed.len() {
        if !args.is_empty() {
            args.push(super::comma());
        }
        args.push(lanes(packed, k).into());
    }
    super::facade_call(LAYOUTS, &packed.name(nesting), args)
}

/// The facade's module of the common nestings' constructors (its
/// `__layouts`, not `__private`: resolving a path into `__private` loads
/// the names of its hundreds of items).
const LAYOUTS: &str = "__layouts";

/// [`layout_call`]'s tokens as text, which lex back to them. Written
/// byte by byte into one fixed buffer ([`Ascii`]): this runs as debug code
/// in every user's build, where `String::push` of each character and of
/// each digit was a tenth of what the macro cost for a `Displayed` result
/// (BENCHMARKS.md, "A `Display`ed result: the macro's own text").
pub(super) fn call_text(nesting: &str, packed: &Packed) -> Option<String> {
    let mut text = Ascii::new();
    text.push_str("::layout_dsl::__layouts::");
    text.push_str(if packed.bits == 8 {
        "layout8_"
    } else {
        "layout_"
    });
    text.push_str(nesting);
    text.push(b'(');
    for k in 0..packed.len() {
        if k > 0 {
            text.push_str(", ");
        }
        push_word(&mut text, packed, k);
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

/// Word `k` of `packed` as a hexadecimal literal, one `_`-separated group
/// of digits per leaf it holds (two for 8 bits, four for 16; the last
/// leaf first, as the bits run), so that an expansion shows its numbers:
/// `(4,8):(8,1)` is `0x01_08_08_04`, `(4,8):(256,1)` is
/// `0x0001_0100_0008_0004`.
fn lanes(packed: &Packed, k: usize) -> Literal {
    let mut text = Ascii::new();
    push_word(&mut text, packed, k);
    let text = text.finish().expect("22 bytes fit");
    text.parse().expect("a hexadecimal integer literal")
}

/// [`lanes`]' text, digit by digit (`format!` of four `{:04x}` was a
/// tenth of what the macro cost for a `Displayed` result, as debug code).
fn push_word(text: &mut Ascii, packed: &Packed, k: usize) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let per = packed.lanes_per_word();
    let word = packed.words[k];
    // The lanes that hold a leaf; the last word's others are 0 and unwritten.
    let used = (packed.leaves - k * per).min(per) as u32;
    text.push(b'0');
    text.push(b'x');
    let mut shift = packed.bits * used;
    while shift > 0 {
        shift -= 4;
        text.push(DIGITS[((word >> shift) & 0xf) as usize]);
        if shift % packed.bits == 0 && shift > 0 {
            text.push(b'_');
        }
    }
}

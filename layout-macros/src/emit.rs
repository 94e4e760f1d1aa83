//! The tokens of each output form, from values the core computed. Paths go
//! through `::layout_dsl::__private`, the facade's support module.

use layout_core::expr::{Expr, ExprKind};
use layout_core::{IntTuple, Layout, Tiler};
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

#[path = "emit/common.rs"]
mod common;

/// The widest tuple a typed layout may have at any level: the one place
/// that says so. The facade implements its traits for tuples up to this
/// size through `layout_macros::__ranks!` (and names it `__private::MAX_RANK`).
pub const MAX_RANK: usize = 12;

/// The deepest a typed layout may nest. Each level is a level of the
/// trait impls rustc checks for every use, and past about 120 it gives up at
/// its default `recursion_limit` of 128 (E0275, with no location in the
/// user's code); half of that leaves room for the code around the layout.
pub const MAX_DEPTH: usize = 64;

/// Why a layout has no typed form.
pub enum Untypable {
    /// A tuple wider than [`MAX_RANK`], by its rank.
    TooWide(usize),
    /// Nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// A composed layout whose outer function is a layout, not a swizzle
    /// (run-time only: it has no typed form).
    LayoutOuter,
}

/// The first tuple in `e` with more than `limit` items.
pub fn wider_than(e: &Expr, limit: usize) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Tuple(items) if items.len() > limit => Some(e),
        ExprKind::Tuple(items) | ExprKind::Tiler(items) | ExprKind::Call { args: items, .. } => {
            items.iter().find_map(|i| wider_than(i, limit))
        }
        ExprKind::Layout(shape, stride) => {
            wider_than(shape, limit).or_else(|| wider_than(stride, limit))
        }
        _ => None,
    }
}

/// The first tuple in `e` nested inside `limit` others (calls, layouts and
/// tilers are not levels): where a typed layout deeper than `limit` crosses it.
pub fn deeper_than(e: &Expr, limit: usize) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Tuple(_) if limit == 0 => Some(e),
        ExprKind::Tuple(items) => items.iter().find_map(|i| deeper_than(i, limit - 1)),
        ExprKind::Tiler(items) | ExprKind::Call { args: items, .. } => {
            items.iter().find_map(|i| deeper_than(i, limit))
        }
        ExprKind::Layout(shape, stride) => {
            deeper_than(shape, limit).or_else(|| deeper_than(stride, limit))
        }
        _ => None,
    }
}

pub fn private() -> TokenStream {
    quote!(::layout_dsl::__private)
}

/// An unsuffixed literal, so it takes the type its context wants (`usize`
/// in an array length, `i64`, …).
pub fn int(n: i64) -> TokenStream {
    let literal = Literal::i64_unsuffixed(n.unsigned_abs() as i64);
    match n {
        i64::MIN => quote!(-9223372036854775808),
        n if n < 0 => quote!(-#literal),
        _ => quote!(#literal),
    }
}

/// A Rust tuple of `items`; a 1-tuple keeps its comma.
pub fn tuple(items: Vec<TokenStream>) -> TokenStream {
    match items.as_slice() {
        [one] => quote!((#one,)),
        _ => quote!((#(#items),*)),
    }
}

/// `tokens` (a tuple, one parenthesised group) with its parentheses at
/// `span`, the user's `(`: rustc reports a bound the tuple fails there
/// rather than over the whole macro call.
pub fn at_paren(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tree| {
            if let TokenTree::Group(group) = &mut tree {
                group.set_span(span);
            }
            tree
        })
        .collect()
}

/// An integer tuple as a Rust value: `(1, (1, 2))`.
pub fn int_tuple(t: &IntTuple) -> TokenStream {
    match t {
        IntTuple::Int(n) => int(*n),
        IntTuple::Tuple(items) => tuple(items.iter().map(int_tuple).collect()),
    }
}

/// A static leaf of a typed shape or stride: `C::<8>`, zero-sized.
pub fn static_leaf(n: i64) -> TokenStream {
    let private = private();
    // A negative const argument needs braces; a plain one reads better without.
    let value = int(n);
    if n < 0 {
        quote!(#private::C::<{ #value }>)
    } else {
        quote!(#private::C::<#value>)
    }
}

/// A shape or stride tree, each leaf written by `leaf`.
fn tree(t: &IntTuple, leaf: fn(i64, &mut Vec<TokenTree>)) -> Result<TokenStream, Untypable> {
    let mut out = Vec::new();
    push_tree(t, leaf, &mut out)?;
    Ok(out.into_iter().collect())
}

/// Appends a tree's tokens to `out`. Each tuple is one `Group` made from a
/// list of tokens: the compiler is called once per tuple, not once per
/// token joined (as `quote!` joins streams), which a layout of a few dozen
/// leaves felt in every debug build.
fn push_tree(
    t: &IntTuple,
    leaf: fn(i64, &mut Vec<TokenTree>),
    out: &mut Vec<TokenTree>,
) -> Result<(), Untypable> {
    match t {
        IntTuple::Int(n) => leaf(*n, out),
        IntTuple::Tuple(items) if items.len() > MAX_RANK => {
            return Err(Untypable::TooWide(items.len()));
        }
        IntTuple::Tuple(items) => {
            let mut inner = Vec::with_capacity(2 * items.len());
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    inner.push(comma());
                }
                push_tree(item, leaf, &mut inner)?;
            }
            // A 1-tuple keeps its comma.
            if items.len() == 1 {
                inner.push(comma());
            }
            let group = Group::new(Delimiter::Parenthesis, inner.into_iter().collect());
            out.push(group.into());
        }
    }
    Ok(())
}

pub(crate) fn comma() -> TokenTree {
    Punct::new(',', Spacing::Alone).into()
}

/// A typed layout from its shape and stride trees. Offsets are `isize`
/// when a static stride is negative, else `usize`. Through free functions,
/// not `Layout::new`: cheaper for rustc to resolve (BENCHMARKS.md).
pub fn typed_layout(shape: TokenStream, stride: TokenStream, signed: bool) -> TokenStream {
    let mut args: Vec<TokenTree> = shape.into_iter().collect();
    args.push(comma());
    args.extend(stride);
    layout_call(args, signed)
}

/// `::layout_dsl::__private::layout(ARGS)` (`layout_signed` when
/// `signed`), made as one list of tokens: `quote!` would make and join a
/// stream per part, a call into the compiler each, which every static
/// layout of a debug build paid (BENCHMARKS.md, "A `Display`ed result").
fn layout_call(args: Vec<TokenTree>, signed: bool) -> TokenStream {
    private_call(if signed { "layout_signed" } else { "layout" }, args)
}

/// `::layout_dsl::__private::FUNCTION(ARGS)`, as one list of tokens.
pub(crate) fn private_call(function: &str, args: Vec<TokenTree>) -> TokenStream {
    facade_call("__private", function, args)
}

/// `::layout_dsl::MODULE::FUNCTION(ARGS)`, as one list of tokens.
fn facade_call(module: &str, function: &str, args: Vec<TokenTree>) -> TokenStream {
    let span = Span::call_site();
    let mut out: Vec<TokenTree> = Vec::with_capacity(10);
    for segment in ["layout_dsl", module, function] {
        out.push(Punct::new(':', Spacing::Joint).into());
        out.push(Punct::new(':', Spacing::Alone).into());
        out.push(Ident::new(segment, span).into());
    }
    out.push(Group::new(Delimiter::Parenthesis, args.into_iter().collect()).into());
    out.into_iter().collect()
}

/// A folded layout. By default a value of `usize` literals, built from the
/// same generic code for every layout of one nesting, so that it costs
/// about what the hand-written arithmetic costs to compile; wherever the
/// value is known (inline use, a `const`) an optimised build folds it.
/// For the 41 common nestings the facade's non-generic constructor of the
/// nesting, its leaves packed in `u64` arguments (`emit/common.rs`);
/// for the others the nested literal through `__private::layout`: a
/// `const` block, a flat array rebuilt by a `const fn` or by a trait, and
/// an `inline(always)` constructor all cost rustc more (BENCHMARKS.md, "A
/// `Display`ed result: representations tried").
/// Zero-sized, its numbers in its type, when `zero_sized` (`layout!(type …)`)
/// or when the layout is empty: splitting an index over an extent of 0 has
/// no answer, and only the typed form refuses it while compiling.
pub fn layout(l: &Layout, zero_sized: bool) -> Result<TokenStream, Untypable> {
    if l.depth() > MAX_DEPTH {
        return Err(Untypable::TooDeep);
    }
    if let Some((nesting, packed)) = common_form(l, zero_sized) {
        return Ok(common::layout_call(&nesting, &packed));
    }
    let signed = l.stride().leaves().any(|d| d < 0);
    let in_type = numbers_in_type(l, zero_sized);
    let leaf = if in_type {
        push_static_leaf
    } else {
        push_value_leaf
    };
    let mut args = Vec::new();
    push_tree(l.shape(), leaf, &mut args)?;
    args.push(comma());
    push_tree(l.stride(), leaf, &mut args)?;
    Ok(layout_call(args, signed))
}

/// The facade's constructor of a folded layout's nesting and its leaves
/// packed in words, when [`layout`] calls one (emit/common.rs): a value
/// (not `zero_sized`, no extent 0), no negative stride, a common nesting,
/// every leaf within a word's lane.
fn common_form(l: &Layout, zero_sized: bool) -> Option<(String, common::Packed)> {
    if zero_sized {
        return None;
    }
    let name = common::nesting(l.shape())?;
    Some((name, common::words(l)?))
}

/// What [`layout`] writes for a static layout value when that is a common
/// nesting's constructor, as text: `quick::expand_text` hands it to the
/// compiler to lex in one call rather than making its tokens one by one.
pub fn common_layout_text(l: &Layout) -> Option<String> {
    // No depth to check: a common nesting is at most 3 deep, and the
    // stride of a layout is congruent with its shape.
    let (nesting, packed) = common_form(l, false)?;
    common::call_text(&nesting, &packed)
}

/// Whether a folded layout's numbers go in its type (see [`layout`]).
fn numbers_in_type(l: &Layout, zero_sized: bool) -> bool {
    shape_in_type(l.shape(), zero_sized)
}

/// Whether a folded shape's numbers go in its type (see [`layout`]).
fn shape_in_type(shape: &IntTuple, zero_sized: bool) -> bool {
    zero_sized || shape.leaves().any(|n| n == 0)
}

/// A folded shape as [`layout`] writes it (`usize` literals, or `C::<N>`
/// leaves when `zero_sized` or empty), and its type.
pub fn shape(t: &IntTuple, zero_sized: bool) -> Result<(TokenStream, TokenStream), Untypable> {
    if t.depth() > MAX_DEPTH {
        return Err(Untypable::TooDeep);
    }
    Ok(if shape_in_type(t, zero_sized) {
        (tree(t, push_static_leaf)?, tree(t, push_static_leaf)?)
    } else {
        (tree(t, push_value_leaf)?, tree(t, push_value_leaf_type)?)
    })
}

/// The type of [`layout`]'s tokens, for `layout_type!`.
pub fn layout_type(l: &Layout, zero_sized: bool) -> Result<TokenStream, Untypable> {
    if l.depth() > MAX_DEPTH {
        return Err(Untypable::TooDeep);
    }
    let leaf = if numbers_in_type(l, zero_sized) {
        push_static_leaf
    } else {
        push_value_leaf_type
    };
    let signed = l.stride().leaves().any(|d| d < 0);
    Ok(typed_layout_type(
        tree(l.shape(), leaf)?,
        tree(l.stride(), leaf)?,
        signed,
    ))
}

/// The type of [`typed_layout`]'s tokens.
pub fn typed_layout_type(shape: TokenStream, stride: TokenStream, signed: bool) -> TokenStream {
    let private = private();
    if signed {
        quote!(#private::Layout<#shape, #stride, isize>)
    } else {
        quote!(#private::Layout<#shape, #stride>)
    }
}

/// The type of a [`push_value_leaf`]: `usize`, or the `C<N>` a negative
/// stride stays.
fn push_value_leaf_type(n: i64, out: &mut Vec<TokenTree>) {
    match usize::try_from(n) {
        Ok(_) => out.extend(quote!(usize)),
        Err(_) => push_static_leaf(n, out),
    }
}

fn push_static_leaf(n: i64, out: &mut Vec<TokenTree>) {
    out.extend(static_leaf(n));
}

/// A `usize` literal; a negative stride stays a `C::<N>` (a signed
/// layout's offsets are `isize`).
fn push_value_leaf(n: i64, out: &mut Vec<TokenTree>) {
    match usize::try_from(n) {
        Ok(n) => out.push(Literal::usize_suffixed(n).into()),
        Err(_) => push_static_leaf(n, out),
    }
}

/// A by-mode tiler: a tuple of its modes.
pub fn tiler(t: &Tiler, zero_sized: bool) -> Result<TokenStream, Untypable> {
    match t {
        Tiler::Layout(l) => layout(l, zero_sized),
        Tiler::ByMode(modes) => Ok(tuple(
            modes
                .iter()
                .map(|m| tiler(m, zero_sized))
                .collect::<Result<_, _>>()?,
        )),
    }
}

/// `[L(0), L(1), …, L(size-1)]`, as the core computed it.
///
/// Built as one list of tokens and made a stream once: `quote!`'s
/// repetition makes a stream per entry and joins them one by one, a call
/// into the compiler each, which for a table of a few hundred entries cost
/// more than the rest of the expansion (and than lexing the hand-written
/// array). Lexing the text instead is slower still (`from_str` makes a new
/// source file each time).
pub fn table(offsets: &[i64]) -> TokenStream {
    let mut entries: Vec<TokenTree> = Vec::with_capacity(3 * offsets.len());
    for (k, &n) in offsets.iter().enumerate() {
        if k > 0 {
            entries.push(Punct::new(',', Spacing::Alone).into());
        }
        if n < 0 {
            entries.push(Punct::new('-', Spacing::Alone).into());
        }
        entries.push(Literal::u64_unsuffixed(n.unsigned_abs()).into());
    }
    let array = Group::new(Delimiter::Bracket, entries.into_iter().collect());
    TokenTree::from(array).into()
}

/// Whether a written-out stride has a negative static leaf.
pub fn negative_leaf(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(n) => *n < 0,
        ExprKind::Tuple(items) => items.iter().any(negative_leaf),
        _ => false,
    }
}

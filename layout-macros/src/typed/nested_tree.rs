//! The inner result of a nested typed call (nested.rs) as a tree: read
//! from the type the rules give it (`Layout<SHAPE, STRIDE>`, `C::<N>` a
//! static leaf, `usize` a dynamic one), and written back out as the outer
//! call's operand, each dynamic leaf numbered and its place in the inner
//! value recorded.

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// A tree of the inner result: a static leaf, a dynamic one, or a tuple.
pub enum Tree {
    Static(i64),
    Dynamic,
    Tuple(Vec<Tree>),
}

/// A leaf's place in a layout value: its tree, then a field per level.
pub type Place = (&'static str, Vec<usize>);

/// The tree written out as an operand (spans the inner call's), each
/// dynamic leaf numbered from `base` and its place recorded in `paths`.
pub fn written(t: &Tree, place: Place, at: &Expr, base: usize, paths: &mut Vec<Place>) -> Expr {
    let kind = match t {
        Tree::Static(n) => ExprKind::Int(*n),
        Tree::Dynamic => {
            paths.push(place);
            ExprKind::Dynamic(base + paths.len() - 1)
        }
        Tree::Tuple(items) => ExprKind::Tuple(
            (items.iter().enumerate())
                .map(|(i, item)| {
                    let mut field = place.clone();
                    field.1.push(i);
                    written(item, field, at, base, paths)
                })
                .collect(),
        ),
    };
    Expr::new(kind, at.span)
}

/// The shape and stride of `Layout<SHAPE, STRIDE>` as the rules write
/// its type; `None` for a third argument (a signed layout's `isize`).
pub fn parse_layout(t: TokenStream) -> Option<(Tree, Tree)> {
    let tokens: Vec<TokenTree> = t.into_iter().collect();
    let start = tokens
        .iter()
        .position(|t| matches!(t, TokenTree::Ident(i) if i == "Layout"))?;
    let args = tokens.get(start + 2..tokens.len() - 1)?;
    match split(args).as_slice() {
        [shape, stride] => Some((parse_tree(shape)?, parse_tree(stride)?)),
        _ => None,
    }
}

/// Tokens split at the commas outside `<…>`; a trailing comma dropped.
fn split(tokens: &[TokenTree]) -> Vec<Vec<TokenTree>> {
    let (mut out, mut part, mut depth) = (Vec::new(), Vec::new(), 0i32);
    for t in tokens {
        match t {
            TokenTree::Punct(p) if p.as_char() == ',' && depth == 0 => {
                out.push(std::mem::take(&mut part));
                continue;
            }
            TokenTree::Punct(p) if p.as_char() == '<' => depth += 1,
            TokenTree::Punct(p) if p.as_char() == '>' => depth -= 1,
            _ => {}
        }
        part.push(t.clone());
    }
    if !part.is_empty() {
        out.push(part);
    }
    out
}

/// A leaf (`usize`, or `C::<N>` with `N` maybe `{ -N }`) or a tuple.
fn parse_tree(tokens: &[TokenTree]) -> Option<Tree> {
    match tokens {
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::Parenthesis => {
            let items: Vec<TokenTree> = g.stream().into_iter().collect();
            let parts = split(&items);
            let trees = parts.iter().map(|p| parse_tree(p));
            Some(Tree::Tuple(trees.collect::<Option<_>>()?))
        }
        [TokenTree::Ident(i)] if i == "usize" => Some(Tree::Dynamic),
        _ => static_leaf(tokens, false),
    }
}

/// The integer of `C::<N>` (`C::<{ -N }>`): the last literal, negated
/// after a `-`.
fn static_leaf(tokens: &[TokenTree], negative: bool) -> Option<Tree> {
    let mut out = None;
    let mut minus = negative;
    for t in tokens {
        match t {
            TokenTree::Punct(p) if p.as_char() == '-' => minus = true,
            TokenTree::Literal(l) => {
                let n: i64 = l.to_string().parse().ok()?;
                out = Some(Tree::Static(if minus { -n } else { n }));
            }
            TokenTree::Group(g) => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                out = Some(static_leaf(&inner, minus)?);
            }
            _ => {}
        }
    }
    out
}

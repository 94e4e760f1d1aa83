//! Integer-tuple arithmetic on dynamic leaves: `product_each(T)`,
//! `shape_div(A, B)` and `ceil_div(A, B)` of written-out tuples (no
//! `type`: integer tuples have no type of their own). The result is a Rust
//! tuple of `usize` with the core's nesting, from straight-line code:
//! `Result<(…), AlgebraError>`. As the core: tuples divide mode by mode
//! (`shape_div` needs equal ranks, `ceil_div` pads the divisor with 1s), an
//! integer divisor is folded across the modes (each mode takes what it
//! can, the rest goes on), a tuple divisor of an integer is its size; each
//! division with a dynamic operand is checked at run time (a divisor 0;
//! for `shape_div`, extents of which neither divides the other).

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Arith, TypedForm};
use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use crate::emit;
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::sym::{Gen, Sym, value};

/// A value tree of the result.
enum Tree {
    Leaf(Sym),
    Tuple(Vec<Tree>),
}

/// The straight-line code for `e`, if it is a call this module types.
pub fn emit(e: &Expr, leaf: &dyn Fn(usize) -> TokenStream) -> Option<TokenStream> {
    let Some((TypedForm::Arith(op), function, args)) = typed_call(e) else {
        return None;
    };
    if !has_dynamic(e) || !args.iter().all(is_plain) {
        return None;
    }
    let shape = op == Arith::ShapeDiv;
    let mut code = Gen::new(function, Some(leaf));
    let result = match args {
        [t] if op == Arith::ProductEach => {
            let modes = match &t.kind {
                ExprKind::Tuple(items) => items.iter().collect(),
                _ => vec![t],
            };
            let mut sizes = Vec::new();
            for m in modes {
                let tree = bind(&mut code, m)?;
                sizes.push(Tree::Leaf(size(&mut code, &tree)?));
            }
            Tree::Tuple(sizes)
        }
        [a, b] if op != Arith::ProductEach => {
            let (a, b) = (bind(&mut code, a)?, bind(&mut code, b)?);
            divide(&mut code, &a, &b, shape)?
        }
        _ => return None,
    };
    Some(code.finish_value(tokens(&result)))
}

/// A written-out tuple, its dynamic leaves `let`-bound; `None` for a
/// negative static leaf (the core refuses it: left to the run-time path).
fn bind(code: &mut Gen<'_>, e: &Expr) -> Option<Tree> {
    match &e.kind {
        ExprKind::Tuple(items) => {
            let items = items.iter().map(|i| bind(code, i));
            Some(Tree::Tuple(items.collect::<Option<_>>()?))
        }
        ExprKind::Int(n) if *n < 0 => None,
        _ => Some(Tree::Leaf(code.bind(e, "leaf"))),
    }
}

fn size(code: &mut Gen<'_>, t: &Tree) -> Option<Sym> {
    match t {
        Tree::Leaf(s) => Some(s.clone()),
        Tree::Tuple(items) => {
            let mut product = Sym::Static(1);
            for i in items {
                let s = size(code, i)?;
                product = code.product(&product, &s)?;
            }
            Some(product)
        }
    }
}

/// The core's `divide`, over `Sym`s; `None` where static operands fail
/// or the ranks do not fit.
fn divide(code: &mut Gen<'_>, a: &Tree, b: &Tree, shape: bool) -> Option<Tree> {
    match (a, b) {
        (Tree::Tuple(x), Tree::Tuple(y)) => {
            let fits = if shape {
                x.len() == y.len()
            } else {
                x.len() >= y.len()
            };
            if !fits {
                return None;
            }
            let one = Tree::Leaf(Sym::Static(1));
            let modes = x.iter().enumerate().map(|(i, xi)| {
                let yi = y.get(i).unwrap_or(&one);
                divide(code, xi, yi, shape)
            });
            Some(Tree::Tuple(modes.collect::<Option<_>>()?))
        }
        (Tree::Tuple(x), Tree::Leaf(_)) => {
            let mut rest = b.clone_leaf();
            let mut out = Vec::new();
            for xi in x {
                out.push(divide(code, xi, &rest, shape)?);
                rest = divide(code, &rest, xi, shape)?;
            }
            Some(Tree::Tuple(out))
        }
        (Tree::Leaf(_), Tree::Tuple(_)) => {
            let size = Tree::Leaf(size(code, b)?);
            divide(code, a, &size, shape)
        }
        (Tree::Leaf(x), Tree::Leaf(y)) => match (x, y) {
            (Sym::Static(x), Sym::Static(y)) => {
                if *y < 1 || (shape && x % y != 0 && (*x == 0 || y % x != 0)) {
                    return None;
                }
                Some(Tree::Leaf(Sym::Static(x / y + i64::from(x % y != 0))))
            }
            // A static divisor of ceil_div cannot fail: no check.
            (x, Sym::Static(y)) if !shape && *y >= 1 => {
                let (private, x, y) = (emit::private(), value(x), emit::int(*y));
                Some(Tree::Leaf(code.dynamic(quote!(#private::ceil_div(#x, #y)))))
            }
            _ => {
                let (private, function) = (emit::private(), code.function);
                let (x, y) = (value(x), value(y));
                let q = code.checked_let(
                    "quotient",
                    quote!(#private::divide_extent(#function, #shape, #x, #y)),
                );
                Some(Tree::Leaf(code.dynamic(q)))
            }
        },
    }
}

impl Tree {
    fn clone_leaf(&self) -> Tree {
        match self {
            Tree::Leaf(s) => Tree::Leaf(s.clone()),
            Tree::Tuple(_) => unreachable!("a leaf"),
        }
    }
}

/// The result as a Rust value: `usize` literals and expressions.
fn tokens(t: &Tree) -> TokenStream {
    match t {
        Tree::Leaf(Sym::Static(n)) => Literal::usize_suffixed(*n as usize).into_token_stream(),
        Tree::Leaf(Sym::Dynamic(d)) => d.clone(),
        Tree::Tuple(items) => emit::tuple(items.iter().map(tokens).collect()),
    }
}

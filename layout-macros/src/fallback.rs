//! On error: every `compile_error!`, next to a stand-in value of the type
//! the expansion would have had, so that the code around the macro
//! type-checks and one mistake is reported once (thiserror's `fallback.rs`
//! idea).
//!
//! | the input would have expanded to | stand-in |
//! |---|---|
//! | an integer literal | `0` |
//! | a typed layout's method | `0usize` (`0isize` for a signed layout's offsets) |
//! | a named value's query (`size(#a)`) | `poisoned()`, of whatever type the context wants |
//! | a typed layout | `Poisoned`: every method and trait of one |
//! | a coordinate of a written-out shape | a tuple of `0`s nested like it |
//! | a tiler `<…>` | a tuple of stand-ins, one per mode |
//! | a run-time call into the core | `poisoned::<Result<Layout, Error>>()`, … |
//! | anything else (a table, …) | `poisoned()`, of whatever type the context wants |
//!
//! `poisoned()` is written `if true { poisoned() } else { unreachable!() }`:
//! its type is whatever the context wants, and where the context wants
//! nothing in particular (`let _ = …`), the `!` branch makes rustc fall
//! back to `!` (or `()`) rather than ask for a type annotation.
//!
//! A stand-in never diverges (so no "unreachable statement" follows it) and
//! every dynamic leaf is still named (so none is "unused", and a misspelt
//! one is reported now rather than after the first fix). An unknown
//! function name counts as the function it is a typo of.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Query, TypedForm};
use layout_core::{CallError, ErrorKind};
use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Ast, is_placeholder};
use crate::emit;
use crate::kind::{Kind, kind, query, typed_call};
use crate::tree::{has_dynamic, is_plain, misspelt_atom};
use crate::valid;

pub fn with_errors(ast: &Ast, errors: Vec<syn::Error>) -> TokenStream {
    let errors = errors.iter().map(syn::Error::to_compile_error);
    // A misspelt atom is reported as such (valid.rs): not named here, or
    // rustc would add that no such value exists.
    let leaves = ast.leaves.iter().filter(|l| misspelt_atom(l).is_none());
    let stand_in = stand_in(&meant(&ast.expr));
    quote!({
        #(#errors)*
        #(let _ = &#leaves;)*
        #stand_in
    })
}

/// A value of the type `e` would have expanded to (`expand.rs`).
fn stand_in(e: &Expr) -> TokenStream {
    let private = emit::private();
    let dsl = quote!(::layout_dsl);
    // A query of a named value (`size(#a)`, refused after `type`): the
    // value's method, whose type (`usize`, an `isize` offset) the macro
    // cannot see.
    if matches!(e.kind, ExprKind::Call { .. }) && crate::typed::named::method(e) {
        return any();
    }
    if at_run_time(e) {
        let value = match kind(e) {
            // Scaled-basis strides: the core's value (runtime.rs).
            _ if crate::runtime::basis_valued(e) => quote!(#dsl::Value),
            Kind::Layout => quote!(#dsl::Layout),
            Kind::Int => quote!(i64),
            Kind::IntTuple => quote!(#dsl::IntTuple),
            Kind::Table | Kind::View | Kind::Other => quote!(#dsl::Value),
        };
        return quote!(#private::poisoned::<::core::result::Result<#value, #dsl::Error>>());
    }
    if is_placeholder(e) {
        return any();
    }
    match (kind(e), &e.kind) {
        // A method of a typed layout: its offset type, or `usize`.
        (Kind::Int, ExprKind::Call { .. }) if has_dynamic(e) => match query(e) {
            Some(Query::Rank | Query::Depth) => quote!(0),
            Some(Query::Crd2idx | Query::Cosize) if negative(e) => quote!(0isize),
            _ => quote!(0usize),
        },
        // Fits `const` items, array lengths and every integer type.
        (Kind::Int, _) => quote!(0),
        (Kind::Layout, _) => poisoned_layout(e),
        // A typed slice (slice.rs) is the pair in a `Result`.
        (Kind::View, _) if crate::typed::slice::rule(e).is_some() => {
            let pair = quote!((#private::Poisoned::<usize, #private::Unknown>, usize));
            quote!(#private::poisoned::<::core::result::Result<#pair, #dsl::Error>>())
        }
        // A folded view is the pair (layout, base).
        (Kind::View, _) => quote!((#private::Poisoned::<usize, #private::Unknown>::NEW, 0usize)),
        (Kind::IntTuple, ExprKind::Tuple(_)) if is_plain(e) => zeros(e),
        (Kind::IntTuple, ExprKind::Call { args, .. }) if query(e) == Some(Query::Idx2crd) => {
            match args.as_slice() {
                [_, shape] if is_plain(shape) => zeros(shape),
                _ => any(),
            }
        }
        (_, ExprKind::Tiler(modes)) => emit::tuple(modes.iter().map(tiler_mode).collect()),
        // A table's length, a tuple's nesting: the context knows them.
        _ => any(),
    }
}

/// A typed layout that failed: `Poisoned`, with the offset and coordinate
/// types the layout would have had, as far as the input tells them.
fn poisoned_layout(e: &Expr) -> TokenStream {
    let private = emit::private();
    let offset = if negative(e) {
        quote!(isize)
    } else {
        quote!(usize)
    };
    let coord = layout_shape(e).map_or_else(|| quote!(#private::Unknown), coord_type);
    quote!(#private::Poisoned::<#offset, #coord>::NEW)
}

/// A mode of a static tiler: a tuple of modes, or a layout (an integer
/// `n` in a tiler is the layout `n:1`).
fn tiler_mode(e: &Expr) -> TokenStream {
    match &e.kind {
        ExprKind::Tiler(modes) => emit::tuple(modes.iter().map(tiler_mode).collect()),
        _ => poisoned_layout(e),
    }
}

/// A value of whatever type the context wants; of `!` if it wants none.
fn any() -> TokenStream {
    let private = emit::private();
    quote!(if true { #private::poisoned() } else { ::core::unreachable!() })
}

/// Whether the expansion would call into the core at run time: the forms
/// `expand.rs` gives a Rust value while compiling are listed here, and
/// `tests::run_time_as_expand_decides` checks the two agree.
fn at_run_time(e: &Expr) -> bool {
    if !has_dynamic(e) {
        return false;
    }
    match &e.kind {
        ExprKind::Dynamic(_) => false,
        ExprKind::Tuple(_) => !is_plain(e),
        ExprKind::Layout(shape, stride) => !(is_plain(shape) && is_plain(stride)),
        ExprKind::Call { args, .. } => !match (typed_call(e).map(|(form, ..)| form), &args[..]) {
            (Some(TypedForm::Query(Query::Crd2idx)), _) => valid::typed_crd2idx(args),
            (
                Some(TypedForm::Query(Query::Size | Query::Cosize | Query::Coshape)),
                [l, indices @ ..],
            ) if valid::typed_layout(l) && kind(l) == Kind::Layout => {
                indices.iter().all(|i| matches!(i.kind, ExprKind::Int(_)))
            }
            (Some(TypedForm::Arith(_)), _) => {
                let tokens = |_: usize| TokenStream::new();
                crate::typed::arith::emit(e, &tokens).is_some()
            }
            (Some(TypedForm::Query(Query::Size)), [shape]) => is_plain(shape),
            (Some(TypedForm::Query(Query::Rank | Query::Depth)), [x]) => {
                is_plain(x) || valid::typed_layout(x)
            }
            (Some(TypedForm::Query(Query::Idx2crd)), [index, shape]) => {
                matches!(index.kind, ExprKind::Int(_) | ExprKind::Dynamic(_)) && is_plain(shape)
            }
            (Some(TypedForm::Slice { .. }), _) => crate::typed::slice::rule(e).is_some(),
            _ => false,
        },
        _ => true,
    }
}

/// The shape of a layout written out as `SHAPE:STRIDE`, when it is plain.
fn layout_shape(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Layout(shape, _) if is_plain(shape) => Some(shape),
        _ => None,
    }
}

/// The natural coordinate type of a written-out shape: `usize`s nested like it.
fn coord_type(shape: &Expr) -> TokenStream {
    match &shape.kind {
        _ if is_placeholder(shape) => quote!(::layout_dsl::__private::Unknown),
        ExprKind::Tuple(items) => emit::tuple(items.iter().map(coord_type).collect()),
        _ => quote!(usize),
    }
}

/// A tuple of `0`s nested like a written-out tuple.
fn zeros(e: &Expr) -> TokenStream {
    match &e.kind {
        _ if is_placeholder(e) => any(),
        ExprKind::Tuple(items) => emit::tuple(items.iter().map(zeros).collect()),
        _ => quote!(0),
    }
}

/// Whether the input has a negative integer: then a layout's offsets are
/// likely `isize` (exact for a written-out stride).
fn negative(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(n) => *n < 0,
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => items.iter().any(negative),
        ExprKind::Call { args, .. } => args.iter().any(negative),
        ExprKind::Layout(shape, stride) => negative(shape) || negative(stride),
        _ => false,
    }
}

/// `e` with every unknown function name replaced by the one the core
/// suggests for it (`zipped_divde` → `zipped_divide`), so the stand-in has
/// the type the user meant.
fn meant(e: &Expr) -> Expr {
    let kind = match &e.kind {
        ExprKind::Tuple(items) => ExprKind::Tuple(items.iter().map(meant).collect()),
        ExprKind::Tiler(items) => ExprKind::Tiler(items.iter().map(meant).collect()),
        ExprKind::Layout(shape, stride) => {
            ExprKind::Layout(meant(shape).into(), meant(stride).into())
        }
        ExprKind::Call {
            name,
            name_span,
            args,
        } => ExprKind::Call {
            name: suggestion(name, args.len()).map_or_else(|| name.clone(), str::to_string),
            name_span: *name_span,
            args: args.iter().map(meant).collect(),
        },
        other => other.clone(),
    };
    Expr::new(kind, e.span)
}

/// The core's did-you-mean for an unknown function name.
fn suggestion(name: &str, count: usize) -> Option<&'static str> {
    let zero = Expr::new(ExprKind::Int(0), layout_core::Span::default());
    let call = ExprKind::Call {
        name: name.to_string(),
        name_span: layout_core::Span::default(),
        args: vec![zero; count],
    };
    match layout_core::eval(&Expr::new(call, layout_core::Span::default())) {
        Err(error) => match error.kind() {
            ErrorKind::Call(CallError::UnknownFunction { suggestion, .. }) => *suggestion,
            _ => None,
        },
        Ok(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::TokenStream;

    /// For valid inputs of every form, `at_run_time` says what `expand`
    /// did: a call into `rt`, or a value.
    #[test]
    fn run_time_as_expand_decides() {
        let inputs = [
            "(m,4):(1,m)",
            "(m,(4,k)):(1,(m,{m*4}))",
            "crd2idx((i,j), (m,4):(1,m))",
            "crd2idx(i, (m,4), (1,m))",
            "crd2idx((i,j), (4,8):(8,1))",
            "crd2idx((i,j), logical_divide((m,4):(1,m), 2))",
            "size((m,4):(1,m))",
            "cosize((m,4):(1,m))",
            "size((m,4))",
            "size((m,(4,k)):(1,(m,{m*4})), 1, 0)",
            "coshape((m,4):(1,m))",
            "cosize((m,4):(1,m), 1)",
            "ceil_div((m,k), (16,8))",
            "shape_div((m,4), k)",
            "product_each((m,(4,k)))",
            "size(logical_divide((m,4):(1,m), 2))",
            "rank((m,4):(1,m))",
            "depth((m,(4,2)))",
            "idx2crd(i, (m,4))",
            "idx2crd((i,j), ((m,2),4))",
            "slice((_,j), (4,8):(8,1))",
            "slice((_,3), #A)",
            "slice((_,3), (m,8):(8,-1))",
            "dice((_,j), (m,8):(8,1))",
            "logical_divide((m,4):(1,m), 2)",
            "coalesce((m,4):(1,m))",
            "shape((m,4):(1,m))",
            "(i,(j,2))",
            "<(m,4):(1,m), 2>",
            "i",
            "{i + 1}",
        ];
        for input in inputs {
            let tokens: TokenStream = input.parse().unwrap();
            let expansion = crate::expand::expand(tokens.clone()).to_string();
            assert!(!expansion.contains("compile_error"), "{input}: {expansion}");
            let (ast, _) = crate::ast::parse(tokens);
            let calls_core = expansion.contains(":: rt ::");
            assert_eq!(at_run_time(&ast.expr), calls_core, "{input}: {expansion}");
        }
    }

    #[test]
    fn a_typo_stands_for_the_function_meant() {
        let (ast, _) = crate::ast::parse("zipped_divde((m,4):(1,m), 2)".parse().unwrap());
        let meant = meant(&ast.expr);
        assert!(matches!(&meant.kind, ExprKind::Call { name, .. } if name == "zipped_divide"));
        assert_eq!(kind(&meant), Kind::Layout);
        assert!(at_run_time(&meant));
    }
}

//! Check: run `layout-core` on every static part of the input and collect
//! every independent error (serde's `Ctxt` idea), each at its own tokens.
//!
//! Children are checked before their parent, and a parent whose children
//! failed is not evaluated, so one mistake is reported once. Where leaves are
//! dynamic, the core still checks the structure: the leaves are replaced by
//! placeholders that cannot make a structural check fail (extent 1, stride 0,
//! coordinate 0), which is how a non-congruent stride or a coordinate of the
//! wrong rank is caught at compile time even when a value is not known.

use std::fmt;

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{self, Partition, Query, TypedForm};
use layout_core::{CallError, DomainError, Error, ErrorKind, Value, eval};

use crate::ast::Ast;
// The placeholders and which parts the expansion types live in probe.rs;
// callers name them here, with the check they go with.
use crate::probe::thread_coordinate_error;
pub use crate::probe::{placeholders, typed_crd2idx, typed_layout};
use crate::tree::{dynamic_leaves, has_dynamic, is_plain, misspelt_atom};

/// Every error of the input, combined into one `syn::Error`; without
/// errors, the whole input's value when it is static (so that the
/// expansion does not evaluate it again: a table is most of its cost).
pub fn check(ast: &Ast) -> Result<Option<Value>, syn::Error> {
    // The common case, a static input without mistakes: one evaluation.
    // The core evaluates every part of its input (each argument of each
    // call, strictly, and a part's value does not depend on where it
    // stands), so when the whole succeeds no part has an error to report.
    // Only a failure needs the walk below, which evaluates each part alone
    // to put every mistake at its own tokens.
    if !has_dynamic(&ast.expr)
        && let Ok(value) = eval(&ast.expr)
    {
        return Ok(Some(value));
    }
    let mut cx = Ctxt {
        leaves: &ast.leaves,
        errors: Vec::new(),
        top: &ast.expr,
        value: None,
    };
    cx.check(&ast.expr);
    let mut errors = cx.errors.into_iter().map(|r| ast.error(r.error.span(), r));
    let Some(mut first) = errors.next() else {
        return Ok(cx.value);
    };
    errors.for_each(|e| first.combine(e));
    Err(first)
}

/// What checking one node found out.
enum Outcome {
    Static,
    /// Depends on dynamic leaves; its structure is fine as far as checked.
    Dynamic,
    /// An error was reported for it or below it.
    Failed,
}

/// What checking the children of a node found out, all of them together.
#[derive(Clone, Copy, PartialEq)]
enum Children {
    Static,
    Dynamic,
    Failed,
}

/// A core error as the macro reports it: the error itself (its kind and
/// token range), and the context the macro knows and the core does not.
struct Reported {
    error: Error,
    /// The divide or product whose composition step failed.
    within: Option<String>,
    /// The function that needs static arguments, for a dynamic one.
    static_only: Option<String>,
}

impl fmt::Display for Reported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = &self.within {
            write!(f, "in `{name}`: ")?;
        }
        write!(f, "{}", self.error)?;
        if let Some(name) = &self.static_only {
            write!(f, " (`{name}` writes out its entries while compiling)")?;
        }
        Ok(())
    }
}

struct Ctxt<'a> {
    /// The dynamic leaves' Rust tokens, for messages.
    leaves: &'a [proc_macro2::TokenStream],
    /// Every error, turned into `syn::Error`s at the end.
    errors: Vec<Reported>,
    /// The whole input, and its value once evaluated.
    top: &'a Expr,
    value: Option<Value>,
}

impl Ctxt<'_> {
    fn report(&mut self, error: Error) {
        self.errors.push(Reported {
            error,
            within: None,
            static_only: None,
        });
    }

    /// A written-out tuple in notation, dynamic leaves by their Rust text.
    fn notation(&self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Dynamic(k) => self.leaves[*k].to_string(),
            ExprKind::Tuple(items) => {
                let items: Vec<String> = items.iter().map(|i| self.notation(i)).collect();
                format!("({})", items.join(","))
            }
            _ => "…".to_string(),
        }
    }

    /// Name the call in the composition errors reported since `since`.
    fn name_the_call(&mut self, since: usize, name: &str) {
        for r in &mut self.errors[since..] {
            if r.error.kind().is_composition_refusal() {
                r.within.get_or_insert_with(|| name.to_string());
            }
        }
    }

    fn check(&mut self, e: &Expr) -> Outcome {
        match &e.kind {
            ExprKind::Dynamic(_) => Outcome::Dynamic,
            // A named typed layout (named.rs checked where it stands).
            ExprKind::Name(name) if name.starts_with('#') => Outcome::Dynamic,
            ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
                let children = self.all(items);
                self.finish(e, children, false)
            }
            ExprKind::Layout(shape, stride) => {
                let children = self.all([&**shape, &**stride]);
                let probe = is_plain(shape) && is_plain(stride);
                self.finish(e, children, probe)
            }
            ExprKind::Call {
                name,
                name_span,
                args,
            } => {
                let children = self.all(args);
                if !self.known_call(name, *name_span, args.len(), e.span) {
                    return Outcome::Failed;
                }
                let function = registry::function(name);
                let static_only = function.is_some_and(|f| f.static_only);
                if children == Children::Dynamic && static_only {
                    let mut leaves = Vec::new();
                    dynamic_leaves(e, &mut leaves);
                    for (k, span) in leaves {
                        // A misspelt atom is not the user's variable: say
                        // which atom it is close to, not that it is dynamic.
                        let kind = match misspelt_atom(&self.leaves[k]) {
                            Some(suggestion) => ErrorKind::Call(CallError::UnknownName {
                                name: self.leaves[k].to_string(),
                                suggestion: Some(suggestion),
                            }),
                            None => ErrorKind::Call(CallError::DynamicValue),
                        };
                        let misspelt = !matches!(kind, ErrorKind::Call(CallError::DynamicValue));
                        self.errors.push(Reported {
                            error: Error::at(kind, span),
                            within: None,
                            static_only: (!misspelt).then(|| name.clone()),
                        });
                    }
                    return Outcome::Failed;
                }
                let typed = function.map(|f| f.typed);
                let probe = typed == Some(TypedForm::Query(Query::Crd2idx)) && typed_crd2idx(args);
                if typed == Some(TypedForm::Partition(Partition::Threads))
                    && children != Children::Failed
                    && let Some(error) = thread_coordinate_error(args)
                {
                    self.report(error);
                    return Outcome::Failed;
                }
                // A step of the wrong rank: CuTe's `dice` static_assert.
                if let (Some(TypedForm::Partition(form)), Children::Dynamic) = (typed, children)
                    && let Some(error) =
                        crate::typed::partition::partition_args::step_error(form, args)
                {
                    self.report(error);
                    return Outcome::Failed;
                }
                let errors = self.errors.len();
                let outcome = self.finish(e, children, probe);
                // Divides and products compose: say which call the composition is part of.
                let composes = function
                    .and_then(|f| f.tiling)
                    .is_some_and(|t| t != registry::Tiling::Composition);
                if composes && self.errors.len() > errors {
                    self.name_the_call(errors, name);
                }
                outcome
            }
            _ => self.eval(e),
        }
    }

    /// Check every child (all of them, so sibling errors are all reported).
    fn all<'e>(&mut self, children: impl IntoIterator<Item = &'e Expr>) -> Children {
        let mut out = Children::Static;
        for child in children {
            match self.check(child) {
                Outcome::Failed => out = Children::Failed,
                Outcome::Dynamic if out == Children::Static => out = Children::Dynamic,
                _ => {}
            }
        }
        out
    }

    /// Evaluate `e` once its children are known to be fine: fully when they
    /// are static, on placeholders when `probe` says its structure can be
    /// checked without the dynamic values.
    fn finish(&mut self, e: &Expr, children: Children, probe: bool) -> Outcome {
        match children {
            Children::Failed => Outcome::Failed,
            Children::Static => self.eval(e),
            Children::Dynamic if !probe => Outcome::Dynamic,
            Children::Dynamic => match eval(&placeholders(e, 0)) {
                Ok(_) => Outcome::Dynamic,
                Err(error) => {
                    // Show the leaves as written, not the placeholders.
                    let error = match (error.kind(), &e.kind, error.span()) {
                        (
                            ErrorKind::Domain(DomainError::NotCongruent { .. }),
                            ExprKind::Layout(s, d),
                            Some(span),
                        ) => {
                            let (shape, stride) = (self.notation(s), self.notation(d));
                            Error::at(DomainError::NotCongruent { shape, stride }, span)
                        }
                        _ => error,
                    };
                    self.report(error);
                    Outcome::Failed
                }
            },
        }
    }

    fn eval(&mut self, e: &Expr) -> Outcome {
        match eval(e) {
            Ok(v) => {
                if std::ptr::eq(e, self.top) {
                    self.value = Some(v);
                }
                Outcome::Static
            }
            Err(error) => {
                self.report(error);
                Outcome::Failed
            }
        }
    }

    /// Whether `name` is a function taking `count` arguments, asked of the
    /// core (its wording, its did-you-mean) even when arguments are dynamic.
    fn known_call(
        &mut self,
        name: &str,
        name_span: layout_core::Span,
        count: usize,
        span: layout_core::Span,
    ) -> bool {
        let zero = Expr::new(ExprKind::Int(0), span);
        let probe = Expr::new(
            ExprKind::Call {
                name: name.to_string(),
                name_span,
                args: vec![zero; count],
            },
            span,
        );
        match eval(&probe) {
            Err(error)
                if matches!(
                    error.kind(),
                    ErrorKind::Call(CallError::UnknownFunction { .. })
                        | ErrorKind::Call(CallError::WrongArgumentCount { .. })
                ) =>
            {
                self.report(error);
                false
            }
            _ => true,
        }
    }
}

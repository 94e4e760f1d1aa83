//! The integer domain of typed algebra on dynamic leaves (ARCHITECTURE.md,
//! "Typed algebra on dynamic leaves: the plan"): `Sym = Static(n) |
//! Dynamic(expr)`, and [`Gen`], which writes the straight-line code a rule
//! evaluates to (`let`-bound leaves, checked run-time steps that leave the
//! block with an `AlgebraError`). Shared by the rules in compose.rs and
//! shape.rs.

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use crate::emit;
use crate::typed::fits::Known;
pub use crate::typed::sym_coalesce::coalesce;

/// One integer of the computation: known now, or a Rust expression.
#[derive(Clone)]
pub enum Sym {
    Static(i64),
    Dynamic(TokenStream),
}

/// What a rule's walk gives: the code writer after the walk, and the
/// result's shape, stride and whether a stride may be negative.
pub type Walked<'l> = (Gen<'l>, TokenStream, TokenStream, bool);

/// A typed-algebra rule after `type` (compose.rs, shape.rs, construct.rs,
/// tile.rs, product.rs): one walk, run once to write the code and once for
/// the result's type alone.
pub trait TypedRule {
    /// The walk; `leaf` gives a dynamic leaf's expression by its number
    /// (`None`: only the type is wanted). `None` when a static part breaks
    /// a condition CuTe asserts.
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>>;

    /// The straight-line code: `Result<Layout<…>, AlgebraError>`.
    fn emit(&self, leaf: &dyn Fn(usize) -> TokenStream) -> TokenStream {
        let (code, shape, stride, signed) = self.walk(Some(leaf)).expect("rule() built it once");
        code.finish(shape, stride, signed)
    }

    /// The type of the layout [`TypedRule::emit`] gives (inside its `Ok`).
    fn layout_type(&self) -> TokenStream {
        let (_, shape, stride, signed) = self.walk(None).expect("rule() built it once");
        emit::typed_layout_type(shape, stride, signed)
    }
}

/// The straight-line code being written: its `let`s, and whether one of
/// them can fail. Without a `leaf` (for `layout_type!`) every dynamic value
/// is the type `usize` and nothing is written.
pub struct Gen<'l> {
    /// The algebra function, for error messages.
    pub function: &'static str,
    leaf: Option<&'l dyn Fn(usize) -> TokenStream>,
    lets: Vec<TokenStream>,
    /// Which of `lets` bind a dynamic leaf of the input (`bind`), and its name.
    leaf_lets: Vec<(usize, proc_macro2::Ident)>,
    checked: bool,
    next: usize,
    pub label: syn::Lifetime,
    /// The walk's flag: a failed step may try again (`merge_flag`).
    merge: proc_macro2::Ident,
    /// The rule writes its walk with the flag (`finish_once`): compose.rs.
    pub merges: bool,
    /// A step reads the flag.
    retried: bool,
    /// The operands' layouts (flat leaves) and the integers the core
    /// reads (`m:0`), for the check that they and the result fit the
    /// core's `i64` (fits.rs).
    pub(crate) operands: Vec<Vec<(Sym, Sym)>>,
    /// Pairs `(x, y)` of run-time leaves, `x` at most `y` (`y` a checked
    /// multiple of `x` by a static factor, a complement's rest beside its
    /// cotarget): the check's comparison need not test `x` beside `y`
    /// (fits.rs).
    pub(crate) covers: Vec<(String, String)>,
    /// The rule checks its operand itself (the inverses, joined to their
    /// comparisons): no check written at `finish`.
    pub own_fits: bool,
    /// What the rule's result shows of its operands (fits.rs): its size
    /// is an operand's (`composition`: `B`'s), or its size and offsets
    /// are (`coalesce`), so the check need not bound them again.
    pub result_known: Known,
}

impl<'l> Gen<'l> {
    /// A writer for `function`; without `leaf`, for a type only.
    pub fn new(function: &'static str, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Self {
        Gen {
            function,
            leaf,
            lets: Vec::new(),
            leaf_lets: Vec::new(),
            checked: false,
            next: 0,
            label: syn::Lifetime::new("'typed", Span::mixed_site()),
            merge: proc_macro2::Ident::new("merge", Span::mixed_site()),
            retried: false,
            merges: false,
            operands: Vec::new(),
            covers: Vec::new(),
            own_fits: false,
            result_known: Known::Nothing,
        }
    }

    /// The block: the `let`s, then `Ok(Layout::new(shape, stride))`
    /// (`Result<Layout<…>, AlgebraError>`), labelled if a check can leave it.
    pub fn finish(mut self, shape: TokenStream, stride: TokenStream, signed: bool) -> TokenStream {
        self.check_fits(&shape, &stride, signed);
        let private = emit::private();
        let (lets, label) = (self.lets, self.label);
        let layout = emit::typed_layout(shape, stride, signed);
        let body = quote! {
            #(#lets)*
            ::core::result::Result::<_, #private::AlgebraError>::Ok(#layout)
        };
        if self.checked {
            quote!(#label: { #body })
        } else {
            quote!({ #body })
        }
    }

    /// The block for an integer tuple: the `let`s, then `Ok(value)`.
    pub fn finish_value(self, value: TokenStream) -> TokenStream {
        let private = emit::private();
        let (lets, label) = (self.lets, self.label);
        let body = quote! {
            #(#lets)*
            ::core::result::Result::<_, #private::AlgebraError>::Ok(#value)
        };
        if self.checked {
            quote!(#label: { #body })
        } else {
            quote!({ #body })
        }
    }

    pub fn ident(&mut self, stem: &str) -> proc_macro2::Ident {
        self.next += 1;
        format_ident!("{stem}{}", self.next, span = Span::mixed_site())
    }

    /// Whether code is written (a `leaf` was given): a type-only walk
    /// (`layout_type!`, a rule's check) skips building the calls' tokens,
    /// each a trip through the compiler's proc-macro bridge.
    pub fn writes(&self) -> bool {
        self.leaf.is_some()
    }

    pub fn dynamic(&self, code: TokenStream) -> Sym {
        Sym::Dynamic(if self.leaf.is_some() {
            code
        } else {
            quote!(usize)
        })
    }

    /// A leaf of the input, `let`-bound if dynamic.
    pub fn bind(&mut self, e: &Expr, stem: &str) -> Sym {
        match (&e.kind, self.leaf) {
            (ExprKind::Int(n), _) => Sym::Static(*n),
            (ExprKind::Dynamic(k), Some(leaf)) => {
                let (ident, value) = (self.ident(stem), leaf(*k));
                self.leaf_lets.push((self.lets.len(), ident.clone()));
                self.lets.push(quote!(let #ident: usize = #value;));
                // The core reads every integer as an `i64`.
                let x = Sym::Dynamic(quote!(#ident));
                self.operands.push(vec![(x.clone(), Sym::Static(0))]);
                x
            }
            (ExprKind::Dynamic(_), None) => Sym::Dynamic(quote!(usize)),
            _ => unreachable!("rule() takes plain trees only"),
        }
    }

    /// `let x: usize = value;`, and `x`.
    pub fn bind_value(&mut self, stem: &str, value: TokenStream) -> Sym {
        let ident = self.ident(stem);
        if self.leaf.is_some() {
            self.lets.push(quote!(let #ident: usize = #value;));
        }
        self.dynamic(quote!(#ident))
    }

    /// `let x = call?;` (leaving the block with the error), and `x`.
    pub fn checked_let(&mut self, stem: &str, call: TokenStream) -> TokenStream {
        let ident = self.ident(stem);
        if self.leaf.is_some() {
            self.checked = true;
            let label = &self.label;
            self.lets.push(quote! {
                let #ident = match #call {
                    ::core::result::Result::Ok(value) => value,
                    ::core::result::Result::Err(e) => break #label ::core::result::Result::Err(e),
                };
            });
        }
        quote!(#ident)
    }

    /// The walk's flag (`finish_once`): a step that reads it may try
    /// again where it fails, and the walk is written as a function of it.
    /// `None` unless the rule finishes with `finish_once` (`merges`).
    pub fn merge_flag(&mut self) -> Option<proc_macro2::Ident> {
        self.retried |= self.merges;
        self.merges.then(|| self.merge.clone())
    }

    /// The block of a walk whose steps may try again (`merge_flag`),
    /// written once: the dynamic leaves bound first, then the walk run
    /// with the flag off and, only where that fails, again with it on;
    /// `ty` its layout's type. An optimized build writes the walk as a
    /// function of the leaves and the flag, inlined into the first call
    /// so that it is the walk without second tries, instruction for
    /// instruction (a value a second try gives would join the first
    /// try's, and the code after a step could no longer use what its
    /// success proves), the second call in a cold function of its own
    /// (all `const fn`s, as the walk's calls, so a `const fn` may hold
    /// it). With `debug_assertions` the walk is a loop over the flag in
    /// the caller's block: a function per composition costs a debug build
    /// much of what the walk does (BENCHMARKS.md, "Compile cost of typed
    /// compositions and products: the macro, the merge's functions, the
    /// products' holes", and "Compile cost of the dynamic composition:
    /// the walk in the caller"). Only one of the two is written, chosen
    /// by the macro's own `debug_assertions`: Cargo builds a proc macro
    /// with its profile's setting, so under the default profiles it is
    /// the user's crate's. Both walks give the same value (the loop is
    /// the two calls in order), so a custom profile that makes them
    /// differ changes the code's speed, never a result (ARCHITECTURE.md).
    /// Without a second try, [`Gen::finish`].
    pub fn finish_once(
        mut self,
        shape: TokenStream,
        stride: TokenStream,
        signed: bool,
        ty: TokenStream,
    ) -> TokenStream {
        self.check_fits(&shape, &stride, signed);
        if !self.retried {
            return self.finish(shape, stride, signed);
        }
        let private = emit::private();
        let layout = emit::typed_layout(shape, stride, signed);
        let (mut leaves, mut rest) = (Vec::new(), Vec::new());
        let names: Vec<_> = self.leaf_lets.iter().map(|(_, n)| n.clone()).collect();
        for (i, l) in self.lets.into_iter().enumerate() {
            if self.leaf_lets.iter().any(|(j, _)| *j == i) {
                leaves.push(l);
            } else {
                rest.push(l);
            }
        }
        let (label, merge) = (self.label, self.merge);
        // One walk, by the macro's own build (doc above): both under `cfg`
        // had rustc parse both (BENCHMARKS.md, "... one walk written").
        if cfg!(debug_assertions) {
            let walked = proc_macro2::Ident::new("walked", Span::mixed_site());
            return quote! {{
                #(#leaves)*
                let mut #merge = false;
                loop {
                    let #walked = #label: {
                        #(#rest)*
                        ::core::result::Result::<_, #private::AlgebraError>::Ok(#layout)
                    };
                    if #merge || ::core::matches!(#walked, ::core::result::Result::Ok(_)) {
                        break #walked;
                    }
                    #merge = true;
                }
            }};
        }
        let walk = proc_macro2::Ident::new("__layout_dsl_composition_walk", Span::mixed_site());
        let once = proc_macro2::Ident::new("__layout_dsl_composition", Span::mixed_site());
        let again = proc_macro2::Ident::new("__layout_dsl_composition_again", Span::mixed_site());
        // `const fn`s, as the walk's calls: a `const fn` may hold it.
        quote! {{
            #(#leaves)*
            #[allow(unused_variables, clippy::too_many_arguments)]
            #[inline(always)]
            const fn #walk(#merge: bool #(, #names: usize)*)
                -> ::core::result::Result<#ty, #private::AlgebraError>
            {
                #label: {
                    #(#rest)*
                    ::core::result::Result::Ok(#layout)
                }
            }
            // The second run, outlined and cold: the first, inlined where
            // the walk is, is the walk without the merge.
            #[allow(clippy::too_many_arguments)]
            #[cold]
            #[inline(never)]
            const fn #again(#(#names: usize),*)
                -> ::core::result::Result<#ty, #private::AlgebraError>
            {
                #walk(true #(, #names)*)
            }
            // The first call and the second in a function of their own:
            // as one expression of the caller, the result's join spilled
            // the walk's values to memory (BENCHMARKS.md, "The typed
            // composition's merge, one walk").
            #[allow(clippy::too_many_arguments)]
            #[inline(always)]
            const fn #once(#(#names: usize),*)
                -> ::core::result::Result<#ty, #private::AlgebraError>
            {
                match #walk(false #(, #names)*) {
                    ::core::result::Result::Ok(value) => ::core::result::Result::Ok(value),
                    ::core::result::Result::Err(_) => #again(#(#names),*),
                }
            }
            #once(#(#names),*)
        }}
    }

    /// The `(extent, stride)` leaves of a layout, `let`-bound: every
    /// extent, then every stride (the order they are written in).
    pub fn bind_leaves(&mut self, leaves: &[(&Expr, &Expr)]) -> Vec<(Sym, Sym)> {
        let shapes: Vec<Sym> = leaves.iter().map(|(s, _)| self.bind(s, "shape")).collect();
        let strides: Vec<Sym> = leaves.iter().map(|(_, d)| self.bind(d, "stride")).collect();
        let leaves: Vec<(Sym, Sym)> = shapes.into_iter().zip(strides).collect();
        self.operand(leaves.clone());
        leaves
    }

    /// `if let Err(e) = call { break Err(e) }`: a check with no value.
    pub fn check(&mut self, call: TokenStream) {
        if self.leaf.is_some() {
            self.checked = true;
            let label = &self.label;
            self.lets.push(quote! {
                if let ::core::result::Result::Err(e) = #call {
                    break #label ::core::result::Result::Err(e);
                }
            });
        }
    }

    /// `x * y`: folded when both are static (`None` if it overflows),
    /// else a checked product.
    pub fn product(&mut self, x: &Sym, y: &Sym) -> Option<Sym> {
        match (x, y) {
            (Sym::Static(x), Sym::Static(y)) => return x.checked_mul(*y).map(Sym::Static),
            // Nothing to multiply, nothing to check.
            (Sym::Static(1), other) | (other, Sym::Static(1)) => return Some(other.clone()),
            (Sym::Static(0), _) | (_, Sym::Static(0)) => return Some(Sym::Static(0)),
            _ => {}
        }
        if !self.writes() {
            return Some(self.dynamic(TokenStream::new()));
        }
        let (private, function) = (emit::private(), self.function);
        // A run-time leaf times a static factor above 1 is at least the leaf.
        let multiplied = match (x, y) {
            (Sym::Dynamic(t), Sym::Static(n)) | (Sym::Static(n), Sym::Dynamic(t)) if *n > 1 => {
                Some(t.to_string())
            }
            _ => None,
        };
        let (x, y) = (value(x), value(y));
        let product = self.checked_let("stride", quote!(#private::product(#function, #x, #y)));
        if let Some(t) = multiplied {
            self.covers.push((t, product.to_string()));
        }
        Some(self.dynamic(product))
    }
}

pub fn token(x: &Sym) -> TokenStream {
    match x {
        Sym::Static(n) => emit::static_leaf(*n),
        Sym::Dynamic(tokens) => tokens.clone(),
    }
}

/// An operand of the run-time helpers: a literal, or the expression.
pub fn value(x: &Sym) -> TokenStream {
    match x {
        Sym::Static(n) => emit::int(*n),
        Sym::Dynamic(tokens) => tokens.clone(),
    }
}

/// A written-out tree with its leaves replaced, in order, by `leaves`.
pub fn tree(e: &Expr, leaves: &[Sym], next: &mut usize) -> TokenStream {
    match &e.kind {
        ExprKind::Tuple(items) => {
            emit::tuple(items.iter().map(|i| tree(i, leaves, next)).collect())
        }
        _ => {
            *next += 1;
            token(&leaves[*next - 1])
        }
    }
}

//! Expand: the pipeline (parse → check → expand) and the choice of output
//! form for a checked input.
//!
//! | input | output |
//! |---|---|
//! | static, integer | unsuffixed literal |
//! | static, integer tuple | tuple literal |
//! | static, boolean (`congruent`, …) | `true` / `false` |
//! | `table(L)` | array literal `[L(0), …]` |
//! | `slice`/`dice` with a dynamic leaf, a dynamic coordinate or `#A`, `type` or not | the facade's `tensor::typed::slice_and_offset` (`SliceOf::slice_of`, the rank checked first), `Result<(Layout, base), Error>` (an `isize` base for a negative static stride); dice's kept modes, a typed layout (`typed::dice` of `#A`; slice.rs) |
//! | static view (`slice(C, L)`, `view(L, B)`) | tuple `(typed layout, base literal)` |
//! | static layout with scaled-basis strides (`make_identity_layout`, `V@I`), its view | the facade's `BasisLayout`; `(BasisLayout, starting coordinate)` (basis.rs) |
//! | static layout (literal or algebra result) | typed layout of `usize` literals |
//! | swizzle `Sw<B,M,S>` | zero-sized `Swizzle::<B, M, S>` (composed.rs) |
//! | composed layout `SW o OFFSET o INNER` (static, or inner `SHAPE:STRIDE` with dynamic leaves) | `Composed::new(swizzle, offset, typed inner)` |
//! | the same after `type` | zero-sized typed layout |
//! | `SHAPE:STRIDE` with dynamic leaves | typed layout holding those leaves |
//! | `crd2idx`, `size`, `cosize`, `coshape` (with mode indices), `rank`, `depth`, `idx2crd` of those | a method call on it |
//! | `type logical_divide`/`zipped_divide` of dynamic leaves by a static tiler | straight-line code, `Result<Layout, AlgebraError>` (divide.rs) |
//! | `type composition` of two written-out layouts with dynamic leaves | the same, with run-time divisibility checks (compose.rs) |
//! | `type composition` with a named layout `#A` on either side | the facade's `Compose::composition` (named.rs) |
//! | `type coalesce`, `type complement` of a written-out layout | the same (shape.rs; by a profile, coalesce_by.rs) |
//! | `type logical_product`/`zipped_product`/`tiled_product`/`flat_product` by a static layout (or by-mode tiler), `type blocked_product`/`raked_product` by a static layout | the same (product.rs) |
//! | `type make_layout(SHAPE[, LayoutLeft\|LayoutRight\|STRIDE])`, `make_ordered_layout`, `make_layout_like`, `make_fragment_like`, `filter_zeros`; `type tile_to_shape` | the same (construct.rs; tile.rs) |
//! | `product_each`, `shape_div`, `ceil_div` of written-out tuples | a Rust tuple of `usize` from straight-line code, `Result<(…), AlgebraError>` (arith.rs) |
//! | `type local_tile`/`inner_partition`/`outer_partition`/`local_partition` of `SHAPE:STRIDE` with dynamic leaves (flat or nested, static tiles, nested tilers or thread layouts of any nesting, strides of either sign) | the facade's typed partition, `Result<(Layout, base), Error>` (partition.rs) |
//! | `type right_inverse` of a written-out layout with no negative static stride | the same (inverse.rs) |
//! | `type left_inverse` of a written-out layout with static strides | the same (left_inverse.rs) |
//! | after `type`, an operand call with no dynamic leaf; `flatten(SHAPE:STRIDE)` | written out first (the core's value; the leaves at one level), then typed as written (fold.rs) |
//! | `type` of a call whose operand is a call those rules type (`logical_divide(composition(A, B), <4>)`) | the inner code, matched, then the outer rule on its result written out (nested.rs) |
//! | `type` of a call whose operand is a call typed through the facade's traits (`coalesce(logical_divide(#A, <4>))`) | the inner code, matched, its result bound to a name and the outer call typed on it as on `#A` (inner.rs) |
//! | anything else with dynamic leaves | a call into `layout-core` at run time (a `Result`) (runtime.rs) |
//! | `#NAME` alone, or as the layout of `crd2idx`, `cosize`, … | the value, or its method (named.rs) |
//! | `type size(…)`, `type rank(…)`, `type depth(…)`, `type cosize(…)`, `type crd2idx(…)`: of a named value (or a tuple nesting names), of a written-out layout or shape | CuTe's static answer as a static leaf: `C::<N>` where the macro sees the numbers, else the facade's trait asked at the name (`rt::SizeLeaf`/`SizeInTheType`, `NestingLeaves`, `CosizeLeaf`+`CosizeInTheType`, `Crd2idxLeaf`+`OffsetInTheType`); a run-time leaf the answer reads is one error at it (type_query.rs, type_size.rs) |
//! | `type local_tile`/`inner_partition`/`outer_partition`/`local_partition` with a named layout, tiler, thread layout, coordinate or step | the facade's typed partition on the typed layout, `Result<(Layout, base), Error>`; another operand form is an error at it (named_partition.rs) |
//! | `type make_layout(#A, #B, …)` | the facade's `MakeLayoutOf::make_layout_of((A, B, …))`: layouts as modes, or a shape and a stride (named.rs) |
//! | `make_layout((#S, 4)[, LayoutLeft\|LayoutRight])` (`type` or not), `type make_layout(#S)` | the facade's `CompactLayout::compact_layout` (`CompactLayoutRight`) of the Rust tuple, `Result<Layout, Error>` (named.rs) |
//! | `make_ordered_layout((#S, 4), ORDER)` (`type` or not), `type make_ordered_layout(#S, ORDER)` | the facade's `make_ordered_layout` of the Rust tuple, `Result<Layout, AlgebraError>` (named.rs) |
//! | `type complement(#NAME, M)`, `coalesce`, `filter_zeros`, `make_layout_like`, `make_fragment_like` of `#NAME` | the facade's trait method on the value (`Complement::complement(&NAME, M)`, …; named.rs) |
//! | `type flatten(#NAME)` | the typed layout's own `flatten` (`FlattenOperand::flatten_operand(&NAME)`, a typed layout; named.rs) |

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::Query;
use layout_core::{Value, eval};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::ast::{self, Ast};
use crate::emit::{self, Untypable};
use crate::kind::{Kind, kind, method, query};
use crate::tree::{has_dynamic, is_plain};
use crate::{
    fallback, typed::arith, typed::basis, typed::composed, typed::divide, typed::fold,
    typed::named, typed::named::named_divide, typed::named::named_identity,
    typed::named::named_partition, typed::named::named_place, typed::named::named_product,
    typed::partition, typed::rules, typed::slice, valid,
};

/// `layout!(input)`: the expansion, or `compile_error!`s next to a
/// placeholder value of the kind the input meant.
pub fn expand(input: TokenStream) -> TokenStream {
    let (ast, mut errors) = ast::parse(input);
    if errors.is_empty() && named::contains(&ast.expr) {
        // The core cannot check what it cannot see: named.rs checks the places.
        errors = named_place::check(&ast);
        if errors.is_empty() && named::method(&ast.expr) {
            let expander = Expander {
                ast: &ast,
                value: None,
            };
            // `type size(#a)`, `type cosize(#a)`, …: CuTe's static
            // answer, a static leaf (type_query.rs).
            if let Some(answer) = expander.static_query() {
                return answer.unwrap_or_else(|e| fallback::with_errors(&ast, vec![e]));
            }
            // Another integer after `type` is refused at `type …` as on the
            // written-out form (zero_sized.rs). The query's value stands in
            // (its name asked as without `type`), so the code around sees
            // no error of its own.
            if let Some(Err(e)) = ast.zero_sized.map(|k| expander.check_zero_sized(k)) {
                let error = e.to_compile_error();
                let value = expander.named(&ast.expr);
                return quote!({ #error #value });
            }
            return expander.named(&ast.expr);
        }
    }
    if errors.is_empty() {
        let checked = valid::check(&ast).and_then(|value| {
            // After `type`, static operand calls and `flatten`s of
            // written-out layouts are written out first (fold.rs).
            let folded = ast.zero_sized.map(|_| fold::folded(&ast));
            let ast = folded.as_ref().unwrap_or(&ast);
            Expander { ast, value }.top()
        });
        match checked {
            Ok(tokens) => return tokens,
            Err(e) => errors.push(e),
        }
    }
    fallback::with_errors(&ast, errors)
}

/// One input being expanded; its run-time path is in runtime.rs.
pub struct Expander<'a> {
    /// The parsed input.
    pub ast: &'a Ast,
    /// The whole input's value, if `valid` evaluated it.
    pub value: Option<Value>,
}

impl Expander<'_> {
    fn top(&self) -> syn::Result<TokenStream> {
        // `type size(…)`, `type cosize(…)`, …: CuTe's static answer, a
        // static leaf, or why not (type_query.rs).
        if let Some(answer) = self.static_query() {
            return answer;
        }
        let expansion = self.expr(&self.ast.expr)?;
        // A misplaced `type` changes nothing else: report it next to the
        // value, so the code around the call sees no error of its own.
        if let Some(Err(e)) = self.ast.zero_sized.map(|k| self.check_zero_sized(k)) {
            let error = e.to_compile_error();
            return Ok(quote!({ #error #expansion }));
        }
        Ok(expansion)
    }

    pub(crate) fn expr(&self, e: &Expr) -> syn::Result<TokenStream> {
        if !has_dynamic(e) {
            return self.value(e);
        }
        match &e.kind {
            ExprKind::Dynamic(k) => Ok(self.leaf(*k)),
            ExprKind::Tuple(_) if is_plain(e) => Ok(self.coordinate(e)),
            ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride) => {
                self.typed_layout(shape, stride)
            }
            ExprKind::Call { args, .. } => self.call(e, args),
            _ => self.runtime(e),
        }
    }

    /// A call with dynamic arguments: a method of a typed layout when it
    /// has one, else a run-time call into the core.
    fn call(&self, e: &Expr, args: &[Expr]) -> syn::Result<TokenStream> {
        let private = emit::private();
        let typed = self.ast.zero_sized.is_some();
        // Typed `type` or not: CuTe's slice is straight-line code (slice.rs).
        if let Some(rule) = slice::rule(e) {
            return self.slice(&rule);
        }
        if let Some(rule) = divide::rule(e).filter(|_| typed) {
            return Ok(rule.emit(|k| self.leaf(k)));
        }
        if let Some((function, shape, stride, tiler)) = divide::nested_call(e).filter(|_| typed) {
            let layout = self.typed_layout(shape, stride)?;
            return Ok(divide::emit_named(function, layout, tiler));
        }
        if let Some(rule) = partition::rule(e).filter(|_| typed) {
            let (shape, stride) = rule.operand();
            return Ok(rule.emit(self.typed_layout(shape, stride)?, |k| self.leaf(k)));
        }
        // A named operand of a partition: never the core under `type`.
        // A tiler nesting named tiles has no core value: typed, `type` or not.
        let typed_partition = typed || named_partition::of_named_modes(e);
        match named_partition::call(e).filter(|_| typed_partition) {
            Some(Ok(call)) => return self.named_partition(&call),
            Some(Err((at, message))) => return Err(self.ast.error(Some(at.span), message)),
            None => {}
        }
        if let Some(shape) = named_identity::call(e).filter(|_| typed) {
            return Ok(self.named_identity(shape));
        }
        if let Some(operands) = named::concat(e, typed) {
            return Ok(self.named_concat(operands));
        }
        if let Some((shape, right)) = named::make_layout(e, typed) {
            return Ok(self.named_make_layout(shape, right));
        }
        if let Some((shape, order)) = named::ordered_layout(e, typed) {
            return self.named_ordered_layout(shape, order);
        }
        if let Some(tokens) = typed.then(|| rules::emit(e, &|k| self.leaf(k))).flatten() {
            return Ok(tokens);
        }
        if let Some((form, l, t)) = named_divide::integral(e).filter(|_| typed) {
            let (at, tile) = (
                self.ast.spans[l.span.end - 1],
                named_divide::tile(t, |k| self.leaf(k)),
            );
            return Ok(named_divide::emit(form, self.named(l), tile, at));
        }
        // A named tiler has no core value: its divide is typed, `type` or not.
        match divide::named_call(e) {
            Some((function, _, divide::Named::Layout(l, tiles))) if typed => {
                return Ok(divide::emit_named(function, self.named_layout(l), tiles));
            }
            // A tiler nesting named tiles has no core value either.
            Some((function, name, divide::Named::Both(l, t)))
                if typed || named::with_named_modes(t, true) =>
            {
                let tiler = self.named_tiler(t, name);
                return Ok(divide::emit_named(function, self.named_layout(l), tiler));
            }
            Some((function, name, divide::Named::Tiler(shape, stride, t))) => {
                let layout = self.typed_layout(shape, stride)?;
                let tiler = self.named_tiler(t, name);
                return Ok(divide::emit_named(function, layout, tiler));
            }
            _ => {}
        }
        if let Some((trait_name, method, l, cotarget)) = named::value_method(e).filter(|_| typed) {
            let (layout, private) = (self.named_layout(l), emit::private());
            let (trait_name, method) = (format_ident!("{trait_name}"), format_ident!("{method}"));
            let cotarget = cotarget.into_iter().map(|m| match m.kind {
                ExprKind::Int(m) => emit::static_leaf(m),
                _ if named::name(m).is_some() => self.named_int(m),
                _ => self.coordinate(m),
            });
            let cotarget: Vec<TokenStream> = cotarget.collect();
            // The trait checks the operand, the cotarget and the result
            // against the core's `i64` (src/private/fits_value.rs).
            return Ok(quote!(#private::#trait_name::#method(&#layout #(, #cotarget)*)));
        }
        if let Some(l) = named::flatten(e).filter(|_| typed) {
            return Ok(self.named_flatten(l));
        }
        if let Some((a, b)) = named::composition(e).filter(|_| typed) {
            return self.composition(a, b);
        }
        let typed_product = typed || named_product::of_named_tiles(e);
        // A written-out block too wide for the facade after `type`: that
        // refusal is the one error (zero_sized.rs), no failed trait call.
        let too_wide = typed && named_product::too_wide(e).is_some();
        if let Some((door, operand, a, b)) =
            named_product::call(e).filter(|_| typed_product && !too_wide)
        {
            return self.named_product(e, door, operand, (a, b));
        }
        if let Some(tokens) = arith::emit(e, &|k| self.leaf(k)) {
            return Ok(tokens);
        }
        if let Some(tokens) = typed.then(|| self.nested(e)).flatten() {
            return Ok(tokens);
        }
        if let Some(tokens) = typed.then(|| self.inner(e)).flatten() {
            return tokens;
        }
        if let Some((sw, offset, inner)) = composed::typed_parts(e) {
            let offset = composed::offset(offset, |k| self.leaf(k));
            return Ok(composed::new(
                composed::swizzle(sw),
                offset,
                self.layout(inner)?,
            ));
        }
        match (query(e), args) {
            (Some(Query::Crd2idx), [c, l]) if valid::typed_crd2idx(args) => {
                let (layout, coord) = (self.layout(l)?, self.coordinate(c));
                Ok(quote!(#layout.crd2idx(#coord)))
            }
            (Some(Query::Crd2idx), [c, shape, stride]) if valid::typed_crd2idx(args) => {
                let (layout, coord) = (self.typed_layout(shape, stride)?, self.coordinate(c));
                Ok(quote!(#layout.crd2idx(#coord)))
            }
            // A layout with integer strides has its cosize as its coshape;
            // mode indices (CuTe's `size<I, J…>`) are `mode::<I>()` calls.
            (Some(q @ (Query::Size | Query::Cosize | Query::Coshape)), [l, indices @ ..])
                if valid::typed_layout(l)
                    && kind(l) == Kind::Layout
                    && indices.iter().all(|i| matches!(i.kind, ExprKind::Int(_))) =>
            {
                let method = format_ident!("{}", method(q));
                let indices = indices.iter().map(|i| match i.kind {
                    ExprKind::Int(i) => proc_macro2::Literal::i64_unsuffixed(i),
                    _ => unreachable!("checked above"),
                });
                if let ExprKind::Layout(shape, _) = &l.kind {
                    self.check_modes(shape, &args[1..])?;
                }
                let layout = self.layout(l)?;
                Ok(quote!(#layout #(.mode::<#indices>())* .#method()))
            }
            (Some(Query::Size), [shape]) if is_plain(shape) => {
                let shape = self.tree(shape)?;
                Ok(quote!(#private::size(#shape)))
            }
            // Rank and depth are structure: the placeholders give the answer.
            (Some(Query::Rank | Query::Depth), [x]) if is_plain(x) || valid::typed_layout(x) => {
                match eval(&valid::placeholders(e, 0)) {
                    Ok(v) => self.value_of(e, &v),
                    Err(_) => self.runtime(e),
                }
            }
            (Some(Query::Idx2crd), [index, shape])
                if matches!(index.kind, ExprKind::Int(_) | ExprKind::Dynamic(_))
                    && is_plain(shape) =>
            {
                let (index, shape) = (self.coordinate(index), self.tree(shape)?);
                Ok(quote!(#private::idx2crd(#index, #shape)))
            }
            _ => self.runtime(e),
        }
    }

    /// Mode indices into a written-out shape: each below its tuple's rank
    /// (a leaf is one mode), else an error at the index.
    fn check_modes(&self, shape: &Expr, indices: &[Expr]) -> syn::Result<()> {
        let Some((index, rest)) = indices.split_first() else {
            return Ok(());
        };
        let ExprKind::Int(i) = index.kind else {
            return Ok(());
        };
        let modes: Vec<&Expr> = match &shape.kind {
            ExprKind::Tuple(items) => items.iter().collect(),
            _ => vec![shape],
        };
        match usize::try_from(i).ok().and_then(|i| modes.get(i)) {
            Some(mode) => self.check_modes(mode, rest),
            None => {
                let message = format!(
                    "mode index {i} is out of range: this shape has {} mode(s)",
                    modes.len()
                );
                Err(self.ast.error(Some(index.span), message))
            }
        }
    }

    pub fn eval(&self, e: &Expr) -> syn::Result<Value> {
        if let Some(v) = self
            .value
            .as_ref()
            .filter(|_| std::ptr::eq(e, &self.ast.expr))
        {
            return Ok(v.clone());
        }
        eval(e).map_err(|error| self.ast.error(error.span(), error))
    }

    /// A static expression, folded by the core.
    pub(crate) fn value(&self, e: &Expr) -> syn::Result<TokenStream> {
        self.value_of(e, &self.eval(e)?)
    }

    fn value_of(&self, e: &Expr, v: &Value) -> syn::Result<TokenStream> {
        let emitted = match v {
            Value::IntTuple(t) => Ok(emit::int_tuple(t)),
            Value::Layout(l) => emit::layout(l, self.ast.zero_sized.is_some()),
            Value::Tiler(t) => emit::tiler(t, self.ast.zero_sized.is_some()),
            Value::Table(t) => Ok(emit::table(t.as_slice())),
            Value::Bool(b) => Ok(quote!(#b)),
            Value::Swizzle(sw) => Ok(match self.ast.ends(e.span) {
                Some((first, last)) => composed::swizzle_at(*sw, first, last),
                None => composed::swizzle(*sw),
            }),
            Value::Composed(c) => composed::composed(c, self.ast.zero_sized.is_some()),
            // CuTe's `slice_and_offset` pair: the kept modes and their base
            // (a `usize` offset; `isize` when negative strides put it below 0).
            Value::View(v) => emit::layout(v.layout(), self.ast.zero_sized.is_some()).map(|l| {
                let base = match usize::try_from(v.base()) {
                    Ok(b) => proc_macro2::Literal::usize_suffixed(b),
                    Err(_) => proc_macro2::Literal::i64_suffixed(v.base()),
                };
                quote!((#l, #base))
            }),
            // Scaled-basis strides: the facade's `BasisLayout`, its view the
            // pair `(layout, starting coordinate)` (basis.rs).
            Value::BasisLayout(l) => basis::layout(l, self.ast.zero_sized.is_some()),
            Value::BasisView(v) => basis::view(v, self.ast.zero_sized.is_some()),
            Value::Basis(b) if basis::coordinate(b).is_some() => {
                Ok(basis::coordinate(b).expect("checked"))
            }
            other => {
                let message = format!(
                    "`layout!` has no Rust value for {}: use it as an argument",
                    other.describe()
                );
                return Err(self.ast.error(Some(e.span), message));
            }
        };
        emitted.map_err(|why| match why {
            Untypable::TooWide(rank) => self.too_wide(e, rank),
            Untypable::TooDeep => self.too_deep(e),
            Untypable::LayoutOuter => self.ast.error(Some(e.span), composed::LAYOUT_OUTER),
        })
    }
}

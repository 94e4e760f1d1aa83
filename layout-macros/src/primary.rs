//! The grammar's primaries (`ast.rs` has the rest): an integer, `-INT`,
//! `(…)`, a tiler `<…>`, a `{…}` block, a named layout `#NAME`, `_`, a
//! keyword, a call `NAME(…)`, CuTe's printed swizzle `Sw<B,M,S>`, or a bare
//! name, which is the user's variable (a dynamic leaf).

use layout_core::expr::{Expr, ExprKind};
use layout_core::{ErrorKind, SyntaxError};
use proc_macro2::{Delimiter, Span, TokenTree};
use syn::parse::ParseStream;
use syn::{Ident, LitInt, Token, parenthesized, token};

use crate::ast::{EXPECTED, State};
use crate::tokens::int;

impl State {
    pub(crate) fn primary(&mut self, input: ParseStream) -> syn::Result<Expr> {
        if input.peek(LitInt) {
            let lit: LitInt = input.parse()?;
            let span = self.token(lit.span());
            return Ok(Expr::new(ExprKind::Int(int(&lit, false)?), span));
        }
        if input.peek(Token![-]) {
            let minus: Token![-] = input.parse()?;
            self.last = Some(minus.span);
            // syn reads `-8` as one literal: after a `-`, so would `--8`.
            if input.peek(Token![-]) || !input.peek(LitInt) {
                return Err(self.unexpected(input, "an integer after `-`"));
            }
            let lit: LitInt = input.parse()?;
            let span = self.token(minus.span).join(self.token(lit.span()));
            return Ok(Expr::new(ExprKind::Int(int(&lit, true)?), span));
        }
        if input.peek(token::Paren) {
            let content;
            let parens = parenthesized!(content in input);
            let open = self.token(parens.span.open());
            let items = self.group(&content, false, parens.span.open())?;
            let span = open.join(self.token(parens.span.close()));
            return Ok(Expr::new(ExprKind::Tuple(items), span));
        }
        if input.peek(Token![<]) {
            let lt: Token![<] = input.parse()?;
            let open = self.token(lt.span);
            let items = self.group(input, true, lt.span)?;
            if !input.peek(Token![>]) {
                return Err(
                    self.error(open, ErrorKind::Syntax(SyntaxError::Unclosed { open: '<' }))
                );
            }
            let gt: Token![>] = input.parse()?;
            let span = open.join(self.token(gt.span));
            return Ok(Expr::new(ExprKind::Tiler(items), span));
        }
        if input.peek(token::Brace) {
            let block: proc_macro2::Group = input.parse()?;
            if block.stream().is_empty() {
                let message = "an empty `{}` block: put a `usize` expression inside";
                return Err(syn::Error::new(block.span(), message));
            }
            // The braces are the notation's, not the user's Rust: give them
            // the macro's hygiene so `unused_braces` does not flag them.
            let mut braces = proc_macro2::Group::new(Delimiter::Brace, block.stream());
            braces.set_span(Span::call_site().located_at(block.span()));
            return Ok(self.leaf(TokenTree::Group(braces)));
        }
        if input.peek(Token![#]) {
            let pound: Token![#] = input.parse()?;
            self.last = Some(pound.span);
            if !input.peek(Ident) || input.peek2(token::Paren) {
                return Err(self.unexpected(input, "the name of a typed layout after `#`"));
            }
            let name: Ident = input.parse()?;
            let span = self.token(pound.span).join(self.token(name.span()));
            self.leaves.push(TokenTree::Ident(name.clone()).into());
            return Ok(Expr::new(ExprKind::Name(format!("#{name}")), span));
        }
        if input.peek(Token![_]) {
            // CuTe's `_` in a coordinate (`slice((_,3), L)`): an underscore token.
            let underscore: Token![_] = input.parse()?;
            return Ok(Expr::new(ExprKind::Underscore, self.token(underscore.span)));
        }
        if input.peek(Ident) {
            let name: Ident = input.parse()?;
            if name == "Sw" && input.peek(Token![<]) {
                return self.swizzle(input, name.span());
            }
            if !input.peek(token::Paren) {
                // The core's keywords (`LayoutRight`, `RowMajor`, atoms and
                // their operands, …) are notation; every other bare name is
                // the user's variable.
                if layout_core::is_keyword(&name.to_string()) {
                    let span = self.token(name.span());
                    return Ok(Expr::new(ExprKind::Name(name.to_string()), span));
                }
                return Ok(self.leaf(TokenTree::Ident(name)));
            }
            let name_span = self.token(name.span());
            let content;
            let parens = parenthesized!(content in input);
            let args = self.group(&content, false, parens.span.open())?;
            let span = name_span.join(self.token(parens.span.close()));
            let name = name.to_string();
            let kind = ExprKind::Call {
                name,
                name_span,
                args,
            };
            return Ok(Expr::new(kind, span));
        }
        Err(self.unexpected(input, EXPECTED))
    }

    /// `Sw<B,M,S>`, CuTe's printed swizzle: the call `swizzle(B,M,S)`.
    fn swizzle(&mut self, input: ParseStream, sw: Span) -> syn::Result<Expr> {
        let name_span = self.token(sw);
        let lt: Token![<] = input.parse()?;
        let open = self.token(lt.span);
        let args = self.group(input, true, lt.span)?;
        if !input.peek(Token![>]) {
            return Err(self.error(open, ErrorKind::Syntax(SyntaxError::Unclosed { open: '<' })));
        }
        let gt: Token![>] = input.parse()?;
        let span = name_span.join(self.token(gt.span));
        let kind = ExprKind::Call {
            name: layout_core::notation::SWIZZLE_CALL.into(),
            name_span,
            args,
        };
        Ok(Expr::new(kind, span))
    }

    /// A dynamic leaf: its Rust tokens are kept for the expansion.
    fn leaf(&mut self, tokens: TokenTree) -> Expr {
        let span = self.token(tokens.span());
        self.leaves.push(tokens.into());
        Expr::new(ExprKind::Dynamic(self.leaves.len() - 1), span)
    }
}

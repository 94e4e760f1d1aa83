//! Named layouts: `#NAME` is a typed layout value in scope, used whole
//! inside another invocation. The macro cannot see its numbers, so it takes
//! `#NAME` only where the invocation becomes one of the layout's methods
//! (the compiler then checks the coordinate against the layout's type):
//!
//! | input | expansion |
//! |---|---|
//! | `#A` | `A` |
//! | `crd2idx(COORD, #A)`, `COORD` written out | `A.crd2idx(COORD)` |
//! | `size(#A)`, `cosize(#A)`, `rank(#A)`, `depth(#A)` | `A.size()`, … (`size`, `rank`, `depth` with `rt::ShapeQueries` in scope, so `#A` may be a shape; `cosize` with `rt::ShapeCosize`, whose bound is an error at the name for a shape) |
//!
//! After `type`, `complement(#A, M)` (`M` an integer or a dynamic leaf),
//! `coalesce(#A)`, `filter_zeros(#A)`, `make_layout_like(#A)` and
//! `make_fragment_like(#A)` call the facade's traits of the same names
//! (`Complement::complement(&A, M)`, …: [`value_method`]), as divides call
//! `Divide` (divide.rs). Otherwise, as an argument of an algebra function (`logical_divide(#A, <4,8>)`),
//! `#A` goes to the run-time core path with the other dynamic parts: the
//! value is converted to the core when the code runs (`rt::named`), and
//! the result is a `Result`, as for any algebra of dynamic leaves.
//! After `type`, `composition(A, B)` with `#A` or `#B` (the other written
//! out, or `B` a by-mode tiler `<…>` of written-out layouts and integers)
//! calls the facade's `Compose` trait ([`composition`]). After `type`, the
//! partitions (`local_tile`, …) with a named operand call the facade's
//! typed partitions (named_partition.rs), or are an error at an operand
//! they cannot take: never the run-time path.
//! A named shape or tile may be a mode of a written-out tuple, as CuTe's
//! `make_shape(s, Int<4>{})` nests it, in the shape of `size`, `rank`,
//! `depth` (`size((#s, 4))` → `(s, C::<4>).size()`), in the tiler of
//! any of the four divides (`logical_divide(#A, (#t, 2))` →
//! `Divide::logical_divide(&A, (FitTile::fit_mode(t), C::<2>))`, `type` or
//! not; `fit_mode`, at the name, is the one error when `t` does not nest as
//! the mode it divides) and of `local_tile`, `inner_partition`,
//! `outer_partition` (named_partition.rs, `type` or not):
//! [`with_named_modes`].
//! Anywhere else `#A` is an error at its tokens: in an integer position
//! (shape, stride, coordinate, tuple, tiler) it is not an integer, and a
//! function that writes out its result while compiling (`table`) cannot
//! see its numbers.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry;
use layout_core::registry::{Accepts, Query, TypedForm};

use crate::ast::Ast;
use crate::divide::Named;
use crate::emit::MAX_RANK;
use crate::kind::{door, form_of, typed_call};
use crate::tree::is_plain;

/// The name after `#`, if `e` is a named layout.
pub fn name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(name) => name.strip_prefix('#'),
        _ => None,
    }
}

/// The identifier `#NAME` names, at `span`: a raw one (`#r#type`, whose
/// text is `r#type`) stays raw, where `Ident::new` would panic.
pub fn ident(name: &str, span: proc_macro2::Span) -> proc_macro2::Ident {
    match name.strip_prefix("r#") {
        Some(raw) => proc_macro2::Ident::new_raw(raw, span),
        None => proc_macro2::Ident::new(name, span),
    }
}

/// Whether `e` is or contains a named layout.
pub fn contains(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Name(_) => name(e).is_some(),
        ExprKind::Tuple(items) | ExprKind::Tiler(items) | ExprKind::Call { args: items, .. } => {
            items.iter().any(contains)
        }
        ExprKind::Layout(shape, stride) => contains(shape) || contains(stride),
        _ => false,
    }
}

/// Whether the input becomes one of a named layout's methods (or is the
/// layout alone): `#A`, `crd2idx(COORD, #A)`, `size(#A)`, ….
pub fn method(e: &Expr) -> bool {
    match &e.kind {
        _ if name(e).is_some() => true,
        ExprKind::Call { name: f, args, .. } => match (form_of(f), args.as_slice()) {
            (TypedForm::Query(Query::Crd2idx), [c, l]) => name(l).is_some() && is_plain(c),
            // CuTe's `size(make_shape(s, Int<4>{}))`: a shape's queries of
            // a tuple nesting named shapes (not `cosize`: a shape has none).
            (
                TypedForm::Query(q @ (Query::Size | Query::Cosize | Query::Rank | Query::Depth)),
                [l],
            ) => name(l).is_some() || q != Query::Cosize && with_named_modes(l, false),
            _ => false,
        },
        _ => false,
    }
}

/// Whether `e` is a written-out tuple (with `tiler`, also a tiler `<…>`)
/// with a named value among its modes, its other leaves positive integers
/// or (in a shape) dynamic leaves, at most `MAX_RANK` modes per level. It nests as
/// CuTe's `make_shape(s, Int<4>{})` (or `make_tile`) nests: each named value
/// is one mode, so the expansion writes the Rust tuple `(s, C::<4>)`,
/// whose static parts stay in its type.
pub fn with_named_modes(e: &Expr, tiler: bool) -> bool {
    fn tree(e: &Expr, tiler: bool) -> bool {
        match &e.kind {
            ExprKind::Int(n) => *n >= 1,
            // The typed divides take static tiles only.
            ExprKind::Dynamic(_) => !tiler,
            ExprKind::Name(_) => name(e).is_some(),
            ExprKind::Tuple(items) => fits(items, tiler),
            ExprKind::Tiler(items) => tiler && fits(items, tiler),
            _ => false,
        }
    }
    fn fits(items: &[Expr], tiler: bool) -> bool {
        !items.is_empty() && items.len() <= MAX_RANK && items.iter().all(|i| tree(i, tiler))
    }
    let tuple = match &e.kind {
        ExprKind::Tuple(_) => true,
        ExprKind::Tiler(_) => tiler,
        _ => false,
    };
    tuple && contains(e) && tree(e, tiler)
}

/// Whether the whole input is a divide whose tiler nests named values as
/// modes (`logical_divide(#A, (#t, 2))`): the facade's typed `Divide`
/// takes the Rust tuple, `type` or not (the core cannot see the names).
pub fn divide_of_named_modes(e: &Expr) -> bool {
    matches!(
        crate::divide::named_call(e),
        Some((_, _, Named::Both(_, t) | Named::Tiler(_, _, t))) if with_named_modes(t, true)
    )
}

/// Whether `t` is a product's by-mode tiler, `<…>` or a tuple as CuTe's
/// `make_tile(t, Int<2>{})`, with a named value among its entries: each
/// entry a named layout or extent, a written-out `SHAPE:STRIDE` of plain
/// leaves, an integer or a dynamic leaf (the facade's `Product` takes a
/// flat tuple of layouts and extents).
pub fn product_tiler_with_names(t: &Expr) -> bool {
    let entry = |e: &Expr| match &e.kind {
        ExprKind::Int(n) => *n >= 0,
        ExprKind::Dynamic(_) => true,
        _ => is_layout_operand(e),
    };
    match &t.kind {
        ExprKind::Tiler(items) | ExprKind::Tuple(items) => {
            !items.is_empty() && items.len() <= MAX_RANK && contains(t) && items.iter().all(entry)
        }
        _ => false,
    }
}

/// The facade's trait and method for a call of one named layout that the
/// typed values answer (after `type`), with the cotarget of `complement`.
pub fn value_method(e: &Expr) -> Option<(&'static str, &'static str, &Expr, Option<&Expr>)> {
    let (form, _, args) = typed_call(e)?;
    let (layout, cotarget) = match (form, args) {
        (TypedForm::Complement, [l, m])
            if matches!(m.kind, ExprKind::Int(m) if m >= 0)
                || matches!(m.kind, ExprKind::Dynamic(_)) =>
        {
            (l, Some(m))
        }
        (TypedForm::Complement, _) => return None,
        (_, [l]) => (l, None),
        _ => return None,
    };
    // The value methods: the forms of one layout (and a cotarget).
    let value = matches!(
        form,
        TypedForm::Complement | TypedForm::Coalesce | TypedForm::Construct(_)
    );
    let door = door(form, false).filter(|_| value)?;
    name(layout)?;
    Some((door.trait_name, door.method, layout, cotarget))
}

/// `composition(A, B)` whose operands the facade's `Compose` trait takes,
/// one of them named: each a named layout or a written-out `SHAPE:STRIDE`,
/// or `B` a by-mode tiler `<…>` of written-out layouts and integers. The
/// operands.
pub fn composition(e: &Expr) -> Option<(&Expr, &Expr)> {
    let (f, a, b) = binary_call(e)?;
    // A tile of 0 takes the run-time path, which reports it.
    let fits = is_layout_operand(a) && is_tiler_operand(b, 1);
    (form_of(f) == TypedForm::Composition && contains(e) && fits).then_some((a, b))
}

/// A call of two arguments: its name and its operands.
pub fn binary_call(e: &Expr) -> Option<(&str, &Expr, &Expr)> {
    let ExprKind::Call { name, args, .. } = &e.kind else {
        return None;
    };
    let [a, b] = args.as_slice() else {
        return None;
    };
    Some((name, a, b))
}

/// A named layout, or a written-out `SHAPE:STRIDE` of plain leaves.
pub fn is_layout_operand(l: &Expr) -> bool {
    match &l.kind {
        ExprKind::Layout(shape, stride) => is_plain(shape) && is_plain(stride),
        _ => name(l).is_some(),
    }
}

/// A layout operand, an extent, or a by-mode tiler `<…>` of written-out
/// layouts and integers of at least `least` (or dynamic). A named tile is refused
/// where it stands (`check`).
pub fn is_tiler_operand(t: &Expr, least: i64) -> bool {
    let tile = |t: &Expr| match &t.kind {
        ExprKind::Layout(shape, stride) => is_plain(shape) && is_plain(stride),
        ExprKind::Int(n) => *n >= least,
        kind => matches!(kind, ExprKind::Dynamic(_)),
    };
    match &t.kind {
        ExprKind::Tiler(tiles) => !tiles.is_empty() && tiles.iter().all(tile),
        // A bare extent `n` is the layout `n:1`, as CuTe takes an integral
        // tiler; an extent of 0 takes the run-time path, which reports it.
        ExprKind::Int(n) => *n >= least.max(1),
        ExprKind::Dynamic(_) => true,
        _ => is_layout_operand(t),
    }
}

/// What a place in a call takes, for a named value passed to the
/// run-time path: the facade's trait (`rt::NamedLayout`, …) the value must
/// implement, so a value of the wrong kind is one error at its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A layout (`coalesce(#A)`, `tile_to_shape(#A, …)`'s block).
    Layout,
    /// An integer or a tuple: a shape (`make_identity_layout(#s)`).
    Tuple,
    /// A layout or a shape (a tiler, `make_layout`'s modes).
    Either,
}

impl Place {
    /// The facade's trait for this place.
    pub fn trait_name(self) -> &'static str {
        match self {
            Place::Layout => "NamedLayout",
            Place::Tuple => "NamedTuple",
            Place::Either => "NamedOperand",
        }
    }
}

/// What argument `i` of function `f` takes, as the registry says.
fn place(f: &str, i: usize) -> Place {
    let Some(args) = registry::function(f).map(|f| f.args) else {
        return Place::Either;
    };
    match args.get(i).or(args.last()) {
        Some(Accepts::Layout | Accepts::View) => Place::Layout,
        Some(Accepts::Int | Accepts::IntTuple | Accepts::MajorOrStride | Accepts::Coord) => {
            Place::Tuple
        }
        _ => Place::Either,
    }
}

/// Every named value below `e`, in the order the run-time path numbers
/// them, with what its place takes (`check` refused any that is not a
/// direct argument of a call).
pub fn occurrences(e: &Expr) -> Vec<(&Expr, Place)> {
    let mut out = Vec::new();
    fn walk<'e>(e: &'e Expr, at: Place, out: &mut Vec<(&'e Expr, Place)>) {
        match &e.kind {
            ExprKind::Name(_) if name(e).is_some() => out.push((e, at)),
            // Inside a shape, a shape (`make_layout((#s, 4))`).
            ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
                let inner = if at == Place::Tuple {
                    Place::Tuple
                } else {
                    Place::Either
                };
                items.iter().for_each(|i| walk(i, inner, out));
            }
            ExprKind::Call { name: f, args, .. } => {
                for (i, a) in args.iter().enumerate() {
                    let at = match a.kind {
                        ExprKind::Tuple(_) if shape_argument(f, i) => Place::Tuple,
                        _ => place(f, i),
                    };
                    walk(a, at, out);
                }
            }
            ExprKind::Layout(shape, stride) => {
                walk(shape, Place::Tuple, out);
                walk(stride, Place::Tuple, out);
            }
            _ => {}
        }
    }
    walk(e, Place::Either, &mut out);
    out
}

/// An error at every named layout in a place that cannot take one:
/// where an integer, a tuple or a coordinate is expected, or in a function
/// that writes out its result while compiling.
pub fn check(ast: &Ast) -> Vec<syn::Error> {
    let mut errors = Vec::new();
    let named_modes = divide_of_named_modes(&ast.expr)
        || crate::named_partition::of_named_modes(&ast.expr)
        || crate::named_product::of_named_tiles(&ast.expr);
    if !method(&ast.expr) && !named_modes {
        misplaced(ast, &ast.expr, At::Whole, &mut errors);
    }
    errors
}

/// Whether argument `i` of a call of the typed form `form` is a coordinate
/// the typed layouts need written out (`crd2idx(C, …)`, `idx2crd`).
fn written_coordinate(form: TypedForm, i: usize) -> bool {
    match form {
        TypedForm::Query(Query::Crd2idx) => i == 0,
        TypedForm::Query(Query::Idx2crd) => true,
        _ => false,
    }
}

/// Whether argument `i` of `f` is a shape the run-time path takes whole
/// (the registry: a tuple, or a layout or a tuple; not a function that
/// writes out its result while compiling).
fn shape_argument(f: &str, i: usize) -> bool {
    let Some(f) = registry::function(f) else {
        return false;
    };
    let accepts = f.args.get(i).or(f.args.last());
    // A coordinate the typed layouts need written out is no shape here.
    let coordinate = written_coordinate(f.typed, i);
    let shape = matches!(accepts, Some(Accepts::IntTuple | Accepts::LayoutOrIntTuple));
    !f.static_only && !coordinate && shape
}

/// The error for a named value where an integer or a tuple must be written out.
fn whole_value(n: &str) -> String {
    format!(
        "`#{n}` names a value used whole as a function's argument (a typed layout or a shape), but an integer or a tuple must be written out here"
    )
}

/// Where an expression stands, for [`misplaced`].
#[derive(Clone, Copy)]
enum At<'a> {
    /// The whole input.
    Whole,
    /// Argument `i` of the function `f`.
    Argument(&'a str, usize),
    /// A mode of a written-out tuple or tiler.
    Mode,
    /// A leaf of a written-out layout's shape or stride.
    Leaf,
}

/// Every named layout in or below `e` that stands where no layout can.
fn misplaced(ast: &Ast, e: &Expr, at: At, errors: &mut Vec<syn::Error>) {
    if let Some(n) = name(e) {
        let message = match at {
            At::Argument(f, _) if registry::function(f).is_some_and(|f| f.static_only) => format!(
                "`{f}` writes out its result while compiling, but the numbers of `#{n}` are only known at run time"
            ),
            // A tuple's modes are read while compiling (its nesting makes
            // the result's type); a named value's only when the code runs,
            // so only the typed doors (`with_named_modes`) take one.
            At::Mode => format!(
                "`#{n}` as a mode of a written-out tuple nests as CuTe's `make_shape({n}, …)` only in the shape of `size`, `rank` or `depth`, in the tiler of a divide or of `local_tile`, `inner_partition` or `outer_partition` (static tiles), as an entry (a layout or an extent) of a product's by-mode tiler, and in a shape argument evaluated at run time (`make_layout((#s, 4))`): here, build the tuple in Rust (`let t = ({n}, C::<4>);`) and name it whole (`#t`)"
            ),
            // Alone, a leaf, or the coordinate of a typed query.
            At::Whole | At::Leaf => whole_value(n),
            At::Argument(f, i) if written_coordinate(form_of(f), i) => whole_value(n),
            At::Argument(..) => return,
        };
        errors.push(ast.error(Some(e.span), message));
        return;
    }
    match &e.kind {
        // CuTe's `make_layout(make_shape(s, Int<4>{}))`: a shape argument
        // of a run-time call nesting named shapes, which the run-time path
        // puts in as the core's tuples (`rt::named`, each a `NamedTuple`).
        ExprKind::Tuple(_)
            if matches!(at, At::Argument(f, i) if shape_argument(f, i))
                && with_named_modes(e, false) => {}
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            // A leaf stays a leaf, and a tuple of a static-only function
            // is still that function's: the place's message holds inside.
            let inner = match at {
                At::Argument("crd2idx", 0) | At::Argument("idx2crd", _) | At::Leaf => At::Leaf,
                At::Argument(f, i) if registry::function(f).is_some_and(|f| f.static_only) => {
                    At::Argument(f, i)
                }
                _ => At::Mode,
            };
            items.iter().for_each(|i| misplaced(ast, i, inner, errors));
        }
        ExprKind::Layout(shape, stride) => {
            misplaced(ast, shape, At::Leaf, errors);
            misplaced(ast, stride, At::Leaf, errors);
        }
        ExprKind::Call { name: f, args, .. } => {
            for (i, a) in args.iter().enumerate() {
                misplaced(ast, a, At::Argument(f, i), errors);
            }
        }
        _ => {}
    }
}

//! Where a named value (`#NAME`, named.rs) may stand: what each place of
//! a call takes ([`Place`], the facade's trait a value passed to the
//! run-time path must implement, so that a value of the wrong kind is one
//! error at its name), and the errors at names standing where no value
//! can ([`check`]: an integer or coordinate position, a function that
//! writes out its result while compiling, a written-out tuple outside the
//! typed doors that nest it).

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry;
use layout_core::registry::{Accepts, Query, TypedForm};

use crate::ast::Ast;
use crate::kind::form_of;
use crate::typed::named::{divide_of_named_modes, method, name, with_named_modes};

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
    /// An order (`tile_to_shape`'s third argument,
    /// `make_ordered_layout`'s second): a tuple of integers.
    Order,
}

impl Place {
    /// The facade's trait for this place.
    pub fn trait_name(self) -> &'static str {
        match self {
            Place::Layout => "NamedLayout",
            Place::Tuple => "NamedTuple",
            Place::Either => "NamedOperand",
            Place::Order => "NamedOrder",
        }
    }
}

/// What argument `i` of function `f` takes, as the registry says.
fn place(f: &str, i: usize) -> Place {
    // The registry's `Any` for an order (the core also takes a major
    // there, which no named value is): a named value is a tuple.
    if matches!((f, i), ("tile_to_shape", 2) | ("make_ordered_layout", 1)) {
        return Place::Order;
    }
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
        || crate::typed::named::named_partition::of_named_modes(&ast.expr)
        || crate::typed::named::named_product::of_named_tiles(&ast.expr);
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

/// `type right_inverse(#A)` or `type left_inverse(#A)`, the whole input
/// or an operand call in it: the typed inverses read a written-out
/// layout's strides while compiling (inverse.rs, left_inverse.rs), which a
/// named value's are not, so `type` refuses the call whatever `#A` names
/// (and no typed door takes such a call as an operand). The operand, where
/// the refusal is said, and the refusal: it is the one error (the run-time
/// path under it then asks the name nothing, runtime.rs).
pub fn typed_inverse(e: &Expr) -> Option<(&Expr, String)> {
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    if let Some((TypedForm::RightInverse | TypedForm::LeftInverse, f, [l])) =
        crate::kind::typed_call(e)
        && let Some(n) = name(l)
    {
        let message = format!(
            "`type {f}` reads the strides of a written-out `SHAPE:STRIDE` while compiling, but the macro cannot see the strides of the value `#{n}` names: write the layout out after `type`, or drop `type` to invert `#{n}` through the core at run time (a `Result`)"
        );
        return Some((l, message));
    }
    args.iter().find_map(typed_inverse)
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
                "`#{n}` cannot be a mode of a written-out tuple here: it nests as CuTe's `make_shape({n}, …)` only in the shape of `size`/`rank`/`depth`, a divide's or partition's tiler of static tiles, a product's by-mode tiler and a shape evaluated at run time (`make_layout((#s, 4))`); build the tuple in Rust (`let t = ({n}, C::<4>);`) and name it whole (`#t`)"
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

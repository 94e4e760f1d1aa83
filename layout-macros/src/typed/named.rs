//! Named layouts: `#NAME` is a typed layout value in scope, used whole
//! inside another invocation. The macro cannot see its numbers, so it takes
//! `#NAME` only where the invocation becomes one of the layout's methods
//! (the compiler then checks the coordinate against the layout's type):
//!
//! | input | expansion |
//! |---|---|
//! | `#A` | `A` |
//! | `crd2idx(COORD, #A)`, `COORD` written out | `A.crd2idx(COORD)` |
//! | `size(#A)`, `cosize(#A)`, `rank(#A)`, `depth(#A)` | `A.size()`, … (`size`, `rank`, `depth` with `rt::ShapeQueries` in scope, so `#A` may be a shape; `cosize` with `rt::ShapeCosize`, whose `rt::AShape` for a shape `rt::CosizeOfALayout::cosize_of_a_layout` refuses at the name) |
//!
//! After `type`, `complement(#A, M)` (`M` an integer, a dynamic leaf or a
//! named integer, asked at its name: `IntOperand`),
//! `coalesce(#A)`, `filter_zeros(#A)`, `make_layout_like(#A)` and
//! `make_fragment_like(#A)` call the facade's traits of the same names
//! (`Complement::complement(&A, M)`, …: [`value_method`]), `flatten(#A)`
//! the layout's own `flatten` ([`flatten`]), as divides call
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
//! `Divide::logical_divide(&A, (FitsMode::<_, F>::fit_mode(t), C::<2>))`, `type` or
//! not; `fit_mode`, at the name, is the one error when `t` does not nest as
//! the mode it divides) and of `local_tile`, `inner_partition`,
//! `outer_partition` (named_partition.rs, `type` or not):
//! [`with_named_modes`].
//! `make_layout` of a shape nesting named shapes (`make_layout((#s, 4))`,
//! `type` or not) or of a named shape (after `type`) calls the facade's
//! `CompactLayout` ([`make_layout`]), and `make_ordered_layout` its
//! `make_ordered_layout` ([`ordered_layout`]).
//! Anywhere else `#A` is an error at its tokens (named_place.rs, which
//! also says what each place of a run-time call takes): in an integer position
//! (shape, stride, coordinate, tuple, tiler) it is not an integer, and a
//! function that writes out its result while compiling (`table`) cannot
//! see its numbers.

pub(crate) mod named_divide;
pub(crate) mod named_fit;
pub(crate) mod named_identity;
pub(crate) mod named_partition;
pub(crate) mod named_place;
pub(crate) mod named_product;
pub(crate) mod named_tile_coordinate;
pub(crate) mod named_tile_order;

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Construct, Query, TypedForm};

use crate::emit::MAX_RANK;
use crate::kind::{door, form_of, typed_call};
use crate::tree::is_plain;
use crate::typed::divide::Named;

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
    // An inner call's result bound by inner.rs: its own hygienic name.
    if let Some(bound) = crate::typed::inner::ident(name) {
        return bound;
    }
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
        crate::typed::divide::named_call(e),
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
        // A named cotarget: an integer, asked at its name (`IntOperand`).
        (TypedForm::Complement, [l, m])
            if matches!(m.kind, ExprKind::Int(m) if m >= 0)
                || matches!(m.kind, ExprKind::Dynamic(_))
                || name(m).is_some() =>
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

/// `flatten(#A)` (after `type`): the typed layout's own `flatten`
/// (CuTe's: its leaf modes at one level, structure only), asked at the
/// name to be a typed layout (the facade's `FlattenOperand`). The operand.
pub fn flatten(e: &Expr) -> Option<&Expr> {
    match typed_call(e)? {
        (TypedForm::Flatten, _, [l]) if name(l).is_some() => Some(l),
        _ => None,
    }
}

/// `make_layout(SHAPE[, LayoutLeft|LayoutRight])` of a named shape, whole
/// (after `type`) or nested in a written-out tuple (`make_layout((#s,
/// 4))`, CuTe's `make_layout(make_shape(s, Int<4>{}))`, `type` or not, as
/// the divides take such a tiler): the shape and whether the major is
/// `LayoutRight`. The facade's `CompactLayout`/`CompactLayoutRight` give
/// the layout, its strides static where the extents before them are.
///
/// CuTe's `make_fragment_like(shape)` is `make_layout(shape)` (g++ on
/// CUTLASS: `make_fragment_like(make_shape(make_shape(m, _4{}), _4{}))` is
/// `((m,_4),_4):((_1,m),4m)`), so `make_fragment_like((#s, 4))` is typed
/// alike (a whole name is a layout's `make_fragment_like`, the value
/// method).
pub fn make_layout(e: &Expr, typed: bool) -> Option<(&Expr, bool)> {
    let (TypedForm::Construct(made), _, args) = typed_call(e)? else {
        return None;
    };
    if made == Construct::FragmentLike {
        let [shape] = args else { return None };
        return with_named_modes(shape, false).then_some((shape, false));
    }
    if made != Construct::Layout {
        return None;
    }
    let (shape, right) = match args {
        [shape] => (shape, false),
        [shape, major] => match &major.kind {
            ExprKind::Name(n) if n == "LayoutLeft" => (shape, false),
            ExprKind::Name(n) if n == "LayoutRight" => (shape, true),
            _ => return None,
        },
        _ => return None,
    };
    let whole = typed && name(shape).is_some();
    (whole || with_named_modes(shape, false)).then_some((shape, right))
}

/// `make_layout(#a, #b, …)` after `type`: two or more named operands,
/// CuTe's `make_layout(L0, L1, …)` of layouts (each one mode) or
/// `make_layout(shape, stride)` of a named shape and stride. The facade's
/// `MakeLayoutOf` takes the tuple of values and chooses by their types
/// (the macro cannot see them): the operands.
pub fn concat(e: &Expr, typed: bool) -> Option<&[Expr]> {
    let (TypedForm::Construct(Construct::Layout), _, args) = typed_call(e)? else {
        return None;
    };
    let fits = (2..=MAX_RANK).contains(&args.len()) && args.iter().all(|a| name(a).is_some());
    (typed && fits).then_some(args)
}

/// `make_ordered_layout(SHAPE, ORDER)` of a named shape, whole (after
/// `type`) or nested in a written-out tuple (`type` or not), as
/// [`make_layout`]: the shape and the order (`LayoutLeft`, `LayoutRight`
/// or static integers, one of which may order a whole named shape). The
/// facade's `make_ordered_layout` gives the layout (`usize` strides).
pub fn ordered_layout(e: &Expr, typed: bool) -> Option<(&Expr, &Expr)> {
    let (TypedForm::Construct(Construct::Ordered), _, [shape, order]) = typed_call(e)? else {
        return None;
    };
    let fits = match &order.kind {
        ExprKind::Name(n) => n == "LayoutLeft" || n == "LayoutRight",
        _ => crate::tree::is_plain(order) && !crate::tree::has_dynamic(order),
    };
    let whole = typed && name(shape).is_some();
    (fits && (whole || with_named_modes(shape, false))).then_some((shape, order))
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

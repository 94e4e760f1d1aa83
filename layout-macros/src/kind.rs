//! What a (sub)expression evaluates to, known from its form alone: the
//! registry says what each function returns and which typed form the
//! expansion writes for it (`TypedForm`). `expand` chooses the output form
//! by them, `fallback` the stand-in value. The facade's names for each
//! typed form (its traits, methods and their result types) are [`door`]'s
//! and [`method`]'s tables, keyed by the form, never by a function's name.

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{self, Construct, Query, Returns, TypedForm};

/// The kinds of value the expansion treats differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    IntTuple,
    Layout,
    Table,
    /// A view (`slice`, `view`): folds to the pair `(layout, base)`.
    View,
    /// Anything else (a tiler, `LayoutLeft`, an unknown function).
    Other,
}

pub fn kind(e: &Expr) -> Kind {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Dynamic(_) => Kind::Int,
        ExprKind::Tuple(_) => Kind::IntTuple,
        ExprKind::Layout(..) => Kind::Layout,
        // A named typed layout (`#A`, named.rs).
        ExprKind::Name(name) if name.starts_with('#') => Kind::Layout,
        ExprKind::Call { name, args, .. } => match registry::function(name).map(|f| f.returns) {
            Some(Returns::Always(k)) => match k {
                registry::Kind::Int => Kind::Int,
                registry::Kind::IntTuple => Kind::IntTuple,
                registry::Kind::Layout => Kind::Layout,
                registry::Kind::Table => Kind::Table,
                registry::Kind::View => Kind::View,
                _ => Kind::Other,
            },
            Some(Returns::LikeArg(i)) => args.get(i).map_or(Kind::Other, kind),
            _ => Kind::Other,
        },
        _ => Kind::Other,
    }
}

/// The typed form the registry gives `e`'s function, with the call's name
/// (for labels) and arguments; `None` for anything but a call of a known
/// function. The expansion dispatches on the form, never on the name.
pub fn typed_call(e: &Expr) -> Option<(TypedForm, &'static str, &[Expr])> {
    let ExprKind::Call { name, args, .. } = &e.kind else {
        return None;
    };
    let f = registry::function(name)?;
    Some((f.typed, f.name, args))
}

/// The query `e` is a call of, if its function is one (`crd2idx`, `size`, …).
pub fn query(e: &Expr) -> Option<Query> {
    match typed_call(e)? {
        (TypedForm::Query(q), ..) => Some(q),
        _ => None,
    }
}

/// The typed form the registry gives the function called `name`
/// ([`TypedForm::RunTime`] for an unknown name).
pub fn form_of(name: &str) -> TypedForm {
    registry::function(name).map_or(TypedForm::RunTime, |f| f.typed)
}

/// The facade's door for a typed form its typed values answer through a
/// trait: `Trait::method(&value, …)`, and for `layout_type!` the trait's
/// associated type naming what the method gives.
#[derive(Clone, Copy)]
pub struct Door {
    pub trait_name: &'static str,
    pub method: &'static str,
    pub output: Option<&'static str>,
}

/// The facade's door for `form` (`ordered`: `tile_to_shape` with an
/// order), if it has one.
pub fn door(form: TypedForm, ordered: bool) -> Option<Door> {
    let (trait_name, method, output) = match form {
        TypedForm::Divide(Form::Logical) => ("Divide", "logical_divide", Some("Logical")),
        TypedForm::Divide(Form::Zipped) => ("Divide", "zipped_divide", Some("Zipped")),
        TypedForm::Divide(Form::Tiled) => ("Divide", "tiled_divide", Some("Tiled")),
        TypedForm::Divide(Form::Flat) => ("Divide", "flat_divide", Some("Flat")),
        TypedForm::Product(Form::Logical) => ("Product", "logical_product", Some("Logical")),
        TypedForm::Product(Form::Zipped) => ("Product", "zipped_product", Some("Zipped")),
        TypedForm::Product(Form::Tiled) => ("Product", "tiled_product", Some("Tiled")),
        TypedForm::Product(Form::Flat) => ("Product", "flat_product", Some("Flat")),
        TypedForm::ZipProduct { raked: false } => {
            ("RankedProduct", "blocked_product", Some("Blocked"))
        }
        TypedForm::ZipProduct { raked: true } => ("RankedProduct", "raked_product", Some("Raked")),
        TypedForm::TileToShape if ordered => ("TileToShape", "tile_to_shape_ordered", Some("Out")),
        TypedForm::TileToShape => ("TileToShape", "tile_to_shape", Some("Out")),
        // Methods of a typed value, whose result `layout_type!` does not name.
        TypedForm::Complement => ("Complement", "complement", None),
        TypedForm::Coalesce => ("Coalesce", "coalesce", None),
        TypedForm::Construct(Construct::FilterZeros) => ("FilterZeros", "filter_zeros", None),
        TypedForm::Construct(Construct::LayoutLike) => ("MakeLike", "make_layout_like", None),
        TypedForm::Construct(Construct::FragmentLike) => ("MakeLike", "make_fragment_like", None),
        _ => return None,
    };
    Some(Door {
        trait_name,
        method,
        output,
    })
}

/// The typed layout's method that answers a query (a layout with integer
/// strides has its cosize as its coshape).
pub fn method(query: Query) -> &'static str {
    match query {
        Query::Crd2idx => "crd2idx",
        Query::Size => "size",
        Query::Cosize | Query::Coshape => "cosize",
        Query::Rank => "rank",
        Query::Depth => "depth",
        Query::Idx2crd => "idx2crd",
        _ => unreachable!("a query the typed layouts answer"),
    }
}

#[cfg(test)]
mod tests {
    use layout_core::FUNCTIONS;
    use layout_core::registry::TypedForm;
    use proc_macro2::TokenStream;

    /// For each function the typed shell implements, a call with dynamic
    /// leaves in the form it types (the forms `expand.rs`'s table lists,
    /// written here without asking the registry).
    const TYPED_CALLS: &[(&str, &str)] = &[
        ("crd2idx", "crd2idx((i,j), (m,4):(1,m))"),
        ("size", "size((m,4):(1,m))"),
        ("cosize", "cosize((m,4):(1,m))"),
        ("coshape", "coshape((m,4):(1,m))"),
        ("rank", "rank((m,4):(1,m))"),
        ("depth", "depth((m,(4,2)))"),
        ("idx2crd", "idx2crd(i, (m,4))"),
        ("product_each", "product_each((m,(4,k)))"),
        ("shape_div", "shape_div((m,8), (2,4))"),
        ("ceil_div", "ceil_div((m,k), (16,8))"),
        ("composition", "type composition((m,4):(1,m), 2:1)"),
        ("flatten", "type flatten((m,(4,2)):(1,(m,8)))"),
        ("right_inverse", "type right_inverse((m,4):(4,1))"),
        ("left_inverse", "type left_inverse((m,4):(4,1))"),
        ("logical_divide", "type logical_divide((m,8):(1,m), <4,2>)"),
        ("zipped_divide", "type zipped_divide((m,8):(1,m), <4,2>)"),
        ("tiled_divide", "type tiled_divide((m,8):(1,m), <4,2>)"),
        ("flat_divide", "type flat_divide((m,8):(1,m), <4,2>)"),
        ("logical_product", "type logical_product((m,2):(1,4), 3:1)"),
        ("zipped_product", "type zipped_product((m,2):(1,4), 3:1)"),
        ("tiled_product", "type tiled_product((m,2):(1,4), 3:1)"),
        ("flat_product", "type flat_product((m,2):(1,4), 3:1)"),
        (
            "blocked_product",
            "type blocked_product((m,2):(1,4), (2,3):(3,1))",
        ),
        (
            "raked_product",
            "type raked_product((m,2):(1,4), (2,3):(3,1))",
        ),
        ("coalesce", "type coalesce((m,4):(1,m))"),
        ("complement", "type complement((m,4):(1,8), 64)"),
        (
            "make_ordered_layout",
            "type make_ordered_layout((m,4), (1,0))",
        ),
        ("make_layout_like", "type make_layout_like((m,4):(4,1))"),
        ("make_layout", "type make_layout((m,4), LayoutRight)"),
        ("make_fragment_like", "type make_fragment_like((m,4))"),
        ("filter_zeros", "type filter_zeros((m,4):(1,0))"),
        ("tile_to_shape", "type tile_to_shape((2,2):(1,2), (m,8))"),
        ("local_tile", "type local_tile((m,n):(1,m), (4,2), (i,j))"),
        (
            "inner_partition",
            "type inner_partition((m,n):(1,m), (4,2), (i,j))",
        ),
        (
            "outer_partition",
            "type outer_partition((m,n):(n,1), (2,2), (i,j))",
        ),
        (
            "local_partition",
            "type local_partition((m,n):(1,m), (2,4):(4,1), t)",
        ),
        (
            "make_composed_layout",
            "make_composed_layout(Sw<1,2,3>, 0, (m,4):(1,m))",
        ),
        ("slice", "slice((_,j), (m,8):(8,1))"),
        ("dice", "dice((_,j), (m,8):(8,1))"),
    ];

    fn expansion(input: &str) -> String {
        let tokens: TokenStream = input.parse().unwrap();
        crate::expand::expand(tokens).to_string()
    }

    #[test]
    fn the_functions_with_a_typed_form_are_the_ones_the_typed_shell_implements() {
        let mut registry: Vec<&str> = FUNCTIONS
            .iter()
            .filter(|f| f.typed != TypedForm::RunTime)
            .map(|f| f.name)
            .collect();
        let mut shell: Vec<&str> = TYPED_CALLS.iter().map(|(name, _)| *name).collect();
        registry.sort_unstable();
        shell.sort_unstable();
        assert_eq!(registry, shell);
    }

    #[test]
    fn each_typed_call_expands_to_typed_code_not_a_run_time_call() {
        for (_, input) in TYPED_CALLS {
            let out = expansion(input);
            assert!(!out.contains("compile_error"), "{input}: {out}");
            assert!(!out.contains(":: rt ::"), "{input} calls the core: {out}");
        }
        // The same forms of functions without one go to the core.
        for input in [
            "left_inverse((m,4):(1,m))",
            "type right_inverse((m,4):(-1,m))",
        ] {
            let out = expansion(input);
            assert!(out.contains(":: rt ::"), "{input}: {out}");
        }
    }
}

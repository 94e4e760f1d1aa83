//! Each function's entry says which typed Rust code the `layout!` macro
//! writes for a call with dynamic leaves (`typed`); the macro dispatches on
//! it, not on names. These tests hold the field to the list of typed forms
//! the macro documents (`layout-macros/src/expand.rs`'s table, written out
//! here independently of the registry) and to the entries' other fields.
//! That the macro types exactly these functions is checked on its side
//! (`layout-macros/src/kind.rs`, `tests`: one typed call per function), and
//! what each form computes, independently of this list, by the root test
//! `tests/typed_forms_vs_core/` (golden calls with a dynamic leaf, typed
//! values against the core's).

use layout_core::algebra::Form;
use layout_core::registry::{Arith, Construct, Kind, Partition, Query, Returns, Tiling, TypedForm};
use layout_core::{FUNCTIONS, function, notation};

/// The typed forms in `expand.rs`'s table, function by function: queries
/// of a typed layout or tuple (a method call), tuple arithmetic
/// (arith.rs), and after `type` the algebra (compose.rs, divide.rs,
/// product.rs, shape.rs, construct.rs, tile.rs, fold.rs, inverse.rs), the partitions
/// (partition.rs) and composed layouts (composed.rs).
const DOCUMENTED: &[(&str, TypedForm)] = &[
    ("crd2idx", TypedForm::Query(Query::Crd2idx)),
    ("size", TypedForm::Query(Query::Size)),
    ("cosize", TypedForm::Query(Query::Cosize)),
    ("coshape", TypedForm::Query(Query::Coshape)),
    ("rank", TypedForm::Query(Query::Rank)),
    ("depth", TypedForm::Query(Query::Depth)),
    ("idx2crd", TypedForm::Query(Query::Idx2crd)),
    ("product_each", TypedForm::Arith(Arith::ProductEach)),
    ("shape_div", TypedForm::Arith(Arith::ShapeDiv)),
    ("ceil_div", TypedForm::Arith(Arith::CeilDiv)),
    ("composition", TypedForm::Composition),
    ("logical_divide", TypedForm::Divide(Form::Logical)),
    ("zipped_divide", TypedForm::Divide(Form::Zipped)),
    ("tiled_divide", TypedForm::Divide(Form::Tiled)),
    ("flat_divide", TypedForm::Divide(Form::Flat)),
    ("logical_product", TypedForm::Product(Form::Logical)),
    ("zipped_product", TypedForm::Product(Form::Zipped)),
    ("tiled_product", TypedForm::Product(Form::Tiled)),
    ("flat_product", TypedForm::Product(Form::Flat)),
    ("blocked_product", TypedForm::ZipProduct { raked: false }),
    ("raked_product", TypedForm::ZipProduct { raked: true }),
    ("coalesce", TypedForm::Coalesce),
    ("complement", TypedForm::Complement),
    ("flatten", TypedForm::Flatten),
    ("right_inverse", TypedForm::RightInverse),
    ("left_inverse", TypedForm::LeftInverse),
    (
        "make_ordered_layout",
        TypedForm::Construct(Construct::Ordered),
    ),
    (
        "make_layout_like",
        TypedForm::Construct(Construct::LayoutLike),
    ),
    (
        "make_fragment_like",
        TypedForm::Construct(Construct::FragmentLike),
    ),
    ("filter_zeros", TypedForm::Construct(Construct::FilterZeros)),
    ("make_layout", TypedForm::Construct(Construct::Layout)),
    ("tile_to_shape", TypedForm::TileToShape),
    ("local_tile", TypedForm::Partition(Partition::Tile)),
    ("inner_partition", TypedForm::Partition(Partition::Tile)),
    ("outer_partition", TypedForm::Partition(Partition::Outer)),
    ("local_partition", TypedForm::Partition(Partition::Threads)),
    ("make_composed_layout", TypedForm::Composed),
    ("slice", TypedForm::Slice { dice: false }),
    ("dice", TypedForm::Slice { dice: true }),
];

#[test]
fn each_functions_typed_form_is_the_documented_one_and_the_rest_run_at_run_time() {
    for f in FUNCTIONS {
        let documented = DOCUMENTED.iter().find(|(name, _)| *name == f.name);
        let expected = documented.map_or(TypedForm::RunTime, |(_, form)| *form);
        assert_eq!(f.typed, expected, "{}", f.name);
    }
    for (name, _) in DOCUMENTED {
        assert!(function(name).is_some(), "{name} is not in the registry");
    }
}

#[test]
fn a_tiling_function_is_typed_in_the_form_it_tiles() {
    for f in FUNCTIONS {
        let Some(tiling) = f.tiling else { continue };
        let expected = match tiling {
            Tiling::Composition => TypedForm::Composition,
            Tiling::Divide(form) => TypedForm::Divide(form),
            Tiling::Product(form) => TypedForm::Product(form),
            Tiling::ZipProduct { raked } => TypedForm::ZipProduct { raked },
            _ => panic!("{}: a tiling this test does not know", f.name),
        };
        assert_eq!(f.typed, expected, "{}", f.name);
    }
}

#[test]
fn typed_forms_fit_what_the_function_returns_and_take_dynamic_leaves() {
    for f in FUNCTIONS.iter().filter(|f| f.typed != TypedForm::RunTime) {
        // A typed form is for dynamic leaves: never a static-only function.
        assert!(!f.static_only, "{}", f.name);
        let returns = |kinds: &[Kind]| match f.returns {
            Returns::Always(k) => kinds.contains(&k),
            _ => false,
        };
        let fits = match f.typed {
            TypedForm::Query(Query::Idx2crd) => returns(&[Kind::IntTuple]),
            TypedForm::Query(Query::Coshape) => returns(&[Kind::Int, Kind::IntTuple]),
            TypedForm::Query(_) => returns(&[Kind::Int]),
            TypedForm::Arith(_) => returns(&[Kind::IntTuple]),
            TypedForm::Partition(_) => returns(&[Kind::View]),
            TypedForm::Composed => returns(&[Kind::Composed]),
            TypedForm::Slice { dice: false } => returns(&[Kind::View]),
            // `filter_zeros` of a layout is a layout (of a tuple, a tuple).
            TypedForm::Construct(Construct::FilterZeros) => f.returns == Returns::LikeArg(0),
            // `flatten` of a layout is a layout (of a tuple, a tuple).
            TypedForm::Flatten => f.returns == Returns::LikeArg(0),
            _ => returns(&[Kind::Layout]),
        };
        assert!(fits, "{}: {:?} returns {:?}", f.name, f.typed, f.returns);
    }
}

#[test]
fn the_parsers_sugar_names_the_registrys_functions() {
    let composed = function(notation::COMPOSED_CALL).expect("a function");
    assert_eq!(composed.typed, TypedForm::Composed);
    let swizzle = function(notation::SWIZZLE_CALL).expect("a function");
    assert_eq!(swizzle.returns, Returns::Always(Kind::Swizzle));
}

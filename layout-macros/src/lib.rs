//! The `layout!` procedural macro: CuTe notation written as Rust tokens,
//! evaluated by `layout-core` while the crate compiles.
//!
//! The pipeline, one small private module each: `ast` parses tokens into
//! the core's `Expr` (with a side table of spans; `quick` reads the common
//! forms without syn), `valid` runs the core and
//! collects every error, `expand` chooses the output form, `emit` writes its
//! tokens, and `fallback` stands in for a value when there are errors; both
//! know what a call gives from `kind`, which asks the core's registry.
//! Use it through the `layout-dsl` facade, whose `__private` module holds
//! the types the expansion names.

#![warn(missing_docs)]

mod ast;
mod emit;
mod expand;
mod fallback;
mod kind;
mod primary;
mod probe;
mod quick;
mod quick_text;
mod runtime;
mod tokens;
mod tree;
mod typed;
mod types;
mod valid;
mod zero_sized;

use layout_core::registry::{self, Function, Partition, TypedForm};
use proc_macro::TokenStream;
use quote::{format_ident, quote};

/// CuTe notation, evaluated while the crate compiles by `layout-core`.
///
/// The input is anything `layout eval` accepts (layouts, tilers `<…>`,
/// every function, nested calls), plus dynamic leaves in integer positions:
/// a `usize` variable (`m`) or a block (`{n * 2}`).
///
/// - A static integer or integer tuple becomes a literal (usable in `const`
///   items and array lengths); `table(L)` becomes `[L(0), …, L(size-1)]`.
/// - A layout (a literal or any algebra result) becomes a `Copy` value with
///   `size() cosize() rank() depth() crd2idx(coord) idx2crd(index) at(index)`
///   and `Display`. Static, it holds its numbers as `usize` literals, and an
///   optimised build folds its `crd2idx` to the arithmetic a person would
///   write; after `type` (`layout!(type (4,8):(8,1))`), or when it is empty,
///   the numbers are in its type and it is zero-sized. With dynamic leaves,
///   it holds only them.
/// - A swizzle `Sw<B,M,S>` is the zero-sized `typed::Swizzle<B,M,S>`
///   (invalid parameters are compile errors at the number); a composed
///   layout `Sw<B,M,S> o OFFSET o INNER` (or `composition(Sw<…>, L)`, or any
///   algebra giving one) a `typed::Composed` of it, the offset and the
///   inner layout folded as above, whose `crd2idx` is the inner layout's
///   arithmetic and one mask, shift and XOR. An inner `SHAPE:STRIDE` with
///   dynamic leaves (and a dynamic offset) stays typed.
/// - An algebra function of a layout with dynamic leaves is evaluated by the
///   core at run time: `Result<Layout, Error>` (or `Result<i64, Error>`, …).
///   After `type`, `logical_divide`, `zipped_divide`, `tiled_divide` and
///   `flat_divide` of a written-out layout whose modes are single leaves, by
///   a tiler `<T0,…>` of static extents, give a typed layout from
///   straight-line code instead:
///   `Result<typed::Layout<…>, typed::AlgebraError>`, static leaves static.
///   So do `composition(A, B)` of two written-out layouts or of a layout
///   by a by-mode tiler `<B0,…>` (no negative static stride),
///   `coalesce(A[, PROFILE])`, `complement(A[, M])` (`M` an integer or a
///   tuple; static strides, or one mode of dynamic stride),
///   `logical_product`/`zipped_product`/`tiled_product`/`flat_product`/
///   `blocked_product`/`raked_product` of a layout with static strides
///   (or whose complements each have one mode of dynamic stride, CuTe's
///   rank-1 case: `logical_product((8,4):(d,1), (2,1))`) by a static one
///   (all but `blocked_product`/`raked_product` also by a
///   by-mode tiler `<B0,…>`), `make_ordered_layout(SHAPE, ORDER)`,
///   `make_layout_like(L)`, `make_fragment_like(L)`, `filter_zeros(L)` and
///   `tile_to_shape(BLOCK, SHAPE[, ORDER])`: CuTe's algorithm, each
///   divisibility it assumes checked at run time (an `AlgebraError`
///   naming the values, never a wrong layout). So does `right_inverse(L)`
///   (CuTe's chain through the static strides, a mode of dynamic stride
///   left out; an `AlgebraError` at a value where the core takes other
///   modes than CuTe's) and `left_inverse(L)` of a layout with static
///   strides (CuTe's construction; a dynamic stride is a compile error).
///   `flatten(SHAPE:STRIDE)` is the layout with its leaves at one level
///   (no `Result`). An operand may itself be such a call
///   (`logical_product(coalesce(A), 4:1)`), its result with dynamic leaves
///   only where the outer call reads it as a function (elsewhere a compile
///   error at the inner call); an operand call with no dynamic leaf is
///   folded first and typed as if written out, its `Result` kind
///   included.
/// - CuTe's partitions `local_tile(L, T, C[, STEP])`, `inner_partition`,
///   `outer_partition` and `local_partition(L, THR, I[, STEP])` give a view:
///   static, the pair `(typed layout, base)`; after `type`, of a written-out
///   `L` with dynamic leaves (flat or nested, static strides of either sign)
///   by static tile extents of 1 or more (a tuple of them for a tuple mode),
///   or a static thread layout of any nesting, and a static step
///   `(1,X,1)`, the facade's typed partition, `Result<(typed layout, base),
///   Error>` (the base a `usize`, an `isize` for a negative stride);
///   otherwise the core at run time.
/// - `product_each`, `shape_div` and `ceil_div` of written-out tuples with
///   dynamic leaves give a Rust tuple of `usize`, `Result<(…),
///   typed::AlgebraError>` (a divisor 0, or extents `shape_div` cannot
///   divide, named).
/// - `#NAME` is a typed layout in scope, used whole: alone, or as the layout
///   of `crd2idx`, `size`, `cosize`, `rank`, `depth` (its methods); as an
///   argument of other algebra, it goes to the run-time core path.
///
/// A typed layout has at most 12 modes per level and nests at most 64 deep
/// (deeper, rustc's trait solver gives up); past either, the tuple that
/// crosses the limit is a compile error. Elsewhere (`size(…)`, `crd2idx`
/// of a static layout, …) the core's limits apply: 128 levels of brackets.
///
/// Every mistake is a compile error at the offending tokens, all of them at
/// once, and nothing else: the code around a failed call still type-checks.
///
/// ```ignore
/// const I: usize = layout!(crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))); // 129
/// let l = layout!((4,8):(8,1));
/// assert_eq!(l.crd2idx((2, 3)), 19);
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    // A static input read whole as text first (quick_text.rs): one call
    // into the compiler instead of one per token.
    match quick_text::expand_text(&input.to_string()) {
        Some(quick_text::Expansion::Tokens(tokens)) => return tokens.into(),
        // Our own text, which lexes; were it not to, the token path below.
        Some(quick_text::Expansion::Text(text)) => {
            if let Ok(tokens) = text.parse() {
                return tokens;
            }
        }
        None => {}
    }
    expand::expand(input.into()).into()
}

/// The type of `layout!(input)`, for a layout input the macro types: a
/// static layout (with or without `type`), or `SHAPE:STRIDE` written out
/// with dynamic leaves (any name there stands for a `usize` leaf); for
/// typed algebra after `type` (a divide, `composition`, a product,
/// `tile_to_shape`, `right_inverse`, a call of such calls, …), the layout
/// inside the `Result` it gives (for a
/// typed partition, `local_tile`, `local_partition`, …, the view's layout,
/// the first of the pair); a
/// swizzle or a composed layout (`Sw<3,4,3> o 0 o (m,64):(64,1)`).
/// After `type`, `composition` with a named operand names the `Compose`
/// trait's result: there `#A` is a typed layout's *type* (a type alias),
/// as in `layout!` it is a value of that type, so
/// `layout_type!(type composition(#A, #B))` is the type of
/// `layout!(type composition(#a, #b))` inside its `Result` for `a: A`,
/// `b: B` (the other operand may be written out, or a by-mode tiler `<…>`).
/// The products with a named operand name their traits' results the same
/// way: `layout_type!(type logical_product(#A, #B))` is `<A as
/// Product<B>>::Logical` (`zipped_product`, `tiled_product`,
/// `flat_product` likewise), `blocked_product`/`raked_product` are
/// `RankedProduct`'s, `tile_to_shape(#A, (m,64))` is `TileToShape`'s
/// (with an order, `tile_to_shape(#A, (m,64), LayoutRight)`, the same type).
///
/// ```ignore
/// struct Tiles {
///     rows: layout_type!((4,8):(8,1)),        // Layout<(usize, usize), (usize, usize)>
///     fixed: layout_type!(type (4,8):(8,1)),  // Layout<(C<4>, C<8>), (C<8>, C<1>)>
///     cols: layout_type!((m,4):(1,m)),        // Layout<(usize, C<4>), (C<1>, usize)>
/// }
/// type A = layout_type!((m,n):(1,m));
/// type Rows = layout_type!(type composition(#A, (4,3):(1,k))); // what `Compose` gives
/// fn rows(a: A, k: usize) -> Result<Rows, AlgebraError> {
///     layout!(type composition(#a, (4,3):(1,k)))
/// }
/// ```
#[proc_macro]
pub fn layout_type(input: TokenStream) -> TokenStream {
    types::expand(input.into()).into()
}

/// Not API: `layout_macros::__tiling_functions!()` expands to one
/// uninhabited type per function that takes named tiles
/// (`takes_named_tiles`), named as the function, for the facade's
/// `__private::tilers`: the expansion passes the call's function as the
/// type `F` of its tile checks, whose errors print it.
#[doc(hidden)]
#[proc_macro]
pub fn __tiling_functions(_: TokenStream) -> TokenStream {
    tiling_function_types().into()
}
/// Whether `f` takes named tiles checked by the facade's `FitTile` (a
/// divide, a tiling partition), whose errors name it by a type of
/// `__private::tilers`.
fn takes_named_tiles(f: &Function) -> bool {
    matches!(
        f.typed,
        TypedForm::Divide(_) | TypedForm::Partition(Partition::Tile | Partition::Outer)
    )
}

/// The types of `__private::tilers`: one per function [`takes_named_tiles`].
fn tiling_function_types() -> proc_macro2::TokenStream {
    let types = registry::FUNCTIONS.iter().filter(|f| takes_named_tiles(f)).map(|f| {
        let name = format_ident!("{}", f.name);
        let doc = format!(
            "The function `{}`, as the error of a named tile that does not fit names it (never made).",
            f.name
        );
        quote!(#[doc = #doc] pub enum #name {})
    });
    quote!(#(#types)*)
}

/// Not API: `layout_macros::__ranks!(callback args…)` expands to
/// `callback! { args… {0;} {1; (0 A0 B0 C0)} … {MAX_RANK; …} }`: every
/// tuple rank a typed layout may have, each with its field indices and three
/// names per field for generic parameters, so that the facade implements its
/// traits for exactly the ranks the macro emits (one `MAX_RANK`, `emit.rs`).
#[doc(hidden)]
#[proc_macro]
pub fn __ranks(input: TokenStream) -> TokenStream {
    use proc_macro2::Literal;
    use quote::{format_ident, quote};

    let mut input = proc_macro2::TokenStream::from(input).into_iter();
    let callback = input.next();
    let args: proc_macro2::TokenStream = input.collect();
    let ranks = (0..=emit::MAX_RANK).map(|rank| {
        let fields = (0..rank).map(|i| {
            let index = Literal::usize_unsuffixed(i);
            let [a, b, c] = ["A", "B", "C"].map(|n| format_ident!("{n}{i}"));
            quote!((#index #a #b #c))
        });
        let rank = Literal::usize_unsuffixed(rank);
        quote!({#rank; #(#fields)*})
    });
    quote!(#callback! { #args #(#ranks)* }).into()
}

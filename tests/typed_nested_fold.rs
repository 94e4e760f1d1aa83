//! After `type`, a static operand call is folded by the core and written
//! out before anything types the call around it (layout-macros/src/typed/fold.rs),
//! so the result is what the outer call written out gives — its kind
//! included (no `Result` for an inner call that cannot fail) — whichever
//! door types it; `flatten` of a written-out layout is typed (its leaves at
//! one level, CuTe's `make_layout(flatten(shape), flatten(stride))`) and
//! nests either way; `layout_type!` names each of these types. Every value
//! is checked against the core at every index.

use layout_dsl::typed::{C, Layout};
use layout_dsl::{layout, layout_type};

mod agrees;

use agrees::{agrees, core};

#[test]
fn a_static_nested_call_is_a_static_layout_not_a_result() {
    // CuTe: logical_product(coalesce(Layout<Shape<_4,_2>,Stride<_1,_4>>{}),
    // Layout<_4,_1>{}) is (_8,_4):(_1,_8), a static layout.
    let t: Layout<(C<8>, C<4>), (C<1>, C<8>)> =
        layout!(type logical_product(coalesce((4,2):(1,4)), 4:1));
    assert_eq!(t.to_string(), "(8,4):(1,8)");
    let named: layout_type!(type logical_product(coalesce((4,2):(1,4)), 4:1)) = t;
    assert_eq!(named, t);
    // CuTe: coalesce(composition((_4,_8):(_1,_4), _8:_1)) is _8:_1.
    let c: Layout<C<8>, C<1>> = layout!(type coalesce(composition((4,8):(1,4), 8:1)));
    assert_eq!(c.to_string(), "8:1");
}

#[test]
fn a_static_inner_call_beside_a_dynamic_operand_is_written_out() {
    // The outer call is typed as `composition(8:1, (m):(1))` written out.
    for m in 1..=10usize {
        let t = layout!(type composition(coalesce((4,2):(1,4)), (m):(1)));
        let text = format!("composition(coalesce((4,2):(1,4)), ({m}):(1))");
        match core(&text) {
            Some(_) => assert!(agrees(t, &text), "{text}"),
            None => assert!(t.is_err(), "{text}"),
        }
        let written = layout!(type composition(8:1, (m):(1)));
        assert_eq!(t.ok(), written.ok(), "{text}");
    }
}

#[test]
fn a_static_inner_call_reaches_the_trait_doors() {
    // A named operand's composition (the facade's `Compose`) sees the
    // folded operand `8:1`, as if written out.
    for m in [2usize, 4, 8] {
        let a = layout!((m,4):(1,m));
        let t = layout!(type composition(#a, coalesce((4,2):(1,4))));
        let written = layout!(type composition(#a, 8:1));
        assert_eq!(t.unwrap().to_string(), written.unwrap().to_string());
        let text = format!("composition(({m},4):(1,{m}), 8:1)");
        assert!(agrees(t, &text), "{text}");
    }
}

#[test]
fn flatten_of_a_written_out_layout_is_its_leaves_at_one_level() {
    // CuTe with dynamic ints: flatten((m,(_2,n)):(_1,(m,_16))) prints
    // (8,_2,3):(_1,8,_16) for m = 8, n = 3: static leaves stay static.
    for (m, n) in [(8usize, 3usize), (1, 1), (5, 7)] {
        let t: Layout<(usize, C<2>, usize), (C<1>, usize, C<16>)> =
            layout!(type flatten((m,(2,n)):(1,(m,16))));
        let text = format!("flatten(({m},(2,{n})):(1,({m},16)))");
        assert_eq!(t.to_string(), core(&text).unwrap().to_string());
        assert!(agrees(Ok(t), &text), "{text}");
    }
    // A divide reads the flattened modes, the core's: the same typed
    // layout as the divide of the flat layout written out.
    for m in 1..=9usize {
        let t = layout!(type logical_divide(flatten((m,(2,4)):(1,(m,8))), <4>));
        let written = layout!(type logical_divide((m,2,4):(1,m,8), <4>));
        assert_eq!(t, written);
        let text = format!("logical_divide(flatten(({m},(2,4)):(1,({m},8))), <4>)");
        assert!(agrees(t, &text), "{text}");
    }
}

#[test]
fn flatten_of_a_typed_call() {
    // CuTe: flatten(logical_divide((m,n):(_1,m), Shape<_4,_8>)) is
    // (_4,m/4,_8,n/8):(_1,_4,m,8m).
    type Flat = Layout<(C<4>, usize, C<8>, usize), (C<1>, C<4>, usize, usize)>;
    type Named = layout_type!(type flatten(logical_divide((m,n):(1,m), <4,8>)));
    for m in [4usize, 8, 12, 5] {
        for n in [8usize, 16, 3] {
            let t: Result<Flat, _> = layout!(type flatten(logical_divide((m,n):(1,m), <4,8>)));
            let text = format!("flatten(logical_divide(({m},{n}):(1,{m}), <4,8>))");
            assert!(agrees(t, &text), "{text}");
            let named: Result<Named, _> = t;
            assert_eq!(named, t);
            // And coalesced after: nested twice.
            let c = layout!(type coalesce(flatten(logical_divide((m,n):(1,m), <4,8>))));
            assert!(agrees(c, &format!("coalesce({text})")), "{text}");
        }
    }
}

#[test]
fn layout_type_names_a_nested_call() {
    // The type test a_product_of_a_coalesce_and_its_coalesce (in
    // typed_nested_calls.rs) spells out, named by `layout_type!`.
    type Product = layout_type!(type logical_product(coalesce((m,2):(2,1)), 4:1));
    type Flat = layout_type!(type coalesce(logical_product(coalesce((m,2):(2,1)), 4:1)));
    type Spelled = Layout<((usize, C<2>), C<4>), ((C<2>, C<1>), usize)>;
    type FlatSpelled = Layout<(usize, C<2>, C<4>), (C<2>, C<1>, usize)>;
    let same: fn(Product) -> Spelled = |l| l;
    let flat: fn(Flat) -> FlatSpelled = |l| l;
    for m in 1..=6usize {
        let t: Result<Product, _> = layout!(type logical_product(coalesce((m,2):(2,1)), 4:1));
        let text = format!("logical_product(coalesce(({m},2):(2,1)), 4:1)");
        assert!(agrees(t.map(same), &text), "{text}");
        let f: Result<Flat, _> =
            layout!(type coalesce(logical_product(coalesce((m,2):(2,1)), 4:1)));
        assert!(agrees(f.map(flat), &format!("coalesce({text})")), "{text}");
    }
}

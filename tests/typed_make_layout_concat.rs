//! CuTe's `make_layout(L0, L1, …)` (each layout one mode of the result:
//! `make_layout(make_shape(shape(L0), …), make_stride(stride(L0), …))`) of
//! written-out layouts with dynamic leaves after `type`: a typed layout
//! whose leaves are the operands' own (static ones static), equal to the
//! core's at every index and in print.

// The point of these tests is the layouts' types, written out in full.
#![allow(clippy::type_complexity)]

use layout_dsl::typed::{C, Layout, TypedLayout};
use layout_dsl::{layout, layout_type};
use proptest::prelude::*;

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;
use cute_print_offsets::{core, same_offsets};

/// The core's print, size and offset at every index.
fn agrees<L: TypedLayout>(typed: &L, text: &str)
where
    L::Offset: TryInto<i64>,
{
    let core = core(text);
    assert_eq!(typed.to_string(), core.to_string(), "{text}");
    assert_eq!(typed.size() as i64, core.size(), "{text}");
    for i in 0..typed.size() {
        let at = layout_core::IntTuple::Int(i as i64);
        assert_eq!(
            typed.at(i).try_into().ok(),
            Some(core.crd2idx(&at).unwrap()),
            "{text} at {i}"
        );
    }
}

#[test]
fn two_layouts_become_two_modes_their_static_leaves_static() {
    let (m, k) = (6usize, 3usize);
    let l = layout!(type make_layout((4, m):(1, 4), 8:{k})).unwrap();
    // CuTe: make_layout(make_layout(make_shape(_4{}, m)), Layout<_8, int>)
    // is ((_4,m),_8):((_1,_4),k).
    let _: &Layout<((C<4>, usize), C<8>), ((C<1>, C<4>), usize)> = &l;
    agrees(&l, "make_layout((4,6):(1,4), 8:3)");
    assert_eq!(l.to_string(), "((4,6),8):((1,4),3)");
}

#[test]
fn one_layout_is_one_mode_and_three_nest_as_written() {
    let m = 5usize;
    let one = layout!(type make_layout(m:2)).unwrap();
    assert_eq!(one.to_string(), "(5):(2)");
    agrees(&one, "make_layout(5:2)");
    let three = layout!(type make_layout(8:2, (2, (m, 4)):(0, (1, m)), 5:7)).unwrap();
    agrees(&three, "make_layout(8:2, (2,(5,4)):(0,(1,5)), 5:7)");
    // A negative stride makes the layout signed, as a written-out one.
    let signed = layout!(type make_layout(m:-1, 4:{m})).unwrap();
    agrees(&signed, "make_layout(5:-1, 4:5)");
}

#[test]
fn layout_type_names_it() {
    let m = 7usize;
    let l: layout_type!(type make_layout((4, m):(1, 4), 8:1)) =
        layout!(type make_layout((4, m):(1, 4), 8:1)).unwrap();
    agrees(&l, "make_layout((4,7):(1,4), 8:1)");
}

proptest! {
    #[test]
    fn concatenation_agrees_with_the_core(m in 0usize..9, n in 1usize..9, d in 0usize..40) {
        let l = layout!(type make_layout((m, 2):(1, {d}), n:{m * 2}, (3, n):(n, 1))).unwrap();
        agrees(&l, &format!("make_layout(({m},2):(1,{d}), {n}:{}, (3,{n}):({n},1))", m * 2));
    }
}

/// CuTe's `make_fragment_like(shape)` is `make_layout(shape)`: of a shape
/// nesting a named shape (`make_fragment_like((#s, 4))`, CuTe's
/// `make_fragment_like(make_shape(s, _4{}))`, whose print for
/// `s = (m, _4)` is `((m,_4),_4):((_1,m),4m)`) it is typed, `type` or not,
/// with the static strides CuTe's has.
#[test]
fn make_fragment_like_of_a_named_mode_tuple() {
    use layout_dsl::typed::Prod;
    for m in [1usize, 3, 5] {
        let s = (m, C::<4>);
        let l: Layout<((usize, C<4>), C<4>), ((C<1>, usize), usize)> =
            layout!(make_fragment_like((#s, 4))).unwrap();
        same_offsets(&l, &format!("make_fragment_like((({m},4),4))"));
        let t = layout!(type make_fragment_like((4, #s))).unwrap();
        let _: &Layout<(C<4>, (usize, C<4>)), _> = &t;
        let _: &Prod<C<1>, C<4>> = &t.stride().1.0;
        same_offsets(&t, &format!("make_fragment_like((4,({m},4)))"));
        if m > 1 {
            agrees(&t, &format!("make_fragment_like((4,({m},4)))"));
        }
    }
}

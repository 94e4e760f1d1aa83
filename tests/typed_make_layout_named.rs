//! `layout!(type make_layout(#a, #b, …))` of named typed layouts: CuTe's
//! `make_layout(L0, L1, …)`, each layout one mode, typed by the facade's
//! `MakeLayoutOf` (no run-time core): the leaves are the operands' own,
//! static ones static, checked against the core at every index and
//! against CUTLASS's prints (g++ on the CUTLASS headers, host code, with
//! `m = 6`, `k = 3`; the harness is kept outside the repository).
//! Two named trees that are a shape and a stride are CuTe's
//! `make_layout(shape, stride)`, as the run-time path took them.

// The point of these tests is the layouts' types, written out in full.
#![allow(clippy::type_complexity)]

use layout_dsl::layout;
use layout_dsl::typed::{C, Layout, TypedLayout};

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;
use cute_print_offsets::{core, same_offsets};

/// The core's print, size and offset at every index, and CuTe's print
/// (values and which leaves are static).
fn agrees<S: layout_dsl::__private::Tree, D: layout_dsl::__private::Tree>(
    typed: &Layout<S, D>,
    text: &str,
    cute: &str,
) where
    Layout<S, D>: TypedLayout<Offset = usize>,
{
    let core = core(text);
    assert_eq!(typed.to_string(), core.to_string(), "{text}");
    assert_eq!(typed.to_string(), cute.replace('_', ""), "{text}");
    assert_eq!(form(typed), cute_form(cute), "{text}");
    same_offsets(typed, text);
}

#[test]
fn two_named_layouts_become_two_modes() {
    let (m, k) = (6usize, 3usize);
    let a = layout!(type (4, m):(1, 4));
    let b = layout!(type 8:{k});
    let l = layout!(type make_layout(#a, #b)).unwrap();
    let _: &Layout<((C<4>, usize), C<8>), ((C<1>, C<4>), usize)> = &l;
    agrees(
        &l,
        "make_layout((4,6):(1,4), 8:3)",
        "((_4,6),_8):((_1,_4),3)",
    );
    // The same as the written-out form, which was typed before.
    let written = layout!(type make_layout((4, m):(1, 4), 8:{k})).unwrap();
    assert_eq!(l, written);
}

#[test]
fn three_named_layouts_become_three_modes() {
    let (m, k) = (6usize, 3usize);
    let a = layout!(type (4, m):(1, 4));
    let b = layout!(type 8:{k});
    let c = layout!(type (m, 2):(2, {m * 2}));
    let l = layout!(type make_layout(#a, #b, #c)).unwrap();
    let _: &Layout<((C<4>, usize), C<8>, (usize, C<2>)), ((C<1>, C<4>), usize, (C<2>, usize))> = &l;
    agrees(
        &l,
        "make_layout((4,6):(1,4), 8:3, (6,2):(2,12))",
        "((_4,6),_8,(6,_2)):((_1,_4),3,(_2,12))",
    );
}

#[test]
fn a_named_shape_and_stride_are_cutes_shape_stride_form() {
    let m = 6usize;
    let s = (m, C::<4>);
    let d = (C::<1>, m);
    let l = layout!(type make_layout(#s, #d)).unwrap();
    let _: &Layout<(usize, C<4>), (C<1>, usize)> = &l;
    agrees(&l, "(6,4):(1,6)", "(6,_4):(_1,6)");
}

#[test]
fn every_dynamic_value_is_read_at_run_time() {
    for m in 1..=5usize {
        for k in 0..=4usize {
            let a = layout!(type (4, m):(1, 4));
            let b = layout!(type 8:{k});
            let l = layout!(type make_layout(#a, #b)).unwrap();
            let text = format!("make_layout((4,{m}):(1,4), 8:{k})");
            let core = core(&text);
            assert_eq!(l.to_string(), core.to_string(), "{text}");
            for i in 0..l.size() {
                let at = layout_core::IntTuple::Int(i as i64);
                assert_eq!(l.at(i) as i64, core.crd2idx(&at).unwrap(), "{text} at {i}");
            }
        }
    }
}

//! typed → `layout_core::Layout` (issue 13 §1): infallible where the type
//! proves the fit (every leaf static, `StaticTree`: `into_core()` and
//! `From<&Layout>`), `TryFrom` where a `usize` leaf may pass `i64`. The
//! infallible form gives the same layout as `TryFrom` (and so as the core
//! reading the notation) on static layouts written out, made by the typed
//! algebra (folded leaves `Quot`, `Prod`, …), signed, nested, and at the
//! edge of `i64`. A static layout past `i64` does not build (the
//! `compile_fail` example of `Layout::into_core`: an error while
//! instantiating it, which `cargo check` and so trybuild do not reach),
//! nor does a dynamic one (ui-tests/typed/into_core_dynamic.rs).

use layout_dsl::layout;
use layout_dsl::typed::{C, Compose, Divide, Layout, StaticTree, TypedLayout};

/// Both infallible forms against `TryFrom` and the notation.
fn agree<S, D, I>(l: Layout<S, D, I>)
where
    S: layout_dsl::typed::Mode<D> + StaticTree,
    D: StaticTree,
    I: layout_dsl::typed::Offset,
    Layout<S, D, I>: TypedLayout,
{
    let want = layout_dsl::Layout::try_from(l).unwrap();
    assert_eq!(l.into_core(), want);
    assert_eq!(layout_dsl::Layout::from(&l), want);
    let text: layout_dsl::Layout = l.to_string().parse().unwrap();
    assert_eq!(want, text);
}

/// Generic code names the infallible conversion by its bound.
fn to_core_of<L>(l: &L) -> layout_dsl::Layout
where
    for<'a> layout_dsl::Layout: From<&'a L>,
{
    layout_dsl::Layout::from(l)
}

#[test]
fn static_layouts_convert_infallibly() {
    agree(layout!(type (4,8):(8,1)));
    agree(layout!(type ((2,4),(3,5)):((1,2),(8,24))));
    agree(layout!(type (4,8):(-8,1)));
    agree(layout!(type 1:0));
    agree(layout!(type (0,4):(1,0)));
    // The typed algebra's static results (folded leaves).
    let a = layout!(type (8,16):(16,1));
    agree(a.logical_divide((C::<4>, C::<8>)).unwrap());
    agree(a.composition(layout!(type (4,2):(2,8))).unwrap());
    // At the edge of `i64`: offsets up to `i64::MAX` exactly.
    const M: i64 = i64::MAX;
    agree(Layout::<(C<M>,), (C<1>,)>::default());
    agree(Layout::<(C<2>, C<2>), (C<{ 1 << 62 }>, C<{ (1 << 62) - 1 }>)>::default());
    assert_eq!(
        to_core_of(&layout!(type (2,3):(3,1))).to_string(),
        "(2,3):(3,1)"
    );
}

/// A `usize` leaf decides at run time: `TryFrom`, which fails past `i64`.
#[test]
fn dynamic_layouts_try() {
    let m = 6usize;
    let core = layout_dsl::Layout::try_from(layout!((m,4):(1,m))).unwrap();
    assert_eq!(core.to_string(), "(6,4):(1,6)");
    let big = i64::MAX as usize + 1;
    assert!(layout_dsl::Layout::try_from(layout!((big,4):(1,4))).is_err());
}

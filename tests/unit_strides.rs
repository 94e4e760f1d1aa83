//! Strides of extent-1 modes against CuTe's prints, static or not, and
//! `tile_to_shape`'s named target with static places.
//!
//! `tests/golden/cute_unit_strides.txt` is CUTLASS 4.7's own `print`
//! (rows `layout|tiler or target|result`; `m=8`, `n=3`, `d=5` run-time
//! `int`s, the rest `Int<N>`; a host program outside the repository,
//! g++ `-std=c++17`): the tile mode of `zipped_divide` (`local_tile`'s
//! tile) by tilers holding `_1`, and `tile_to_shape` with a static copy
//! of 1 and with place orders (`Step<_1,_0>`).
//!
//! Where CuTe's stride is a static `_0` because a static extent is 1, ours
//! is static wherever the `1` is seen by `layout!` (written out) or is its
//! own type (`UnitTile`); a `C<1>` that reaches the algebra as a generic
//! `C<N>` (a named tiler's entry, a named target's copy count) gives a
//! `usize` 0 under a run-time stride: stable Rust cannot choose a type by
//! a const generic's value (an `impl` for `C<1>` beside one for `C<N>` is
//! E0119, and a `where` on `N == 1` needs `generic_const_exprs`). Those
//! rows are asserted as they are, and as CuTe's function at every index.

// Its `form` takes `usize` offsets only: `form` below is it for any.
#[allow(dead_code)]
#[path = "cute_print/form.rs"]
mod cute_print_form;

mod agrees;

use agrees::same;
use cute_print_form::cute_form;
use layout_dsl::__private::Tree;
use layout_dsl::layout;
use layout_dsl::tensor::typed::UnitTile;
use layout_dsl::typed::{C, Layout, TypedLayout};

/// `cute_print_form::form` for any offset type (a negative stride's
/// layout has `isize` offsets): static leaves by value, `_` a `usize`.
fn form<S: Tree, D: Tree, I>(_: &Layout<S, D, I>) -> String {
    struct Form<T>(core::marker::PhantomData<T>);
    impl<T: Tree> core::fmt::Display for Form<T> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            T::write_form(f)
        }
    }
    let (s, d) = (Form::<S>(Default::default()), Form::<D>(Default::default()));
    format!("{s}:{d}")
}

/// CuTe's print of `layout|tiler` in the golden file.
fn golden(key: &str) -> &'static str {
    include_str!("golden/cute_unit_strides.txt")
        .lines()
        .find(|row| row.starts_with(&format!("{key}|")))
        .and_then(|row| row.rsplit('|').next())
        .unwrap_or_else(|| panic!("no golden row {key}"))
}

/// `typed` is CuTe's printed layout as a function: same size, same offset
/// at every index (the print read by the core, its `_` marks dropped).
fn is_cutes<L: TypedLayout>(typed: &L, cute: &str)
where
    L::Offset: TryInto<i64>,
{
    assert!(
        same(Ok(*typed), &cute.replace('_', "")),
        "{typed} vs {cute}"
    );
}

/// A tile of 1 in a tiler: written out, `UnitTile` and `C<1>` are CuTe's
/// tile at every index; the first two have CuTe's static `_0`, `C<1>` a
/// `usize` 0 where the mode's stride is a run-time value (and `_0` where
/// it is static, as CuTe's).
#[test]
fn tiles_of_one_against_cute() {
    let (m, n, d) = (8usize, 3usize, 5usize);
    let a = layout!(type (m, n):(1, m));
    let cute = golden("(m=8,n=3):(1,m)|(4,1)");
    let (unit, one) = ((C::<4>, UnitTile), (C::<4>, C::<1>));
    let written = layout!(type local_tile((m, n):(1, m), (4, 1), (1, 2)))
        .unwrap()
        .0;
    let by_unit = layout!(type local_tile(#a, #unit, (1, 2))).unwrap().0;
    let by_one = layout!(type local_tile(#a, #one, (1, 2))).unwrap().0;
    assert_eq!(cute_form(cute), "(4,1):(1,0)");
    assert_eq!(form(&written), cute_form(cute));
    assert_eq!(form(&by_unit), cute_form(cute));
    assert_eq!(form(&by_one), "(4,1):(1,_)");
    for tile in [written.to_string(), by_unit.to_string(), by_one.to_string()] {
        assert_eq!(tile, cute.replace('_', ""));
    }
    is_cutes(&by_one, cute);
    // Under a static stride (`_1`) `C<1>`'s tile stride is static too.
    let cute = golden("(m=8,n=3):(1,m)|(1,3)");
    let first = (C::<1>, C::<3>);
    let by_first = layout!(type local_tile(#a, #first, (2, 0))).unwrap().0;
    assert_eq!(form(&by_first), "(1,3):(0,_)");
    assert_eq!(form(&by_first), cute_form(cute));
    // A nested mode by a nested tiler (CuTe's `(_2,(_2,_1)):(_1,(_-3,_0))`).
    let b = layout!(type (m, (2, n)):(1, (-3, d)));
    // `cute_form` reads `-_3` as a static -3.
    let cute = &golden("(m=8,(2,n=3)):(1,(-3,d=5))|(2,(2,1))").replace("_-", "-_");
    let (unit, one) = ((C::<2>, (C::<2>, UnitTile)), (C::<2>, (C::<2>, C::<1>)));
    let written = layout!(type local_tile((m, (2, n)):(1, (-3, d)), (2, (2, 1)), (1, (0, 2))));
    let by_unit = layout!(type local_tile(#b, #unit, (1, (0, 2)))).unwrap().0;
    let by_one = layout!(type local_tile(#b, #one, (1, (0, 2)))).unwrap().0;
    assert_eq!(cute_form(cute), "(2,(2,1)):(1,(-3,0))");
    assert_eq!(form(&written.unwrap().0), cute_form(cute));
    assert_eq!(form(&by_unit), cute_form(cute));
    assert_eq!(form(&by_one), "(2,(2,1)):(1,(-3,_))");
    is_cutes(&by_one, cute);
}

/// `tile_to_shape` with a static copy of 1: after a run-time copy, the
/// written-out target has CuTe's static `_0`, a named target a `usize` 0
/// (the copy count is `Copies<A, B>`, whose value cannot pick a type);
/// row-major, where the copy of 1 comes first, both have `_0`.
#[test]
fn a_static_copy_of_one_against_cute() {
    let m = 8usize;
    let s = (m, C::<2>);
    let cute = golden("(2,2):(1,2)|(m=8,2)");
    let written = layout!(type tile_to_shape((2,2):(1,2), (m, 2))).unwrap();
    let named = layout!(type tile_to_shape((2,2):(1,2), #s)).unwrap();
    assert_eq!(form(&written), cute_form(cute));
    assert_eq!(form(&named), "((2,_),(2,1)):((1,4),(2,_))");
    assert_eq!(named.to_string(), cute.replace('_', ""));
    is_cutes(&named, cute);
    let cute = golden("(2,2):(1,2)|(m=8,2) GenRowMajor");
    let rows = layout!(type tile_to_shape((2,2):(1,2), #s, LayoutRight)).unwrap();
    assert_eq!(form(&rows), cute_form(cute));
    is_cutes(&rows, cute);
}

/// A named target takes static places (CuTe's `Step<_1,_0>`), one per
/// target mode: CuTe's layout at every index, the core's over run-time
/// extents 0..=40, refused exactly where the core refuses. A written-out
/// compact block with distinct places is CuTe's print too, static leaves
/// static (`TileCompactOrdered`); a named block or one with holes keeps
/// the holes' nesting.
#[test]
fn a_named_target_takes_places() {
    let m = 8usize;
    let (s4, s3) = ((m, C::<4>), (C::<2>, m, C::<3>));
    let a = layout!(type (2, 2):(1, 2));
    let rows = [
        (
            form(&layout!(type tile_to_shape((2,2):(1,2), #s4, (1, 0))).unwrap()),
            "(2,2):(1,2)|(m=8,4) (1,0)",
        ),
        (
            form(&layout!(type tile_to_shape((2,2):(1,2), #s4, (0, 1))).unwrap()),
            "(2,2):(1,2)|(m=8,4) (0,1)",
        ),
    ];
    for (ours, key) in rows {
        assert_eq!(ours, cute_form(golden(key)), "{key}");
    }
    // The static copy of 1 of mode 0 comes last in the order (2,0,1),
    // after the run-time copy of mode 1: a `usize` 0 stride where CuTe's
    // is `_0`, as for `LayoutLeft` above (`Copies<A, B>` cannot pick a type
    // by its value); the rest is CuTe's form.
    let key = "(2,2):(1,2)|(2,m=8,3) (2,0,1)";
    assert_eq!(
        cute_form(golden(key)),
        "((2,1),(2,_),(1,3)):((1,0),(2,4),(0,_))"
    );
    assert_eq!(
        form(&layout!(type tile_to_shape((2,2):(1,2), #s3, (2, 0, 1))).unwrap()),
        "((2,1),(2,_),(1,3)):((1,_),(2,4),(0,_))"
    );
    let l = layout!(type tile_to_shape((2,2):(1,2), #s4, (1, 0))).unwrap();
    is_cutes(&l, golden("(2,2):(1,2)|(m=8,4) (1,0)"));
    let l = layout!(type tile_to_shape((2,2):(1,2), #s4, (0, 1))).unwrap();
    is_cutes(&l, golden("(2,2):(1,2)|(m=8,4) (0,1)"));
    let l = layout!(type tile_to_shape(#a, #s4, (1, 0))).unwrap();
    is_cutes(&l, golden("(2,2):(1,2)|(m=8,4) (1,0)"));
    let l = layout!(type tile_to_shape((2,2):(1,2), #s3, (2, 0, 1))).unwrap();
    is_cutes(&l, golden("(2,2):(1,2)|(2,m=8,3) (2,0,1)"));
    let l = layout!(type tile_to_shape(2:2, #s4, (1, 0))).unwrap();
    is_cutes(&l, golden("2:2|(m=8,4) (1,0)"));
    let mut answered = 0;
    for m in 0..=40usize {
        let (t, u) = ((m, C::<4>), (C::<4>, m));
        let text = |target: &str| format!("tile_to_shape((2,2):(1,2), {target})");
        let answers = [
            same(
                layout!(type tile_to_shape((2,2):(1,2), #t, (1, 0))),
                &text(&format!("({m},4), (1,0)")),
            ),
            same(
                layout!(type tile_to_shape(#a, #u, (1, 0))),
                &text(&format!("(4,{m}), (1,0)")),
            ),
        ];
        // Without `type`, the core's value.
        let core = agrees::core(&text(&format!("({m},4), (1,0)")));
        assert_eq!(layout!(tile_to_shape((2,2):(1,2), #t, (1, 0))).ok(), core);
        for answer in answers {
            assert_eq!(answer, m % 2 == 0, "m = {m}");
            answered += answer as usize;
        }
    }
    assert_eq!(answered, 2 * 21);
    // A tie (the core's `OrderTie` where both modes have more than one
    // copy) and negative places: the core's answer or refusal.
    for m in [2usize, 4, 8, 12] {
        let t = (m, C::<4>);
        let text = |order: &str| format!("tile_to_shape((2,2):(1,2), ({m},4), {order})");
        let tie = layout!(type tile_to_shape((2,2):(1,2), #t, (0, 0)));
        assert_eq!(same(tie, &text("(0,0)")), m == 2, "m = {m}");
        let negative = layout!(type tile_to_shape((2,2):(1,2), #t, (-1, -3)));
        assert!(same(negative, &text("(-1,-3)")), "m = {m}");
    }
}

//! `tile_to_shape` prints as CuTe C++ prints it, static leaves static.
//!
//! `tests/golden/cute_tile_to_shape.txt` is CUTLASS 4.7's own `print` of
//! `tile_to_shape(block, target[, order])` (rows `block|target|result`;
//! `m=8` a run-time `int` extent, the rest `Int<N>`; a host program
//! outside the repository, g++ `-std=c++17`). CUTLASS 4.7's
//! `tile_to_shape` is `blocked_product(append<R>(block),
//! make_ordered_layout(target / block, order))` with no coalesce step
//! (older CUTLASS coalesced by the copies' profile), so its nesting is
//! `blocked_product`'s: unit copies stay (`((_4,_1),(_2,_4))`) and a
//! block with holes splits its copies (`((_2,(_2,_2)),(_1,_4))` for
//! `2:2`).
//!
//! The written-out door (`layout!(type tile_to_shape(BLOCK, SHAPE))`)
//! prints every row, `_` where its leaf type is a `C<N>`. The named door
//! (`tile_to_shape(#a, #s)`, the facade's `TileToShape`) is the same
//! function but not yet CuTe's nesting nor its static leaves: asserted
//! as it is today, with the reason, in [`named_door_today`].

use layout_dsl::layout;
use layout_dsl::typed::C;

mod agrees;

use agrees::same;

/// CuTe's print of a typed layout: its `Display`, each number marked `_`
/// where its leaf's type is a static `C<N>` (`usize` unmarked). The
/// leaves are read from the type's name in order (shape, then stride, as
/// `Display` prints them); a leaf of another type fails the test.
fn cute_print<L: std::fmt::Display>(l: &L) -> String {
    let name = std::any::type_name::<L>();
    let statics: Vec<bool> = name
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter_map(|word| match word {
            "C" => Some(true),
            "usize" => Some(false),
            _ => None,
        })
        .collect();
    let text = l.to_string();
    let (mut out, mut leaf, mut in_number) = (String::new(), 0, false);
    for ch in text.chars() {
        if ch.is_ascii_digit() && !in_number {
            let Some(&is_static) = statics.get(leaf) else {
                panic!("{text} has more numbers than {name} has C/usize leaves");
            };
            if is_static {
                out.push('_');
            }
            leaf += 1;
        }
        in_number = ch.is_ascii_digit();
        out.push(ch);
    }
    assert_eq!(leaf, statics.len(), "{text} against {name}");
    out
}

/// CuTe's print of `block|target` in the golden file.
fn golden(key: &str) -> String {
    let rows = include_str!("golden/cute_tile_to_shape.txt");
    let row = rows
        .lines()
        .find(|row| row.starts_with(&format!("{key}|")))
        .unwrap_or_else(|| panic!("no golden row {key}"));
    row.rsplit('|').next().unwrap().to_string()
}

#[test]
fn cute_print_marks_static_leaves() {
    let m = 3usize;
    let l = layout!(type (m, 4):(1, m));
    assert_eq!(cute_print(&l), "(3,_4):(_1,3)");
}

#[test]
fn the_written_out_door_prints_cutes_rows() {
    let (m8, m16) = (8usize, 16usize);
    let rows = [
        (
            "(2,2):(1,2)|(8,4)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (8,4)))),
        ),
        (
            "(2,2):(1,2)|(4,6)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (4,6)))),
        ),
        (
            "(2,2):(1,2)|(m=8,6)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (m8,6))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(m=16,4)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (m16,4))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,2)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (2,2)))),
        ),
        (
            "(2,2):(1,2)|(2,8,3)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (2,8,3)))),
        ),
        (
            "(2,2):(1,2)|(2,m=8,3)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (2,m8,3))).unwrap()),
        ),
        (
            "2:1|(8,4)",
            cute_print(&layout!(type tile_to_shape(2:1, (8,4)))),
        ),
        (
            "2:1|(m=8,4)",
            cute_print(&layout!(type tile_to_shape(2:1, (m8,4))).unwrap()),
        ),
        (
            "2:2|(8,4)",
            cute_print(&layout!(type tile_to_shape(2:2, (8,4)))),
        ),
        (
            "2:2|(m=8,4)",
            cute_print(&layout!(type tile_to_shape(2:2, (m8,4))).unwrap()),
        ),
        (
            "(2,4):(4,1)|(8,8)",
            cute_print(&layout!(type tile_to_shape((2,4):(4,1), (8,8)))),
        ),
        (
            "(2,4):(4,1)|(m=8,8)",
            cute_print(&layout!(type tile_to_shape((2,4):(4,1), (m8,8))).unwrap()),
        ),
        (
            "(8,8):(8,1)|(16,64)",
            cute_print(&layout!(type tile_to_shape((8,8):(8,1), (16,64)))),
        ),
        (
            "(8,8):(8,1)|(m=16,64)",
            cute_print(&layout!(type tile_to_shape((8,8):(8,1), (m16,64))).unwrap()),
        ),
        (
            "((2,2),2):((1,4),2)|(8,4)",
            cute_print(&layout!(type tile_to_shape(((2,2),2):((1,4),2), (8,4)))),
        ),
        (
            "(4,2):(1,4)|(4,8)",
            cute_print(&layout!(type tile_to_shape((4,2):(1,4), (4,8)))),
        ),
    ];
    for (key, ours) in rows {
        assert_eq!(ours, golden(key), "{key}");
    }
}

#[test]
fn the_written_out_door_orders_as_cute() {
    let m8 = 8usize;
    let r = layout!(type tile_to_shape((2,2):(1,2), (m8,6), LayoutRight)).unwrap();
    let key = "(2,2):(1,2)|(m=8,6) GenRowMajor";
    assert_eq!(cute_print(&r), golden(key), "{key}");
}

/// The named door today, the diagnosis of issue 13 §2 for
/// `tile_to_shape`: `TileToShape` builds the copies as a
/// `Layout<(usize, …), (usize, …)>` (it takes any target, so no copy
/// extent is static even where the block and the target are) and zips
/// them in through `ZipProduct`, [`RankedProduct`]'s, whose copies
/// mode `i` is `complement(block, …) ∘ copies_i` with one sub-mode per
/// hole of the complement (the block's leaves and the rest: three for a
/// rank-2 block), so each copies mode keeps unit leaves where CuTe's
/// composition gives the copies' own shape. The same function as CuTe's
/// (checked at every index in [`the_named_doors_are_the_cores`]); these
/// asserts change when the named door gets CuTe's nesting.
///
/// [`RankedProduct`]: layout_dsl::typed::RankedProduct
#[test]
fn named_door_today() {
    let a = layout!(type (2, 2):(1, 2));
    let s = (C::<8>, C::<4>);
    let named = layout!(type tile_to_shape(#a, #s)).unwrap();
    assert_eq!(
        cute_print(&named),
        "((_2,(1,1,4)),(_2,(1,1,2))):((_1,(0,0,4)),(_2,(0,0,16)))"
    );
    assert_eq!(
        golden("(2,2):(1,2)|(8,4)"),
        "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))"
    );
    // A run-time extent, named or written out, the block named or not:
    // CuTe's `((_2,4),(_2,_3)):((_1,_4),(_2,16))`.
    let m = 8usize;
    let expected = "((_2,(1,1,4)),(_2,(1,1,3))):((_1,(0,0,4)),(_2,(0,0,16)))";
    let named = layout!(type tile_to_shape(#a, (m, 6))).unwrap();
    assert_eq!(cute_print(&named), expected);
    let s = (m, C::<6>);
    let named = layout!(type tile_to_shape((2,2):(1,2), #s)).unwrap();
    assert_eq!(cute_print(&named), expected);
    // A block with a hole (rank 1: two holes) splits its copies as CuTe's
    // `((_2,(2,2)),(_1,(1,4))):((_2,(_1,_4)),(_0,(4,8)))` does for
    // `(m=8,4)`: here the nesting is CuTe's, the leaves `usize`.
    let b = layout!(type 2:2);
    let s = (m, C::<4>);
    let named = layout!(type tile_to_shape(#b, #s)).unwrap();
    assert_eq!(
        cute_print(&named),
        "((_2,(2,2)),(_1,(1,4))):((_2,(1,4)),(_0,(0,8)))"
    );
    assert_eq!(
        golden("2:2|(m=8,4)"),
        "((_2,(2,2)),(_1,(1,4))):((_2,(_1,_4)),(_0,(4,8)))"
    );
}

/// Every named door (block named, target named, both) is the core's
/// layout as a function, and refuses exactly where the core does, over
/// run-time extents 0..=40 in either mode and several blocks.
#[test]
fn the_named_doors_are_the_cores() {
    let a = layout!(type (2, 2):(1, 2));
    let b = layout!(type 2:2);
    let c = layout!(type (2, 4):(4, 1));
    let d = layout!(type (8, 8):(8, 1));
    let mut answered = 0;
    for m in 0..=40usize {
        let s = (m, C::<6>);
        let t = (C::<8>, m);
        let text = |block: &str, target: String| format!("tile_to_shape({block}, {target})");
        let (ms6, s8m) = (format!("({m},6)"), format!("(8,{m})"));
        let answers = [
            same(
                layout!(type tile_to_shape(#a, #s)),
                &text("(2,2):(1,2)", ms6.clone()),
            ),
            same(
                layout!(type tile_to_shape(#a, #t)),
                &text("(2,2):(1,2)", s8m.clone()),
            ),
            same(
                layout!(type tile_to_shape(#a, (m, 6))),
                &text("(2,2):(1,2)", ms6.clone()),
            ),
            same(
                layout!(type tile_to_shape((2,2):(1,2), #t)),
                &text("(2,2):(1,2)", s8m.clone()),
            ),
            same(
                layout!(type tile_to_shape(#b, #s)),
                &text("2:2", ms6.clone()),
            ),
            same(
                layout!(type tile_to_shape(#b, #t)),
                &text("2:2", s8m.clone()),
            ),
            same(
                layout!(type tile_to_shape(#c, #t)),
                &text("(2,4):(4,1)", s8m.clone()),
            ),
            same(
                layout!(type tile_to_shape(#c, (m, 8))),
                &text("(2,4):(4,1)", format!("({m},8)")),
            ),
            same(
                layout!(type tile_to_shape(#d, (m, 64))),
                &text("(8,8):(8,1)", format!("({m},64)")),
            ),
        ];
        // The simple blocks answer exactly where the block divides the
        // run-time extent (`same` checks each refusal is the core's).
        assert_eq!(answers[0], m % 2 == 0, "m = {m}");
        assert_eq!(answers[8], m % 8 == 0, "m = {m}");
        answered += answers.iter().filter(|a| **a).count();
    }
    // 41 extents by 9 calls: the answers counted once, so a door that
    // starts refusing (or answering) where it did not fails here too.
    assert_eq!(answered, 175);
}

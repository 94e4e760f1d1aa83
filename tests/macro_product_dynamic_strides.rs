//! `layout!(type X_product(A, B))` of a written-out `A` with a dynamic
//! stride leaf: the written-out door takes the value methods' path (the
//! holes sorted at run time, `src/private/product/product_holes.rs`), so it
//! answers exactly where the core answers, with the core's offset at every
//! index, and gives the value door's layout.

use layout_dsl::typed::{AlgebraError, Product, RankedProduct, TileToShape, TypedLayout};
use layout_dsl::{layout, layout_type};
use proptest::prelude::*;

mod agrees;

use agrees::{core, same};

/// Both doors' answers, equal (the same type, the same values), and the
/// core's; whether they answered.
fn doors<L: TypedLayout + PartialEq + core::fmt::Debug>(
    written: Result<L, AlgebraError>,
    value: Result<L, AlgebraError>,
    text: &str,
) -> bool
where
    L::Offset: TryInto<i64>,
{
    assert_eq!(
        written, value,
        "{text}: the written-out door differs from the value door"
    );
    same(written, text)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every product of a flat `(m,n):(s,t)` of dynamic strides (either
    /// may be smaller, ties included) by a dynamic `(p,q):(u,v)`, through
    /// the written-out door: equal to the value door and to the core at
    /// every index, and refused exactly where the core refuses.
    #[test]
    fn flat_dynamic_strides(m in 1usize..=4, n in 1usize..=4, s in 0usize..=12, t in 0usize..=12,
                            p in 1usize..=3, q in 1usize..=3, u in 0usize..=4, v in 0usize..=4) {
        let (a, b) = (layout!((m,n):(s,t)), layout!((p,q):(u,v)));
        let text = |f: &str| format!("{f}({a}, {b})");
        let answered = [
            doors(layout!(type logical_product((m,n):(s,t), (p,q):(u,v))),
                a.logical_product(b), &text("logical_product")),
            doors(layout!(type zipped_product((m,n):(s,t), (p,q):(u,v))),
                a.zipped_product(b), &text("zipped_product")),
            doors(layout!(type tiled_product((m,n):(s,t), (p,q):(u,v))),
                a.tiled_product(b), &text("tiled_product")),
            doors(layout!(type flat_product((m,n):(s,t), (p,q):(u,v))),
                a.flat_product(b), &text("flat_product")),
            doors(layout!(type blocked_product((m,n):(s,t), (p,q):(u,v))),
                a.blocked_product(b), &text("blocked_product")),
            doors(layout!(type raked_product((m,n):(s,t), (p,q):(u,v))),
                a.raked_product(b), &text("raked_product")),
        ];
        // The regroupings answer where the logical product does.
        prop_assert_eq!(answered, [answered[0]; 6], "{} by {}", a, b);
    }

    /// A nested `A` with a static stride beside dynamic ones, by an
    /// extent, by a by-mode tiler of extents, and `tile_to_shape`.
    #[test]
    fn nested_dynamic_strides(m in 1usize..=3, n in 1usize..=3, s in 0usize..=16, w in 0usize..=16,
                              p in 1usize..=4, q in 1usize..=3, x in 1usize..=12, y in 1usize..=12) {
        let a = layout!(type (m,(n,2)):(s,(4,w)));
        let text = format!("logical_product({a}, {p}:1)");
        doors(layout!(type logical_product((m,(n,2)):(s,(4,w)), p:1)), a.logical_product(p), &text);
        let text = format!("tiled_product({a}, <{p},{q}>)");
        doors(layout!(type tiled_product((m,(n,2)):(s,(4,w)), <p,q>)),
            a.tiled_product((p, q)), &text);
        let flat = layout!((m,n):(s,w));
        let text = format!("tile_to_shape({flat}, ({x},{y}))");
        doors(layout!(type tile_to_shape((m,n):(s,w), (x,y))), flat.tile_to_shape((x, y)), &text);
    }
}

/// The written-out door with dynamic strides answers CuTe's layout where
/// the holes sort either way (column-major and row-major `A`), and names
/// the values where it refuses.
#[test]
fn either_order() {
    let (m, s, t) = (3usize, 1usize, 3usize);
    // (3,3):(1,3) is compact: one copy per B offset, 9 apart.
    let l = layout!(type logical_product((m,3):(s,t), 2:1));
    assert!(same(l, "logical_product((3,3):(1,3), 2:1)"));
    assert_eq!(l.unwrap().to_string(), "((3,3),(1,1,2)):((1,3),(0,0,9))");
    // Row-major (3,3):(3,1): the same holes, A's leaves kept in place.
    let (s, t) = (3usize, 1usize);
    let l = layout!(type logical_product((m,3):(s,t), 2:1));
    assert!(same(l, "logical_product((3,3):(3,1), 2:1)"));
    assert_eq!(l.unwrap().to_string(), "((3,3),(1,1,2)):((3,1),(0,0,9))");
    assert_eq!(
        core("logical_product((3,3):(3,1), 2:1)")
            .unwrap()
            .to_string(),
        "((3,3),2):((3,1),9)"
    );
    // Overlapping leaves: no complement.
    let (s, t) = (1usize, 2usize);
    let e = layout!(type logical_product((m,3):(s,t), 2:1)).unwrap_err();
    assert!(e.to_string().contains("logical_product"), "{e}");
    assert!(core("logical_product((3,3):(1,2), 2:1)").is_none());
}

/// `layout_type!` names the written-out door's result for a signature.
type Copies = layout_type!(type blocked_product((m,n):(s,t), (2,2):(1,2)));

fn copies(m: usize, n: usize, s: usize, t: usize) -> Result<Copies, AlgebraError> {
    layout!(type blocked_product((m,n):(s,t), (2,2):(1,2)))
}

#[test]
fn layout_type_names_the_result() {
    let text = "blocked_product((2,3):(3,1), (2,2):(1,2))";
    assert!(same(copies(2, 3, 3, 1), text));
    assert_eq!(
        copies(2, 3, 3, 1).unwrap().to_string().replace(' ', ""),
        layout!((2, 3):(3, 1))
            .blocked_product(layout!(type (2,2):(1,2)))
            .unwrap()
            .to_string()
    );
}

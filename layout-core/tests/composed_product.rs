//! `logical_product(A, Sw o 0 o B)`, a product by a swizzled tiler, against
//! CuTe C++ (`cute_golden/composed_product.jsonl`) and against its
//! definition: the product's function at `(i, j)` is `A(i) + C(T(j))`,
//! `C = complement(A, size(A)·cosize(B))`, `T = Sw o B` the swizzled tiler.
//! Where CuTe's swizzle is that function we print what CuTe prints; where it
//! is not (CuTe moves the swizzle's bits through `B`'s domain, not its
//! codomain) we return the swizzle that is, or refuse.

use layout_core::{ComposedLayout, Layout, Value, complement, evaluate};
use serde_json::Value as Json;

fn rows() -> Vec<Json> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/cute_golden/composed_product.jsonl"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Json>(l).unwrap())
        .filter(|r| r.get("expr").is_some())
        .collect()
}

/// The product's function, coordinate `(i, j)` at index `i + size(A)·j`.
fn definition(a: &Layout, tiler: &ComposedLayout) -> Vec<i64> {
    let b = tiler.inner();
    let c = complement(a, a.size() * b.cosize()).unwrap();
    let mut out = vec![];
    for j in 0..b.size() {
        let t = tiler.crd2idx(&layout_core::IntTuple::Int(j)).unwrap();
        for i in 0..a.size() {
            out.push(a.at(i).unwrap() + c.at(t).unwrap());
        }
    }
    out
}

fn operands(expr: &str) -> (Layout, ComposedLayout) {
    let inside = &expr["logical_product(".len()..expr.len() - 1];
    let (a, t) = inside.split_once(", ").unwrap();
    let Value::Composed(t) = evaluate(t).unwrap() else {
        panic!("{t}")
    };
    (a.parse().unwrap(), t)
}

#[test]
fn products_by_swizzled_tilers_are_the_definition_and_cutes_where_cute_is() {
    let (mut as_cute, mut differ, mut refused) = (0, 0, 0);
    for row in rows() {
        let expr = row["expr"].as_str().unwrap();
        let cute = row["cute"].as_str().unwrap();
        let (a, tiler) = operands(expr);
        let want = definition(&a, &tiler);
        let cute_is_right = cute != "static_assert" && {
            let Value::Composed(c) = evaluate(cute).unwrap() else {
                panic!("{cute}")
            };
            c.offsets().unwrap() == want
        };
        match evaluate(expr) {
            Ok(Value::Composed(ours)) => {
                assert_eq!(ours.offsets().unwrap(), want, "{expr}");
                if cute_is_right {
                    assert_eq!(ours.to_string(), cute, "{expr}");
                    as_cute += 1;
                } else {
                    assert_ne!(ours.to_string(), cute, "{expr}");
                    differ += 1;
                }
            }
            Ok(other) => panic!("{expr}: {other}"),
            Err(e) => {
                assert!(!cute_is_right, "{expr}: refused ({e}) where CuTe is right");
                refused += 1;
            }
        }
    }
    // 3 rows as CuTe; 4 where CuTe's swizzle is not the product (we give
    // the one that is); 1 CuTe does not compile, refused.
    assert_eq!((as_cute, differ, refused), (3, 4, 1));
}

//! `blocked_product(((n,3),3,2):((3,12),1,0), (4,4,1):(9,36,3))` with `n`
//! a run-time value, against what CuTe C++ answers for the same call with a
//! dynamic `int n` (README, "Where CuTe C++ and pycute differ"). With `n`
//! static CuTe refuses at compile time (a `static_assert` in the
//! composition of `complement(A)` with `B`'s leaf `4:9`); with `n`
//! dynamic it checks nothing: the product only at `n = 4`, other layouts at
//! 1 to 3, a division by zero at 5. The typed door answers `n = 4` as CuTe,
//! refuses naming the two values at `n = 2`, where the product splits a
//! leaf of `B` (`4:9` becomes `(2,2):(150,324)`, a nesting the typed result
//! does not have), and at `n = 1`, whose product it could hold (a gap).

use layout_dsl::typed::AlgebraError;
use layout_dsl::{Layout, Value, evaluate, layout};

/// What CuTe C++ (CUTLASS `include/cute`, host g++ -O2, `n` an `int`)
/// prints for the call, underscores of its static integers dropped; for
/// `n = 5` it stops with a division by zero (SIGFPE), `n = 6` is not run.
const CUTE: [(usize, &str); 4] = [
    (
        1,
        "(((1,3),(1,4)),(3,(1,4)),(2,1)):(((3,12),(27,108)),(1,(108,324)),(0,36))",
    ),
    (
        2,
        "(((2,3),(1,4)),(3,(1,4)),(2,1)):(((3,12),(54,180)),(1,(216,648)),(0,72))",
    ),
    (
        3,
        "(((3,3),(1,4)),(3,(1,4)),(2,1)):(((3,12),(81,324)),(1,(324,1296)),(0,108))",
    ),
    (
        4,
        "(((4,3),(1,4)),(3,(1,4)),(2,1)):(((3,12),(108,324)),(1,(432,1296)),(0,108))",
    ),
];

fn layout_of(src: &str) -> Layout {
    match evaluate(src) {
        Ok(Value::Layout(l)) => l,
        other => panic!("{src}: {other:?}"),
    }
}

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// The call with `n` written in, evaluated by the core.
fn core(n: usize) -> Result<Layout, String> {
    let src = format!("blocked_product((({n},3),3,2):((3,12),1,0), (4,4,1):(9,36,3))");
    match evaluate(&src) {
        Ok(Value::Layout(l)) => Ok(l),
        Ok(other) => panic!("{src}: {other}"),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn cutes_dynamic_answer_is_the_product_only_at_4() {
    for (n, cute) in CUTE {
        let cute = layout_of(cute);
        match (n, core(n)) {
            // Another layout than the product (the copies elsewhere).
            (1 | 2, Ok(core)) => assert_ne!(offsets(&cute), offsets(&core), "n = {n}"),
            // No product (a copy would land past the hole CuTe rounds
            // down): the core refuses, CuTe answers.
            (3, Err(e)) => assert!(e.contains("product"), "{e}"),
            (4, Ok(core)) => assert_eq!(offsets(&cute), offsets(&core)),
            (n, core) => panic!("n = {n}: {core:?}"),
        }
    }
    // The first copy past the block at n = 1: B(1) = 9 in the complement
    // (4,…):(3,36) is the coordinate (1,2), the offset 3 + 72; CuTe puts it
    // at 108.
    let copies = |l: Layout| l.mode(0).unwrap().mode(1).unwrap().at(1).unwrap();
    assert_eq!(
        (copies(core(1).unwrap()), copies(layout_of(CUTE[0].1))),
        (75, 108)
    );
}

/// The typed door against the core for `n` in 1..=8: the product where it
/// answers, the values named where it refuses.
#[test]
fn the_typed_door_answers_the_product_or_names_the_values() {
    let stride_not_divisible = |extent| AlgebraError::StrideNotDivisible {
        function: "blocked_product",
        stride: 9,
        extent,
    };
    for n in 1..=8usize {
        let typed = layout!(type blocked_product(((n,3),3,2):((3,12),1,0), (4,4,1):(9,36,3)));
        match (n, typed, core(n)) {
            // CuTe's layout but for the stride of a unit mode.
            (4, Ok(typed), Ok(core)) => {
                assert_eq!(
                    typed.to_string(),
                    "(((4,3),(1,4)),(3,(1,4)),(2,1)):(((3,12),(108,324)),(1,(432,1296)),(0,0))"
                );
                assert_eq!(offsets(&typed.to_core().unwrap()), offsets(&core));
            }
            // The product splits B's leaf 4:9 into (2,2):(150,324): not one
            // leaf, the nesting the typed result has.
            (2, Err(e), Ok(core)) => {
                assert_eq!(e, stride_not_divisible(2));
                let copies = core.mode(0).unwrap().mode(1).unwrap();
                assert_eq!(copies.to_string(), "(2,2):(150,324)");
                assert_eq!(
                    e.to_string(),
                    "in `blocked_product`: the stride 9 and the extent 2 of a mode of the left \
                     layout's complement (where the right layout places its copies) do not \
                     divide one another (CuTe's stride divisibility condition)"
                );
            }
            // A gap, not a wrong answer: the product's copies of 4:9 are
            // 4:75, which the typed nesting (1,4) could hold, but the typed
            // hole walk checks CuTe's divisibility (9 by the hole's extent
            // 4) where the core checks each copy (the exact step
            // `compose_exact.rs` takes for `composition`).
            (1, Err(e), Ok(core)) => {
                assert_eq!(e, stride_not_divisible(4));
                let copies = core.mode(0).unwrap().mode(1).unwrap();
                assert_eq!(copies.to_string(), "4:75");
            }
            // No product: both refuse.
            (3 | 5.., Err(_), Err(_)) => {}
            (n, typed, core) => panic!("n = {n}: typed {typed:?}, core {core:?}"),
        }
    }
}

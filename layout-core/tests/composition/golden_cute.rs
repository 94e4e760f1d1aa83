//! CuTe C++'s own answers (`tests/cute/composition.jsonl`, see the README
//! there): the emulation in `cute.rs` reproduces every one, and ours equals
//! CuTe's wherever CuTe's answer is `A(B(i))`, is exact where it is not,
//! and refuses only where no layout of `B`'s shape is `A(B(i))`.

use std::path::Path;

use layout_core::{Layout, Tiler, composition};
use serde_json::Value;

use super::{brute, cute};

#[test]
fn cute_golden_composition() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cute/composition.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut same, mut cute_wrong, mut cute_refused_ok, mut both_refuse) = (0, 0, 0, 0);
    let mut rows = 0;
    for (n, line) in text.lines().enumerate() {
        let row: Value = serde_json::from_str(line).unwrap();
        let a: Layout = row["a"].as_str().unwrap().parse().unwrap();
        let b: Layout = row["b"].as_str().unwrap().parse().unwrap();
        let recorded = row["cute"].as_str().map(str::to_owned);
        let at = format!("line {}: composition({a}, {b})", n + 1);
        assert_eq!(
            cute::composition(&a, &b).map(|l| l.to_string()),
            recorded,
            "{at}: the emulation of CuTe disagrees with CuTe"
        );
        rows += 1;
        let want = brute::composed(&a, &b);
        let ours = composition(&a, &Tiler::from(b.clone()));
        match &ours {
            Ok(r) => {
                assert!(brute::refines(r, &b), "{at}: {r} is not shaped like {b}");
                assert_eq!(brute::values(r), want, "{at}: {r} is not A(B(i))");
            }
            Err(e) => assert!(
                !brute::some_layout_agrees(&b, &want, want.len() - 1),
                "{at}: refused ({e}) but a layout of that shape exists"
            ),
        }
        match (recorded, &ours) {
            (Some(c), Ok(r)) if c == r.to_string() => same += 1,
            (Some(c), _) => {
                let c: Layout = c.parse().unwrap();
                let right = (0..b.size()).all(|i| c.at(i).unwrap() == want[i as usize]);
                assert!(!right, "{at}: CuTe's {c} is right, ours is {ours:?}");
                cute_wrong += 1;
            }
            (None, Ok(_)) => cute_refused_ok += 1,
            (None, Err(_)) => both_refuse += 1,
        }
    }
    println!(
        "{rows} CuTe cases: {same} as CuTe, {cute_wrong} where CuTe is wrong, \
         {cute_refused_ok} CuTe refuses but we compose exactly, {both_refuse} refused by both"
    );
    assert!(rows >= 400);
}

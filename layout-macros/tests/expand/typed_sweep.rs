//! The dynamic-leaf sweep of the algebra's typed door, not run by default
//! (it writes about 9,800 `layout!(type …)` calls, minutes of rustc): every
//! golden call of `composition`, `complement`, `coalesce` and the six
//! products (`layout-core/tests/golden/`, `cute_golden/`, and CuTe C++'s
//! compositions in `cute/composition.jsonl`) with one integer at a time
//! written as a dynamic leaf `{N}`, in each spelling `typed_forms.rs`
//! tries. A variant the macro types (no run-time call into the core, no
//! `compile_error!`) goes into `tests/typed_sweep_K.rs` (root, git-ignored),
//! where it runs and must be the core's layout of the static text at every
//! index (top-level modes alike, or the same offsets where a dynamic leaf
//! keeps apart modes the core merges, as CuTe's static-only coalesce does),
//! or refuse at run time with an error. The counts of the variants the
//! macro refuses while compiling are printed here.
//!
//! ```sh
//! cargo test -p layout-macros --test expand typed_sweep -- --ignored --nocapture
//! cargo test --test 'typed_sweep_*' -- --nocapture   # each prints its counts
//! rm tests/typed_sweep_*.rs                          # else every `cargo test` builds them
//! ```
//!
//! Measured 2026-11-26 (before the nested calls, `complement(A)`, tuple
//! cotargets, rank-1 dynamic-stride complements and `coalesce` by a
//! profile): 9,833 typed variants, 6,679 refused while compiling. After
//! them: 10,750 typed variants, 10,645 the core's layout (5,567 the same
//! text, 4,717 the same modes, 361 the same offsets), 105 refused at run
//! time naming the values (97 `composition`: CuTe's static version
//! static_asserts or merges the leaves first, its dynamic one, on the four
//! tried, answers a layout that is not `A∘B`, 2 of them nested; 2
//! `blocked_product`, `tests/typed_blocked_dynamic.rs`; 5 `complement`, a
//! dynamic stride 0 or extent 1; 1 `flat_product`), none different. After
//! the walk merged a refusing run-time mode with the modes continuing it
//! (`tests/typed_compose_merge.rs`): 10,664 the core's layout (5,567, 4,731,
//! 366), 86 refused at run time (78 `composition`); 5,762
//! refused while compiling (a call `type` does not type with that leaf
//! dynamic: README, "The `layout!` macro"; 4,225 of them a product with a
//! dynamic leaf in `B`, which CuTe answers). `SWEEP_LIST=complement` (or
//! `all`) lists those refusals.
//!
//! After the products with a dynamic `B` (and an integer `B`, CuTe's
//! `make_layout(n)`), 2026-11-26: 15,106 typed variants, 15,000 the
//! core's layout (8,416 the same text, 6,221 the same modes, 363 the same
//! offsets), 106 refused at run time (the one more a `blocked_product`
//! whose `B` stride 9 the core splits into two modes), none different;
//! 1,406 refused while compiling, 465 of them products: 269 a dynamic
//! stride in `A` by a shape tiler (CuTe's complement sorts static strides
//! only), 161 a dynamic extent in `A` whose static stride overlaps the
//! modes below (CuTe's static 1 drops that mode, its static strides then
//! assert), 35 a `B` stride that does not divide a static hole (CuTe's
//! `shape_div` asserts).
//! With `flatten` and `right_inverse` swept too and static operand calls
//! folded first (fold.rs, inverse.rs; 2026-11-27): 11,130 typed variants
//! (438 `flatten`, 266 `right_inverse`), 10,958 the core's layout (5,847
//! the same text, 4,731 the same modes, 380 the same offsets), 172 refused
//! at run time naming the values (97 `composition` as above; 67 by a
//! `right_inverse`, 4 of them nested in a `composition` or `complement`:
//! CuTe's chain stops at a dynamic reach where the core's goes on, e.g.
//! `right_inverse((4,{8}):(8,1))`; 5 `complement`, 2 `blocked_product`, 1
//! `flat_product`), none different. Refused while compiling: `flatten` 24
//! (its operand a call `type` does not type), `right_inverse` 186 (a
//! dynamic stride).
//!
//! All of these together (the tenth session's merged head, 2026-11-27):
//! 15,493 typed variants, 15,338 the core's layout (8,699 the same text,
//! 6,252 the same modes, 387 the same offsets), 155 refused at run time
//! naming the values (81 `composition`, 64 `right_inverse`, 6
//! `complement`, 3 `blocked_product`, 1 `flat_product`), none different;
//! 1,581 refused while compiling (`composition` 560, the products 465,
//! `complement` 340, `right_inverse` 185, `flatten` 18, `coalesce` 13).
//!
//! With `right_inverse` of dynamic strides and `left_inverse` typed
//! (inverse.rs, left_inverse.rs; 2026-11-27, the two swept alone): 493
//! typed variants (279 `right_inverse`, 214 `left_inverse`), 311 the core's
//! layout (233 the same text, 5 the same modes, 73 the same offsets), 182
//! refused at run time naming the mode (179 `right_inverse`: at the golden
//! value a dynamic stride meets CuTe's chain, whose answer is then not the
//! core's, e.g. `right_inverse(4:{1})`, CuTe's `_1:_0`; 3 `left_inverse`, a
//! dynamic extent 1), none different. Refused while compiling:
//! `right_inverse` 40 (of the 185 above: 9 two modes at one static stride,
//! 31 an operand call `type` does not type), `left_inverse` 230 (211 a
//! dynamic stride, which CuTe's `left_inverse` static_asserts against).
//!
//! How many of those CuTe C++ itself answers (2026-11-27, CUTLASS built on
//! the host, each variant with an `int` for its `{N}`; 1,578 distinct, the
//! golden rows `tests/golden/cute_dynamic_refusals.jsonl`, checked by
//! `cute_refusals.rs`): 866 do not compile in CuTe (`complement` 332,
//! nearly all "Dynamic-stride complement only for rank-1 layouts";
//! `composition` 321, its stride and shape divisibility asserts; the
//! products 204, the complement's asserts, all of `blocked_product` and
//! `raked_product`), 5 compile but divide by zero at run time (a dynamic
//! stride 0 in a product), 163 answer a layout that is not the core's
//! (`right_inverse` 132, shorter ones; `composition` 21, not `A∘B`, e.g.
//! `composition((8,5):(4,{2}), 4:5)` is `(_2,_2):(_20,2)`; the products 10,
//! a dynamic extent 1 CuTe's filter keeps), and 544 answer the core's
//! layout: the real gap. By function: `composition` 215, the four
//! products by a shape tiler 246 (a dynamic stride in `A`, each mode a
//! rank-1 complement in CuTe), `right_inverse` 51, `flatten` 14,
//! `coalesce` 10, `complement` 8 (all of a nested call). Then a tuple of
//! extents `(2,1)` by an `A` with a dynamic stride went the way its
//! `<2,1>` spelling goes (named_product.rs, the value methods): 269 of
//! the rows are typed (the 246 and 23 CuTe refuses or answers otherwise),
//! each the core's layout at every index, none with all of CuTe's static
//! leaves (`tests/typed_cute_refusals.rs` counts them).
//!
//! On main after the eleventh session's merges (the inverses above, the
//! compositions by a by-mode tiler and with scaled-basis strides, inner
//! calls through the facade's traits, shape tilers as by-mode tilers;
//! 2026-11-27): 16,275 typed variants, none different from the core (9,013
//! the same text, 6,541 the same modes, 441 the same offsets, 280 refused
//! at run time naming the values: 179 `right_inverse`, 86 `composition`, 8
//! `complement`, 3 `left_inverse`, 3 `blocked_product`, 1 `flat_product`);
//! 1,243 refused while compiling (`composition` 414, `complement` 338,
//! `left_inverse` 230, the products 190, `right_inverse` 40, `flatten` 18,
//! `coalesce` 13). Of those, CuTe C++ answers the core's layout for 129
//! (`cute_refusals.rs` prints them by function).
//!
//! After a product's complement of one mode of dynamic stride was typed as
//! CuTe's rank-1 case (product.rs; branch prodleaves, 2026-11-27): 16,284
//! typed variants, none different (10,233 the same text, 5,329 the same
//! modes, 442 the same offsets, 280 refused at run time, the same 280 by
//! function as above); 1,234 refused while compiling (`composition` 407,
//! `complement` 338, `left_inverse` 230, the products 190, `right_inverse`
//! 40, `flatten` 17, `coalesce` 12). Of the golden's 565 rows typed before,
//! 167 had CuTe's nesting and static leaves; now 420 of 574
//! (`tests/typed_cute_refusals.rs`).
//!
//! On main after the twelfth session's merges (divides read as functions
//! typed as compositions, integral tilers on named layouts, the typed
//! slice; 2026-11-27): 16,382 typed variants, none different (10,280 the
//! same text, 5,350 the same modes, 455 the same offsets, 297 refused at
//! run time); 1,136 refused while compiling (`composition` 370,
//! `complement` 332, `left_inverse` 230, the products 190, `right_inverse`
//! 7, `flatten` 4, `coalesce` 3). Of those, CuTe C++ answers the core's
//! layout for 39 (composition 34, right_inverse 5).
//! After a divide read past its size as a composition's `A` (divide_past.rs)
//! and a rest with no hole as one mode (divide_rest.rs; 2026-11-27):
//! 16,394 typed variants, none different (10,282 the same text, 5,358 the
//! same modes, 457 the same offsets, 297 refused at run time); 1,124
//! refused while compiling (`composition` 358); CuTe answers the core's
//! layout for 27 of them (composition 22, right_inverse 5).
//!
//! After the divides read as functions with a dynamic tile, a dynamic
//! extent in a tiled mode before the last, or a dynamic by-mode entry
//! (compose_reader.rs, divide_by_mode.rs, divide_tile_dynamic.rs, by-mode
//! entries `n:1` as extents; branch gapa, 2026-11-27): 16,401 typed
//! variants, none different (10,285 the same text, 5,364 the same modes,
//! 455 the same offsets, 297 refused at run time); 1,117 refused while
//! compiling (`composition` 356, `complement` 332, `left_inverse` 230, the
//! products 190, `flatten` 4, `coalesce` 3, `right_inverse` 2). Of those,
//! CuTe C++ answers the core's layout for 20 (all `composition`, 18 a
//! divide as its `A`).
//!
//! On main after both branches merged (thirteenth session, with the
//! slice and partition changes of that session): 16,413 typed variants,
//! none different (10,287 the same text, 5,372 the same modes, 457 the
//! same offsets, 297 refused at run time); 1,105 refused while compiling
//! (`composition` 344, `complement` 332, `left_inverse` 230, the products
//! 190, `flatten` 4, `coalesce` 3, `right_inverse` 2). CuTe C++ answers the
//! core's layout for 8 of them (all `composition`).
//!
//! Branch static29 (2026-11-27: a divide read past its size composed in
//! CuTe's nesting under a run-time check, a static rest of 1 kept static in
//! the composition walk): 16,421 typed variants, none different (10,372
//! the same text, 5,294 the same modes, 458 the same offsets, 297 refused
//! at run time); 1,097 refused while compiling (`composition` 336,
//! `complement` 332, `left_inverse` 230, the products 190, `flatten` 4,
//! `coalesce` 3, `right_inverse` 2). CuTe C++ answers the core's layout
//! for none of them.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use layout_core::{Value, evaluate};

use super::typed_forms::{Path, integers, path, spellings, with_dynamic};

/// The functions swept.
const FUNCTIONS: &[&str] = &[
    "composition",
    "complement",
    "coalesce",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "flatten",
    "right_inverse",
    "left_inverse",
];

/// Variants per generated test file (each its own crate: built in parallel).
const PER_FILE: usize = 500;

/// The golden calls of [`FUNCTIONS`] whose value is a layout, whitespace
/// collapsed, each once.
fn calls() -> Vec<String> {
    let mut files: Vec<_> = ["golden", "cute_golden"]
        .iter()
        .flat_map(|d| std::fs::read_dir(format!("../layout-core/tests/{d}")).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files.push("../layout-core/tests/cute/composition.jsonl".into());
    let mut out = Vec::new();
    for file in files {
        for line in std::fs::read_to_string(file).unwrap().lines() {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            let expr = match (row["expr"].as_str(), row["a"].as_str(), row["b"].as_str()) {
                (Some(e), _, _) => e.to_owned(),
                (None, Some(a), Some(b)) => format!("composition({a}, {b})"),
                _ => continue,
            };
            let expr = expr.split_whitespace().collect::<Vec<_>>().join(" ");
            let name = expr.split('(').next().unwrap_or_default().trim();
            if FUNCTIONS.contains(&name) && !out.contains(&expr) {
                out.push(expr);
            }
        }
    }
    out
}

/// The top of each generated file: the check every row calls.
const HEADER: &str = r#"//! @generated by layout-macros/tests/expand/typed_sweep.rs; git-ignored,
//! delete after running (see there).

use std::fmt::Display;

use layout_dsl::__private::{Layout as Typed, Mode, Offset, Tree};
use layout_dsl::{Layout, Value, evaluate, layout};

/// A typed result, or the error it refused with.
trait Settle<T> {
    fn settle(self) -> Result<T, String>;
}

impl<T, E: Display> Settle<T> for Result<T, E> {
    fn settle(self) -> Result<T, String> {
        self.map_err(|e| e.to_string())
    }
}

impl<S, D, I> Settle<Typed<S, D, I>> for Typed<S, D, I> {
    fn settle(self) -> Result<Self, String> {
        Ok(self)
    }
}

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

fn modes(l: &Layout) -> Vec<Vec<i64>> {
    let modes = l.modes().into_iter().filter(|m| m.size() != 1);
    modes.map(|m| offsets(&m)).collect()
}

/// The class of one row: `text`, `modes`, `offsets` (the core's layout),
/// `refused`, or `DIFFERENT` (a wrong answer).
fn check<S: Mode<D>, D: Tree, I: Offset>(
    src: &str,
    input: &str,
    got: impl Settle<Typed<S, D, I>>,
) -> &'static str {
    let Ok(Value::Layout(want)) = evaluate(src) else {
        panic!("{src}: not a layout")
    };
    match got.settle() {
        Err(e) => {
            println!("{input}: refused: {e}");
            "refused"
        }
        Ok(got) => {
            let got = got.to_core().unwrap();
            if got == want {
                "text"
            } else if modes(&got) == modes(&want) {
                "modes"
            } else if offsets(&got) == offsets(&want) {
                "offsets"
            } else {
                println!("{input}: typed {got}, core {want}");
                "DIFFERENT"
            }
        }
    }
}
"#;

/// The generated files' text, `PER_FILE` rows each.
fn generate(typed: &[(String, String)]) -> Vec<String> {
    typed
        .chunks(PER_FILE)
        .map(|rows| {
            let mut out = String::from(HEADER);
            out.push_str("\n#[rustfmt::skip]\n#[test]\nfn the_typed_door_is_the_core() {\n");
            out.push_str("    let classes = [\n");
            for (src, input) in rows {
                writeln!(out, "        check({src:?}, {input:?}, layout!({input})),").unwrap();
            }
            out.push_str("    ];\n    let mut counts = std::collections::BTreeMap::new();\n");
            out.push_str(
                "    for c in classes {\n        *counts.entry(c).or_insert(0) += 1;\n    }\n",
            );
            out.push_str("    println!(\"{counts:?}\");\n");
            out.push_str("    assert!(!counts.contains_key(\"DIFFERENT\"), \"{counts:?}\");\n}\n");
            out
        })
        .collect()
}

#[test]
#[ignore = "writes the sweep: see the module doc"]
fn typed_sweep() {
    let mut typed = Vec::new();
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    for call in calls() {
        for expr in spellings(&call) {
            if !matches!(evaluate(&expr), Ok(Value::Layout(_))) {
                continue;
            }
            let name = &expr[..expr.find('(').unwrap()];
            for range in integers(&expr) {
                let input = format!("type {}", with_dynamic(&expr, range));
                match path(&input) {
                    Path::Typed => typed.push((expr.clone(), input)),
                    Path::Error => {
                        // `SWEEP_LIST=complement` (or `all`) lists those refusals.
                        if std::env::var("SWEEP_LIST").is_ok_and(|f| f == name || f == "all") {
                            println!("refused: {input}");
                        }
                        *refused.entry(name.to_owned()).or_default() += 1
                    }
                    Path::RunTime => panic!("`{input}`: `type` went through the core"),
                }
            }
        }
    }
    for old in std::fs::read_dir("../tests").unwrap() {
        let old = old.unwrap().path();
        let name = old.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("typed_sweep_") && name.ends_with(".rs") {
            std::fs::remove_file(old).unwrap();
        }
    }
    let files = generate(&typed);
    for (k, text) in files.iter().enumerate() {
        std::fs::write(format!("../tests/typed_sweep_{k}.rs"), text).unwrap();
    }
    println!(
        "{} typed variants in {} files; refused while compiling: {refused:?}",
        typed.len(),
        files.len()
    );
    assert!(typed.len() > 5_000, "only {} typed variants", typed.len());
}

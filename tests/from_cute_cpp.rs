//! The CuTe C++ of `docs/from-cute.md` and `docs/typed/tensors.md` held to
//! what CuTe prints, without CUTLASS: every ` ```cpp ` block's `// → …`
//! comments (the print of the line's statements, in order, `;`-separated)
//! against `tests/golden/from_cute_cpp.txt`, CuTe's own prints of those
//! statements, and each block's code against the hash the golden was made
//! from, so that a wrong comment, or a block edited without regenerating the
//! golden, fails `cargo test --test from_cute_cpp`.
//!
//! Regenerate (needs a CUTLASS checkout and the CUDA headers `cute/tensor.hpp`
//! includes; compiles each block on the host and runs it):
//!
//! ```text
//! python3 scripts/cute_doc_golden.py $(cat /work/notes/CUTE_INCLUDES)
//! ```
//!
//! where the file holds `-I…/cutlass/include -I…/cuda_cccl/include …`; the
//! script also reports each comment that differs from CuTe's print.

/// The pages with ` ```cpp ` blocks, as the golden names them.
const PAGES: [(&str, &str); 2] = [
    ("from-cute.md", include_str!("../docs/from-cute.md")),
    ("typed/tensors.md", include_str!("../docs/typed/tensors.md")),
];

const GOLDEN: &str = include_str!("golden/from_cute_cpp.txt");

/// The comment that states a line's printed values.
const MARK: &str = "// →";

/// The ` ```cpp ` blocks of `text`, each as its lines.
fn cpp_blocks(text: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut open: Option<Vec<&str>> = None;
    for line in text.lines() {
        let t = line.trim();
        match &mut open {
            None if t.starts_with("```cpp") => open = Some(Vec::new()),
            Some(_) if t == "```" => blocks.push(open.take().unwrap()),
            Some(b) => b.push(line),
            None => {}
        }
    }
    blocks
}

/// A line's code (before `// →`) and the values the comment states.
fn split_mark(line: &str) -> (&str, Option<Vec<&str>>) {
    match line.split_once(MARK) {
        Some((code, stated)) => (code, Some(stated.split(';').map(str::trim).collect())),
        None => (line, None),
    }
}

/// FNV-1a 64 of the block's code (the `// →` comments cut, trailing spaces
/// trimmed, lines joined by `\n`), as scripts/cute_doc_golden.py computes it.
fn block_hash(lines: &[&str]) -> String {
    let code: Vec<&str> = lines.iter().map(|l| split_mark(l).0.trim_end()).collect();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in code.join("\n").bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// One block as the golden records it: its hash and CuTe's prints (what, value).
#[derive(Default)]
struct Golden<'a> {
    hash: &'a str,
    prints: Vec<(&'a str, &'a str)>,
}

/// The golden's blocks by name (`PAGE N`), in file order.
fn golden() -> Vec<(&'static str, Golden<'static>)> {
    let mut out: Vec<(&str, Golden)> = Vec::new();
    for line in GOLDEN.lines().filter(|l| !l.starts_with('#')) {
        match line.split('\t').collect::<Vec<_>>()[..] {
            ["block", name, hash] => out.push((
                name,
                Golden {
                    hash,
                    prints: vec![],
                },
            )),
            ["print", name, what, value] => {
                let last = out.last_mut().expect("a print before its block line");
                assert_eq!(last.0, name, "golden: a print under another block's line");
                last.1.prints.push((what, value));
            }
            _ => panic!("golden: unreadable line {line:?}"),
        }
    }
    out
}

/// Every block's stated values against CuTe's prints, and its code against
/// the code the prints were made from.
#[test]
fn the_cpp_comments_are_cutes_prints() {
    let golden = golden();
    let mut names = Vec::new();
    let mut wrong = Vec::new();
    for (page, text) in PAGES {
        for (i, lines) in cpp_blocks(text).iter().enumerate() {
            let name = format!("{page} {}", i + 1);
            let Some((_, g)) = golden.iter().find(|(n, _)| *n == name) else {
                wrong.push(format!("{name}: not in the golden (regenerate it)"));
                continue;
            };
            let stated: Vec<&str> = lines
                .iter()
                .filter_map(|l| split_mark(l).1)
                .flatten()
                .collect();
            for (s, (what, print)) in stated.iter().zip(&g.prints) {
                if s != print {
                    wrong.push(format!(
                        "{name}: `{what}`: the page says {s}, CuTe prints {print}"
                    ));
                }
            }
            if stated.len() != g.prints.len() {
                wrong.push(format!(
                    "{name}: {} values stated, {} printed in the golden (regenerate it)",
                    stated.len(),
                    g.prints.len()
                ));
            }
            if block_hash(lines) != g.hash {
                wrong.push(format!(
                    "{name}: the block's code changed since the golden was made (regenerate it)"
                ));
            }
            names.push(name);
        }
    }
    for (n, _) in &golden {
        if !names.iter().any(|m| m == n) {
            wrong.push(format!(
                "{n}: in the golden, not on the pages (regenerate it)"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The parts the check relies on: a marked line's values, the hash of a
/// block that differs only in a `// →` comment, and the golden's size.
#[test]
fn the_check_reads_what_it_should() {
    let (code, stated) = split_mark("size(s); s(10);   // → 32; 18");
    assert_eq!(
        (code.trim(), stated),
        ("size(s); s(10);", Some(vec!["32", "18"]))
    );
    assert_eq!(
        block_hash(&["f(x);  // → 1"]),
        block_hash(&["f(x);  // → 2"])
    );
    assert_ne!(block_hash(&["f(x);"]), block_hash(&["f(y);"]));
    let g = golden();
    let blocks: usize = PAGES.iter().map(|(_, t)| cpp_blocks(t).len()).sum();
    assert_eq!(g.len(), blocks);
    assert!(g.iter().map(|(_, b)| b.prints.len()).sum::<usize>() >= 20);
}

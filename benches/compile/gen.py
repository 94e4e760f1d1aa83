#!/usr/bin/env python3
"""Write the crates benches/compile/run.sh times: the same library written
with `layout!` and by hand, plus an empty one.

    python3 benches/compile/gen.py OUT_DIR FACADE_DIR LAYOUT_BIN [N]

OUT_DIR/macro, OUT_DIR/hand and OUT_DIR/empty each get a Cargo.toml that
depends on the facade at FACADE_DIR (so their dependency builds are the
same) and a src/lib.rs; OUT_DIR/macro_KIND and OUT_DIR/hand_KIND hold the
same items split by kind (const, table, typed, algebra), and OUT_DIR/macro_zst
the typed and algebra items as `layout!(type …)` (zero-sized layouts), and
OUT_DIR/{macro,hand}_codegen the whole mix with `#[inline(never)]` on every
function (see the comment at its definition). The
N invocations (default 1000), all distinct:

- 30% `const` offsets: `layout!(crd2idx((1,2), (4,8):(8,1)))`; by hand
  the arithmetic, `1 * 8 + 2 * 1`;
- 20% tables of at most 256 entries: `layout!(table(L))`; by hand the
  array literal;
- 40% typed static layouts with a `crd2idx` call in a function; by hand
  the index expression, `i * 8 + j`;
- 10% algebra results (divides, products, composition, complement,
  coalesce) used as `crd2idx(i)`; by hand the colexicographic split of `i`
  over the result's leaves. The results come from LAYOUT_BIN (`layout
  eval`), so the hand-written crate is what one would paste from the
  calculator.

OUT_DIR/mixed_macro and OUT_DIR/mixed_hand hold the mix of issue 12 (timed by
benches/compile/mixed.sh), N invocations in these shares:

- 30% `const` crd2idx literals, as above;
- 30% `const` tables of at most 256 entries, as above;
- 30% typed static layouts with a `crd2idx` call in a function, as above;
- 10% algebra results formatted with `Display`:
  `layout!(logical_divide(…)).to_string()`; by hand the result's text, as
  `layout eval` prints it, `"((2,2),3):((1,4),2)".to_string()`;

and OUT_DIR/mixed_{macro,hand}_KIND the same items split by kind (const,
table, typed, display); OUT_DIR/mixed_macro_opt and
OUT_DIR/mixed_macro_KIND_opt are the `layout!` crates again with the
macro, syn and the core's host copy optimised (`OPT_MACROS` below).
"""
import random
import subprocess
import sys
from pathlib import Path

SHAPES = [2, 3, 4, 5, 6, 8]


def tup(xs):
    return "(" + ",".join(str(x) for x in xs) + ")"


def flat_layout(rng, rank, max_size=None):
    """A random flat layout of `rank` modes: compact in a random order, or padded."""
    while True:
        shape = [rng.choice(SHAPES) for _ in range(rank)]
        size = 1
        for s in shape:
            size *= s
        if max_size is None or size <= max_size:
            break
    order = list(range(rank))
    rng.shuffle(order)
    stride, run = [0] * rank, 1
    for m in order:
        stride[m] = run
        run *= shape[m] + rng.choice([0, 0, 1])
    return shape, stride


def colex_offsets(shape, stride):
    out = []
    size = 1
    for s in shape:
        size *= s
    for i in range(size):
        rest, off = i, 0
        for s, d in zip(shape, stride):
            off += (rest % s) * d
            rest //= s
        out.append(off)
    return out


def parse_layout(text):
    """`(a,(b,c)):(d,(e,f))` -> flat leaf lists (shape, stride)."""
    shape, stride = text.split(":")
    leaves = lambda t: [int(x) for x in t.replace("(", " ").replace(")", " ").replace(",", " ").split()]
    return leaves(shape), leaves(stride)


def algebra_candidates(rng):
    while True:
        shape, stride = flat_layout(rng, rng.choice([2, 3]))
        layout = f"{tup(shape)}:{tup(stride)}"
        tile = tup([rng.choice([1, 2]) for _ in shape[:2]])
        op = rng.choice(["logical_divide", "zipped_divide", "logical_product",
                         "blocked_product", "composition", "complement", "coalesce"])
        if op in ("logical_divide", "zipped_divide"):
            yield f"{op}({layout}, {tile})"
        elif op == "logical_product":
            yield f"{op}({layout}, {rng.choice([2, 3, 4])}:{rng.choice([1, 2])})"
        elif op == "blocked_product":
            yield f"{op}({layout}, ({rng.choice([2, 3])},{rng.choice([2, 4])}):(1,{rng.choice([2, 3])}))"
        elif op == "composition":
            yield f"{op}({layout}, {rng.choice([2, 4])}:{rng.choice([1, 2])})"
        elif op == "complement":
            yield f"{op}({layout}, {rng.choice([256, 512, 1024])})"
        else:
            yield f"{op}({layout})"


def evaluate(layout_bin, exprs):
    out = subprocess.run([layout_bin, "eval"], input="\n".join(exprs) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def colex_split(shape, stride):
    """Rust for `L(i)` over flat leaves, the last leaf taking what is left."""
    lines, terms = ["    let r = i;"], []
    for k, (s, d) in enumerate(zip(shape, stride)):
        if k + 1 == len(shape):
            terms.append(f"r * {d}")
        else:
            lines.append(f"    let (c{k}, r) = (r % {s}, r / {s});")
            terms.append(f"c{k} * {d}")
    return "\n".join(lines) + "\n    " + " + ".join(terms)


def items(rng, layout_bin, counts, display):
    """`layout!` items, their hand-written twins and their kinds, `counts`
    of each kind; algebra results are indexed (`crd2idx(i)`), or formatted
    when `display` (kind `display`)."""
    seen = set()
    macro, hand, kinds = [], [], []
    counts = dict(counts)

    def distinct(text):
        if text in seen:
            return False
        seen.add(text)
        return True

    k = 0
    while counts["const"] > 0:
        shape, stride = flat_layout(rng, rng.choice([2, 3]))
        coord = [rng.randrange(s) for s in shape]
        text = f"crd2idx({tup(coord)}, {tup(shape)}:{tup(stride)})"
        if distinct(text):
            macro.append(f"pub const C{k}: usize = layout!({text});")
            arith = " + ".join(f"{c} * {d}" for c, d in zip(coord, stride))
            hand.append(f"pub const C{k}: usize = {arith};")
            kinds.append("const")
            counts["const"] -= 1
            k += 1
    while counts["table"] > 0:
        shape, stride = flat_layout(rng, rng.choice([2, 3]), max_size=256)
        text = f"table({tup(shape)}:{tup(stride)})"
        if distinct(text):
            values = colex_offsets(shape, stride)
            macro.append(f"pub const T{k}: [usize; {len(values)}] = layout!({text});")
            hand.append(f"pub const T{k}: [usize; {len(values)}] = {values};")
            kinds.append("table")
            counts["table"] -= 1
            k += 1
    while counts["typed"] > 0:
        shape, stride = flat_layout(rng, rng.choice([2, 3]))
        text = f"{tup(shape)}:{tup(stride)}"
        if distinct(text):
            names = ["i", "j", "l"][: len(shape)]
            args = ", ".join(f"{v}: usize" for v in names)
            coord = "(" + ", ".join(names) + ")"
            macro.append(f"pub fn f{k}({args}) -> usize {{\n    layout!({text}).crd2idx({coord})\n}}")
            arith = " + ".join(f"{v} * {d}" for v, d in zip(names, stride))
            hand.append(f"pub fn f{k}({args}) -> usize {{\n    {arith}\n}}")
            kinds.append("typed")
            counts["typed"] -= 1
            k += 1
    candidates = algebra_candidates(rng)
    while counts["algebra"] > 0:
        batch = [e for e in (next(candidates) for _ in range(4 * counts["algebra"])) if e not in seen]
        for expr, result in zip(batch, evaluate(layout_bin, batch)):
            if counts["algebra"] == 0 or result.startswith("error") or ":" not in result:
                continue
            if not distinct(expr):
                continue
            if display:
                macro.append(f"pub fn d{k}() -> String {{\n    layout!({expr}).to_string()\n}}")
                hand.append(f"/// {expr}\npub fn d{k}() -> String {{\n    \"{result}\".to_string()\n}}")
                kinds.append("display")
            else:
                shape, stride = parse_layout(result)
                macro.append(f"pub fn g{k}(i: usize) -> usize {{\n    layout!({expr}).crd2idx(i)\n}}")
                hand.append(f"/// {expr} = {result}\npub fn g{k}(i: usize) -> usize {{\n{colex_split(shape, stride)}\n}}")
                kinds.append("algebra")
            counts["algebra"] -= 1
            k += 1
    return macro, hand, kinds


HEADER = "//! Generated by benches/compile/gen.py; not committed.\n#![allow(clippy::all, clippy::pedantic)]\n"
USE_MACRO = "use layout_dsl::layout;\n\n"
# The hand-written crates load the facade too, as the `layout!` ones do: a
# crate that loads it reuses the generic functions it already compiled
# (`str::to_string`, …) instead of compiling its own copies, a fixed ≈16 M
# rustc instructions that would otherwise be counted against the hand side
# and spread over its invocations (BENCHMARKS.md, "representations tried").
USE_FACADE = "use layout_dsl as _;\n"


# A user's option, not the default: every proc macro and build script (and
# their dependencies) compiled optimised in the debug profile (BENCHMARKS.md,
# "A `Display`ed result: its text, the macro, an optimised macro").
OPT_MACROS = "\n[profile.dev.build-override]\nopt-level = 3\n"


def by_kind(prefix, macro, hand, kinds, names):
    """The crates `{prefix}macro_KIND` and `{prefix}hand_KIND`: one kind each."""
    crates = {}
    for kind in names:
        picked = [i for i, k in enumerate(kinds) if k == kind]
        crates[f"{prefix}macro_{kind}"] = HEADER + USE_MACRO + "\n\n".join(macro[i] for i in picked) + "\n"
        crates[f"{prefix}hand_{kind}"] = HEADER + USE_FACADE + "\n" + "\n\n".join(hand[i] for i in picked) + "\n"
    return crates


def main():
    out_dir, facade, layout_bin = Path(sys.argv[1]), Path(sys.argv[2]).resolve(), sys.argv[3]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    rng = random.Random(2024)
    counts = {"const": n * 3 // 10, "table": n * 2 // 10, "typed": n * 4 // 10}
    counts["algebra"] = n - sum(counts.values())
    macro, hand, kinds = items(rng, layout_bin, counts, display=False)

    header, use_macro = HEADER, USE_MACRO
    crates = {
        "macro": header + use_macro + "\n\n".join(macro) + "\n",
        "hand": header + USE_FACADE + "\n" + "\n\n".join(hand) + "\n",
        "empty": header,
    }
    # The same items split by kind (macro_const, hand_const, ...), for the
    # per-kind costs (`BY_KIND=1 benches/compile/run.sh`).
    crates.update(by_kind("", macro, hand, kinds, ("const", "table", "typed", "algebra")))
    # The typed and algebra items again with `layout!(type …)`: zero-sized
    # layouts, one type per layout (not part of the 1,000-invocation mix).
    picked = [i for i, k in enumerate(kinds) if k in ("typed", "algebra")]
    zero_sized = (macro[i].replace("layout!(", "layout!(type ") for i in picked)
    crates["macro_zst"] = header + use_macro + "\n\n".join(zero_sized) + "\n"
    crates["hand_zst"] = header + USE_FACADE + "\n" + "\n\n".join(hand[i] for i in picked) + "\n"
    # The whole mix with `#[inline(never)]` on every function, for release
    # builds: a small plain function is otherwise left uncompiled in an rlib
    # (rustc compiles it in each crate that calls it), which the hand-written
    # functions all are and the `layout!` ones (calls before inlining) are not.
    never = lambda items: "\n\n".join(x.replace("pub fn ", "#[inline(never)]\npub fn ") for x in items)
    crates["macro_codegen"] = header + use_macro + never(macro) + "\n"
    crates["hand_codegen"] = header + USE_FACADE + "\n" + never(hand) + "\n"
    # Issue 12's mix (benches/compile/mixed.sh): its own seed, so the
    # crates above stay as they were.
    mixed_counts = {"const": n * 3 // 10, "table": n * 3 // 10, "typed": n * 3 // 10}
    mixed_counts["algebra"] = n - sum(mixed_counts.values())
    m_macro, m_hand, m_kinds = items(random.Random(12), layout_bin, mixed_counts, display=True)
    crates["mixed_macro"] = header + use_macro + "\n\n".join(m_macro) + "\n"
    crates["mixed_hand"] = header + USE_FACADE + "\n" + "\n\n".join(m_hand) + "\n"
    crates.update(by_kind("mixed_", m_macro, m_hand, m_kinds, ("const", "table", "typed", "display")))
    optimised = {f"{name}_opt" for name in crates if name.startswith("mixed_macro")}
    crates.update({f"{name}_opt": crates[name] for name in list(crates) if name.startswith("mixed_macro")})
    for name, lib in crates.items():
        crate = out_dir / name
        (crate / "src").mkdir(parents=True, exist_ok=True)
        (crate / "Cargo.toml").write_text(
            f'[package]\nname = "compile_bench_{name}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
            f'[dependencies]\nlayout-dsl = {{ path = "{facade}" }}\n\n'
            "# Standalone: not a member of any enclosing workspace.\n[workspace]\n"
            + (OPT_MACROS if name in optimised else "")
        )
        (crate / "src" / "lib.rs").write_text(lib)
    print(f"wrote {len(macro)} invocations to {out_dir}/macro and their hand-written twins to {out_dir}/hand")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Check the CuTe C++ blocks of the docs against CuTe itself; write their golden prints.

Run from the repository root, with a CUTLASS checkout's include flags (CuTe is header-only;
the host build needs the CUDA headers `cute/tensor.hpp` includes, e.g. from the PyPI packages
nvidia-cuda-cccl-cu12, nvidia-cuda-runtime-cu12, nvidia-cuda-nvcc-cu12):

    python3 scripts/cute_doc_golden.py $(cat /work/notes/CUTE_INCLUDES)

Every ```cpp block of PAGES becomes one function of a host program (`#include
<cute/tensor.hpp>`, `<cute/atom/mma_atom.hpp>`, `using namespace cute;`), compiled with `g++ -std=c++17 -O2` and run.
A line whose comment starts with `// →` states CuTe's print of the line's statements, in order,
separated by `;`: an expression statement's value, a declaration's variable (a tensor's
layout), each name of a structured binding. The program prints each with CuTe's `print`, and
the script writes them to GOLDEN with a hash of each block (its text less the `// →` comments),
and then compares them with the comments: a comment that differs is reported and the script
exits 1. `tests/from_cute_cpp.rs` holds the pages to GOLDEN without CUTLASS (CI): a comment that
differs from the print, or a block whose code changed since GOLDEN was written, fails there.

Blocks with device-side names (`blockIdx`, `threadIdx`, tensors made elsewhere in a kernel)
get the host declarations in SETUP before their text: they are compiled (the CuTe calls must
type-check as written) but state no values. Comments without `→` are prose, not checked.

`--program FILE` also keeps the generated C++ (for debugging); the golden holds no CUTLASS text.
"""

import re
import subprocess
import sys
import tempfile
from pathlib import Path

PAGES = ["docs/from-cute.md", "docs/typed/tensors.md"]
GOLDEN = Path("tests/golden/from_cute_cpp.txt")
MARK = "// →"

# Host stand-ins for what a kernel would have in scope, keyed by (page, block number).
# Kept as small as the block's names need; the values are arbitrary but fixed.
SETUP = {
    ("docs/from-cute.md", 5): """
    // A (M,K) matrix in global memory and a kernel's indices, on the host.
    int m = 256, k = 16, lda = 256;
    std::vector<float> a_data(lda * k);
    Tensor mA = make_tensor(a_data.data(), make_layout(make_shape(m, k), make_stride(1, lda)));
    struct { int x = 1, y = 0; } blockIdx;
    struct { int x = 37; } threadIdx;
    """,
    ("docs/from-cute.md", 6): """
    // One thread's partitions, as register and global tensors of sgemm_1's ranks.
    std::vector<float> g(64);
    Tensor tAgA = make_tensor(g.data(), make_layout(make_shape(_4{}, _1{})));
    Tensor tArA = make_tensor<float>(make_shape(_4{}, _1{}));
    Tensor tCrA = make_tensor<float>(make_shape(_4{}, _2{}));  // (M,K)
    Tensor tCrB = make_tensor<float>(make_shape(_3{}, _2{}));  // (N,K)
    Tensor tCrC = make_tensor<float>(make_shape(_4{}, _3{}));  // (M,N)
    Tensor tCgC = make_tensor(g.data(), make_layout(make_shape(_4{}, _3{})));
    float alpha = 2, beta = 1;
    fill(tCrA, 1.f); fill(tCrB, 2.f);
    """,
    ("docs/from-cute.md", 7): """
    // sgemm_1's global A, CTA tiler and coordinate, copy-thread layout and one thread.
    int m = 300, kk = 77;
    std::vector<float> a_data(m * kk);
    Tensor mA = make_tensor(a_data.data(), make_layout(make_shape(m, kk)));
    auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
    auto cta_coord = make_coord(2, 0, _);
    auto tA = make_layout(make_shape(Int<32>{}, Int<8>{}));
    int tid = 37, k = 9;
    Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X, _1>{});
    Tensor tAgA = local_partition(gA, tA, tid);
    Tensor tAsA = make_tensor<float>(make_shape(Int<4>{}, Int<1>{}));
    """,
}


def cpp_blocks(text):
    """The ```cpp blocks of a page, each as its lines."""
    blocks, open_ = [], None
    for line in text.splitlines():
        t = line.strip()
        if open_ is None and t.startswith("```cpp"):
            open_ = []
        elif open_ is not None and t == "```":
            blocks.append(open_)
            open_ = None
        elif open_ is not None:
            open_.append(line)
    return blocks


def split_mark(line):
    """(code, stated values or None): the statements and what `// →` says they print."""
    if MARK not in line:
        return line, None
    code, stated = line.split(MARK, 1)
    return code, [v.strip() for v in stated.split(";")]


def statements(code):
    """The `;`-separated statements of a line's code, trimmed, empty ones dropped."""
    return [s.strip() for s in code.split(";") if s.strip()]


def block_hash(lines):
    """FNV-1a 64 of the block's lines, `// →` comments cut, trailing spaces trimmed, joined
    by newlines (tests/from_cute_cpp.rs computes the same)."""
    h = 0xCBF29CE484222325
    text = "\n".join(split_mark(l)[0].rstrip() for l in lines)
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


DECL = re.compile(r"^(?:[\w:<>]+)\s+(\w+)\s*=")
BINDING = re.compile(r"^auto\s*\[([\w\s,]+)\]\s*=")


def printed(stmt):
    """What a statement's value is printed as: [(label, C++ expression)], and whether the
    statement stays in the program as written (a declaration) or is replaced by its prints."""
    b = BINDING.match(stmt)
    if b:
        names = [n.strip() for n in b.group(1).split(",")]
        return [(n, n) for n in names], True
    d = DECL.match(stmt)
    if d:
        return [(d.group(1), d.group(1))], True
    return [(stmt, f"({stmt})")], False


def program(blocks):
    """The host program: one function per block, main calls them in order."""
    out = [
        "#include <cute/tensor.hpp>",
        "#include <cute/atom/mma_atom.hpp>  // the MMA atoms a block names",
        "#include <cstdio>",
        "#include <vector>",
        "using namespace cute;",
        "// A tensor's value is its layout (its pointer differs from run to run).",
        "template <class T> void show(char const* label, char const* block, T const& x) {",
        '  std::printf("%s\\t%s\\t", block, label);',
        "  if constexpr (is_tensor<T>::value) print(x.layout()); else print(x);",
        '  std::printf("\\n");',
        "}",
    ]
    for i, (key, lines) in enumerate(blocks):
        name = f"{key[0].removeprefix('docs/')} {key[1]}"
        out.append(f"static void block_{i}() {{")
        out.append(SETUP.get(key, ""))
        for line in lines:
            code, stated = split_mark(line)
            if stated is None:
                out.append(line)
                continue
            for stmt in statements(code):
                prints, keep = printed(stmt)
                if keep:
                    out.append(stmt + ";")
                for label, expr in prints:
                    out.append(f'show(R"__({label})__", "{name}", {expr});')
        out.append(f'std::printf("block\\t{name}\\t{block_hash(lines)}\\n");')
        out.append("}")
    out.append("int main() {")
    out += [f"  block_{i}();" for i in range(len(blocks))]
    out.append("}")
    return "\n".join(out) + "\n"


def main(argv):
    keep = None
    if "--program" in argv:
        i = argv.index("--program")
        keep = argv[i + 1]
        del argv[i : i + 2]
    blocks = []
    for page in PAGES:
        for n, lines in enumerate(cpp_blocks(Path(page).read_text()), 1):
            blocks.append(((page, n), lines))
    src = program(blocks)
    with tempfile.TemporaryDirectory() as d:
        cpp = Path(keep) if keep else Path(d) / "blocks.cpp"
        cpp.write_text(src)
        exe = Path(d) / "blocks"
        cc = ["g++", "-std=c++17", "-O2", *argv, str(cpp), "-o", str(exe)]
        if subprocess.run(cc).returncode != 0:
            print(f"the blocks do not compile with CuTe; rerun with --program FILE to keep {cpp.name}")
            return 2
        run = subprocess.run([str(exe)], check=True, capture_output=True, text=True)
    rows = [l.split("\t") for l in run.stdout.splitlines()]
    header = [
        "# CuTe's prints of the ```cpp blocks of docs/from-cute.md and docs/typed/tensors.md:",
        "# `block PAGE N HASH` (the block's text less its `// →` comments), then",
        "# `print PAGE N WHAT VALUE` for each value a `// →` comment states, in order.",
        "# Written by scripts/cute_doc_golden.py (run it with CUTLASS's include flags);",
        "# checked by tests/from_cute_cpp.rs. Compiled with host stand-ins for a kernel's names,",
        "# stating no values: " + ", ".join(f"{p.removeprefix('docs/')} {n}" for p, n in SETUP) + ".",
    ]
    body = []
    for r in rows:
        body.append("\t".join(["block", *r[1:]]) if r[0] == "block" else "\t".join(["print", *r]))
    # A block's hash line first, then its prints.
    ordered, pending = [], []
    for line in body:
        if line.startswith("block\t"):
            ordered += [line, *pending]
            pending = []
        else:
            pending.append(line)
    GOLDEN.write_text("\n".join(header + ordered) + "\n")
    # The comments against the prints.
    prints = {}
    for r in rows:
        if r[0] != "block":
            prints.setdefault(r[0], []).append((r[1], r[2]))
    wrong = 0
    for (page, n), lines in blocks:
        name = f"{page.removeprefix('docs/')} {n}"
        stated = [v for l in lines for v in (split_mark(l)[1] or [])]
        got = prints.get(name, [])
        if len(stated) != len(got):
            print(f"{name}: {len(stated)} stated values, {len(got)} printed")
            wrong += 1
        for s, (what, g) in zip(stated, got):
            if s != g:
                print(f"{name}: {what}: the page says {s}, CuTe prints {g}")
                wrong += 1
    print(f"{GOLDEN}: {len(blocks)} blocks, {len(rows) - len(blocks)} prints, {wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

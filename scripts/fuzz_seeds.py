#!/usr/bin/env python3
"""Seed corpora and a dictionary for the libFuzzer targets in fuzz/, from the
golden data (layout-core/tests/golden/*.jsonl). Run from the repository root:

    python3 scripts/fuzz_seeds.py

writes fuzz/corpus/eval/ and fuzz/corpus/macro_parse/ (one file per input,
named by its hash, so reruns are idempotent; both also take the inputs of
the macro's snapshot and ui tests) and fuzz/layout.dict. None of
them is committed (fuzz/.gitignore); the fuzzer adds its own finds to the
corpus directories."""
import glob
import hashlib
import json
import os
import re

GOLDEN = "layout-core/tests/golden/*.jsonl"
# Names the golden data may not spell: tags, and the macro's dynamic leaves.
EXTRA_WORDS = ["LayoutLeft", "LayoutRight", "RowMajor", "ColumnMajor", "type", "m", "n"]
PUNCT = ["(", ")", "<", ">", ",", ":", "-", "{", "}", "*", "#", " o "]
# The macro's own test inputs: forms the golden data lacks (`#NAME`,
# `Sw<…> o k o L`, `type`, the ui tests' mistakes).
MACRO_SNAPSHOTS = "layout-macros/tests/snapshots/*.snap"
MACRO_UI = "ui-tests/*/*.rs"


def macro_calls(text):
    """The inputs of every `layout!(…)` and `layout_type!(…)` in `text`,
    by matching brackets (the inputs hold no string literals)."""
    calls = []
    for m in re.finditer(r"\blayout(?:_type)?!\s*\(", text):
        depth, start = 1, m.end()
        for i in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                calls.append(text[start:i].strip())
                break
    return calls


def regressions(target):
    """The minimised inputs of past findings, committed in fuzz/regressions/."""
    inputs = []
    for path in sorted(glob.glob(f"fuzz/regressions/{target}/*")):
        with open(path) as f:
            inputs.append(f.read())
    return inputs


def macro_inputs():
    inputs = []
    for path in sorted(glob.glob(MACRO_SNAPSHOTS)):
        with open(path) as f:
            for line in f:
                if line.startswith("expression: "):
                    inputs += macro_calls(json.loads(line[len("expression: "):]))
    for path in sorted(glob.glob(MACRO_UI)):
        with open(path) as f:
            inputs += macro_calls(f.read())
    return sorted(set(inputs))


def write_corpus(directory, inputs):
    os.makedirs(directory, exist_ok=True)
    for text in inputs:
        data = text.encode()
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)


def dynamic_variant(expr):
    """The macro also takes `usize` variables and blocks in integer
    positions: the first positive integer becomes `m`, the last `{n * 2}`."""
    ints = list(re.finditer(r"(?<![\w-])[1-9][0-9]*", expr))
    if len(ints) < 2:
        return None
    first, last = ints[0], ints[-1]
    return (expr[: first.start()] + "m" + expr[first.end() : last.start()]
            + "{n * 2}" + expr[last.end() :])


def main():
    exprs = []
    for path in sorted(glob.glob(GOLDEN)):
        with open(path) as f:
            exprs += [json.loads(line)["expr"] for line in f if line.strip()]
    exprs = sorted(set(exprs))
    own = macro_inputs()
    # The core reads the macro's forms too (`o`, `Sw<…>`, its mistakes).
    write_corpus("fuzz/corpus/eval", exprs + own + regressions("eval"))
    variants = [v for v in map(dynamic_variant, exprs) if v]
    write_corpus("fuzz/corpus/macro_parse", exprs + variants + own + regressions("macro_parse"))
    words = sorted(set(re.findall(r"[A-Za-z_]\w*", " ".join(exprs))) | set(EXTRA_WORDS))
    with open("fuzz/layout.dict", "w") as f:
        f.write("# libFuzzer dictionary, written by scripts/fuzz_seeds.py\n")
        for token in words + PUNCT:
            f.write(json.dumps(token) + "\n")
    print(f"{len(exprs) + len(own)} eval seeds, {len(exprs) + len(variants) + len(own)} macro seeds "
          f"({len(own)} from the macro's tests), "
          f"{len(words) + len(PUNCT)} dictionary entries")


if __name__ == "__main__":
    main()

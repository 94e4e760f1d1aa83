#!/usr/bin/env python3
"""Seed corpora and a dictionary for the libFuzzer targets in fuzz/, from the
golden data (layout-core/tests/golden/*.jsonl). Run from the repository root:

    python3 scripts/fuzz_seeds.py

writes fuzz/corpus/eval/ and fuzz/corpus/macro_parse/ (one file per input,
named by its hash, so reruns are idempotent) and fuzz/layout.dict. None of
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
PUNCT = ["(", ")", "<", ">", ",", ":", "-", "{", "}", "*"]


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
    write_corpus("fuzz/corpus/eval", exprs)
    variants = [v for v in map(dynamic_variant, exprs) if v]
    write_corpus("fuzz/corpus/macro_parse", exprs + variants)
    words = sorted(set(re.findall(r"[A-Za-z_]\w*", " ".join(exprs))) | set(EXTRA_WORDS))
    with open("fuzz/layout.dict", "w") as f:
        f.write("# libFuzzer dictionary, written by scripts/fuzz_seeds.py\n")
        for token in words + PUNCT:
            f.write(json.dumps(token) + "\n")
    print(f"{len(exprs)} eval seeds, {len(exprs) + len(variants)} macro seeds, "
          f"{len(words) + len(PUNCT)} dictionary entries")


if __name__ == "__main__":
    main()

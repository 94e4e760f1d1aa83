#!/usr/bin/env python3
"""Write crates of 85 functions, each printing a layout of its own nesting,
to measure what formatting costs rustc per distinct layout type
(BENCHMARKS.md, "A `Display`ed result: the description's cost").

    python3 benches/compile/nestings.py OUT FACADE_DIR
    CARGO_TARGET_DIR=OUT/target benches/compile/instructions.sh OUT/nestings_*

Every function builds `::layout_dsl::__private::layout(SHAPE, STRIDE)`
(what `layout!` expands to for a static result: `usize` leaves) of a
distinct nesting, then, by crate:

- nestings_value: builds it and returns `String::new()` (the baseline);
- nestings_to_string: `.to_string()` (the inherent method);
- nestings_format: `format!("{}", …)` (`Display`);
- nestings_debug: `format!("{:?}", …)` (`Debug`).

A crate's count less nestings_value's, over 85, is what printing costs per
layout type (gen.py's mix has 9 types over its 100 `Display`ed results).
"""
import itertools
import random
import sys
from pathlib import Path

P = "::layout_dsl::__private::layout"
BODIES = {
    "value": lambda l: f"{{ let _l = {l}; String::new() }}",
    "to_string": lambda l: f"{l}.to_string()",
    "format": lambda l: f'format!("{{}}", {l})',
    "debug": lambda l: f'format!("{{:?}}", {l})',
}


def nestings():
    """A leaf, then tuples of 1 to 3 items, each a leaf, a pair, a triple
    or a nested pair: 85 nestings."""
    item = ["L", ("L", "L"), ("L", "L", "L"), (("L", "L"), "L")]
    out = ["L"]
    for rank in (1, 2, 3):
        out.extend(itertools.product(item, repeat=rank))
    return out


def value(rng, t):
    if t == "L":
        return f"{rng.randrange(1, 20)}usize"
    inner = ", ".join(value(rng, x) for x in t)
    return f"({inner},)" if len(t) == 1 else f"({inner})"


def main():
    out, facade = Path(sys.argv[1]), Path(sys.argv[2]).resolve()
    for name, body in BODIES.items():
        rng = random.Random(7)
        crate = out / f"nestings_{name}"
        (crate / "src").mkdir(parents=True, exist_ok=True)
        (crate / "Cargo.toml").write_text(
            f'[package]\nname = "compile_bench_nestings_{name}"\nversion = "0.0.0"\nedition = "2024"\n'
            f'publish = false\n\n[dependencies]\nlayout-dsl = {{ path = "{facade}" }}\n\n[workspace]\n'
        )
        functions = (
            f"pub fn d{k}() -> String {{\n    {body(f'{P}({value(rng, t)}, {value(rng, t)})')}\n}}"
            for k, t in enumerate(nestings())
        )
        lib = "#![allow(clippy::all, clippy::pedantic)]\nuse layout_dsl as _;\n\n" + "\n\n".join(functions)
        (crate / "src" / "lib.rs").write_text(lib + "\n")
        print(f"wrote {crate}")


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Compile time of issue 12's mixed crate, debug: 1,000 `layout!` invocations
# (300 `const` crd2idx literals, 300 `const` tables of at most 256 entries,
# 300 typed layouts with a `crd2idx` call in a function, 100 algebra
# results formatted with `Display`) against the same items by hand, and each
# kind alone against its hand-written twin. See BENCHMARKS.md, "Compile time".
#
#   benches/compile/mixed.sh [RUNS] [N]          # defaults: 7 runs, 1000 invocations
#   COUNT=1 benches/compile/mixed.sh             # plus instructions per crate (instructions.sh)
#   BASELINE=DIR benches/compile/mixed.sh        # also the macro crates built
#                                                # against the facade in DIR (another
#                                                # checkout), interleaved in the same run
#
# As run.sh: hyperfine, dependencies built before timing, `touch src/lib.rs`
# and CARGO_INCREMENTAL=0 so each timed build fully recompiles that crate only.
set -euo pipefail

runs=${1:-7}
n=${2:-1000}
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }

out=$(mktemp -d "${TMPDIR:-/tmp}/layout-mixed.XXXXXX")
echo "crates and results in $out"
cargo build --release -q -p layout-cli --manifest-path "$root/Cargo.toml"
layout="$root/target/release/layout"
python3 "$root/benches/compile/gen.py" "$out/new" "$root" "$layout" "$n" >/dev/null
kinds=(const table typed display)
crates=(new/mixed_hand new/mixed_macro)
for k in "${kinds[@]}"; do crates+=("new/mixed_hand_$k" "new/mixed_macro_$k"); done
if [ -n "${BASELINE:-}" ]; then
    python3 "$root/benches/compile/gen.py" "$out/base" "$BASELINE" "$layout" "$n" >/dev/null
    crates+=(base/mixed_macro)
    for k in "${kinds[@]}"; do crates+=("base/mixed_macro_$k"); done
fi

export CARGO_TARGET_DIR="$out/target" CARGO_INCREMENTAL=0
args=()
touches=()
for c in "${crates[@]}"; do
    cargo build -q --manifest-path "$out/$c/Cargo.toml"
    args+=(-n "$c" "cargo build -q --manifest-path $out/$c/Cargo.toml")
    touches+=("$out/$c/src/lib.rs")
done
hyperfine --runs "$runs" --style basic --export-json "$out/mixed.json" \
    --prepare "touch ${touches[*]}" "${args[@]}" >/dev/null

python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
med = {r["command"]: r["median"] for r in json.load(open(f"{out}/mixed.json"))["results"]}
count = lambda c: open(f"{out}/{c}/src/lib.rs").read().count("layout!(")
rows = [("mixed", "mixed_hand", "mixed_macro")] + [
    (k, f"mixed_hand_{k}", f"mixed_macro_{k}") for k in ("const", "table", "typed", "display")]
base = any(c.startswith("base/") for c in med)
print("| crate (debug) | invocations | hand-written | layout! | layout!/hand | per invocation vs hand |"
      + (" baseline layout! | baseline per invocation |" if base else ""))
print("|---|---|---|---|---|---|" + ("---|---|" if base else ""))
for name, hand, macro in rows:
    n = count(f"new/{macro}")
    h, m = med[f"new/{hand}"], med[f"new/{macro}"]
    line = f"| {name} | {n} | {h:.3f} s | {m:.3f} s | {m / h:.2f} | {(m - h) / n * 1e3:.2f} ms |"
    if base:
        b = med[f"base/{macro}"]
        line += f" {b:.3f} s | {(b - h) / n * 1e3:.2f} ms |"
    print(line)
PY

# COUNT=1: also the instructions rustc executes for each crate (valgrind),
# which the machine's load does not move.
if [ "${COUNT:-0}" = 1 ]; then
    "$root/benches/compile/instructions.sh" "${crates[@]/#/$out/}"
fi

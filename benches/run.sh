#!/usr/bin/env bash
# Runs every criterion bench of BENCHMARKS.md (a few minutes) and prints
# the paired ratios and criterion's medians.
#
#   benches/run.sh [LOG]        # the full output goes to LOG (target/bench.log)
#   ALIGN_LOOPS=1 benches/run.sh # every loop aligned to 64 bytes (own target dir)
#
# Why ALIGN_LOOPS: on this machine the same loop runs up to 2x faster or
# slower depending on where the linker places it, and every rebuild moves
# code, so a pair of identical loops can measure 0.55x or 2x (BENCHMARKS.md,
# "Method"). Aligning all loops (LLVM's -align-loops) removes that; it
# changes no instruction.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${ALIGN_LOOPS:-0}" = 1 ]; then
    export CARGO_TARGET_DIR=target/aligned RUSTFLAGS="-C llvm-args=-align-loops=64"
fi
target=${CARGO_TARGET_DIR:-target}
log=${1:-$target/bench.log}
mkdir -p "$target" "$(dirname "$log")"
benches=(crd2idx offsets transpose algebra seeds index sgemm typed_copy)
args=()
for b in "${benches[@]}"; do args+=(--bench "$b"); done
cargo bench -p layout-dsl "${args[@]}" >"$log" 2>&1 || { tail -20 "$log"; exit 1; }
grep -E '^(ratio|allocations)' "$log"
# Criterion's medians, from its estimates (target/criterion/GROUP/NAME/new).
python3 - <<'PY'
import json, pathlib
import os
root = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", "target")) / "criterion"
for est in sorted(root.glob("**/new/estimates.json")):
    name = str(est.parent.parent.relative_to(root))
    median = json.loads(est.read_text())["median"]["point_estimate"]
    unit, scale = next((u, s) for u, s in (("s", 1e9), ("ms", 1e6), ("us", 1e3), ("ns", 1)) if median >= s)
    print(f"median {name} = {median / scale:.3f} {unit}")
PY

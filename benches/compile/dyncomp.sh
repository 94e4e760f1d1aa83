#!/usr/bin/env bash
# Compile cost of the run-time merge of `layout!(type composition(…))`
# (BENCHMARKS.md, "Compile cost of typed algebra: … (branch compile8)"): the
# `dyncomp` crate of benches/compile/statics.py (20 dynamic compositions)
# built against this checkout and against a copy of it whose macro writes
# the same walk without the merge (`code.merges = false` in
# layout-macros/src/typed/compose.rs: CuTe's step alone, each step's
# refusal final, the expansion `layout!(type …)` wrote before the merge).
# The two differ in the merge alone, so the ratio is its cost.
#
#   benches/compile/dyncomp.sh OUT      # OUT: a new or scratch directory
#
# Prints rustc's instructions (benches/compile/instructions.sh: debug,
# CARGO_INCREMENTAL=0, valgrind) for `empty` and `dyncomp` on each side,
# then the cost per composition, (dyncomp − empty) / 20, and the ratio.
# The copy is of the working tree (uncommitted edits included): leave the
# tree alone while it runs, as the merge side builds against it.
set -euo pipefail

out=$(mkdir -p "$1" && cd "$1" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/benches/compile

rm -rf "$out/nomerge-tree"
mkdir -p "$out/nomerge-tree"
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$root" && git ls-files -z | tar -c --null -T -) | tar -x -C "$out/nomerge-tree"
else # an unpacked archive
    (cd "$root" && tar -c --exclude=./target .) | tar -x -C "$out/nomerge-tree"
fi
compose=$out/nomerge-tree/layout-macros/src/typed/compose.rs
[ "$(grep -c 'code.merges = true;' "$compose")" = 1 ] || {
    echo "dyncomp.sh: expected one 'code.merges = true;' in $compose" >&2
    exit 1
}
sed -i 's/code.merges = true;/code.merges = false;/' "$compose"

python3 "$here/statics.py" "$out/merge" "$root" >/dev/null
python3 "$here/statics.py" "$out/nomerge" "$out/nomerge-tree" >/dev/null
for side in merge nomerge; do
    CARGO_TARGET_DIR=$out/target-$side "$here/instructions.sh" \
        "$out/$side/empty" "$out/$side/dyncomp" | tee "$out/$side.txt"
done
python3 - "$out" <<'EOF'
import sys
out = sys.argv[1]
per = {}
for side in ("merge", "nomerge"):
    counts = {l.split()[0]: float(l.split()[1]) for l in open(f"{out}/{side}.txt")}
    per[side] = (counts["dyncomp"] - counts["empty"]) / 20
    print(f"{side:8} {per[side]:6.2f} M a composition")
print(f"merge / nomerge: {per['merge'] / per['nomerge']:.3f}")
EOF

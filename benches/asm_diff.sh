#!/usr/bin/env bash
# The "identical instructions" check of BENCHMARKS.md: emits the assembly
# of benches/crd2idx.rs and diffs each `macro_*` kernel against its `hand_*`
# twin, with local labels and constant names normalized (they are numbered
# per function). Prints each pair's size and diff; exits 1 on a difference.
#
#   benches/asm_diff.sh [--show NAME]    # --show prints macro_NAME's body
set -euo pipefail
cd "$(dirname "$0")/.."
cargo rustc -q --release -p layout-dsl --bench crd2idx -- --emit asm
asm=$(ls -t target/release/deps/crd2idx-*.s | head -1)
body() {
    awk -v f="$1" '$0 ~ "^"f":" {p=1; next} p && /^\.Lfunc_end/ {exit} p {print}' "$asm" |
        grep -vE '^[[:space:]]*\.(cfi_|p2align|file|loc)' |
        sed -E 's/\.(LBB|LJTI|LCPI)[0-9]+_/.\1_/g; s/\.Ltmp[0-9]+/.Ltmp/g; s/\.Lanon\.[0-9a-f]+\.[0-9]+/.Lanon/g'
}
if [ "${1:-}" = --show ]; then
    body "macro_$2"
    exit 0
fi
status=0
for k in row_major hier_2d hier_4d swizzle dynamic; do
    if diff <(body "macro_$k") <(body "hand_$k") >/dev/null; then
        echo "$k: $(body "macro_$k" | wc -l) instructions and labels, identical"
    else
        echo "$k: DIFFERENT"
        diff <(body "macro_$k") <(body "hand_$k") | head -20
        status=1
    fi
done
# `at` defines an extent of 0 (a cold out-of-line call splits the index:
# the empty mode takes it all) where the hand-written `%` panics, so the
# last block (the zero case) differs by necessity. Everything before it,
# the path of every non-zero extent, must be identical, and the zero case
# must not reach a panic.
# Blocks renumbered in order of first mention (LLVM numbers them before
# layout, and the two functions' cold blocks differ).
renumber() { perl -pe 's/\.LBB_(\d+)/".LBB_" . ($n{$1} \/\/= ++$k)/ge'; }
hot() { renumber | awk '/^\.LBB_/ {last = NR} {lines[NR] = $0} END {for (i = 1; i < last; i++) print lines[i]}'; }
cold() { renumber | awk '/^\.LBB_/ {last = NR} {lines[NR] = $0} END {for (i = last; i <= NR; i++) print lines[i]}'; }
if diff <(body macro_dynamic_at | hot) <(body hand_dynamic_at | hot) >/dev/null; then
    echo "dynamic_at: $(body macro_dynamic_at | hot | wc -l) instructions and labels before the zero case, identical"
else
    echo "dynamic_at: DIFFERENT before the zero case"
    diff <(body macro_dynamic_at | hot) <(body hand_dynamic_at | hot) | head -20
    status=1
fi
if body macro_dynamic_at | cold | grep -q panic; then
    echo "dynamic_at: the zero case panics"
    status=1
else
    echo "dynamic_at: zero case $(body macro_dynamic_at | cold | wc -l) lines (a call, no panic), hand-written $(body hand_dynamic_at | cold | wc -l) (the panic)"
fi
exit $status

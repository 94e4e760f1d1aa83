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
# Not required to be identical: `at` defines an extent of 0 (a cold call
# returns the whole index) where the hand-written `%` panics. The path
# with a non-zero extent is the same divq, imul and add (one more mov).
echo "dynamic_at (not compared): $(body macro_dynamic_at | wc -l) lines, hand-written % $(body hand_dynamic_at | wc -l)"
exit $status

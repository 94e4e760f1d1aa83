#!/usr/bin/env bash
# What each kernel of benches/gemm_nested.rs still calls out of line, in
# the bench binary as `cargo bench` builds it (16 codegen units, ThinLTO
# within the crate): its size and its calls (panics and calls through the
# GOT, the library's non-generic functions as `check_extents`, left out). A kernel whose
# operands are literals should call nothing (`cnested`, `cpermuted`: the
# places table folded); a call to `outlined`, `at_base` or a closure of the
# leaves there means the folding was lost (BENCHMARKS.md, "gemmt": it came
# and went with the partition of the other codegen units while
# `Tensor::new`/`at_base` were out of line).
#
#   benches/gemm_calls.sh [KERNEL...]    # default: cnested cpermuted nested flat
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cargo bench -p layout-dsl --bench gemm_nested --no-run 2>&1 |
    sed -n 's/.*Executable .*(\(.*\))/\1/p' | tail -1)
[ $# -gt 0 ] || set -- cnested cpermuted nested flat
for f in "$@"; do
    size=$(nm -C -S "$bin" | awk -v f="gemm_nested::$f" '$4 == f {print $2}')
    echo "$f: $((16#${size:-0})) bytes"
    objdump -d -C --no-show-raw-insn "$bin" --disassemble="gemm_nested::$f" |
        grep -E '\bcall' | grep -vE 'panic|unwrap_failed|Unwind|drop_in_place|refused_unsigned|_DYNAMIC' |
        sed -E 's/^ *[0-9a-f]+:\s*call *[0-9a-f]* /    calls /' | sort | uniq -c || true
done

#!/usr/bin/env bash
# Instructions rustc executes to compile each given crate (its dependencies
# already built), counted by valgrind: unlike wall time, the count does not
# move with the load of a shared machine, so small differences show.
#
#   benches/compile/instructions.sh CRATE_DIR...   # e.g. the crates gen.py or statics.py write
#
# Uses CARGO_TARGET_DIR as set (mixed.sh's is "$out/target"), debug,
# CARGO_INCREMENTAL=0. Needs valgrind (apt-get install valgrind). About 50×
# slower than the build itself.
set -euo pipefail

if [ -n "${COUNT_LOG:-}" ]; then
    # As RUSTC_WRAPPER (COUNT_LOG set): count only the bench crate, not a dependency.
    rustc=$1
    shift
    case " $* " in
    *" --crate-name compile_bench"*)
        exec valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
            --log-file="$COUNT_LOG" "$rustc" "$@"
        ;;
    *) exec "$rustc" "$@" ;;
    esac
fi

command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 1; }
export CARGO_INCREMENTAL=0
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
log=$(mktemp)
for crate in "$@"; do
    cargo build -q --manifest-path "$crate/Cargo.toml"
    touch "$crate/src/lib.rs"
    COUNT_LOG=$log RUSTC_WRAPPER=$self cargo build -q --manifest-path "$crate/Cargo.toml"
    count=$(grep "I *refs" "$log" | tr -d , | awk '{print $NF}')
    printf "%-32s %8.1f M instructions\n" "$(basename "$crate")" "$(awk -v c="$count" 'BEGIN { print c / 1e6 }')"
done
rm -f "$log"

#!/bin/sh
# Division instructions (div, idiv) executed per input by one side of a
# row: callgrind per instruction (--dump-instr, positions uncompressed)
# inside the side's function, joined with objdump's listing. A division
# costs tens of cycles, so this says where a time ratio parts from the
# instruction ratio (cg.sh).
#   sh divs.sh ROW ours|cute      (BIN=path/to/paired, default the release build)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-${CARGO_TARGET_DIR:-$here/target}/release/paired}
calls=100
symbol=$("$bin" --list | awk -v r="$1" -v s="$2" '$1 == r {print (s == "ours" ? $2 : $3)}')
[ -n "$symbol" ] || { echo "no row $1" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no \
    --toggle-collect="$symbol" --callgrind-out-file="$out/cg" \
    "$bin" --calls "$1" "$2" $calls >/dev/null 2>&1
objdump -d --no-show-raw-insn "$bin" | awk '/\t(i?div)/ {sub(":", "", $1); print "0x" $1}' >"$out/divs"
# Cost lines are "0xADDR LINE COUNT"; a division's address adds its count.
awk -v n=$((calls * 64)) -v row="$1" -v side="$2" 'NR == FNR {d[$1] = 1; next}
    /^0x/ && NF == 3 && ($1 in d) {s += $3}
    END {printf "%-22s %s %6.2f divisions per input\n", row, side, s / n}' "$out/divs" "$out/cg"

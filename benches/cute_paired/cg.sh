#!/bin/sh
# Instructions per input of each side of each row (or of the rows named),
# counted by callgrind with collection on only inside the side's function:
# `paired --calls ROW SIDE N` at two counts N, their difference over the
# extra calls' inputs, so whatever runs once (the first call's cold paths,
# setup) cancels.
#   sh cg.sh [ROW...]            (BIN=path/to/paired, default the release build)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-${CARGO_TARGET_DIR:-$here/target}/release/paired}
low=${LOW:-20}
high=${HIGH:-120}
inputs=64
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rows=${*:-$("$bin" --list | awk '/^[^ ]/ {print $1}')}

# count ROW SIDE SYMBOL N: the instructions callgrind collected.
count() {
    valgrind --tool=callgrind --toggle-collect="$3" \
        --callgrind-out-file="$out/cg.$2.$4" "$bin" --calls "$1" "$2" "$4" >/dev/null 2>&1
    awk '/^(summary|totals):/ {print $2; exit}' "$out/cg.$2.$4"
}

printf '%-22s %10s %10s %8s\n' row ours cute ours/cute
for row in $rows; do
    set -- $("$bin" --list | awk -v r="$row" '$1 == r {print $2, $3}')
    [ $# -eq 2 ] || { echo "no row $row" >&2; exit 2; }
    o=$(( $(count "$row" ours "$1" $high) - $(count "$row" ours "$1" $low) ))
    c=$(( $(count "$row" cute "$2" $high) - $(count "$row" cute "$2" $low) ))
    awk -v r="$row" -v o="$o" -v c="$c" -v n=$(( (high - low) * inputs )) \
        'BEGIN { printf "%-22s %10.1f %10.1f %8.2f\n", r, o / n, c / n, o / c }'
done

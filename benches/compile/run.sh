#!/usr/bin/env bash
# Compile time of `layout!`: builds the crates benches/compile/gen.py writes
# (1,000 invocations, the same library by hand, an empty crate) in a temp
# dir, debug and release, and prints the median wall times and the cost
# per invocation. See BENCHMARKS.md, "Compile time".
#
#   benches/compile/run.sh [RUNS] [N]      # defaults: 5 runs, 1000 invocations
#   BY_KIND=1 benches/compile/run.sh       # also the debug cost of each kind
#
# Needs hyperfine (apt-get install hyperfine). Each timed build recompiles
# only the crate itself: dependencies are built once first (the warm-up),
# `touch src/lib.rs` before every run makes cargo rebuild it, and
# CARGO_INCREMENTAL=0 makes that a full compile (an incremental rebuild of
# an unchanged file reuses nearly everything, whatever it contains).
set -euo pipefail

runs=${1:-5}
n=${2:-1000}
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }

out=$(mktemp -d "${TMPDIR:-/tmp}/layout-compile.XXXXXX")
echo "crates and results in $out"
cargo build --release -q -p layout-cli --manifest-path "$root/Cargo.toml"
python3 "$root/benches/compile/gen.py" "$out" "$root" "$root/target/release/layout" "$n"

# One target dir for all the crates: they share every dependency.
export CARGO_TARGET_DIR="$out/target" CARGO_INCREMENTAL=0
for profile in debug release; do
    flag=""
    crates=(empty hand macro)
    if [ "$profile" = release ]; then
        flag="--release"
        # Every function compiled here, not left to its callers (gen.py).
        crates+=(hand_codegen macro_codegen)
    fi
    # The warm-up; building `empty` first times the dependencies alone
    # (syn, the macro, the core): paid once per target dir, not per crate.
    start=$(date +%s%N)
    cargo build $flag -q --manifest-path "$out/empty/Cargo.toml"
    echo "$profile: dependencies built from scratch in $(( ($(date +%s%N) - start) / 1000000 )) ms"
    for c in "${crates[@]:1}"; do
        cargo build $flag -q --manifest-path "$out/$c/Cargo.toml"
    done
    args=()
    for c in "${crates[@]}"; do
        args+=(-n "$c" "cargo build $flag -q --manifest-path $out/$c/Cargo.toml")
    done
    touches=()
    for c in "${crates[@]}"; do touches+=("$out/$c/src/lib.rs"); done
    hyperfine --runs "$runs" --style basic --export-json "$out/$profile.json" \
        --prepare "touch ${touches[*]}" "${args[@]}" >/dev/null
done

python3 - "$out" "$n" <<'EOF'
import json, sys
out, n = sys.argv[1], int(sys.argv[2])
print(f"| profile | empty crate | hand-written | layout! ({n}) | layout!/hand | per invocation vs hand | per invocation vs empty |")
print("|---|---|---|---|---|---|---|")
for profile in ("debug", "release"):
    med = {r["command"]: r["median"] for r in json.load(open(f"{out}/{profile}.json"))["results"]}
    e, h, m = med["empty"], med["hand"], med["macro"]
    print(f"| {profile} | {e:.2f} s | {h:.2f} s | {m:.2f} s | {m / h:.2f} | "
          f"{(m - h) / n * 1e3:.2f} ms | {(m - e) / n * 1e3:.2f} ms |")
    if "macro_codegen" in med:
        h, m = med["hand_codegen"], med["macro_codegen"]
        print(f"| {profile}, every fn `inline(never)` | {e:.2f} s | {h:.2f} s | {m:.2f} s | "
              f"{m / h:.2f} | {(m - h) / n * 1e3:.2f} ms | {(m - e) / n * 1e3:.2f} ms |")
EOF

[ "${BY_KIND:-0}" = 1 ] || exit 0
# Debug only: each kind of invocation alone, against its hand-written twin;
# `zst` is the typed and algebra items again as `layout!(type …)`.
kinds=(const table typed algebra zst)
args=()
touches=()
for k in "${kinds[@]}"; do
    for c in macro hand; do
        cargo build -q --manifest-path "$out/${c}_$k/Cargo.toml"
        args+=(-n "${c}_$k" "cargo build -q --manifest-path $out/${c}_$k/Cargo.toml")
        touches+=("$out/${c}_$k/src/lib.rs")
    done
done
hyperfine --runs "$runs" --style basic --export-json "$out/kinds.json" \
    --prepare "touch ${touches[*]}" "${args[@]}" >/dev/null
python3 - "$out" <<'EOF'
import json, sys
out = sys.argv[1]
med = {r["command"]: r["median"] for r in json.load(open(f"{out}/kinds.json"))["results"]}
print("| kind (debug) | invocations | hand-written | layout! | per invocation vs hand |")
print("|---|---|---|---|---|")
for kind in ("const", "table", "typed", "algebra", "zst"):
    n = open(f"{out}/macro_{kind}/src/lib.rs").read().count("layout!(")
    h, m = med[f"hand_{kind}"], med[f"macro_{kind}"]
    print(f"| {kind} | {n} | {h:.2f} s | {m:.2f} s | {(m - h) / n * 1e3:.2f} ms |")
EOF

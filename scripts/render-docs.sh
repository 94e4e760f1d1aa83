#!/usr/bin/env bash
# Make the README's pictures in docs/ from the `layout` binary itself:
#   docs/zipped-divide.svg, .png  `layout print --svg` rendered by rsvg-convert
#   docs/tv-mma.png               `layout print --tv --svg` of an MMA atom
#   docs/swizzle-banks.svg, .png  `layout access --svg`: a swizzled tile's banks
#   docs/terminal.png             `layout print` and `layout explain` run in
#                                 tmux, captured with their colours, drawn as
#                                 SVG text (scripts/ansi_to_svg.py), rendered
# Not part of `cargo test` (CI has no rsvg). Needs, on Debian/Ubuntu:
#   apt-get install -y librsvg2-bin tmux fonts-dejavu-core
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in rsvg-convert tmux python3; do
    command -v "$tool" >/dev/null || { echo "render-docs: $tool is missing (see the header)" >&2; exit 1; }
done

cargo build --release -p layout-cli
layout="$PWD/target/release/layout"
mkdir -p docs

# 1. The SVG picture: an 8×8 row-major matrix cut into 2×4 tiles.
"$layout" print --svg docs/zipped-divide.svg 'zipped_divide((8,8):(8,1), (2,4))'
rsvg-convert --zoom 1.5 docs/zipped-divide.svg -o docs/zipped-divide.png

# 1b. A TV picture: the SM80 16x8x16 MMA's A, B and C, thread and value per cell.
"$layout" print --tv --svg docs/tv-mma.svg 'SM80_16x8x16_F16F16F16F16_TN'
rsvg-convert docs/tv-mma.svg -o docs/tv-mma.png
rm docs/tv-mma.svg
# 1b. Banks: an (8,64) fp16 tile under the 128-byte swizzle, each cell coloured
# by its shared-memory bank (ldmatrix.x4 reads it conflict-free).
"$layout" access --svg docs/swizzle-banks.svg '((8,4),8):((1,64),8)' 'Sw<3,3,3> o 0 o (8,64):(64,1)' --bytes 2
rsvg-convert docs/swizzle-banks.svg -o docs/swizzle-banks.png

# 2. The terminal capture: what a user sees, colours included.
# A tmux server of our own (-L), so no one else's sessions are touched.
socket="layout-docs-$$"
capture="$(mktemp)"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -f "$capture"' EXIT
tmux -L "$socket" new-session -d -s docs -x 112 -y 50 "env -u NO_COLOR COLORTERM=truecolor bash --norc --noprofile"
keys() { tmux -L "$socket" send-keys -t docs "$1" Enter; sleep 0.5; }
keys "PS1='$ '; layout() { '$layout' \"\$@\"; }; cd /tmp; clear"
keys "layout print 'logical_divide((4,2,3):(2,1,8), 4:2)'"
keys "layout explain 'crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))'"
sleep 1
tmux -L "$socket" capture-pane -p -e -t docs > "$capture"
python3 scripts/ansi_to_svg.py < "$capture" > docs/terminal.svg
rsvg-convert docs/terminal.svg -o docs/terminal.png
rm docs/terminal.svg

ls -l docs/*.png

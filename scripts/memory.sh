#!/usr/bin/env bash
# Peak memory of `slink`, in bytes per cell (GNU time's maximum resident set
# size), for grids of every shape: random Slink puzzles (every cell clued) of
# 1000×1000, 2000×2000, 20×200,000 and 1×4,000,000 cells, and a blank
# 1×4,000,000 strip, which search decides (it has many answers). The full
# engine's budget is 64 bytes a cell (the room the command line asks for
# before it solves a puzzle).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin slink --example generate
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Peak resident bytes per cell of `slink --check FILE` for CELLS cells.
measure() {
    local name=$1 file=$2 cells=$3
    # --check exits 1 for a puzzle with several answers: that is not a failure here.
    kib=$( (/usr/bin/time -f '%M' ./target/release/slink --check "$file" 2>&1 >/dev/null || true) | tail -n 1)
    echo "$name: peak resident $((kib / 1024)) MiB, $((kib * 1024 / cells)) bytes a cell"
}

for shape in "1000 1000" "2000 2000" "20 200000" "1 4000000"; do
    set -- $shape
    ./target/release/examples/generate 1 "$1" "$2" 0 20 > "$work/clued.in"
    measure "$1×$2 Slink" "$work/clued.in" $(($1 * $2))
done
awk 'BEGIN { print "1 4000000"; for (i = 0; i < 4000000; i++) printf ". "; print "" }' > "$work/blank.in"
measure "1×4000000 blank" "$work/blank.in" 4000000

#!/usr/bin/env bash
# Instruction counts of the release `slink` binary, whole process, from
# valgrind's callgrind: unlike times, they repeat exactly on a shared machine.
# Prints, for docs/figures.md:
#   - instructions an input byte to read puzzles, and an output byte to draw
#     answers (on the 200 puzzles below);
#   - random 20x20 Slink (every cell clued): instructions a puzzle, over 200
#     puzzles in one process, and one puzzle alone (startup included);
#   - one random 1000x1000 puzzle: instructions a cell, beside the 20x20 figure;
#   - the janko.at set (../shared/slitherlink-janko/, when present): in all, and
#     the worst single puzzle (callgrind on the five slowest by wall clock).
# Installs valgrind from Debian's packages if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v valgrind > /dev/null; then
    apt-get install -y valgrind > /dev/null
fi
cargo build --release --quiet --bin slink --example generate
work=target/instructions
mkdir -p "$work"
slink=target/release/slink
generate=target/release/examples/generate

# Instructions executed by `slink FILE`.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$slink" "$1" 2>&1 > /dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

"$generate" 200 20 20 0 1 > "$work/20x20.in"
# Reading and drawing, per byte: the inclusive instructions of the parser and of
# the writer (number line and picture) on the 200 puzzles, over the bytes read
# and written.
valgrind --tool=callgrind --callgrind-out-file="$work/20x20.cg" "$slink" "$work/20x20.in" > "$work/20x20.out" 2> /dev/null
inclusive() {
    callgrind_annotate --inclusive=yes "$work/20x20.cg" 2> /dev/null \
        | grep -m 1 "$1 \[" | awk '{ gsub(",", "", $1); print $1 }'
}
in_bytes=$(wc -c < "$work/20x20.in")
out_bytes=$(wc -c < "$work/20x20.out")
per_byte() {
    awk -v n="$1" -v bytes="$2" 'BEGIN { printf "%.1f", n / bytes }'
}
echo "reading: $(per_byte "$(inclusive 'PuzzleReader<R>::next_puzzle')" "$in_bytes") instructions an input byte"
echo "drawing: $(per_byte "$(inclusive 'judge::write_answer')" "$out_bytes") instructions an output byte"
# Where a 20x20 puzzle's instructions go, a puzzle: the inclusive counts of
# the solve, its propagation, the board's `set` (which every change goes
# through) and the check of the answer; and, by source file rather than by
# function, the grid's geometry wherever it was inlined (what a layout of
# edge ids without division or border tests could save at most). callgrind
# names a function twice, by its full and its relative path, and the full
# name's count is the one that takes in everything it calls.
inclusive_most() {
    callgrind_annotate --inclusive=yes "$work/20x20.cg" 2> /dev/null \
        | awk -v f="$1" 'index($0, f " ") || substr($0, length($0) - length(f) + 1) == f {
              gsub(",", "", $1); if ($1 + 0 > most) most = $1 + 0 }
          END { print most + 0 }'
}
geometry=$(callgrind_annotate --threshold=100 "$work/20x20.cg" 2> /dev/null \
    | awk '/ src\/slink\/grid.rs:/ { gsub(",", "", $1); sum += $1 } END { print sum + 0 }')
echo "20x20 Slink, a puzzle: solving $(($(inclusive_most 'settings::solve_with') / 200))," \
    "of it propagation $(($(inclusive_most 'driver::Propagator::run') / 200))" \
    "(Board::set $(($(inclusive_most 'board::Board::set') / 200)))" \
    "and checking the answer $(($(inclusive_most 'full::verified') / 200));" \
    "reading $(($(inclusive_most 'PuzzleReader<R>::next_puzzle') / 200))," \
    "drawing $(($(inclusive_most 'judge::write_answer') / 200));" \
    "the grid's geometry, wherever inlined, $((geometry / 200))"
"$generate" 1 20 20 0 1 > "$work/20x20-one.in"
"$generate" 1 1000 1000 0 20 > "$work/1000x1000.in"
batch=$(count "$work/20x20.in")
one=$(count "$work/20x20-one.in")
big=$(count "$work/1000x1000.in")
echo "20x20 Slink: $((batch / 200)) instructions a puzzle (200 in one process); one puzzle alone: $one"
echo "1000x1000 Slink: $((big / 1000000)) instructions a cell; 20x20: $((batch / 200 / 400)) a cell"

janko=../shared/slitherlink-janko/puzzles.in
if [ ! -f "$janko" ]; then
    echo "janko set: not found at $janko"
    exit 0
fi
echo "janko set: $(count "$janko") instructions in all"
# One file per puzzle: a puzzle is its size line and that many rows.
rm -rf "$work/janko"
mkdir -p "$work/janko"
awk -v dir="$work/janko" '
    rows == 0 && NF == 2 && !($1 == 0 && $2 == 0) { n++; rows = $1 + 1 }
    rows > 0 { print > (dir "/" n ".in"); rows--; if (rows == 0) close(dir "/" n ".in") }
' "$janko"
for file in "$work"/janko/*.in; do
    start=$(date +%s%N)
    "$slink" --check "$file" > /dev/null || true
    echo "$(( $(date +%s%N) - start )) $file"
done | sort -rn > "$work/times.txt"
# Not `sort | head`: head may exit before sort is done, and a broken pipe
# under pipefail would end the script.
head -5 "$work/times.txt" > "$work/slowest.txt"
worst=0
worst_file=
while read -r _ file; do
    n=$(count "$file")
    if [ "$n" -gt "$worst" ]; then
        worst=$n
        worst_file=$file
    fi
done < "$work/slowest.txt"
echo "janko set: worst puzzle $(basename "$worst_file" .in) (of 1,152, counted from 1): $worst instructions"

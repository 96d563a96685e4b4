#!/usr/bin/env bash
# `slink generate` against Loopy's generator (Debian's `sgt-puzzles`), side by
# side in one run: CPU seconds (user + system) per puzzle, median and worst,
# one process per puzzle, both seeded. For each size, slink at each grade and
# Loopy at each difficulty, then minimal 20×20 puzzles.
#   scripts/generate-bench.sh [PUZZLES_AT_10x10 [SIZE...]]   (default 10;
#   half as many at 20×20, a third at 30×30); each SIZE adds a row of
#   minimal SIZE×SIZE puzzles, seeds 1 to 3 (60 is the engine issue's goal:
#   10 s each; a row of 60 takes several minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
loopy=/usr/games/sgt-loopy
[ -x "$loopy" ] || { echo "needs Loopy: apt-get install sgt-puzzles" >&2; exit 1; }
cargo build --release --quiet --bin slink
n10=${1:-10}
shift $(($# > 0 ? 1 : 0))
large=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# CPU seconds of one command.
cpu() {
    /usr/bin/time -f '%U %S' -o "$work/t" "$@" > /dev/null 2>&1
    awk '{ printf "%.3f\n", $1 + $2 }' "$work/t"
}

# "median worst" of the numbers on standard input.
stats() {
    sort -n | awk '{ v[NR] = $1 } END { printf "%.2f s | %.2f s", v[int((NR + 1) / 2)], v[NR] }'
}

echo "| size | slink | median | worst | Loopy | median | worst |"
echo "|---|---|---|---|---|---|---|"
for size in 10 20 30; do
    count=$((size == 10 ? n10 : (size == 20 ? (n10 + 1) / 2 : (n10 + 2) / 3)))
    grades=(1 2 3 4 5)
    levels=("e Easy" "n Normal" "t Tricky" "h Hard" "")
    for i in 0 1 2 3 4; do
        ours=$work/ours
        theirs=$work/theirs
        : > "$ours"
        : > "$theirs"
        set -- ${levels[$i]}
        for seed in $(seq 1 "$count"); do
            cpu ./target/release/slink generate "${size}x${size}" --seed "$seed" --grade "${grades[$i]}" >> "$ours"
            if [ $# -gt 0 ]; then
                cpu "$loopy" --generate 1 "${size}x${size}t0d$1#$seed" >> "$theirs"
            fi
        done
        if [ $# -gt 0 ]; then
            loopy_cells="$2 | $(stats < "$theirs")"
        else
            loopy_cells=" | | "
        fi
        echo "| ${size}×${size} | grade ${grades[$i]} | $(stats < "$ours") | $loopy_cells |"
    done
done
: > "$work/ours"
for seed in $(seq 1 "$n10"); do
    cpu ./target/release/slink generate 20x20 --seed "$seed" --minimal >> "$work/ours"
done
echo "| 20×20 | minimal | $(stats < "$work/ours") | | | |"
for size in "${large[@]}"; do
    : > "$work/ours"
    for seed in 1 2 3; do
        cpu ./target/release/slink generate "${size}x${size}" --seed "$seed" --minimal >> "$work/ours"
    done
    echo "| ${size}×${size} | minimal | $(stats < "$work/ours") | | | |"
done

#!/usr/bin/env bash
# `slink generate` against Loopy's generator (Debian's `sgt-puzzles`), side by
# side in one run: CPU seconds (user + system) per puzzle, median and worst,
# one process per puzzle, both seeded. For each size, slink at each grade and
# Loopy at each difficulty (Easy, Normal, Tricky and Hard beside grades 1 to
# 4, where `slink --grade` puts Loopy's puzzles of each), then minimal 20×20
# puzzles.
#   scripts/generate-bench.sh [PUZZLES_AT_10x10 [SIZE...]]   (default 10;
#   half as many at 20×20, a third at 30×30); each SIZE adds a row of
#   minimal SIZE×SIZE puzzles, seeds 1 to 3 (a row of 60 takes minutes)
#   scripts/generate-bench.sh --sizes [SIZE...]   slink alone on large
#   squares, grade 1 and the default (grade 5 at most), seeds 1 to 3
#   (default sizes 25 50 71 100 200 500 1000; a size past the generator's
#   cells is shown refused)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin slink
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

if [ "${1:-}" = --sizes ]; then
    shift
    sizes=("$@")
    [ ${#sizes[@]} -gt 0 ] || sizes=(25 50 71 100 200 500 1000)
    echo "| size | cells | grade 1 median | worst | default median | worst |"
    echo "|---|---|---|---|---|---|"
    for size in "${sizes[@]}"; do
        square="${size}x${size}"
        if ! ./target/release/slink generate "$square" --help > /dev/null 2> "$work/refused" &&
            grep -q 'cells' "$work/refused"; then
            echo "| ${size}×${size} | $((size * size)) | refused (usage error) | | | |"
            continue
        fi
        row="| ${size}×${size} | $((size * size))"
        for grade in "--grade 1" ""; do
            : > "$work/ours"
            for seed in 1 2 3; do
                cpu ./target/release/slink generate "$square" --seed "$seed" $grade >> "$work/ours"
            done
            row="$row | $(stats < "$work/ours")"
        done
        echo "$row |"
    done
    exit 0
fi
loopy=/usr/games/sgt-loopy
[ -x "$loopy" ] || { echo "needs Loopy: apt-get install sgt-puzzles" >&2; exit 1; }
n10=${1:-10}
shift $(($# > 0 ? 1 : 0))
large=("$@")

echo "| size | slink | median | worst | Loopy | median | worst |"
echo "|---|---|---|---|---|---|---|"
for size in 10 20 30; do
    count=$((size == 10 ? n10 : (size == 20 ? (n10 + 1) / 2 : (n10 + 2) / 3)))
    grades=(1 2 3 4 5 6)
    levels=("e Easy" "n Normal" "t Tricky" "h Hard" "" "")
    for i in 0 1 2 3 4 5; do
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

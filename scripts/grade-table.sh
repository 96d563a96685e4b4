#!/usr/bin/env bash
# docs/tutor.md's table of `slink --grade` against Loopy's difficulties: puzzles
# made by Simon Tatham's Loopy (Debian's `sgt-puzzles`, seeded, so the same
# puzzles on every run) at each of its four difficulties, 20 at 10×10 and 20
# at 20×20, and the janko set when `../shared` is beside the project. For
# each set: how many puzzles at each level, the mean level, and the mean
# number of trials.
set -euo pipefail
cd "$(dirname "$0")/.."
loopy=/usr/games/sgt-loopy
if [ ! -x "$loopy" ]; then
    echo "needs Loopy: apt-get install sgt-puzzles" >&2
    exit 1
fi
cargo build --release --quiet --bin slink
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| puzzles | count | level 1 | level 2 | level 3 | level 4 | level 5 | level 6 | mean level | mean trials |"
echo "|---|---|---|---|---|---|---|---|---|---|"
# One table row: the name, then the grade lines on standard input.
row() {
    awk -v name="$1" '
        / level / { n++; level[$3 + 0]++; sum += $3; for (i = 1; i <= NF; i++) if ($i ~ /^trials?,?$/) t += $(i - 1) }
        END {
            printf "| %s | %d |", name, n
            for (l = 1; l <= 6; l++) printf " %d |", level[l]
            printf " %.2f | %.1f |\n", n ? sum / n : 0, n ? t / n : 0
        }'
}
for size in "10x10 20" "20x20 20"; do
    set -- $size
    for difficulty in "e Easy" "n Normal" "t Tricky" "h Hard"; do
        set -- $1 $2 $difficulty
        "$loopy" --generate "$2" "${1}t0d${3}#grade-table" 2>/dev/null > "$work/ids"
        ./target/release/slink --grade "$work/ids" | row "Loopy $1 $4"
    done
done
janko=../shared/slitherlink-janko/puzzles.in
if [ -f "$janko" ]; then
    ./target/release/slink --grade "$janko" | row "janko.at (1,152)"
fi

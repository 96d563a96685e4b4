#!/usr/bin/env bash
# This build of `slink` against an earlier one, side by side in one run, for
# the README's speed table: CPU seconds (user + system, GNU time), the median
# of RUNS runs of each, the two builds taking turns so that a slow spell of a
# shared machine falls on both. Workloads:
#   - 2,500 random 20x20 Slink puzzles (every cell clued), seeded;
#   - the janko.at set (../shared/slitherlink-janko/, when present);
#   - the four loose 60x60 puzzles of samples/regression (planted loops with
#     60-80% of the clues blank, one with a clue changed: many answers; the
#     builds must agree on their verdicts, not on which answer is printed).
# Usage:
#
#   scripts/side-by-side.sh [REV] [RUNS]
#
# REV is the earlier build's commit (default HEAD~1), built in a temporary
# worktree; RUNS defaults to 5. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD~1}
runs=${2:-5}
base_commit=$(git rev-parse --short "$rev")
here_commit=$(git rev-parse --short HEAD)
if ! git diff --quiet HEAD -- src Cargo.toml; then
    here_commit="$here_commit+"
fi

work=$(mktemp -d)
cleanup() {
    git worktree remove --force "$work/base" > /dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
git worktree add --detach "$work/base" "$rev" > /dev/null 2>&1
# Both builds share no target directory: the earlier one builds in its
# worktree.
(cd "$work/base" && cargo build --release --quiet --bin slink)
cargo build --release --quiet --bin slink --example generate
base=$work/base/target/release/slink
here=target/release/slink

./target/release/examples/generate 2500 20 20 0 1 > "$work/20x20.in"
cat samples/regression/loose-60x60-*.in > "$work/loose.in"
# Each workload: its name, its file, how many runs make one measurement
# (GNU time counts hundredths of a second: a measurement of a second or so
# keeps its rounding under 1%), and what both builds must agree on: the
# answers, or for puzzles with several answers the verdicts (`--check`),
# as a build whose search goes another way may print another of the
# answers (the portfolio's deep run did, on two of the loose puzzles).
workloads=("2,500 random 20×20|$work/20x20.in|10|answers" "4 loose 60×60|$work/loose.in|3|verdicts")
janko=../shared/slitherlink-janko/puzzles.in
if [ -f "$janko" ]; then
    workloads+=("janko.at, 1,152 puzzles|$janko|3|answers")
else
    echo "(janko set not found at $janko: left out)" >&2
fi

# CPU seconds of a run of build $1 on file $2: the mean of $3 runs in a row.
# (The two builds' outputs must match, or the comparison means nothing:
# checked once below.)
cpu() {
    # slink exits 1 when some puzzle has several answers: not a failure
    # here (and the runs' shell exits 0, or GNU time would add a line).
    /usr/bin/time -o "$work/time" -f '%U %S' \
        sh -c 'for _ in $(seq "$3"); do "$1" "$2" > /dev/null 2>&1; done; exit 0' sh "$1" "$2" "$3"
    awk -v runs="$3" '{ printf "%.3f\n", ($1 + $2) / runs }' "$work/time"
}
median() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "| workload | $base_commit (CPU s a run, median of $runs) | $here_commit | ratio |"
echo "|---|---:|---:|---:|"
for workload in "${workloads[@]}"; do
    IFS='|' read -r name file repeats agree <<< "$workload"
    # What both must agree on; of verdicts, `K word` alone, without what
    # a newer build's setter's check adds (after a colon, and on indented
    # lines).
    said() {
        if [ "$agree" = verdicts ]; then
            "$1" --check "$file" 2> /dev/null | grep -v '^ ' | sed 's/:.*//'
        else
            "$1" "$file" 2> /dev/null
        fi
    }
    if ! cmp -s <(said "$base") <(said "$here"); then
        echo "the two builds print different $agree for $name" >&2
        exit 1
    fi
    : > "$work/base.times"
    : > "$work/here.times"
    for _ in $(seq "$runs"); do
        cpu "$base" "$file" "$repeats" >> "$work/base.times"
        cpu "$here" "$file" "$repeats" >> "$work/here.times"
    done
    b=$(median < "$work/base.times")
    h=$(median < "$work/here.times")
    ratio=$(awk -v b="$b" -v h="$h" 'BEGIN { if (h > 0) printf "%.2f×", b / h; else print "-" }')
    echo "| $name | $b | $h | $ratio |"
done

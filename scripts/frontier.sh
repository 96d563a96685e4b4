#!/usr/bin/env bash
# The "loose frontier": how `slink --check` fares on planted region loops of
# 40x40 to 100x100 with 60-80% of their clues blank, and on a one-clue typo
# of each (examples/frontier.rs makes them, seeded: 2 seeds x 4 sizes x 3
# blanks, and a typo each, 48 puzzles). Each puzzle is run alone as
# `slink --check --max-seconds S FILE`; its CPU time (user + system, GNU
# time, the whole process) and its verdict are kept. Optionally, side by
# side in the same run and on the same puzzles (the tools taking turns, so
# that a slow spell of a shared machine falls on all):
#   - REV: `slink` built at that commit in a temporary worktree;
#   - --cpsat: the CP-SAT model of scripts/cpsat_slink.py (needs `pip
#     install ortools`; left out, saying so, when missing), one search
#     worker, with the same limit. Its CPU time includes Python's start and
#     the import of OR-Tools, which the script measures once and prints.
# The limit is wall-clock time, as --max-seconds counts it, so a loaded
# machine gives each tool less CPU time within it; with --cpu it is CPU time
# instead: each run is stopped by `ulimit -t` past S CPU seconds (rounded up
# to whole seconds), with --max-seconds at four times S as a backstop, and a
# run so stopped counts as undecided.
#
# Usage:
#
#   scripts/frontier.sh [--limit S] [--cpu] [--cpsat] [--seed-base B]
#                       [--seeds N] [--only REGEX] [--keep DIR] [REV]
#
# --limit: seconds a puzzle (default 10); --cpu: CPU seconds (see above).
# --seed-base: the set's seed base (default 1; another base is a set nobody
# tuned against). --seeds: seeds a size and blank share (default 2).
# --only: run only the puzzles whose name (such as 100x100-70-s2-typo)
# matches the extended regular expression.
# --keep: also write the set's files into DIR.
#
# Prints Markdown: for each class (size, blank share, typo or not) and each
# tool, the puzzles decided (unique, multiple or none within the limit), the
# median and the worst CPU seconds; the same over all puzzles; then each
# puzzle a build of slink took a second or more on, or some tool did not
# decide. Verdicts that
# two tools give differently (neither undecided) are reported on stderr and
# make the exit status 1.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=10
cpu=
cpsat=
base=1
seeds=2
only=.
keep=
rev=
while [ $# -gt 0 ]; do
    case $1 in
        --limit) limit=${2:?--limit needs seconds}; shift 2 ;;
        --cpu) cpu=1; shift ;;
        --cpsat) cpsat=1; shift ;;
        --seed-base) base=${2:?--seed-base needs a number}; shift 2 ;;
        --seeds) seeds=${2:?--seeds needs a number}; shift 2 ;;
        --only) only=${2:?--only needs a regular expression}; shift 2 ;;
        --keep) keep=${2:?--keep needs a folder}; shift 2 ;;
        -*) sed -n '/^# Usage:/,/^# --keep/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
        *) rev=$1; shift ;;
    esac
done

work=$(mktemp -d)
cleanup() {
    if [ -n "$rev" ]; then
        git worktree remove --force "$work/base" > /dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# The tools' own limit, and the CPU one (none: unlimited).
wall=$limit
cpu_seconds=unlimited
kind="wall clock"
if [ -n "$cpu" ]; then
    kind="CPU time"
    wall=$(awk -v s="$limit" 'BEGIN { print 4 * s }')
    cpu_seconds=$(awk -v s="$limit" 'BEGIN { n = int(s); print (n < s) ? n + 1 : n }')
fi

here_commit=$(git rev-parse --short HEAD)
if ! git diff --quiet HEAD -- src Cargo.toml; then
    here_commit="$here_commit+"
fi
cargo build --release --quiet --bin slink --example frontier
# Each tool: its name in the tables, then the command before the file.
# The verdict alone is timed: `--brief` leaves out the setter's check
# (what to change in a draft with no answer or several), which builds
# before it do not have and do not take.
brief() {
    if "$1" --check --brief < /dev/null > /dev/null 2>&1; then echo --brief; fi
}
tools=("slink $here_commit|target/release/slink --check $(brief target/release/slink) --max-seconds $wall")
if [ -n "$rev" ]; then
    base_commit=$(git rev-parse --short "$rev")
    git worktree add --detach "$work/base" "$rev" > /dev/null 2>&1
    (cd "$work/base" && cargo build --release --quiet --bin slink)
    tools=("slink $base_commit|$work/base/target/release/slink --check $(brief "$work/base/target/release/slink") --max-seconds $wall" "${tools[@]}")
fi
if [ -n "$cpsat" ]; then
    if python3 -c 'import ortools' 2> /dev/null; then
        tools+=("CP-SAT|python3 scripts/cpsat_slink.py --workers 1 --max-seconds $wall")
        /usr/bin/time -o "$work/time" -f '%U %S' python3 scripts/cpsat_slink.py <<< "0 0"
        start=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
        echo "(CP-SAT's times include ${start} s of Python's start and OR-Tools' import)"
        echo
    else
        echo "(CP-SAT left out: OR-Tools is not installed; pip install ortools)" >&2
    fi
fi

./target/release/examples/frontier "$work/set" "$base" "$seeds"
if [ -n "$keep" ]; then
    mkdir -p "$keep"
    cp "$work/set"/*.in "$keep"/
fi

# One line a run: tool, class, puzzle, verdict, CPU seconds.
: > "$work/runs"
for name in $(cd "$work/set" && ls -- *.in | sed 's/\.in$//' | sort -V); do
    file=$work/set/$name.in
    [[ $name =~ $only ]] || continue
    # 100x100-70-s2-typo: class 100x100 70% typo.
    class=$(sed -E 's/^([0-9x]+)-([0-9]+)-s[0-9]+(-typo)?$/\1 \2% \3/; s/ -typo$/ typo/; s/ $/ plain/' <<< "$name")
    for tool in "${tools[@]}"; do
        IFS='|' read -r tool_name command <<< "$tool"
        # The tools exit non-zero on `multiple`, `none` and `undecided`: not
        # a failure here (the shell exits 0, or GNU time would add a line).
        # A run the CPU limit stops (killed by a signal, nothing printed) is
        # undecided.
        # shellcheck disable=SC2016,SC2086
        /usr/bin/time -o "$work/time" -f '%U %S' \
            sh -c 'out=$1 cap=$2; shift 2; ulimit -t "$cap"; "$@" > "$out" 2> /dev/null
                if [ $? -gt 128 ] && [ ! -s "$out" ]; then echo "1 undecided" > "$out"; fi
                exit 0' sh "$work/out" "$cpu_seconds" $command "$file"
        verdict=$(awk 'NR == 1 { v = $2; sub(/:$/, "", v); print v }' "$work/out")
        cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
        printf '%s\t%s\t%s\t%s\t%s\n' "$tool_name" "$class" "$name" "${verdict:-error}" "$cpu" >> "$work/runs"
    done
done
if [ ! -s "$work/runs" ]; then
    echo "no puzzle matches $only" >&2
    exit 1
fi

# The table: for each class, then all puzzles, each tool's decided count,
# median and worst CPU (over every puzzle, decided or not).
names=()
for tool in "${tools[@]}"; do
    names+=("${tool%%|*}")
done
awk -F '\t' -v tools="$(printf '%s\t' "${names[@]}")" -v limit="$limit" -v kind="$kind" '
    function median(list,    v, n, i, j, t) {
        n = split(list, v, " ")
        for (i = 2; i <= n; i++)
            for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
        return (n % 2) ? v[(n + 1) / 2] : sprintf("%.2f", (v[n / 2] + v[n / 2 + 1]) / 2)
    }
    function note(key, tool, verdict, cpu) {
        count[key, tool]++
        if (verdict == "unique" || verdict == "multiple" || verdict == "none") decided[key, tool]++
        cpus[key, tool] = cpus[key, tool] " " cpu
        if (cpu + 0 > worst[key, tool] + 0) worst[key, tool] = cpu
    }
    function row(key, label,    i, line) {
        line = "| " label
        for (i = 1; i <= ntools; i++)
            line = line sprintf(" | %d/%d | %s | %s", decided[key, tool[i]], count[key, tool[i]], median(cpus[key, tool[i]]), worst[key, tool[i]] + 0 == 0 ? "0.00" : worst[key, tool[i]])
        print line " |"
    }
    BEGIN { ntools = split(tools, tool, "\t") - 1 }
    {
        if (!($2 in seen)) { seen[$2] = 1; classes[++nclasses] = $2 }
        note($2, $1, $4, $5)
        note("all", $1, $4, $5)
        verdict[$3, $1] = $4; time[$3, $1] = $5
        if (!($3 in listed)) { listed[$3] = 1; puzzles[++npuzzles] = $3 }
        # CP-SAT takes a second to start: only the time of a build of slink counts
        # towards "slow".
        if (($1 ~ /^slink/ && $5 + 0 >= 1) || $4 == "undecided" || $4 == "error") slow[$3] = 1
    }
    END {
        header = "| class"; rule = "|---"
        for (i = 1; i <= ntools; i++) {
            header = header sprintf(" | %s decided | median CPU s | worst", tool[i])
            rule = rule "|---:|---:|---:"
        }
        print "Limit " limit " s a puzzle (" kind "); CPU seconds, whole process."
        print ""
        print header " |"; print rule "|"
        for (c = 1; c <= nclasses; c++) row(classes[c], classes[c])
        row("all", "**all**")
        print ""
        header = "| puzzle"; rule = "|---"
        for (i = 1; i <= ntools; i++) { header = header " | " tool[i]; rule = rule "|---" }
        if (length(slow) == 0) { print "No puzzle took slink 1 s or more, and every tool decided every one."; exit }
        print "Puzzles slink took 1 s or more on, or some tool did not decide:"
        print ""
        print header " |"; print rule "|"
        for (p = 1; p <= npuzzles; p++) {
            if (!(puzzles[p] in slow)) continue
            line = "| " puzzles[p]
            for (i = 1; i <= ntools; i++) line = line " | " verdict[puzzles[p], tool[i]] " " time[puzzles[p], tool[i]]
            print line " |"
        }
    }
' "$work/runs"

# Two decided verdicts that differ mean one tool is wrong.
disagree=$(awk -F '\t' '
    $4 == "unique" || $4 == "multiple" || $4 == "none" {
        if (($3 in v) && v[$3] != $4) print $3 ": " w[$3] " says " v[$3] ", " $1 " says " $4
        v[$3] = $4; w[$3] = $1
    }' "$work/runs")
if [ -n "$disagree" ]; then
    echo "verdicts differ:" >&2
    echo "$disagree" >&2
    exit 1
fi

#!/usr/bin/env bash
# `slink` against the Slitherlink solvers users know, side by side in one run,
# for the README's speed table: CPU seconds (user + system, GNU time), the
# median of RUNS runs of each, the tools taking turns so that a slow spell of
# a shared machine falls on all of them. Each tool gets the same puzzles, in
# its own format (`slink --format` converts them).
#
# Workloads:
#   - random 20x20: PUZZLES seeded random Slink puzzles, every cell clued
#     (`cargo run --release --example generate -- PUZZLES 20 20 0 1`), as the
#     contest has them;
#   - Loopy Hard 20x20: puzzles made by Loopy itself (`sgt-loopy --generate N
#     20x20t0dh#peers`), sparsely clued, where a solver must reason further.
#
# Tools, and what is timed:
#   - slink: the whole process (`slink FILE`: read, solve, prove the answer
#     unique, check it with the independent verifier, draw the judges'
#     picture); nothing is taken off.
#   - Loopy (Simon Tatham's, Debian's `sgt-puzzles`): `sgt-loopy --print 1x1
#     --with-solutions`, which solves each game ID to print it with its
#     answer, less the same print without the answer (as scripts/loopy-bench.sh
#     does). What is left is Loopy's solver and the PostScript of the answer's
#     lines, so the figure is Loopy's solver plus some drawing.
#   - cspuz (semiexp/cspuz, a Python library over a SAT solver; not on PyPI):
#     `--cspuz DIR` names a checkout of it, with a backend it can use
#     installed. A driver of this script calls its
#     `cspuz.puzzle.slitherlink.solve_slitherlink` on each puzzle (which
#     decides every edge the clues force: the answer, proved unique), less
#     the same driver on no puzzle (Python's start and the imports).
#   - the judges' Java solutions (MCPC 2007's `slink.java` and `slink2.java`,
#     from the regional's archive): `--java DIR` names a folder holding them.
#     Each `NAME.java` there is compiled with `javac` and run as `java NAME
#     FILE` (the contest's programs read the file their argument names, or
#     `./slink.in`, which is there too), less the same run on no puzzle (the
#     JVM's start). They read clued cells only, so they run on the random
#     20x20 workload alone.
#
# A tool that is not given or not installed is left out, and the script says
# so. Usage:
#
#   scripts/peers.sh [--cspuz DIR] [--java DIR] [--runs RUNS] [--puzzles N] [--hard N]
#
# RUNS defaults to 5, the random 20x20 workload to 500 puzzles (--puzzles),
# the Loopy Hard one to 30 (--hard; Loopy takes about half a second of CPU to
# make each). Prints a Markdown table: each tool's CPU seconds for the
# workload and its ratio to slink's (how many times slower it is).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
puzzles=500
hard=30
cspuz=
java=
while [ $# -gt 0 ]; do
    case $1 in
        --cspuz) cspuz=${2:?--cspuz needs a folder}; shift 2 ;;
        --java) java=${2:?--java needs a folder}; shift 2 ;;
        --runs) runs=${2:?--runs needs a number}; shift 2 ;;
        --puzzles) puzzles=${2:?--puzzles needs a number}; shift 2 ;;
        --hard) hard=${2:?--hard needs a number}; shift 2 ;;
        *) echo "usage: scripts/peers.sh [--cspuz DIR] [--java DIR] [--runs RUNS] [--puzzles N] [--hard N]" >&2; exit 2 ;;
    esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --bin slink --example generate
slink=$PWD/target/release/slink

loopy=/usr/games/sgt-loopy
if [ ! -x "$loopy" ]; then
    echo "Loopy left out: not installed (apt-get install sgt-puzzles)" >&2
    loopy=
fi

if [ -n "$cspuz" ]; then
    if [ ! -f "$cspuz/cspuz/puzzle/slitherlink.py" ]; then
        echo "cspuz left out: $cspuz/cspuz/puzzle/slitherlink.py not found" >&2
        cspuz=
    else
        # The driver reads contest-format puzzles (`.` a blank) until `0 0`
        # and hands each to cspuz; it prints nothing, so that only solving
        # is timed.
        cat > "$work/cspuz_driver.py" << 'EOF'
import sys
sys.path.insert(0, sys.argv[1])
from cspuz.puzzle.slitherlink import solve_slitherlink
words = open(sys.argv[2]).read().split()
at = 0
while True:
    rows, cols = int(words[at]), int(words[at + 1])
    at += 2
    if rows == 0 and cols == 0:
        break
    cells = [-1 if w in ".-?" else int(w) for w in words[at:at + rows * cols]]
    at += rows * cols
    problem = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
    solved, _ = solve_slitherlink(rows, cols, problem)
    if not solved:
        sys.exit("cspuz found no answer to a puzzle")
EOF
    fi
else
    echo "cspuz left out: give --cspuz DIR (a checkout of semiexp/cspuz)" >&2
fi

javas=()
if [ -n "$java" ]; then
    if ! command -v javac > /dev/null; then
        echo "the judges' Java left out: no javac (apt-get install default-jdk-headless)" >&2
    else
        mkdir -p "$work/java"
        for source in "$java"/*.java; do
            [ -f "$source" ] || continue
            javac -nowarn -d "$work/java" "$source"
            javas+=("$(basename "$source" .java)")
        done
        [ ${#javas[@]} -gt 0 ] || echo "the judges' Java left out: no .java file in $java" >&2
    fi
else
    echo "the judges' Java left out: give --java DIR (a folder with slink.java, slink2.java)" >&2
fi

# The puzzles, in each tool's format, and the empty inputs the baselines run.
./target/release/examples/generate "$puzzles" 20 20 0 1 > "$work/random.in"
"$slink" --format loopy "$work/random.in" > "$work/random.ids"
printf '0 0\n' > "$work/none.in"
workloads=(random)
if [ -n "$loopy" ]; then
    "$loopy" --generate "$hard" '20x20t0dh#peers' > "$work/hard.ids" 2> /dev/null
    "$slink" --format contest "$work/hard.ids" > "$work/hard.in"
    workloads+=(hard)
else
    echo "the Loopy Hard workload left out: Loopy makes it" >&2
fi

# CPU seconds of one command line (its standard input from $1), GNU time's
# hundredths; a run that fails counts as a failure of the script, but slink's
# exit status 1 (a puzzle with several answers) is not one.
cpu() {
    local input=$1
    shift
    /usr/bin/time -o "$work/time" -f '%U %S' sh -c '"$@" > /dev/null 2>&1; [ $? -le 1 ]' sh "$@" < "$input"
    awk '{ printf "%.3f\n", $1 + $2 }' "$work/time"
}
median() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# slink's runs are short: REPEATS of them in a row make one measurement, so
# that GNU time's hundredths keep under 1%.
repeats=20
slink_cpu() {
    /usr/bin/time -o "$work/time" -f '%U %S' \
        sh -c 'for _ in $(seq "$3"); do "$1" "$2" > /dev/null 2>&1; done; exit 0' sh "$slink" "$1" "$repeats"
    awk -v n="$repeats" '{ printf "%.4f\n", ($1 + $2) / n }' "$work/time"
}

# One measurement of tool $1 on workload $2, in CPU seconds.
measure() {
    local tool=$1 load=$2 with without
    case $tool in
        slink) slink_cpu "$work/$load.in" ;;
        loopy)
            with=$(cpu "$work/$load.ids" "$loopy" --print 1x1 --with-solutions)
            without=$(cpu "$work/$load.ids" "$loopy" --print 1x1)
            awk -v a="$with" -v b="$without" 'BEGIN { printf "%.3f\n", a - b }'
            ;;
        cspuz)
            with=$(cpu /dev/null python3 "$work/cspuz_driver.py" "$cspuz" "$work/$load.in")
            without=$(cpu /dev/null python3 "$work/cspuz_driver.py" "$cspuz" "$work/none.in")
            awk -v a="$with" -v b="$without" 'BEGIN { printf "%.3f\n", a - b }'
            ;;
        java:*)
            cp "$work/$load.in" "$work/java/slink.in"
            with=$(cd "$work/java" && cpu slink.in java -cp . "${tool#java:}" slink.in)
            cp "$work/none.in" "$work/java/slink.in"
            without=$(cd "$work/java" && cpu slink.in java -cp . "${tool#java:}" slink.in)
            awk -v a="$with" -v b="$without" 'BEGIN { printf "%.3f\n", a - b }'
            ;;
    esac
}

declare -A names=([random]="$puzzles random 20×20 (every cell clued)" [hard]="$hard Loopy Hard 20×20")
echo "| workload | tool | CPU s (median of $runs) | ratio to slink |"
echo "|---|---|---:|---:|"
for load in "${workloads[@]}"; do
    tools=(slink)
    [ -n "$loopy" ] && tools+=(loopy)
    [ -n "$cspuz" ] && tools+=(cspuz)
    if [ "$load" = random ]; then
        for name in "${javas[@]}"; do tools+=("java:$name"); done
    fi
    for tool in "${tools[@]}"; do : > "$work/$tool.times"; done
    for _ in $(seq "$runs"); do
        for tool in "${tools[@]}"; do measure "$tool" "$load" >> "$work/$tool.times"; done
    done
    base=$(median < "$work/slink.times")
    for tool in "${tools[@]}"; do
        t=$(median < "$work/$tool.times")
        ratio=$(awk -v t="$t" -v b="$base" 'BEGIN { if (b <= 0) print "-"; else if (t / b < 10) printf "%.1f×", t / b; else printf "%.0f×", t / b }')
        [ "$tool" = slink ] && ratio=1×
        label=$tool
        case $tool in
            loopy) label="Loopy's solver" ;;
            cspuz) label="cspuz" ;;
            java:*) label="judges' ${tool#java:}.java" ;;
        esac
        echo "| ${names[$load]} | $label | $t | $ratio |"
    done
done

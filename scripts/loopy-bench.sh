#!/usr/bin/env bash
# slink against Loopy's own puzzles (Simon Tatham's Loopy, Debian's
# `sgt-puzzles`, seeded so every run makes the same puzzles), for
# docs/tutor.md and docs/figures.md:
#
# 1. Every difficulty (Easy, Normal, Tricky, Hard) at 7x7, 10x10, 15x15,
#    20x20 and 30x30, ten puzzles each, and three Hard ones at 40x40 and
#    60x60 (206 in all): how many `slink --grade` finishes without a trial
#    or search (level 4 or below), and whether every answer is exact:
#    `slink --check` proves it unique (the solver's answer passes the
#    independent verifier), and `slink --count`, which shares nothing with
#    the solver, counts exactly one answer for each puzzle up to 10x10.
# 2. Instructions (valgrind's callgrind, whole process) on the Hard 30x30,
#    40x40 and 60x60 puzzles: `slink --check` against Loopy's solver, which
#    Loopy runs to print a puzzle with its solution (`--print 1x1
#    --with-solutions`); Loopy's figure is that run less the same print
#    without the solution, so what is left is its solver and the drawing of
#    the solution.
set -euo pipefail
cd "$(dirname "$0")/.."
loopy=/usr/games/sgt-loopy
if [ ! -x "$loopy" ]; then
    echo "needs Loopy: apt-get install sgt-puzzles" >&2
    exit 1
fi
if ! command -v valgrind > /dev/null; then
    apt-get install -y valgrind > /dev/null
fi
cargo build --release --quiet --bin slink
slink=target/release/slink
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Loopy's puzzles: SIZE DIFFICULTY COUNT -> one game ID a line.
make() {
    "$loopy" --generate "$3" "${1}t0d${2}#loopy-bench" 2> /dev/null
}

echo "| puzzles | count | level 1 | 2 | 3 | 4 | 5 (trial) | 6 (search) | unique | counted 1 |"
echo "|---|---|---|---|---|---|---|---|---|---|"
total=0
deduced=0
for size in 7x7 10x10 15x15 20x20 30x30 40x40 60x60; do
    for difficulty in e n t h; do
        case $size in
            40x40 | 60x60) [ "$difficulty" = h ] || continue; count=3 ;;
            *) count=10 ;;
        esac
        ids="$work/$size$difficulty"
        make "$size" "$difficulty" "$count" > "$ids"
        levels=$("$slink" --grade "$ids" | awk '{print $3}' | sort -n | uniq -c |
            awk '{n[$2] = $1} END {for (l = 1; l <= 6; l++) printf "%d ", n[l] + 0}')
        unique=$("$slink" --check "$ids" | grep -c ' unique$' || true)
        counted=-
        case $size in
            7x7 | 10x10) counted=$("$slink" --count "$ids" | grep -c ' 1$' || true) ;;
        esac
        read -r l1 l2 l3 l4 l5 l6 <<< "$levels"
        echo "| Loopy $size $difficulty | $count | $l1 | $l2 | $l3 | $l4 | $l5 | $l6 | $unique | $counted |"
        total=$((total + count))
        deduced=$((deduced + l1 + l2 + l3 + l4))
    done
done
echo
echo "$deduced of $total graded without trial or search"
echo

# Instructions of a command, whole process, standard input from a file.
instructions() {
    local input=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" < "$input" 2>&1 > /dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "| Loopy Hard | puzzle | slink, whole process | Loopy's solver | slink / Loopy |"
echo "|---|---|---|---|---|"
for size in 30x30 40x40 60x60; do
    n=0
    while read -r id; do
        n=$((n + 1))
        echo "$id" > "$work/one"
        ours=$(instructions /dev/null "$slink" --check "$work/one")
        with=$(instructions "$work/one" "$loopy" --print 1x1 --with-solutions)
        without=$(instructions "$work/one" "$loopy" --print 1x1)
        theirs=$((with - without))
        ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN {printf "%.2f", a / b}')
        echo "| $size | $n | $((ours / 1000000)) M | $((theirs / 1000000)) M | $ratio |"
        [ "$n" -lt 3 ] || break
    done < "$work/${size}h"
done

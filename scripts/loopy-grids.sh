#!/usr/bin/env bash
# slink on Loopy's 16 grids against Loopy itself (Simon Tatham's Loopy,
# Debian's `sgt-puzzles`, seeded so every run makes the same puzzles), for
# docs/grids.md and docs/figures.md. Prints three Markdown tables:
#
# 1. Answers and levels: for every grid type, Loopy's puzzles at every
#    difficulty (Easy, Normal, Tricky, Hard) at 7x7 and 10x10, PUZZLES each
#    (`sgt-loopy --generate PUZZLES WxHtTdD#grids --save --with-solutions`):
#    how many of slink's answers equal Loopy's own (the SOLVE line of the
#    game Loopy saves), how many slink proves unique (its exit status), and
#    how many `slink --grade` gives Loopy's level, per difficulty. Square
#    answers are drawn as the judges draw them, not as Loopy's solve move:
#    for them the column counts the answers proved unique and passed by the
#    independent verifier (`--check`), which makes them Loopy's.
# 2. Solving, in instructions (valgrind's callgrind, whole process): slink
#    on all of a type's puzzles of table 1 against Loopy's solver on the same
#    puzzles. Loopy runs its solver to print a puzzle with its solution
#    (`--print 1x1 --with-solutions`, IDs on standard input); its figure is
#    that run less the same print without the solution, so what is left is
#    its solver and the drawing of the solution's lines.
# 3. Generating at Hard, CPU seconds (GNU time, user + system): `slink
#    generate --grid TYPE 7x7 --count GENERATED` against `sgt-loopy
#    --generate GENERATED 7x7tTdh`, one run each, taking turns.
#
# Usage: scripts/loopy-grids.sh [--puzzles N] [--generated N] [--types "0 2 11"]
# (defaults: 5 puzzles a size and difficulty, 5 generated, every type).
set -euo pipefail
cd "$(dirname "$0")/.."

puzzles=5
generated=5
types="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
while [ $# -gt 0 ]; do
    case $1 in
        --puzzles) puzzles=${2:?--puzzles needs a number}; shift 2 ;;
        --generated) generated=${2:?--generated needs a number}; shift 2 ;;
        --types) types=${2:?--types needs a list}; shift 2 ;;
        *) echo "usage: scripts/loopy-grids.sh [--puzzles N] [--generated N] [--types \"T ...\"]" >&2; exit 2 ;;
    esac
done
loopy=/usr/games/sgt-loopy
if [ ! -x "$loopy" ]; then
    echo "needs Loopy: apt-get install sgt-puzzles" >&2
    exit 1
fi
if ! command -v valgrind > /dev/null; then
    apt-get install -y valgrind > /dev/null
fi
cargo build --release --quiet --bin slink
slink=$PWD/target/release/slink
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

names=(square triangular honeycomb snub-square cairo great-hexagonal octagonal kites
    floret dodecagonal great-dodecagonal penrose-kite-dart penrose-rhombs
    great-great-dodecagonal kagome compass-dodecagonal)
level_name() {
    case $1 in e) echo Easy ;; n) echo Normal ;; t) echo Tricky ;; h) echo Hard ;; esac
}

# Loopy's puzzles of type $1 at size $2 and difficulty $3, with its answers:
# "ID SOLVE" a line, in $work/T-SIZE-D.txt.
make_puzzles() {
    local out="$work/$1-$2-$3.txt" dir="$work/save"
    rm -rf "$dir" && mkdir "$dir"
    "$loopy" --generate "$puzzles" --save "$dir/p" --save-suffix .sav --with-solutions \
        "${2}t${1}d${3}#grids" > /dev/null 2>&1
    : > "$out"
    for ((k = 0; k < puzzles; k++)); do
        local save="$dir/p$k.sav" params desc solve
        params=$(sed -n 's/^PARAMS *:[0-9]*://p' "$save" | sed 's/d[a-z]$//')
        desc=$(sed -n 's/^DESC *:[0-9]*://p' "$save")
        solve=$(sed -n 's/^SOLVE *:[0-9]*://p' "$save")
        echo "$params:$desc $solve" >> "$out"
    done
}

# Instructions of a command, whole process, its stdin from $1.
instructions() {
    local input=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" < "$input" 2>&1 > /dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "### Answers and levels (7x7 and 10x10, $puzzles puzzles a size and difficulty)"
echo
echo "| grid | puzzles | answers equal to Loopy's | proved unique | level Easy | Normal | Tricky | Hard |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
declare -A slink_i loopy_i
for t in $types; do
    total=0
    equal=0
    unique=0
    agree=()
    : > "$work/ids-$t.txt"
    for d in e n t h; do
        agreed=0
        for size in 7x7 10x10; do
            make_puzzles "$t" "$size" "$d"
            list="$work/$t-$size-$d.txt"
            cut -d' ' -f1 "$list" > "$work/ids"
            cat "$work/ids" >> "$work/ids-$t.txt"
            status=0
            "$slink" "$work/ids" > "$work/out" 2> /dev/null || status=$?
            [ "$status" -eq 0 ] && unique=$((unique + puzzles))
            if [ "$t" = 0 ]; then
                total=$((total + puzzles))
                checked=$("$slink" --check "$work/ids" | grep -c ' unique$' || true)
                equal=$((equal + checked))
            else
                while read -r id solve; do
                    total=$((total + 1))
                    if grep -qxF -- "$solve" "$work/out"; then
                        equal=$((equal + 1))
                    fi
                done < "$list"
            fi
            name=$(level_name "$d")
            got=$("$slink" --grade "$work/ids" 2> /dev/null | grep -c "Loopy's level: $name\$" || true)
            agreed=$((agreed + got))
        done
        agree+=("$agreed/$((2 * puzzles))")
    done
    echo "| ${names[$t]} | $total | $equal | $unique | ${agree[0]} | ${agree[1]} | ${agree[2]} | ${agree[3]} |"
    slink_i[$t]=$(instructions /dev/null "$slink" "$work/ids-$t.txt")
    with=$(instructions "$work/ids-$t.txt" "$loopy" --print 1x1 --with-solutions)
    without=$(instructions "$work/ids-$t.txt" "$loopy" --print 1x1)
    loopy_i[$t]=$((with - without))
done

echo
echo "### Solving, instructions (whole process; Loopy: its solver and the answer's drawing)"
echo
echo "| grid | slink | Loopy | Loopy / slink |"
echo "|---|---:|---:|---:|"
for t in $types; do
    s=${slink_i[$t]}
    l=${loopy_i[$t]}
    ratio=$(awk -v l="$l" -v s="$s" 'BEGIN { printf "%.1f", l / s }')
    echo "| ${names[$t]} | $s | $l | $ratio |"
done

echo
echo "### Generating $generated puzzles at Hard, 7x7, CPU seconds"
echo
echo "| grid | slink generate --grid | sgt-loopy --generate | Loopy / slink |"
echo "|---|---:|---:|---:|"
for t in $types; do
    s=$( { /usr/bin/time -f "%U %S" "$slink" generate --grid "${names[$t]}" 7x7 \
        --count "$generated" --seed 1 > /dev/null; } 2>&1 | awk '{ print $1 + $2 }')
    l=$( { /usr/bin/time -f "%U %S" "$loopy" --generate "$generated" "7x7t${t}dh#grids" \
        > /dev/null; } 2>&1 | awk '{ print $1 + $2 }')
    ratio=$(awk -v l="$l" -v s="$s" 'BEGIN { if (s > 0) printf "%.1f", l / s; else print "-" }')
    echo "| ${names[$t]} | $s | $l | $ratio |"
done

#!/usr/bin/env bash
# The setter's check (`slink --check` on a draft with no answer or several,
# issue 53), timed on drafts made from minimal puzzles: for each size and
# seed, `slink generate NxN --minimal --seed S`, then drafts of it with one
# clue changed to another number (no answer, or several) or one clue
# removed (several). Each draft is checked by its own process; the table
# gives, per size and per verdict, the CPU seconds of the check (user +
# system, median and worst), the size of the conflicting sets (median and
# worst) and how often the one clue suggested leaves exactly one answer
# (`... instead leaves exactly one answer`, `adding ... leaves exactly one
# answer`). The issue's goal: within 1 s at 20×20 and 5 s at 30×30.
#
#   scripts/setter-figures.sh [--sizes 10,20,30] [--seeds 1-5] [--changed 4]
#       [--removed 2] [--cache DIR] [--max-seconds 60] [--list] [--keep DIR]
#
#   --sizes    square sizes, comma separated (default 10,20,30)
#   --seeds    generator seeds: A-B or a comma separated list (default 1-5)
#   --changed  drafts with one clue changed, per puzzle (default 4)
#   --removed  drafts with one clue removed, per puzzle (default 2)
#   --cache    where generated puzzles are kept between runs (default
#              $TMPDIR/slink-setter-puzzles, or /tmp/...): a 30×30 minimal
#              puzzle can take a minute to make. Keyed by size and seed only:
#              empty it after a change to the generator.
#   --max-seconds  each check's limit, passed to slink (default 60); a
#              check past it is counted as undecided or out of time
#   --list     also print one line per draft (its change, verdict, CPU
#              seconds, set size, whether the suggestion leaves one answer)
#   --keep     write the drafts (NxN-seedS-K.txt) and --check's lines
#              (NxN-seedS-K.out) to DIR, to look at again
#
# Drafts are made with Python's random, seeded by size, seed and draft
# number, so a run is the same on every machine. Needs python3 and
# /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=10,20,30
seeds=1-5
changed=4
removed=2
cache=${TMPDIR:-/tmp}/slink-setter-puzzles
max_seconds=60
list=0
keep=
while [ $# -gt 0 ]; do
    case $1 in
        --sizes) sizes=$2; shift 2 ;;
        --seeds) seeds=$2; shift 2 ;;
        --changed) changed=$2; shift 2 ;;
        --removed) removed=$2; shift 2 ;;
        --cache) cache=$2; shift 2 ;;
        --max-seconds) max_seconds=$2; shift 2 ;;
        --list) list=1; shift ;;
        --keep) keep=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "setter-figures.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case $seeds in
    *-*) seed_list=$(seq "${seeds%-*}" "${seeds#*-}") ;;
    *) seed_list=${seeds//,/ } ;;
esac
size_list=${sizes//,/ }
command -v python3 > /dev/null || { echo "needs python3" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

cargo build --release --quiet --bin slink
slink=${CARGO_TARGET_DIR:-target}/release/slink
mkdir -p "$cache"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
drafts=${keep:-$work}
mkdir -p "$drafts"

# The drafts of one puzzle: file NAME-K.txt for each, and a line per draft
# in NAME.drafts, "K kind (r,c) old new" (new '.' when removed).
make_drafts() {
    python3 - "$1" "$2" "$3" "$4" "$5" <<'EOF'
import random, sys
puzzle, stem, tag, changed, removed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
tokens = open(puzzle).read().split()
rows, cols = int(tokens[0]), int(tokens[1])
clues = tokens[2:2 + rows * cols]
clued = [i for i, t in enumerate(clues) if t != "."]
# One generator per puzzle, seeded by its name: the same drafts every run.
rng = random.Random(tag)
kinds = ["changed"] * changed + ["removed"] * removed
cells = rng.sample(clued, min(len(kinds), len(clued)))
with open(stem + ".drafts", "w") as out:
    for k, (kind, cell) in enumerate(zip(kinds, cells)):
        draft = list(clues)
        old = draft[cell]
        if kind == "changed":
            draft[cell] = str(rng.choice([n for n in range(4) if str(n) != old]))
        else:
            draft[cell] = "."
        lines = [f"{rows} {cols}"]
        lines += [" ".join(draft[r * cols:(r + 1) * cols]) for r in range(rows)]
        with open(f"{stem}-{k}.txt", "w") as f:
            f.write("\n".join(lines) + "\n0 0\n")
        r, c = divmod(cell, cols)
        out.write(f"{k} {kind} ({r},{c}) {old} {draft[cell]}\n")
EOF
}

# One line of the records: size seed kind change verdict cpu set one-answer
# out-of-time. From --check's lines:
#   K none: clues (r,c)=n ... cannot all hold [(out of time: ...)]
#     (r,c)=n instead leaves exactly one answer (or: blanking (r,c) leaves ...)
#   K multiple: the answers differ in N regions; adding (r,c)=n leaves exactly one answer
record() {
    python3 - "$@" <<'EOF'
import re, sys
size, seed, kind, change, out, cpu = sys.argv[1:7]
text = open(out).read()
first = text.split("\n", 1)[0]
verdict = first.split(" ", 2)[1].rstrip(":") if " " in first else "error"
setsize = "-"
# "clues (r,c)=n ... cannot all hold", or "clue (r,c)=n cannot hold".
if verdict == "none" and " cannot " in first:
    setsize = str(len(re.findall(r"\(\d+,\d+\)=\d", first.split(" cannot ")[0])))
one = "-"
if verdict == "none":
    # "  (r,c)=n instead leaves ...", or "  blanking (r,c) leaves ...".
    fixed = re.search(r"^  (\(\d+,\d+\)=\d instead|blanking \(\d+,\d+\)) leaves exactly one answer", text, re.M)
    one = "yes" if fixed else "no"
elif verdict == "multiple":
    one = "yes" if re.search(r"; adding \(\d+,\d+\)=\d leaves exactly one answer", first) else "no"
late = "yes" if "out of time" in text else "no"
print("\t".join([size, seed, kind, change, verdict, cpu, setsize, one, late]))
EOF
}

records=$work/records.tsv
: > "$records"
for size in $size_list; do
    for seed in $seed_list; do
        name=${size}x${size}-seed$seed
        puzzle=$cache/$name.txt
        if [ ! -s "$puzzle" ]; then
            echo "generating $name (kept in $cache)" >&2
            "$slink" generate "${size}x${size}" --minimal --seed "$seed" > "$puzzle.part"
            mv "$puzzle.part" "$puzzle"
        fi
        make_drafts "$puzzle" "$drafts/$name" "$name" "$changed" "$removed"
        while read -r k kind cell old new; do
            draft=$drafts/$name-$k
            # Exit status 1 is the verdict none or multiple, not a failure.
            /usr/bin/time -f '%U %S' -o "$work/time" \
                "$slink" --check --max-seconds "$max_seconds" "$draft.txt" > "$draft.out" 2> /dev/null || true
            cpu=$(awk 'END { printf "%.3f", $1 + $2 }' "$work/time")
            record "$size" "$seed" "$kind" "$cell=$old>$new" "$draft.out" "$cpu" >> "$records"
        done < "$drafts/$name.drafts"
    done
done

python3 - "$records" "$list" <<'EOF'
import sys
from collections import defaultdict

records = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
if sys.argv[2] == "1":
    print("| size | seed | draft | change | verdict | CPU s | set | one answer | out of time |")
    print("|---|---:|---|---|---|---:|---:|---|---|")
    for size, seed, kind, change, verdict, cpu, setsize, one, late in records:
        print(f"| {size}×{size} | {seed} | {kind} | {change} | {verdict} | {cpu} | {setsize} | {one} | {late} |")
    print()

def median(values):
    values = sorted(values)
    return values[(len(values) - 1) // 2] if values else None

def seconds(v):
    return "" if v is None else f"{v:.2f} s"

goal = {"20": 1.0, "30": 5.0}
print("| size | verdict | drafts | check median | worst | set median | worst | one clue leaves one answer | out of time |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
by = defaultdict(list)
for r in records:
    by[(r[0], r[4])].append(r)
    if r[4] in ("none", "multiple"):
        by[(r[0], "both")].append(r)
order = {"none": 0, "multiple": 1, "both": 2, "unique": 3, "undecided": 4}
for (size, verdict) in sorted(by, key=lambda k: (int(k[0]), order.get(k[1], 9))):
    rows = by[(size, verdict)]
    cpus = [float(r[5]) for r in rows]
    sets = [int(r[6]) for r in rows if r[6] != "-"]
    ones = [r for r in rows if r[7] != "-"]
    yes = sum(1 for r in ones if r[7] == "yes")
    late = sum(1 for r in rows if r[8] == "yes" or r[4] == "undecided")
    name = "none and multiple" if verdict == "both" else verdict
    one = f"{yes} of {len(ones)}" if ones else ""
    set_median = str(median(sets)) if sets else ""
    set_worst = str(max(sets)) if sets else ""
    print(f"| {size}×{size} | {name} | {len(rows)} | {seconds(median(cpus))} | {seconds(max(cpus))} "
          f"| {set_median} | {set_worst} | {one} | {late} |")
missed = [r for r in records if r[0] in goal and r[4] in ("none", "multiple") and float(r[5]) > goal[r[0]]]
print()
if missed:
    print("Past the goal (1 s at 20×20, 5 s at 30×30):")
    for size, seed, kind, change, verdict, cpu, *_ in missed:
        print(f"  {size}×{size} seed {seed}, {kind} {change}: {verdict}, {cpu} s")
else:
    print("Every draft of 20×20 and 30×30 within the goal (1 s and 5 s).")
EOF

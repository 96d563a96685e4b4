#!/usr/bin/env bash
# Checks that two builds of `slink` print the same bytes: every output a
# refactor must leave as it was. Usage:
#
#   scripts/same-outputs.sh OLD_SLINK NEW_SLINK
#
# Runs both on the judge data, the samples, the tutor's samples and (when
# ../shared is beside the project) the janko set, in every mode: the answers,
# --check, --grade, --explain, --rules-only, --hint, the community formats;
# then the generator for a few seeds and kinds. Prints one line per run that
# differs and a count; exits 1 if any did.
set -uo pipefail
cd "$(dirname "$0")/.."
old=$1
new=$2
differ=0
runs=0

# Runs both builds with the same arguments and compares stdout, stderr and
# the exit status.
same() {
    runs=$((runs + 1))
    local a b
    a=$("$old" "$@" 2>&1; echo "exit $?")
    b=$("$new" "$@" 2>&1; echo "exit $?")
    if [ "$a" != "$b" ]; then
        echo "differs: slink $*"
        differ=$((differ + 1))
    fi
}

inputs=(samples/judge.in samples/sample.in samples/small-loops.in samples/regression/*.in
    samples/explain/*.in samples/formats/loopy-10x10.txt samples/formats/pzprjs-slither-answer.pzprv3)
janko=../shared/slitherlink-janko/puzzles.in
[ -f "$janko" ] && inputs+=("$janko")
for input in "${inputs[@]}"; do
    for mode in "" --check --grade --explain --rules-only; do
        same $mode "$input"
    done
    for format in url loopy janko pzprv3 picture contest; do
        same --format "$format" "$input"
    done
done
for input in samples/tutor/*.in; do
    same --hint "$input"
    same --grade "$input"
done
for seed in 1 2 3; do
    for kind in "" "--slink" "--minimal" "--rules-only" "--grade 3" "--grade 5"; do
        # shellcheck disable=SC2086
        same generate 10x10 --count 3 --seed "$seed" $kind
    done
    same generate 25x25 --seed "$seed"
done
echo "$differ of $runs runs differ"
[ "$differ" -eq 0 ]

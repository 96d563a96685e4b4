#!/usr/bin/env bash
# The figures of `slink --count`:
#   - blank n×n grids for n = 1 to 12, against the published number of cycles
#     in an n×n grid (OEIS A140517, "Number of cycles in an n X n grid"; a(10)
#     to a(19) by Artem M. Karavaev's transfer matrices), with the time in all;
#   - the janko.at set (../shared/slitherlink-janko/, when present): every
#     puzzle whose narrower side is at most 20 must count 1 (each has one
#     answer); the time in all and the slowest puzzle. Prints any that does
#     not, and exits 1 then.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin slink
slink=target/release/slink
work=target/count-table
mkdir -p "$work"

published=(1 13 213 9349 1222363 487150371 603841648931 2318527339461265
    27359264067916806101 988808811046283595068099
    109331355810135629946698361371 36954917962039884953387868334644457)
for n in $(seq 1 12); do
    {
        echo "$n $n"
        for _ in $(seq 1 "$n"); do printf '. %.0s' $(seq 1 "$n"); echo; done
    } > "$work/blank-$n.in"
done
start=$(date +%s%N)
failed=0
for n in $(seq 1 12); do
    got=$("$slink" --count "$work/blank-$n.in" | cut -d' ' -f2)
    want=${published[$((n - 1))]}
    if [ "$got" != "$want" ]; then
        echo "blank ${n}x${n}: counted $got, published $want"
        failed=1
    fi
done
ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "blank n x n, n = 1 to 12: every count equals OEIS A140517; $ms ms in all"

janko=../shared/slitherlink-janko/puzzles.in
if [ ! -f "$janko" ]; then
    echo "janko set: not found at $janko"
    exit "$failed"
fi
# One file per puzzle: a puzzle is its size line and that many rows.
rm -rf "$work/janko"
mkdir -p "$work/janko"
awk -v dir="$work/janko" '
    rows == 0 && NF == 2 && !($1 == 0 && $2 == 0) { n++; rows = $1 + 1 }
    rows > 0 { print > (dir "/" n ".in"); rows--; if (rows == 0) close(dir "/" n ".in") }
' "$janko"
counted=0
total=0
slowest=0
slowest_puzzle=
for file in "$work"/janko/*.in; do
    read -r rows cols < "$file"
    narrow=$(( rows < cols ? rows : cols ))
    [ "$narrow" -le 20 ] || continue
    start=$(date +%s%N)
    got=$("$slink" --count "$file" 2>/dev/null | cut -d' ' -f2 || true)
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    total=$((total + ms))
    if [ "$ms" -gt "$slowest" ]; then
        slowest=$ms
        slowest_puzzle=$(basename "$file" .in)
    fi
    if [ "$got" = 1 ]; then
        counted=$((counted + 1))
    else
        echo "janko puzzle $(basename "$file" .in) (${rows}x${cols}): $got"
        failed=1
    fi
done
echo "janko set, narrower side at most 20: $counted counted 1; $total ms in all, the slowest puzzle $slowest_puzzle (counted from 1) $slowest ms"
exit "$failed"

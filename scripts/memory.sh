#!/usr/bin/env bash
# Peak memory of solving one random 1000×1000 Slink puzzle (issue 5's workload 2),
# in bytes per cell, measured with GNU time's maximum resident set size.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin slink --example generate
input=$(mktemp)
trap 'rm -f "$input"' EXIT
./target/release/examples/generate 1 1000 1000 0 20 > "$input"
kib=$(/usr/bin/time -f '%M' ./target/release/slink "$input" 2>&1 >/dev/null | tail -n 1)
echo "1000×1000 Slink: peak resident $((kib / 1024)) MiB, $((kib * 1024 / 1000000)) bytes per cell"

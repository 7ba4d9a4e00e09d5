#!/usr/bin/env bash
# After ps30's automatic substreams rose to 2^21 for runs of 2^26 outputs or more (and the
# bench's full ps30 shape with them): the bench's ps30 rows, `glrand generate` without
# --substreams, and the command's peak resident memory in ps30 (bench/memory.sh, PATHS=gl).
# Run from the repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-29-h200-ps30-pass-sizes/run-default.sh OUT
set -uo pipefail
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  "$B/glrand" version | head -2
  for rep in 1 2; do
    echo "== glrand bench --path gl -g pm,wh,mrg32k3a --profile ps30 --passes 20 --repeats 5"
    "$B/glrand" bench --path gl -g pm,wh,mrg32k3a --profile ps30 --passes 20 --repeats 5 2>&1 | grep -E '^\| gl|^gl:'
  done
  for g in wh pm mrg32k3a; do
    for n in 1e9 4e9; do
      echo "== glrand generate -g $g --format f32 -n $n -o /dev/null, twice"
      for rep in 1 2; do "$B/glrand" generate -g $g --format f32 -n $n -o /dev/null 2>&1 | tail -1; done
    done
  done
} > "$out/default.log" 2>&1
PATHS=gl TIME=$B/gnu-time bash bench/memory.sh "$B/glrand" > "$out/memory.md" 2>&1

#!/usr/bin/env bash
# The ps30 profile's read-back against its pass size: Park–Miller and Wichmann–Hill, the bench's
# ps30 rows at passes of 2^20 to 2^23 substreams, and `glrand generate -n 4e9` end to end with
# --substreams 2^20 to 2^23. Run from the repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-29-h200-ps30-pass-sizes/run.sh OUT
set -uo pipefail
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  "$B/glrand" version | head -2
  for rep in 1 2; do
    echo "== glrand bench --path gl -g pm,wh --profile ps30 --sizes 3145728,6291456,12582912,25165824 --passes 20 --repeats 5"
    "$B/glrand" bench --path gl -g pm,wh --profile ps30 --sizes 3145728,6291456,12582912,25165824 --passes 20 --repeats 5 \
      2>&1 | grep -E '^\| gl'
  done
} > "$out/bench.log" 2>&1
{
  run_header
  for g in wh pm; do
    for format in ints f32; do
      echo "== glrand generate -g $g --format $format -n 4e9 -o /dev/null --substreams P, P = 2^20 .. 2^23 in turn, twice"
      for rep in 1 2; do
        for p in 1048576 2097152 4194304 8388608; do
          "$B/glrand" generate -g $g --format $format -n 4e9 -o /dev/null --substreams $p 2>&1 | tail -1
        done
      done
    done
  done
} > "$out/generate.log" 2>&1

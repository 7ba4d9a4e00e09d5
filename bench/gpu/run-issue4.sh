#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-issue4.sh [COUNT]
# Issue 4 (profiles and self-test): the GL tests on the GPU, `glrand info` (self-test
# report), every generator's COUNT outputs (default 10^9) in the ps30, scatter and compute
# profiles hashed beside the CPU reference's (CEICG, 12 bytes an output and slow on the CPU:
# a fifth of COUNT), and `glrand bench` with each profile's
# ceiling. Log: $OUT/gpu-issue4.log; bench CSV: $OUT/gpu-issue4-bench.csv.
set -uo pipefail
count=${1:-1000000000}
source "$(dirname "$0")/setup.sh"
{
  run_header
  echo "== gl_tests on the GPU"; $B/gl_tests | tail -2
  echo "== glrand info"; $B/glrand info
  echo "== glrand bench --csv \$OUT/gpu-issue4-bench.csv"
  $B/glrand bench --csv $OUT/gpu-issue4-bench.csv
  for g in pm wh mrg32k3a ceicg; do
    for run in "--path cpu" "--profile ps30" "--profile scatter" "--profile compute"; do
      extra=""
      [[ $g != ceicg && $run == "--profile ps30" ]] && extra="--substreams 1048576"
      n=$count; [[ $g == ceicg ]] && n=$((count / 5))
      echo "== glrand generate -g $g -n $n --format ints $run $extra -o - | sha256sum"
      $B/glrand generate -g $g -n $n --format ints $run $extra -o - 2>/tmp/err | sha256sum
      cat /tmp/err
    done
  done
} 2>&1 | tee $OUT/gpu-issue4.log

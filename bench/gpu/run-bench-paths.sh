#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-bench-paths.sh [SIZES]
# `glrand bench` on every path (gl, cuda, cpu) with a sweep of output counts (default
# 2^16,2^20,2^24,2^26), then `--path cuda` alone at its default 2^28, each row beside its
# ceiling of the same run. Logs: $OUT/bench-paths.md, $OUT/bench-paths.csv,
# $OUT/bench-cuda-default.{md,csv}. Plot here: python3 bench/plot.py FILE.csv.
set -uo pipefail
sizes=${1:-2^16,2^20,2^24,2^26}
source "$(dirname "$0")/setup.sh"
{
  run_header
  echo "== glrand bench --path gl,cuda,cpu --sizes $sizes"
  $B/glrand bench --path gl,cuda,cpu --sizes "$sizes" --csv "$OUT/bench-paths.csv"
} 2>&1 | tee "$OUT/bench-paths.md"
$B/glrand bench --path cuda --csv "$OUT/bench-cuda-default.csv" 2>&1 | tee "$OUT/bench-cuda-default.md"

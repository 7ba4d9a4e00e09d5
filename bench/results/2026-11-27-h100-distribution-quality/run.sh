#!/usr/bin/env bash
# Distributions made on the GPU, 10^9 values each, fitted to their exact CDFs on the GPU
# machine (tests/gpu/distribution_quality_test.cpp). Run from the repository root with .gl and
# .gpu carried; the log goes to $OUT.
set -u
source bench/gpu/setup.sh
{
  run_header
  start=$(date +%s)
  run_test 'cuda_gpu_tests "[quality]"' 400 "$B/cuda_gpu_tests" "[quality]"
  echo "== $(($(date +%s) - start)) s"
} > "$OUT/distribution-quality.log" 2>&1

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-round2-checks.sh [COUNT]
# The second round's GPU checks: every CUDA GPU test (WH parameterisation among them), the
# CUDA-GL interop test for every CUDA generator's floats, the CLI GPU tests, and COUNT outputs
# (default 2.5*10^8) of WH's parameterisation from --path cuda hashed beside --path cpu.
# Log: $OUT/round2-checks.log.
set -uo pipefail
count=${1:-250000000}
source "$(dirname "$0")/setup.sh"
{
  run_header
  run_test cuda_gpu_tests 20 "$B/cuda_gpu_tests" --durations yes
  run_test mt19937_gpu_test 3 "$B/mt19937_gpu_test"
  run_test gl_interop_gpu_test 10 "$B/gl_interop_gpu_test"
  run_test cli_gpu_tests 12 env GLRAND_EXE="$B/glrand" "$B/cli_gpu_tests" --durations yes
  hash_paths "$count" -g wh --split parameterisation --substreams 273
  hash_paths "$count" -g wh --split parameterisation --substreams 7 --wh-set 100 --seed 5,6,7,8 --offset 2^40
} 2>&1 | tee "$OUT/round2-checks.log"

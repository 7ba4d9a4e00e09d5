#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-issue5-round3.sh [COUNT]
# Sobol32 with Joe and Kuo's 21,201 dimensions: every CUDA GPU test (Sobol32 against cuRAND's
# 20,000 dimensions among them), the CLI GPU tests and interop; COUNT outputs (default 10^9)
# from --path cuda hashed beside --path cpu with 1, 20,000 and 21,201 dimensions; then
# bench_cuda. Logs: $OUT/round3-{tests.log,bench.md}.
set -uo pipefail
count=${1:-1000000000}
source "$(dirname "$0")/setup.sh"
{
  run_header
  run_test cuda_gpu_tests 30 "$B/cuda_gpu_tests" --durations yes
  run_test gl_interop_gpu_test 4 "$B/gl_interop_gpu_test"
  run_test cli_gpu_tests 20 env GLRAND_EXE="$B/glrand" "$B/cli_gpu_tests" --durations yes
  hash_paths "$count" -g sobol32
  hash_paths $((count / 20000 * 20000)) -g sobol32 --dimensions 20000
  hash_paths $((count / 21201 * 21201)) -g sobol32 --dimensions 21201 --offset 2^31
} 2>&1 | tee "$OUT/round3-tests.log"
$B/bench_cuda 2>&1 | tee "$OUT/round3-bench.md"

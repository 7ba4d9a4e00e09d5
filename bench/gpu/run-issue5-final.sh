#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-issue5-final.sh [COUNT]
# The CUDA path after the tuning of MRG32k3a, MT19937 and MTGP32 and with Sobol32 and MTGP32 in
# `glrand generate`: every CUDA GPU test, COUNT outputs (default 10^9) from --path cuda hashed
# beside --path cpu for each changed or new generator, then bench_cuda and bench_pi.
# Logs: $OUT/issue5-{tests.log,bench.md,pi.md}.
set -uo pipefail
count=${1:-1000000000}
count7=$((count / 7 * 7))  # whole 7-dimensional points
source "$(dirname "$0")/setup.sh"
{
  run_header
  run_test cuda_gpu_tests 30 "$B/cuda_gpu_tests" --durations yes
  run_test mt19937_gpu_test 16 "$B/mt19937_gpu_test"
  run_test gl_interop_gpu_test 4 "$B/gl_interop_gpu_test"
  run_test cli_gpu_tests 20 env GLRAND_EXE="$B/glrand" "$B/cli_gpu_tests" --durations yes
  hash_paths "$count" -g mrg32k3a
  hash_paths "$count" -g mrg32k3a --curand-seed 1234
  hash_paths "$count" -g mt19937
  hash_paths "$count" -g mt19937 --seed 4357 --offset 2^40
  hash_paths "$count" -g sobol32
  hash_paths "$count7" -g sobol32 --dimensions 7
  hash_paths "$count" -g mtgp32
  hash_paths "$count" -g mtgp32 --seed 1234 --offset 2^33
} 2>&1 | tee "$OUT/issue5-tests.log"
$B/bench_cuda 2>&1 | tee "$OUT/issue5-bench.md"
$B/bench_pi 2>&1 | tee "$OUT/issue5-pi.md"

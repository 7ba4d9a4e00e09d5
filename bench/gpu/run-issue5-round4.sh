#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-issue5-round4.sh [COUNT]
# MRG32k3a's lazy second component and MTGP32's four-words-a-thread ring kernel: every CUDA
# GPU test and the CLI GPU tests; COUNT outputs (default 10^9) of each from --path cuda hashed
# beside --path cpu; bench_cuda, bench_pi, and the clock probe for the rows that changed.
# Logs: $OUT/round4-{tests.log,bench.md,pi.md,clock-probe.md}.
set -uo pipefail
count=${1:-1000000000}
here=$(dirname "$0")
source "$here/setup.sh"
{
  run_header
  run_test cuda_gpu_tests 30 "$B/cuda_gpu_tests" --durations yes
  run_test cli_gpu_tests 20 env GLRAND_EXE="$B/glrand" "$B/cli_gpu_tests" --durations yes
  hash_paths "$count" -g mrg32k3a
  hash_paths "$count" -g mrg32k3a --curand-seed 1234 --offset 2^40
  hash_paths "$count" -g mtgp32
  hash_paths "$count" -g mtgp32 --seed 1234 --offset 2^33
} 2>&1 | tee "$OUT/round4-tests.log"
$B/bench_cuda 2>&1 | tee "$OUT/round4-bench.md"
$B/bench_pi 2>&1 | tee "$OUT/round4-pi.md"
bash "$here/run-clock-probe.sh" 20000 "write-only kernel" "MRG32k3a, base-8 jump table, doubles for m2, chunks of 128" \
  "segments x 192 generators (host jumps" "Park-Miller"
mv "$OUT/clock-probe.md" "$OUT/round4-clock-probe.md"

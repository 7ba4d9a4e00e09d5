#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-cuda-part3.sh [COUNT]
# Sobol32 and MTGP32 through `glrand generate`: COUNT outputs (default 10^9) of each from
# --path cuda hashed beside --path cpu (Sobol32 in 1 dimension, in 7, and from point 2^31;
# MTGP32 with cuRAND's default seed, and with seed 1234 after 2^33 outputs), then the
# command's GPU tests (cli_gpu_tests) and the CUDA GPU tests of Sobol32 and MTGP32.
# Log: $OUT/cuda3-tests.log.
set -uo pipefail
count=${1:-1000000000}
# With --dimensions 7, -n must be a multiple of 7 (whole points): COUNT rounded down.
count7=$((count / 7 * 7))
source "$(dirname "$0")/setup.sh"
{
  run_header
  hash_paths "$count" -g sobol32
  hash_paths "$count7" -g sobol32 --dimensions 7
  hash_paths "$count" -g sobol32 --offset 2^31
  hash_paths "$count" -g mtgp32
  hash_paths "$count" -g mtgp32 --seed 1234 --offset 2^33
  if [[ -x $B/cli_gpu_tests ]]; then
    run_test cli_gpu_tests 20 env GLRAND_EXE="$B/glrand" "$B/cli_gpu_tests" --durations yes
  fi
  run_test "cuda_gpu_tests [sobol32],[mtgp32]" 20 "$B/cuda_gpu_tests" "[sobol32],[mtgp32]" --durations yes
} 2>&1 | tee "$OUT/cuda3-tests.log"

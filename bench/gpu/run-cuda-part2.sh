#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-cuda-part2.sh [COUNT]
# The CUDA path's later additions, after run-cuda.sh verified PM, WH, CEICG and MRG32k3a:
# all CUDA GPU tests (Sobol32 and MTGP32 against cuRAND among them), the MT19937 kernel test,
# CUDA-GL interop, MT19937's COUNT outputs (default 10^9) from --path cuda hashed beside
# --path cpu, bench_cuda and bench_pi. Logs: $OUT/cuda2-*.
set -uo pipefail
count=${1:-1000000000}
source "$(dirname "$0")/setup.sh"
{
  run_header
  run_test cuda_gpu_tests 40 "$B/cuda_gpu_tests" --durations yes
  echo "== mt19937_gpu_test"; $B/mt19937_gpu_test 2>&1 | tail -12
  echo "== gl_interop_gpu_test"; $B/gl_interop_gpu_test 2>&1 | tail -8
  for args in "-g mt19937" "-g mt19937 --seed 4357 --offset 2^40"; do
    for path in cuda cpu; do
      echo "== glrand generate $args --path $path -n $count --format ints -o - | sha256sum"
      $B/glrand generate $args --path $path -n $count --format ints -o - 2>/tmp/err | sha256sum; cat /tmp/err
    done
  done
} 2>&1 | tee "$OUT/cuda2-tests.log"
$B/bench_cuda 2>&1 | tee "$OUT/cuda2-bench.md"
$B/bench_pi 2>&1 | tee "$OUT/cuda2-pi.md"

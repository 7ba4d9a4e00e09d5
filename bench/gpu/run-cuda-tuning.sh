#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-cuda-tuning.sh
# The MRG32k3a and MT19937 kernels after tuning: their GPU tests, then bench_cuda (all rows,
# the write-only ceiling among them), and the kernels' SASS instruction counts where the
# machine has cuobjdump. Logs: $OUT/tuning-*.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
{
  run_header
  echo "== mt19937_gpu_test"; $B/mt19937_gpu_test 2>&1 | tail -12
  echo "== cuda_gpu_tests"; $B/cuda_gpu_tests --durations yes 2>&1 | tail -30
} 2>&1 | tee "$OUT/tuning-tests.log"
$B/bench_cuda 2>&1 | tee "$OUT/tuning-bench.md"
objdump=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
if [[ -n $objdump ]]; then
  "$objdump" -sass $B/bench_cuda > "$OUT/tuning-bench_cuda.sass" 2>&1
  ls -la "$OUT/tuning-bench_cuda.sass"
else
  echo "no cuobjdump on this machine"
fi

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-substream-sweep.sh [OUTPUTS]
# The 2006 paper's two open questions, measured: where to update the substream states (on the
# GPU, in state passes, or on the CPU between passes) and how many substreams to keep. For
# P = 2^12 .. 2^22 substreams, bench_fragment's stateful rows (PM, WH, MRG32k3a, ps30, both
# state updates): GPU time per pass and OUTPUTS (default 2^25) outputs end to end, read back.
# Log: $OUT/substream-sweep.md.
set -uo pipefail
outputs=${1:-33554432}
source "$(dirname "$0")/setup.sh"
{
  run_header
  for k in 12 14 16 18 20 22; do
    echo "== bench_fragment --size 256x256 --passes 3 --repeats 3 --readback-outputs 0 --substreams $((1 << k)) --stateful-outputs $outputs"
    $B/bench_fragment --size 256x256 --passes 3 --repeats 3 --readback-outputs 0 --substreams $((1 << k)) \
      --stateful-outputs "$outputs" 2>&1 | sed -n '/## Stateful/,$p'
  done
} 2>&1 | tee "$OUT/substream-sweep.md"

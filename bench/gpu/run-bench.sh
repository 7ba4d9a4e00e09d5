#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine (after bench/gpu/prepare-bundle.sh here, carrying .gl and .gpu):
#   bash bench/gpu/run-bench.sh     -> $OUT/gpu-bench.log
set -uo pipefail
source "$(dirname "$0")/setup.sh"
{
  run_header
  echo "== bench_fragment --size 4096x4096 --passes 5 --repeats 5 --readback-outputs 100000000 --substreams 1048576 --stateful-outputs 268435456"
  .gpu/bin/bench_fragment --size 4096x4096 --passes 5 --repeats 5 --readback-outputs 100000000 --substreams 1048576 --stateful-outputs 268435456
} 2>&1 | tee $OUT/gpu-bench.log

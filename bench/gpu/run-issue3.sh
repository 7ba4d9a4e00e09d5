#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-issue3.sh
# The GL tests on the GPU; for Park-Miller, Wichmann-Hill and MRG32k3a, 10^9 outputs
# (--format ints) on the fragment path with both state-update strategies and on the CPU
# reference, compared by SHA-256; the fragment benchmark. Log: $OUT/gpu-issue3.log.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
N=${N:-1000000000}
{
  run_header
  echo "== gl_tests on the GPU"; $B/gl_tests | tail -2
  echo "== bench_fragment --size 1024x1024 --passes 5 --repeats 5 --readback-outputs 0 --substreams 1048576 --stateful-outputs 268435456"
  $B/bench_fragment --size 1024x1024 --passes 5 --repeats 5 --readback-outputs 0 --substreams 1048576 --stateful-outputs 268435456
  for g in pm wh mrg32k3a; do
    for path in "--state-update gpu" "--state-update cpu" "--path cpu"; do
      cmd="glrand generate -g $g -n $N --format ints --substreams 1048576 $path -o -"
      echo "== $cmd | sha256sum"
      start=$(date +%s.%N)
      $B/$cmd 2>/tmp/err | sha256sum
      cat /tmp/err; echo "wall $(python3 -c "import time; print(round(time.time() - $start, 2))") s"
    done
  done
} 2>&1 | tee $OUT/gpu-issue3.log

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-issue3-final.sh
# With every pass within ps_3_0's 512 instruction slots: all GL tests on the GPU, MRG32k3a
# (whose GPU state update now takes three advance passes) at 10^9 outputs against the CPU
# reference, and the fragment benchmark. Log: $OUT/gpu-issue3-final.log.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
{
  run_header
  echo "== gl_tests on the GPU"; $B/gl_tests | tail -2
  echo "== bench_fragment --size 1024x1024 --passes 5 --repeats 5 --readback-outputs 0 --substreams 1048576 --stateful-outputs 268435456"
  $B/bench_fragment --size 1024x1024 --passes 5 --repeats 5 --readback-outputs 0 --substreams 1048576 --stateful-outputs 268435456
  for u in "--state-update gpu" "--state-update gpu --split blocking" "--path cpu"; do
    echo "== glrand generate -g mrg32k3a -n 1000000000 --format ints --substreams 1048576 $u -o - | sha256sum"
    $B/glrand generate -g mrg32k3a -n 1000000000 --format ints --substreams 1048576 $u -o - 2>/tmp/err | sha256sum
    cat /tmp/err
  done
} 2>&1 | tee $OUT/gpu-issue3-final.log

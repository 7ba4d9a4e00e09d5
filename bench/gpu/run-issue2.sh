#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-issue2.sh
# Runs the tests on the GPU, writes the 10^8-output CEICG file on the GPU and the CPU and
# compares them, and benchmarks the fragment path against the fill rate. Log: $OUT/gpu-issue2.log.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
{
  echo "== date"; date -u
  echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  echo "== glrand info"; $B/glrand info
  echo "== unit_tests"; $B/unit_tests | tail -2
  echo "== gl_tests on the GPU"; $B/gl_tests | tail -2
  cd /tmp
  for i in 1 2 3; do
    echo "== glrand generate -g ceicg -n 100000000 --format ints -o /tmp/gpu.bin (run $i)"
    $B/glrand generate -g ceicg -n 100000000 --format ints -o /tmp/gpu.bin
  done
  echo "== glrand generate -g ceicg -n 100000000 --format ints --size 4096x4096 -o /tmp/gpu4096.bin"
  $B/glrand generate -g ceicg -n 100000000 --format ints --size 4096x4096 -o /tmp/gpu4096.bin
  echo "== glrand generate -g ceicg -n 100000000 --format ints --path cpu -o /tmp/cpu.bin"
  $B/glrand generate -g ceicg -n 100000000 --format ints --path cpu -o /tmp/cpu.bin
  sha256sum /tmp/gpu.bin /tmp/gpu4096.bin /tmp/cpu.bin
  cmp /tmp/gpu.bin /tmp/cpu.bin && cmp /tmp/gpu4096.bin /tmp/cpu.bin && echo "GPU FILES == CPU FILE"
  rm -f /tmp/*.bin
  echo "== bench_fragment --size 4096x4096 --passes 5 --repeats 7 --readback-outputs 100000000"
  $B/bench_fragment --size 4096x4096 --passes 5 --repeats 7 --readback-outputs 100000000
  echo "== bench_fragment --size 1024x1024 --passes 20 --repeats 7 --readback-outputs 100000000"
  $B/bench_fragment --size 1024x1024 --passes 20 --repeats 7 --readback-outputs 100000000
} 2>&1 | tee $OUT/gpu-issue2.log

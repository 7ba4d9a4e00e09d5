#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-issue3-part2.sh
# Every GL test on the GPU; Wichmann-Hill parameterisation (273 sets) at 10^9 outputs with
# both state updates against the CPU reference; 2^24 substreams (initialisation included).
set -uo pipefail
source "$(dirname "$0")/setup.sh"
run() {  # command line after "glrand", piped into sha256sum
  echo "== glrand $* | sha256sum"
  $B/glrand "$@" 2>/tmp/err | sha256sum
  cat /tmp/err
}
{
  run_header
  echo "== gl_tests on the GPU"; $B/gl_tests | tail -2
  for u in "--state-update gpu" "--state-update cpu" "--path cpu"; do
    run generate -g wh --split parameterisation --substreams 273 --seed 777 -n 1000000000 --format ints $u -o -
  done
  for g in pm wh mrg32k3a; do
    for u in "--state-update gpu" "--state-update cpu" "--path cpu"; do
      run generate -g $g --substreams 16777216 -n 300000000 --format ints $u -o -
    done
  done
} 2>&1 | tee $OUT/gpu-issue3-part2.log

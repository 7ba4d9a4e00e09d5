#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine (after bench/gpu/prepare-bundle.sh here, carrying .gl and .gpu):
#   bash bench/gpu/run-tests.sh     -> the unit and GL tests on the GPU, $OUT/gpu-tests.log
set -uo pipefail
source "$(dirname "$0")/setup.sh"
{
  date -u; nvidia-smi --query-gpu=name,driver_version --format=csv
  .gpu/bin/unit_tests | tail -2
  .gpu/bin/gl_tests | tail -2
  .gpu/bin/glrand info -g mrg32k3a --substreams 2^20
  .gpu/bin/glrand generate -g mrg32k3a -n 100000000 --format ints --substreams 1048576 -o - | sha256sum
  .gpu/bin/glrand generate -g mrg32k3a -n 100000000 --format ints --path cpu -o - | sha256sum
} 2>&1 | tee $OUT/gpu-tests.log

#!/usr/bin/env bash
# The committed build (MRG32k3a's float normal keeping the bounds' compare) beside
# glrand-before (2f48a46): MRG32k3a's and Sobol32's resident rows, and the device tests of the
# distributions' bounds and of cuRAND's u = 1. Run from the repository root with .gl and .gpu
# carried:
#   bash bench/results/2026-11-29-h200-cuda-poisson-guide/final.sh OUT
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  run_test "cuda_gpu_tests (bounds; cuRAND's u = 1)" 12 "$B/cuda_gpu_tests" \
    "distributions made on the GPU lie within their bounds of MPFR's correctly rounded values,distributions of cuRAND's u = 1 made on the GPU are the host's"
} > "$out/tests-final.log" 2>&1
for b in glrand-before glrand; do
  echo "== $b bench --path cuda -g mrg32k3a,sobol32 --sizes 268435456 --repeats 5"
  "$B/$b" bench --path cuda -g mrg32k3a,sobol32 --sizes 268435456 --repeats 5 2>&1 | grep -E "resident-(f32|normal|normal-box-muller|lognormal|poisson10|exponential|uniform-range) |curand-(normal|lognormal|poisson10) "
done > "$out/final.md"

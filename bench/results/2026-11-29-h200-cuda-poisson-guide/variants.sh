#!/usr/bin/env bash
# Which change slowed MRG32k3a's float normal: glrand (as committed), glrand-no-fmaxf (without
# the clamp of p at 2^-53 for u = 1), glrand-clamp (every kind compares with its bounds again),
# beside glrand-before (2f48a46); and the device test of cuRAND's u = 1 in full. Run from the
# repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-29-h200-cuda-poisson-guide/variants.sh OUT
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  "$B/cuda_gpu_tests" "distributions of cuRAND's u = 1 made on the GPU are the host's" 2>&1 | tail -40
} > "$out/tests-u1.log" 2>&1
for round in 1 2; do
  for b in glrand-before glrand glrand-no-fmaxf glrand-clamp; do
    echo "== $b bench --path cuda -g mrg32k3a --sizes 268435456 --repeats 5 (round $round)"
    "$B/$b" bench --path cuda -g mrg32k3a --sizes 268435456 --repeats 5 2>&1 | grep -E "resident-(f32|normal|lognormal|poisson10|exponential) "
  done
done > "$out/variants.md"

#!/usr/bin/env bash
# the committed tree's build: the distribution, MT19937 and Sobol32 GPU tests, and the
# resident rows of MRG32k3a, Sobol32 and MT19937.
set -u
out=${1:?out}
mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
run_header > "$out/header.log" 2>&1
rows='resident-(f32|normal|lognormal|exponential|poisson10|normal-box-muller|f64-normal|f64-exponential|uniform-range) |curand-(normal|lognormal|poisson10) '
for g in mrg32k3a sobol32 mt19937; do
  echo "== glrand bench --path cuda -g $g --sizes 268435456 --repeats 5"
  timeout 60 "$B/glrand" bench --path cuda -g $g --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows|readback|library"
done > "$out/bench.md" 2>&1
echo "seconds after bench $((SECONDS - start))" >> "$out/header.log"
{
  run_test "cuda_gpu_tests [mt19937]" 6 timeout 90 "$B/cuda_gpu_tests" "[mt19937]"
  run_test "cuda_gpu_tests [distribution]~[quality]" 15 timeout 330 "$B/cuda_gpu_tests" "[distribution]~[quality]"
} > "$out/tests.log" 2>&1
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

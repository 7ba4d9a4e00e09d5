#!/usr/bin/env bash
# value kernels with their float formulas' fallbacks out of line (ool*), MRG32k3a's
# store loop unrolled 8 / 1 / 2 times, Sobol32's strided stores one by one, MT19937's
# continuing fills by segment length and kernel; the two GPU tests not yet run.
set -u
out=${1:?out}
mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
run_header > "$out/header.log" 2>&1
rows='resident-(f32|normal|lognormal|exponential|poisson10|normal-box-muller|f64-normal|f64-exponential) |curand-(normal|lognormal|poisson10) '
for round in 1 2; do
  for b in head ool8 ool1 ool2 ool1s; do
    echo "== glrand-$b bench --path cuda -g mrg32k3a --sizes 268435456 --repeats 5 (round $round)"
    timeout 60 "$B/glrand-$b" bench --path cuda -g mrg32k3a --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
  done
done > "$out/mrg-bench.md" 2>&1
echo "seconds after mrg $((SECONDS - start))" >> "$out/header.log"
for round in 1 2; do
  for b in head ool8 ool1; do
    echo "== glrand-$b bench --path cuda -g sobol32 --sizes 268435456 --repeats 5 (round $round)"
    timeout 60 "$B/glrand-$b" bench --path cuda -g sobol32 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
  done
done > "$out/sobol-bench.md" 2>&1
echo "seconds after sobol $((SECONDS - start))" >> "$out/header.log"
for k in warps:65536 warps:131072 warps:262144 blocks:65536 blocks:262144; do
  echo "== GLRAND_MT_KERNEL=${k%%:*} GLRAND_MT_SEGMENT_OUTPUTS=${k##*:} glrand-ool1 bench --path cuda -g mt19937 --sizes 268435456 --repeats 5"
  GLRAND_MT_KERNEL=${k%%:*} GLRAND_MT_SEGMENT_OUTPUTS=${k##*:} timeout 60 "$B/glrand-ool1" bench --path cuda -g mt19937 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
done > "$out/mt-bench.md" 2>&1
echo "seconds after mt $((SECONDS - start))" >> "$out/header.log"
{
  run_test "cuda_gpu_tests midpoint floats" 8 timeout 120 "$B/cuda_gpu_tests" "a midpoint u's float distributions made from its integers*"
  run_test "cuda_gpu_tests Sobol32 eight strides" 8 timeout 120 "$B/cuda_gpu_tests" "Sobol32's float normals made eight strides at a time*"
} > "$out/tests.log" 2>&1
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

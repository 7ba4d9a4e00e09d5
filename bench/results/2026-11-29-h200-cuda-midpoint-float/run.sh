#!/usr/bin/env bash
# A midpoint's own float in float arithmetic (cuda::midpoint_f32) against fbb2318's double
# conversion (glrand-before): MT19937's and MTGP32's bench rows in turn, two rounds, then the
# GPU tests of the floats and of MT19937's and MTGP32's values.
set -u
out=${1:?out}; mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
run_header > "$out/header.log" 2>&1
{
  run_test "cuda_gpu_tests a midpoint's own float*" 6 timeout 60 "$B/cuda_gpu_tests" "a midpoint's own float*"
  run_test "cuda_gpu_tests one-word generators' floats*" 6 timeout 60 "$B/cuda_gpu_tests" "one-word generators' floats*"
} > "$out/tests-first.log" 2>&1
echo "seconds after first tests $((SECONDS - start))" >> "$out/header.log"
rows='resident-(f32|f64|normal|exponential|poisson10|uniform-range) |resident-f32-from-words|curand-(normal|uniform) |readback|library-f32 '
for round in 1 2; do
  for build in glrand-before glrand; do
    for g in mt19937 mtgp32; do
      echo "== round $round: $build bench --path cuda -g $g --sizes 134217728,268435456 --repeats 5"
      timeout 120 "$B/$build" bench --path cuda -g $g --sizes 134217728,268435456 --repeats 5 2>&1 | grep -E "$rows"
    done
  done
done > "$out/bench.md" 2>&1
echo "seconds after bench $((SECONDS - start))" >> "$out/header.log"
{
  run_test "cuda_gpu_tests [floats]" 6 timeout 200 "$B/cuda_gpu_tests" "[floats]"
  run_test "cuda_gpu_tests [mt19937]" 6 timeout 200 "$B/cuda_gpu_tests" "[mt19937]"
  run_test "cuda_gpu_tests [mtgp32]" 6 timeout 100 "$B/cuda_gpu_tests" "[mtgp32]"
  run_test "cuda_gpu_tests MT19937's values made in its kernel*" 6 timeout 100 "$B/cuda_gpu_tests" "MT19937's values made in its kernel*"
} > "$out/tests.log" 2>&1
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

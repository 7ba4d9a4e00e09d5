#!/usr/bin/env bash
set -u
out=${1:?out}; mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
run_header > "$out/header.log" 2>&1
{
  run_test "cuda_gpu_tests float values of parameters*" 8 timeout 120 "$B/cuda_gpu_tests" "float values of parameters*"
  run_test "cuda_gpu_tests [mt19937]" 6 timeout 120 "$B/cuda_gpu_tests" "[mt19937]"
} > "$out/tests.log" 2>&1
echo "seconds after tests $((SECONDS - start))" >> "$out/header.log"
rows='resident-(f32|normal|lognormal|exponential|poisson10|normal-box-muller|f64-normal|f64-exponential|uniform-range) |curand-(normal|lognormal|poisson10|uniform) |readback'
echo "== glrand bench --path cuda -g mt19937 --sizes 268435456 --repeats 5" > "$out/bench-mt19937.md"
timeout 90 "$B/glrand" bench --path cuda -g mt19937 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows" >> "$out/bench-mt19937.md"
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

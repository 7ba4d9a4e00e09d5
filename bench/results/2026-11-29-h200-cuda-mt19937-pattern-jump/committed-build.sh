#!/usr/bin/env bash
# The committed build (nibble-pattern jump, fill segments up to 2^19 outputs, the words kernel
# chosen by segment count) beside 8f7d4a5's (glrand-head): MT19937's bench rows at four sizes,
# then its GPU tests.
set -u
out=${1:?out}; mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
run_header > "$out/header.log" 2>&1
rows='resident-(f32|normal|lognormal|exponential|poisson10|normal-box-muller|f64|f64-normal|f64-exponential|uniform-range) |curand-(normal|lognormal|poisson10|uniform) |readback|library-f32 '
for round in 1 2; do
  for build in glrand-head glrand; do
    echo "== round $round: $build bench --path cuda -g mt19937 --sizes 16777216,67108864,134217728,268435456 --repeats 5"
    timeout 150 "$B/$build" bench --path cuda -g mt19937 --sizes 16777216,67108864,134217728,268435456 --repeats 5 2>&1 | grep -E "$rows"
  done
done > "$out/bench-mt19937.md" 2>&1
echo "seconds after bench $((SECONDS - start))" >> "$out/header.log"
{
  run_test "cuda_gpu_tests [mt19937]" 6 timeout 200 "$B/cuda_gpu_tests" "[mt19937]"
  run_test "cuda_gpu_tests MT19937's values made in its kernel*" 6 timeout 150 "$B/cuda_gpu_tests" "MT19937's values made in its kernel*"
  run_test "mt19937_gpu_test" 6 timeout 150 "$B/mt19937_gpu_test"
} > "$out/tests.log" 2>&1
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

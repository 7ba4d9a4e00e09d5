#!/usr/bin/env bash
# The nibble-pattern jump beside the term-at-a-time one, and fills whose jump runs beside the
# kernel, against 8f7d4a5's build (glrand-head).
set -u
out=${1:?out}; mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
run_header > "$out/header.log" 2>&1
"$B/jump_timing" > "$out/jump-timing.log" 2>&1; echo "jump_timing exit $?" >> "$out/jump-timing.log"
echo "seconds after jump timing $((SECONDS - start))" >> "$out/header.log"
{
  run_test "cuda_gpu_tests [mt19937]" 6 timeout 150 "$B/cuda_gpu_tests" "[mt19937]"
  run_test "cuda_gpu_tests MT19937's values made in its kernel*" 6 timeout 150 "$B/cuda_gpu_tests" "MT19937's values made in its kernel*"
  run_test "mt19937_gpu_test" 6 timeout 150 "$B/mt19937_gpu_test"
} > "$out/tests.log" 2>&1
echo "seconds after tests $((SECONDS - start))" >> "$out/header.log"
rows='resident-(f32|normal|lognormal|exponential|poisson10|normal-box-muller|f64-normal|f64-exponential|uniform-range) |curand-(normal|lognormal|poisson10|uniform) |readback|library-f32 '
for round in 1 2; do
  for build in glrand-head glrand; do
    echo "== round $round: $build bench --path cuda -g mt19937 --sizes 268435456 --repeats 5"
    timeout 90 "$B/$build" bench --path cuda -g mt19937 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
  done
done > "$out/bench-mt19937.md" 2>&1
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

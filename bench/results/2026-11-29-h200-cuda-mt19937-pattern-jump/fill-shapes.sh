#!/usr/bin/env bash
# The nibble-pattern jump (slices of 1024 terms) in the library, and the fills' kernel chosen by
# their segment count, against 8f7d4a5's build (glrand-head): the fill shapes' jump and kernel
# times, the GPU tests of MT19937 and the distributions, and MT19937's bench rows at four sizes.
set -u
out=${1:?out}; mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
run_header > "$out/header.log" 2>&1
timeout 120 "$B/fill_shapes" > "$out/fill-shapes.md" 2>&1; echo "fill_shapes exit $?" >> "$out/fill-shapes.md"
echo "seconds after fill shapes $((SECONDS - start))" >> "$out/header.log"
rows='resident-(f32|normal|lognormal|exponential|poisson10|normal-box-muller|f64|f64-normal|f64-exponential|uniform-range) |curand-(normal|lognormal|poisson10|uniform) |readback|library-f32 '
for round in 1 2; do
  for build in glrand-head glrand; do
    echo "== round $round: $build bench --path cuda -g mt19937 --sizes 16777216,67108864,134217728,268435456 --repeats 5"
    timeout 150 "$B/$build" bench --path cuda -g mt19937 --sizes 16777216,67108864,134217728,268435456 --repeats 5 2>&1 | grep -E "$rows"
  done
done > "$out/bench-mt19937.md" 2>&1
echo "seconds after bench $((SECONDS - start))" >> "$out/header.log"
{
  run_test "cuda_gpu_tests [mt19937]" 6 timeout 150 "$B/cuda_gpu_tests" "[mt19937]"
  run_test "mt19937_gpu_test" 6 timeout 150 "$B/mt19937_gpu_test"
  run_test "cuda_gpu_tests [distribution]~[quality]" 15 timeout 330 "$B/cuda_gpu_tests" "[distribution]~[quality]"
  GLRAND_EXE=$B/glrand run_test "cli_gpu_tests [distribution]" 6 timeout 120 "$B/cli_gpu_tests" "[distribution]"
} > "$out/tests.log" 2>&1
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

#!/usr/bin/env bash
# float kinds' kernels without their double fallback (t8: MRG32k3a four side by side,
# its stores unrolled 8; t1, t2: unrolled 1, 2; n8: one at a time), Sobol32's strided stores
# one by one, MT19937's fills by length (n/256 outputs a segment, 2^16..2^18; a block a segment
# for distributions); then the GPU tests.
set -u
out=${1:?out}
mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
left() { echo $((590 - (SECONDS - start))); }
run_header > "$out/header.log" 2>&1
rows='resident-(f32|normal|lognormal|exponential|poisson10|normal-box-muller|f64-normal|f64-exponential|uniform-range) |curand-(normal|lognormal|poisson10) '
for round in 1 2; do
  for b in head t8 t1 t2 n8; do
    echo "== glrand-$b bench --path cuda -g mrg32k3a --sizes 268435456 --repeats 5 (round $round)"
    timeout 60 "$B/glrand-$b" bench --path cuda -g mrg32k3a --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
  done
done > "$out/mrg-bench.md" 2>&1
echo "seconds after mrg $((SECONDS - start))" >> "$out/header.log"
for round in 1 2; do
  for b in head t8; do
    echo "== glrand-$b bench --path cuda -g sobol32 --sizes 268435456 --repeats 5 (round $round)"
    timeout 60 "$B/glrand-$b" bench --path cuda -g sobol32 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
  done
done > "$out/sobol-bench.md" 2>&1
for b in head t8; do
  echo "== glrand-$b bench --path cuda -g mtgp32 --sizes 268435456 --repeats 5"
  timeout 60 "$B/glrand-$b" bench --path cuda -g mtgp32 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
done > "$out/mtgp-bench.md" 2>&1
echo "seconds after sobol, mtgp32 $((SECONDS - start))" >> "$out/header.log"
{
  for b in head t8; do
    echo "== glrand-$b bench --path cuda -g mt19937 --sizes 268435456 --repeats 5"
    timeout 60 "$B/glrand-$b" bench --path cuda -g mt19937 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows|readback|library"
  done
  echo "== GLRAND_MT_KERNEL=warps glrand-t8 bench --path cuda -g mt19937 --sizes 268435456 --repeats 5"
  GLRAND_MT_KERNEL=warps timeout 60 "$B/glrand-t8" bench --path cuda -g mt19937 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
} > "$out/mt-bench.md" 2>&1
echo "seconds after mt $((SECONDS - start))" >> "$out/header.log"
{
  run_test "cuda_gpu_tests [mt19937]" 6 timeout 90 "$B/cuda_gpu_tests" "[mt19937]"
  run_test "cli_gpu_tests [distribution]" 6 env GLRAND_EXE="$B/glrand-t8" timeout 60 "$B/cli_gpu_tests" "[distribution]"
  run_test "cuda_gpu_tests [distribution]~[quality]" 15 timeout $(( $(left) - 5 )) "$B/cuda_gpu_tests" -d yes "[distribution]~[quality]"
} > "$out/tests.log" 2>&1
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

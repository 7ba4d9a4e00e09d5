#!/usr/bin/env bash
# The float inverse-CDF normal made four values side by side (Sobol32's kernel) beside
# glrand-before (c8f8653's build): hashes of the values both builds make,
# the resident rows of MRG32k3a, Sobol32, MT19937 and MTGP32, and the device tests of the
# distributions. Run from the repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-29-h200-cuda-normal-side-by-side/run.sh OUT
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  for args in "-g sobol32" "-g sobol32 --distribution normal" "-g sobol32 --distribution lognormal" \
    "-g sobol32 --distribution normal --mean 1.5 --stddev 0.25" "-g sobol32 --distribution exponential" \
    "-g sobol32 --distribution poisson --lambda 10" "-g mrg32k3a --distribution normal" \
    "-g mrg32k3a --distribution lognormal" "-g mrg32k3a --distribution normal --mean 1.5 --stddev 0.25" \
    "-g mt19937 --distribution normal" "-g mtgp32 --distribution normal"; do
    for b in glrand-before glrand; do
      on=(--distribution-on gpu)
      [[ $args == *distribution* ]] || on=()
      echo "$b generate $args ${on[*]} --path cuda -n 100000000 --format f32 -o - | sha256sum: $("$B/$b" generate $args "${on[@]}" --path cuda -n 100000000 --format f32 -o - 2>/dev/null | sha256sum | cut -c1-16)"
    done
  done
} > "$out/hashes.log" 2>&1
for round in 1 2; do
  for b in glrand-before glrand; do
    echo "== $b bench --path cuda -g mrg32k3a,sobol32 --sizes 268435456 --repeats 5 (round $round)"
    "$B/$b" bench --path cuda -g mrg32k3a,sobol32 --sizes 268435456 --repeats 5 2>&1 | grep -E "resident-|curand-(normal|lognormal|poisson10) "
  done
done > "$out/bench.md" 2>&1
for b in glrand-before glrand; do
  echo "== $b bench --path cuda -g mt19937,mtgp32 --sizes 268435456 --repeats 5"
  "$B/$b" bench --path cuda -g mt19937,mtgp32 --sizes 268435456 --repeats 5 2>&1 | grep -E "resident-(f32|normal|lognormal) |curand-(normal|lognormal) "
done > "$out/bench-mt.md" 2>&1
{
  run_test "cuda_gpu_tests [distribution]~[quality]" 15 "$B/cuda_gpu_tests" "[distribution]~[quality]"
  run_test "cuda_gpu_tests [sobol32]" 6 "$B/cuda_gpu_tests" "[sobol32]"
  run_test "cli_gpu_tests [distribution]" 6 "$B/cli_gpu_tests" "[distribution]"
} > "$out/tests.log" 2>&1

#!/usr/bin/env bash
# Sobol32's strides eight at a time (glrand) beside four at a time (glrand-four, run.sh's
# build): hashes, Sobol32's resident rows, and the device and command tests of the
# distributions on the eight-wide build. Run from the repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-29-h200-cuda-normal-side-by-side/eight.sh OUT
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  for args in "-g sobol32" "-g sobol32 --distribution normal" "-g sobol32 --distribution lognormal" \
    "-g sobol32 --distribution normal --mean 1.5 --stddev 0.25" "-g sobol32 --distribution exponential"; do
    for b in glrand-four glrand; do
      on=(--distribution-on gpu)
      [[ $args == *distribution* ]] || on=()
      echo "$b generate $args ${on[*]} --path cuda -n 100000000 --format f32 -o - | sha256sum: $("$B/$b" generate $args "${on[@]}" --path cuda -n 100000000 --format f32 -o - 2>/dev/null | sha256sum | cut -c1-16)"
    done
  done
} > "$out/eight-hashes.log" 2>&1
for round in 1 2; do
  for b in glrand-four glrand; do
    echo "== $b bench --path cuda -g sobol32 --sizes 268435456 --repeats 5 (round $round)"
    "$B/$b" bench --path cuda -g sobol32 --sizes 268435456 --repeats 5 2>&1 | grep -E "resident-|curand-(normal|lognormal|poisson10) "
  done
done > "$out/eight-bench.md" 2>&1
{
  run_test "cuda_gpu_tests [distribution]~[quality]" 15 "$B/cuda_gpu_tests" "[distribution]~[quality]"
  run_test "cuda_gpu_tests [sobol32]" 6 "$B/cuda_gpu_tests" "[sobol32]"
  for b in glrand glrand-four; do
    run_test "cli_gpu_tests [distribution] on $b" 6 env GLRAND_EXE="$B/$b" "$B/cli_gpu_tests" "[distribution]"
  done
} > "$out/eight-tests.log" 2>&1

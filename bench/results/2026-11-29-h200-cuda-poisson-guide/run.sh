#!/usr/bin/env bash
# The CUDA path's distributions after three changes: the Poisson's search starts from a guide
# table (one or two compares for most u, where a binary search took six); only a uniform range
# compares its values with its bounds (the other kinds' are ±inf); the normal's u clamped at
# 1 − 2^-53 as at 2^-53. glrand-before is 2f48a46's build. Run from the repository root with
# .gl and .gpu carried:
#   [ROUNDS=N] bash bench/results/2026-11-29-h200-cuda-poisson-guide/run.sh OUT
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  for b in glrand-before glrand; do echo "$b: $("$B/$b" version | head -2 | tail -1)"; done
} > "$out/header.log" 2>&1
{
  run_test 'cuda_gpu_tests "[distribution]~[quality]"' 60 "$B/cuda_gpu_tests" "[distribution]~[quality]"
  GLRAND_EXE=$B/glrand run_test 'GLRAND_EXE=glrand cli_gpu_tests "[distribution]"' 8 "$B/cli_gpu_tests" "[distribution]"
} > "$out/tests.log" 2>&1
for round in $(seq "${ROUNDS:-1}"); do
  for b in glrand-before glrand; do
    echo "== $b bench --path cuda -g mrg32k3a,sobol32 --sizes 268435456 --repeats 5 (round $round)"
    "$B/$b" bench --path cuda -g mrg32k3a,sobol32 --sizes 268435456 --repeats 5 2>&1
  done
done > "$out/bench.md"
{
  # The GPU's Poisson values are the host's k: 10^8 of them hash as --path cpu's.
  for lambda in 10 1000; do
    for path in cuda cpu; do
      on=(); [[ $path == cuda ]] && on=(--distribution-on gpu)
      echo "== glrand generate -g mrg32k3a --path $path -n 100000000 --distribution poisson --lambda $lambda ${on[*]} --format f32 -o - | sha256sum"
      "$B/glrand" generate -g mrg32k3a --path "$path" -n 100000000 --distribution poisson --lambda "$lambda" "${on[@]}" \
        --format f32 -o - | sha256sum
    done
  done
} > "$out/hashes.log" 2>&1

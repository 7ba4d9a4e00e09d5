#!/usr/bin/env bash
# The compute profile's texture fills with Park–Miller's and Wichmann–Hill's runs down a column
# (one state read for up to 8 texels), beside the build that read a state a texel
# (.gpu/bin/bench_fragment-before); the GPU tests of the same build; the ps30 read-back row at
# 20 and at 100 passes a repeat. Run from the repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-29-h200-compute-texture-column-runs/run.sh OUT
set -uo pipefail
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
args=(--size 1024x1024 --passes 20 --repeats 7 --readback-outputs 0 --substreams 0 --texture-size 2048x2048)
{
  run_header
  for rep in 1 2 3; do
    for exe in bench_fragment-before bench_fragment; do
      echo "== $exe ${args[*]} --frames 200 --texture-profiles compute"
      "$B/$exe" "${args[@]}" --frames 200 --texture-profiles compute 2>&1 | grep -E '^\| [A-Z].*compute|^\| generator'
    done
  done
  echo "== bench_fragment ${args[*]} --frames 1000 --texture-profiles compute"
  "$B/bench_fragment" "${args[@]}" --frames 1000 --texture-profiles compute 2>&1 | grep -E '^\| [A-Z].*compute|^\| generator'
} > "$out/texture-fills.log" 2>&1
{
  run_header
  run_test "gl_tests [texture],[api]" 6 "$B/gl_tests" "[texture],[api]"
  run_test "cuda_gpu_tests [distribution]~[quality]" 30 "$B/cuda_gpu_tests" "[distribution]~[quality]"
  GLRAND_EXE=$B/glrand run_test "cli_gpu_tests [distribution]" 8 "$B/cli_gpu_tests" "[distribution]"
} > "$out/tests.log" 2>&1
{
  run_header
  for passes in 20 100; do
    echo "== glrand bench --path gl -g pm,wh --profile ps30 --passes $passes --repeats 5"
    "$B/glrand" bench --path gl -g pm,wh --profile ps30 --passes "$passes" --repeats 5 2>&1 | grep -E '^\| gl'
  done
} > "$out/ps30-passes.log" 2>&1

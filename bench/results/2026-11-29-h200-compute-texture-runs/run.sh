#!/usr/bin/env bash
# The compute profile's texture fills, before and after MRG32k3a's runs of texels and the step
# after a texel's last output left out. .gpu/bin/bench_fragment-before is the earlier build
# (and, in the first call, -last-step the one with only the step left out, and an earlier
# bench_fragment with runs for every generator). Run from the repository root with .gl and
# .gpu carried:
#   bash bench/results/2026-11-29-h200-compute-texture-runs/run.sh OUT [EXE...]
set -uo pipefail
out=${1:?an output folder}
shift
exes=("${@:-bench_fragment-before bench_fragment}")
read -r -a exes <<< "${exes[*]}"
mkdir -p "$out"
source bench/gpu/setup.sh
args=(--size 1024x1024 --passes 20 --repeats 7 --readback-outputs 0 --substreams 0 --texture-size 2048x2048)
{
  run_header
  run_test "gl_tests [texture],[api]" 6 "$B/gl_tests" "[texture],[api]"
} > "$out/tests.log" 2>&1
{
  run_header
  for rep in 1 2; do
    for exe in "${exes[@]}"; do
      echo "== $exe ${args[*]} --frames 200 --texture-profiles compute"
      "$B/$exe" "${args[@]}" --frames 200 --texture-profiles compute 2>&1 | grep -E '^\| [A-Z].*compute'
    done
  done
  echo "== bench_fragment ${args[*]} --frames 1000 --texture-profiles compute"
  "$B/bench_fragment" "${args[@]}" --frames 1000 --texture-profiles compute 2>&1 | grep -E '^\| [A-Z].*compute|^\| generator'
} > "$out/texture-fills.log" 2>&1

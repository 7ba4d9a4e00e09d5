#!/usr/bin/env bash
# The committed build's texture fills as a loop of 1000 fills in both profiles, beside a build
# whose floats sum the four fractions in sequence (.gpu/bin/bench_fragment-sequential-sum, two
# rounds); the GPU tests, the texture tests again with every shader rewritten by the hostile
# build. Run from the repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-30-h200-wichmann-hill-balanced-residues/frame-loop-and-tests.sh OUT
set -uo pipefail
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
args=(--size 1024x1024 --passes 20 --repeats 7 --readback-outputs 0 --substreams 0 --texture-size 2048x2048)
rows='^\| (Park|Wichmann|CEICG|MRG|trivial|generator)'
{
  run_header
  for rep in 1 2; do
    for exe in bench_fragment bench_fragment-sequential-sum; do
      echo "== $exe ${args[*]} --frames 200 --texture-profiles ps30,compute"
      "$B/$exe" "${args[@]}" --frames 200 --texture-profiles ps30,compute 2>&1 | grep -E "$rows"
    done
  done
  echo "== bench_fragment ${args[*]} --frames 1000 --texture-profiles ps30,compute"
  "$B/bench_fragment" "${args[@]}" --frames 1000 --texture-profiles ps30,compute 2>&1 | grep -E "$rows"
} > "$out/frame-loop.log" 2>&1
{
  run_header
  run_test "hostile_gl_tests [modules]" 12 "$B/hostile_gl_tests" "[modules]"
  run_test "gl_tests [texture],[api],[selftest]" 6 "$B/gl_tests" "[texture],[api],[selftest]"
  GLRAND_HOSTILE_ARITHMETIC=div+2,fuse-first run_test "GLRAND_HOSTILE_ARITHMETIC=div+2,fuse-first gl_tests [texture]" 6 \
    "$B/gl_tests" "[texture]"
} > "$out/tests-final.log" 2>&1

#!/usr/bin/env bash
# Wichmann–Hill's texture fills with balanced residues (.gpu/bin/bench_fragment) beside the
# build before them (.gpu/bin/bench_fragment-before), both profiles, three rounds; then the
# GPU tests of the same build. Run from the repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-30-h200-wichmann-hill-balanced-residues/run.sh OUT
set -uo pipefail
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
args=(--size 1024x1024 --passes 20 --repeats 7 --readback-outputs 0 --substreams 0 --texture-size 2048x2048)
{
  run_header
  for rep in 1 2 3; do
    for exe in bench_fragment-before bench_fragment; do
      echo "== $exe ${args[*]} --frames 200 --texture-profiles ps30,compute"
      "$B/$exe" "${args[@]}" --frames 200 --texture-profiles ps30,compute 2>&1 | grep -E '^\| (Park|Wichmann|trivial|generator)'
    done
  done
} > "$out/texture-fills.log" 2>&1
{
  run_header
  run_test "gl_tests [texture],[api]" 6 "$B/gl_tests" "[texture],[api]"
  run_test "hostile_gl_tests [modules]" 12 "$B/hostile_gl_tests" "[modules]"
} > "$out/tests.log" 2>&1

#!/usr/bin/env bash
# MRG32k3a's scatter and compute substreams in blocks (each pass's L outputs of a substream
# consecutive, stepped by the recurrence itself, then one jump), beside the leapfrog build
# before it (.gpu/bin/glrand-before and bench_fragment-before, built from the parent commit).
# Run from the repository root with .gl and .gpu carried:
#   bash bench/results/2026-11-29-h200-mrg32k3a-stream-blocks/run.sh OUT [PART...]
# PARTs (default all, in this order): tests hashes bench generate textures ps30-sizes, each into
# its log.
set -uo pipefail
out=${1:?an output folder}
shift
parts=${*:-tests hashes bench generate textures ps30-sizes}
mkdir -p "$out"
source bench/gpu/setup.sh
new=$B/glrand old=$B/glrand-before
wanted() { [[ " $parts " == *" $1 "* ]]; }
wanted tests && {
  run_header
  "$new" version
  "$old" version
  run_test "gl_tests [mrg32k3a],[stream],[selftest],[gl-read-back]" 6 \
    "$B/gl_tests" "[mrg32k3a],[stream],[selftest],[gl-read-back]"
  run_test "hostile_gl_tests shortStepMod, dotMod, reduceWide, division-free" 8 \
    "$B/hostile_gl_tests" "shortStepMod*,dotMod*,reduceWide*,the division-free modules*"
} > "$out/tests.log" 2>&1
wanted hashes && PATHS="cpu gl" PROFILES="scatter compute" JOBS=6 bash bench/hash-paths.sh "$new" "$out/hashes" mrg32k3a \
  > "$out/hashes.log" 2>&1
wanted bench && {
  run_header
  for rep in 1 2; do
    for exe in "$old" "$new"; do
      echo "== $(basename "$exe"): glrand bench --path gl -g mrg32k3a,pm,wh,ceicg --profile scatter,compute --passes 50 --repeats 3"
      "$exe" bench --path gl -g mrg32k3a,pm,wh,ceicg --profile scatter,compute --passes 50 --repeats 3 2>&1 | grep -E '^\| gl'
    done
  done
  for exe in "$old" "$new"; do
    echo "== $(basename "$exe"): glrand bench --path gl -g mrg32k3a --profile scatter,compute --passes 50 --repeats 3 --gl-readback shared-context"
    "$exe" bench --path gl -g mrg32k3a --profile scatter,compute --passes 50 --repeats 3 --gl-readback shared-context 2>&1 | grep -E '^\| gl'
  done
} > "$out/bench.log" 2>&1
wanted generate && {
  run_header
  for args in "--profile compute --format ints" "--profile compute --format f32" "--profile compute --format f64" \
              "--profile scatter --format f32"; do
    echo "== glrand generate -g mrg32k3a $args -n 1e9 -o /dev/null, before and after alternating"
    for run in 1 2 3; do
      for exe in "$old" "$new"; do
        echo "$(basename "$exe"): $("$exe" generate -g mrg32k3a $args -n 1e9 -o /dev/null 2>&1 | tail -1)"
      done
    done
  done
  for exe in "$old" "$new"; do
    echo "== $(basename "$exe"): glrand bench --path gl -g mrg32k3a --profile compute --sinks null,pipe --sink-formats ints,f32,f64 --repeats 3"
    "$exe" bench --path gl -g mrg32k3a --profile compute --sinks null,pipe --sink-formats ints,f32,f64 --repeats 3 2>&1 | grep -E '^\| gl'
  done
} > "$out/generate.log" 2>&1
wanted textures && {
  run_header
  for exe in "$B/bench_fragment-before" "$B/bench_fragment"; do
    echo "== $(basename "$exe") --size 1024x1024 --passes 20 --repeats 7 --readback-outputs 0 --substreams 0 --texture-size 2048x2048 --frames 200 --texture-profiles compute"
    "$exe" --size 1024x1024 --passes 20 --repeats 7 --readback-outputs 0 --substreams 0 --texture-size 2048x2048 \
      --frames 200 --texture-profiles compute 2>&1 | tail -30
  done
} > "$out/texture-fills.log" 2>&1
wanted ps30-sizes && {
  run_header
  echo "== glrand bench --path gl -g pm,wh --profile ps30 --sizes 1048576,3145728,12582912 --passes 20 --repeats 5"
  "$new" bench --path gl -g pm,wh --profile ps30 --sizes 1048576,3145728,12582912 --passes 20 --repeats 5 2>&1 | grep -E '^\| gl'
  for format in ints f32; do
    echo "== glrand generate -g wh --format $format -n 1e9 -o /dev/null (ps30), twice"
    for run in 1 2; do "$new" generate -g wh --format $format -n 1e9 -o /dev/null 2>&1 | tail -1; done
  done
} > "$out/ps30-sizes.log" 2>&1

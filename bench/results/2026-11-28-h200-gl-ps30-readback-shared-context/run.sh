#!/usr/bin/env bash
# The ps30 engine's packed passes read back by a shared context on its own thread beside the
# next passes (gl::SharedContextReadback), against the one-context readback in the same call:
# the GL tests on the GPU, `glrand bench` rows of both kinds, `glrand generate` into /dev/null,
# and 10^9-output hashes of the GL ps30 path beside the CPU path's. Run from the repository root
# with .gpu and .gl carried (`bench/gpu/prepare-bundle.sh --xz glrand tests/gl_tests`), as
# `bash bench/results/2026-11-28-h200-gl-ps30-readback-shared-context/run.sh OUT`.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header.log" 2>&1
"$B/glrand" version >> "$out/header.log" 2>&1
run_test "gl_tests" 4 "$B/gl_tests" > "$out/tests.log" 2>&1
{
  for kind in one-context auto; do
    echo "== glrand bench --path gl -g pm,wh,mrg32k3a --profile ps30,compute --repeats 3 --passes 100 --gl-readback $kind"
    "$B/glrand" bench --path gl -g pm,wh,mrg32k3a --profile ps30,compute --repeats 3 --passes 100 --gl-readback $kind 2>&1 |
      grep -E '^\|'
  done
} > "$out/bench.log" 2>&1
{
  for g in pm wh; do
    for format in ints f32; do
      for n in 1e9 4e9; do
        echo "== glrand generate -g $g --path gl --profile ps30 -n $n --format $format -o /dev/null (3 runs)"
        for run in 1 2 3; do
          "$B/glrand" generate -g $g --path gl --profile ps30 -n $n --format $format -o /dev/null 2>&1 | tail -1
        done
      done
    done
  done
} > "$out/generate.log" 2>&1
{
  for g in pm wh mrg32k3a; do
    for format in ints f32 f64; do
      echo "== -g $g --format $format -n 1e9 --offset 2^40+17: --path gl --profile ps30, then --path cpu"
      "$B/glrand" generate -g $g --path gl --profile ps30 --offset 1099511627793 -n 1e9 --format $format -o - 2>/dev/null |
        sha256sum
      "$B/glrand" generate -g $g --path cpu --offset 1099511627793 -n 1e9 --format $format -o - 2>/dev/null | sha256sum
    done
  done
} > "$out/hashes.log" 2>&1

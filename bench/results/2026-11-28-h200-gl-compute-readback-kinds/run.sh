#!/usr/bin/env bash
# The scatter and compute engines' packed passes read back on the rendering context or by a
# shared context on its own thread (--gl-readback), in the same call: the GL tests on the GPU,
# `glrand generate` into /dev/null each way, `glrand bench` readback rows each way, and
# 10^8-output hashes of every GL generator beside the CPU path's. Run from the repository root
# with .gpu and .gl carried (`bench/gpu/prepare-bundle.sh --xz glrand tests/gl_tests`), as
# `bash bench/results/2026-11-28-h200-gl-compute-readback-kinds/run.sh OUT`.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header.log" 2>&1
"$B/glrand" version >> "$out/header.log" 2>&1
run_test "gl_tests" 4 "$B/gl_tests" > "$out/tests.log" 2>&1
{
  for g in pm wh mrg32k3a ceicg; do
    for format in ints f32; do
      for n in 1e8 1e9; do
        echo "== glrand generate -g $g --path gl --profile compute -n $n --format $format -o /dev/null --gl-readback K (3 runs of each, alternating)"
        for run in 1 2 3; do
          for kind in one-context shared-context; do
            printf '%s: ' $kind
            "$B/glrand" generate -g $g --path gl --profile compute -n $n --format $format -o /dev/null \
              --gl-readback $kind 2>&1 | tail -1
          done
        done
      done
    done
  done
} > "$out/generate.log" 2>&1
{
  for kind in one-context shared-context; do
    echo "== glrand bench --path gl -g pm,wh,mrg32k3a,ceicg --profile scatter,compute --repeats 3 --passes 50 --gl-readback $kind"
    "$B/glrand" bench --path gl -g pm,wh,mrg32k3a,ceicg --profile scatter,compute --repeats 3 --passes 50 \
      --gl-readback $kind 2>&1 | grep -E '^\|'
  done
} > "$out/bench.log" 2>&1
{
  for profile in scatter compute; do
    for g in pm wh mrg32k3a ceicg; do
      for format in ints f32; do
        echo "== -g $g --format $format -n 1e8 --offset 2^40+17: --path gl --profile $profile --gl-readback shared-context, then --path cpu"
        "$B/glrand" generate -g $g --path gl --profile $profile --gl-readback shared-context --offset 1099511627793 \
          -n 1e8 --format $format -o - 2>/dev/null | sha256sum
        "$B/glrand" generate -g $g --path cpu --offset 1099511627793 -n 1e8 --format $format -o - 2>/dev/null | sha256sum
      done
    done
  done
} > "$out/hashes.log" 2>&1

#!/usr/bin/env bash
# After the engines start their shared-context reader when made (one per engine, two slots a
# readback, automatic in every profile for passes of 4 MiB or more): the GL tests on the GPU,
# `glrand generate` into /dev/null with --gl-readback auto and one-context alternating,
# `glrand bench` readback rows each way, the GL compute sink rows each way, and 10^8-output
# hashes of every GL generator with the automatic kind beside the CPU path's. Run from the
# repository root with .gpu and .gl carried, as
# `bash bench/results/2026-11-28-h200-gl-compute-readback-kinds/run-early-reader.sh OUT`.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/early-reader-header.log" 2>&1
"$B/glrand" version >> "$out/early-reader-header.log" 2>&1
run_test "gl_tests" 4 "$B/gl_tests" > "$out/early-reader-tests.log" 2>&1
{
  for args in "-g pm --profile compute -n 1e9 --format f32" "-g pm --profile compute -n 1e8 --format f32" \
              "-g wh --profile compute -n 1e9 --format f32" "-g mrg32k3a --profile compute -n 1e9 --format ints" \
              "-g ceicg --profile compute -n 1e9 --format f32" "-g pm --profile scatter -n 3e8 --format f32" \
              "-g pm --profile ps30 -n 1e9 --format f32" "-g wh --profile ps30 -n 1e9 --format f32"; do
    echo "== glrand generate $args -o /dev/null --gl-readback K (3 runs of each, alternating)"
    for run in 1 2 3; do
      for kind in one-context auto; do
        printf '%s: ' $kind
        "$B/glrand" generate $args -o /dev/null --gl-readback $kind 2>&1 | tail -1
      done
    done
  done
} > "$out/early-reader-generate.log" 2>&1
{
  for kind in one-context auto; do
    echo "== glrand bench --path gl -g pm,wh,mrg32k3a,ceicg --profile ps30,scatter,compute --repeats 3 --passes 50 --gl-readback $kind"
    "$B/glrand" bench --path gl -g pm,wh,mrg32k3a,ceicg --profile ps30,scatter,compute --repeats 3 --passes 50 \
      --gl-readback $kind 2>&1 | grep -E '^\| gl .*readback'
  done
} > "$out/early-reader-bench.log" 2>&1
{
  for kind in one-context auto; do
    echo "== glrand bench --path gl -g pm,wh,mrg32k3a,ceicg --profile compute --sinks null,pipe,tmpfs --sink-formats ints,f32,f64 --repeats 3 --gl-readback $kind"
    "$B/glrand" bench --path gl -g pm,wh,mrg32k3a,ceicg --profile compute --sinks null,pipe,tmpfs \
      --sink-formats ints,f32,f64 --repeats 3 --gl-readback $kind 2>&1 | grep -E '^\| gl'
  done
} > "$out/early-reader-sinks.log" 2>&1
{
  for profile in scatter compute; do
    for g in pm wh mrg32k3a ceicg; do
      for format in ints f32; do
        echo "== -g $g --format $format -n 1e8 --offset 2^40+17: --path gl --profile $profile, then --path cpu"
        "$B/glrand" generate -g $g --path gl --profile $profile --offset 1099511627793 -n 1e8 --format $format -o - \
          2>/dev/null | sha256sum
        "$B/glrand" generate -g $g --path cpu --offset 1099511627793 -n 1e8 --format $format -o - 2>/dev/null | sha256sum
      done
    done
  done
} > "$out/early-reader-hashes.log" 2>&1

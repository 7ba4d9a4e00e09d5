#!/usr/bin/env bash
# After the engines take their readback kind when made: the GL readback tests on the GPU,
# 3·10^7-output hashes of every GL generator (scatter, compute; automatic kind) beside the CPU
# path's, `glrand generate` into /dev/null each way, and GL compute sink rows into /dev/null
# and tmpfs each way. Run from the repository root with .gpu and .gl carried, as
# `bash bench/results/2026-11-28-h200-gl-compute-readback-kinds/run-kind-at-construction.sh OUT`.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  "$B/glrand" version
  run_test "gl_tests [gl-read-back],[pack],[stream]" 4 "$B/gl_tests" "[gl-read-back],[pack],[stream]"
  for profile in scatter compute; do
    for g in pm wh mrg32k3a ceicg; do
      format=f32
      [[ $profile == scatter ]] && format=ints
      echo "== -g $g --format $format -n 3e7 --offset 2^40+17: --path gl --profile $profile, then --path cpu"
      "$B/glrand" generate -g $g --path gl --profile $profile --offset 1099511627793 -n 3e7 --format $format -o - \
        2>/dev/null | sha256sum
      "$B/glrand" generate -g $g --path cpu --offset 1099511627793 -n 3e7 --format $format -o - 2>/dev/null | sha256sum
    done
  done
  for args in "-g pm --profile compute -n 1e9 --format f32" "-g mrg32k3a --profile compute -n 1e9 --format ints"; do
    echo "== glrand generate $args -o /dev/null --gl-readback K (3 runs of each, alternating)"
    for run in 1 2 3; do
      for kind in one-context auto; do
        printf '%s: ' $kind
        "$B/glrand" generate $args -o /dev/null --gl-readback $kind 2>&1 | tail -1
      done
    done
  done
  for kind in one-context auto; do
    echo "== glrand bench --path gl -g pm,wh,mrg32k3a,ceicg --profile compute --sinks null,tmpfs --sink-formats ints,f32 --repeats 3 --gl-readback $kind"
    "$B/glrand" bench --path gl -g pm,wh,mrg32k3a,ceicg --profile compute --sinks null,tmpfs --sink-formats ints,f32 \
      --repeats 3 --gl-readback $kind 2>&1 | grep -E '^\| gl'
  done
} > "$out/kind-at-construction.log" 2>&1

#!/usr/bin/env bash
# Probe: in the compute profile on one context, the next pass dispatched right after a pass's
# packing, into a second output buffer, with no barrier between them (pipelined-probe.patch,
# switched on by GLRAND_PIPELINE=1 in that build, .gpu/bin/glrand-pipe), against the same
# build without it. Run from the repository root with .gpu and .gl carried:
#   bash bench/results/2026-11-28-h200-gl-compute-pass-beside-packing/run-probe.sh OUT
set -uo pipefail
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
exe=$B/glrand-pipe
hash_of() { "$exe" generate "$@" -q -o - | sha256sum | cut -c1-16 || echo failed; }
{
  run_header
  "$exe" version
  echo "== 10^8 outputs from offset 2^40 + 17, compute, GLRAND_PIPELINE=1 against --path cpu"
  for g in pm wh mrg32k3a; do
    for format in ints f32; do
      cpu=$(hash_of -g $g --offset 1099511627793 --path cpu -n 100000000 --format $format)
      gl=$(GLRAND_PIPELINE=1 hash_of -g $g --offset 1099511627793 --path gl --profile compute --gl-readback one-context -n 100000000 --format $format)
      echo "$([[ $gl == "$cpu" && $gl != failed ]] && echo same || echo DIFFERENT) $gl $cpu: -g $g --format $format"
    done
  done
  for rep in 1 2; do
    for p in 0 1; do
      echo "== GLRAND_PIPELINE=$p glrand bench --path gl -g pm,wh,mrg32k3a --profile compute --passes 50 --repeats 3 --gl-readback one-context"
      GLRAND_PIPELINE=$p "$exe" bench --path gl -g pm,wh,mrg32k3a --profile compute --passes 50 --repeats 3 --gl-readback one-context 2>&1 | grep -E '^\| gl'
    done
  done
  for args in "-g mrg32k3a --format ints" "-g mrg32k3a --format f32" "-g pm --format f32" "-g wh --format f32"; do
    echo "== glrand generate $args --profile compute -n 1e9 -o /dev/null --gl-readback one-context, GLRAND_PIPELINE 0 and 1 alternating"
    for run in 1 2 3; do
      for p in 0 1; do
        echo "$p: $(GLRAND_PIPELINE=$p "$exe" generate $args --profile compute -n 1e9 -o /dev/null --gl-readback one-context 2>&1 | tail -1)"
      done
    done
  done
  echo "== GLRAND_PIPELINE 0 and 1: glrand bench --path gl -g pm,wh,mrg32k3a --profile compute --sinks null --sink-formats ints,f32 --repeats 3 --gl-readback one-context"
  for p in 0 1; do
    GLRAND_PIPELINE=$p "$exe" bench --path gl -g pm,wh,mrg32k3a --profile compute --sinks null --sink-formats ints,f32 --repeats 3 --gl-readback one-context 2>&1 | grep -E '^\| gl'
  done
} > "$out/probe.log" 2>&1

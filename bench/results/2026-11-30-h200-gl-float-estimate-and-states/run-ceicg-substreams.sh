#!/usr/bin/env bash
source bench/gpu/setup.sh
exec > >(tee $OUT/run3.log) 2>&1
run_header
for r in 1 2; do
for rb in one-context shared-context; do
  for s in 16384 32768 65536 131072 262144; do
    echo "== ceicg f32 --gl-readback $rb --substreams $s: $($B/glrand-after generate -g ceicg --path gl --profile compute --format f32 -n 2e9 --gl-readback $rb --substreams $s -o /dev/null 2>&1 | tail -1)"
  done
done
done

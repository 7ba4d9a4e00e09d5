#!/usr/bin/env bash
# Two GPUs of one host: the CUDA path's f32 into the null device, one process against two at
# once (one per GPU), beside the same bytes copied and written without generating (bench_sink,
# the command's ceiling) alone and two at once. Run from the repository root with .gl and .gpu
# carried; logs go to $OUT.
set -u
source bench/gpu/setup.sh
n=120000000000
bytes=$((4 * n))
{
  run_header
  nvidia-smi topo -m
  lscpu | grep -E "^CPU\(s\)|NUMA|Model name"
} > "$OUT/header.log" 2>&1
{
  for round in 1 2 3; do
    echo "== round $round: bench_sink $bytes /dev/null, GPU 0 alone"
    CUDA_VISIBLE_DEVICES=0 "$B/bench_sink" "$bytes" /dev/null
    echo "== round $round: bench_sink, GPUs 0 and 1 at once"
    CUDA_VISIBLE_DEVICES=0 "$B/bench_sink" "$bytes" /dev/null & CUDA_VISIBLE_DEVICES=1 "$B/bench_sink" "$bytes" /dev/null; wait
    echo "== round $round: glrand generate -g mrg32k3a --path cuda -n $n --format f32 -o /dev/null, GPU 0 alone"
    "$B/glrand" generate -g mrg32k3a --path cuda --device 0 -n $n --format f32 -o /dev/null
    echo "== round $round: the same, --device 0 and --device 1 at once"
    "$B/glrand" generate -g mrg32k3a --path cuda --device 0 -n $n --format f32 -o /dev/null &
    "$B/glrand" generate -g mrg32k3a --path cuda --device 1 -n $n --format f32 -o /dev/null; wait
  done
} > "$OUT/null-device.log" 2>&1

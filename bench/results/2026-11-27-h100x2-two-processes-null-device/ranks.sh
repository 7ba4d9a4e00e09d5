#!/usr/bin/env bash
# Two GPUs of one host, the same total split in two: `mpirun -np 1|2 glrand generate` of
# 1.2·10^11 MRG32k3a f32 outputs into the null device, beside bench_sink moving the same bytes
# (one process the whole, or two at once a half each, one per GPU). Run from the repository root
# with .gl and .gpu (with .gpu/mpi-debs) carried; N outputs (default 1.2·10^11), ROUNDS rounds
# (default 3); the log goes to $OUT/ranks-N.log.
set -u
source bench/gpu/setup.sh
n=${N:-120000000000}
bytes=$((4 * n))
{
  for round in $(seq 1 "${ROUNDS:-3}"); do
    echo "== round $round: bench_sink $bytes /dev/null, GPU 0 alone"
    CUDA_VISIBLE_DEVICES=0 "$B/bench_sink" "$bytes" /dev/null
    echo "== round $round: bench_sink $((bytes / 2)) /dev/null on GPUs 0 and 1 at once"
    CUDA_VISIBLE_DEVICES=0 "$B/bench_sink" $((bytes / 2)) /dev/null & CUDA_VISIBLE_DEVICES=1 "$B/bench_sink" $((bytes / 2)) /dev/null; wait
    for np in 1 2; do
      echo "== round $round: mpirun -np $np glrand generate -g mrg32k3a --path cuda -n $n --format f32 -o /dev/null"
      "${MPIRUN[@]}" -np $np "$B/glrand" generate -g mrg32k3a --path cuda -n $n --format f32 -o /dev/null
    done
  done
} > "$OUT/ranks-$n.log" 2>&1

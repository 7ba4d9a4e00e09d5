#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-clock-probe.sh [REPEATS [ROW...]]
# The SM clock and board power while one bench_cuda row runs for several seconds (REPEATS
# launches, default 20000), for the write-only kernel and the generators near it: does a kernel
# that falls short of the write-only rate run at a lower clock? nvidia-smi samples every
# 100 ms; the summary is the median of the samples taken while the row ran. ROW: part of a
# bench_cuda row's name (default: the list below). Log: $OUT/clock-probe.md.
set -uo pipefail
repeats=${1:-20000}
shift $(( $# > 0 ? 1 : 0 ))
source "$(dirname "$0")/setup.sh"
rows=("write-only kernel" "write-only in MRG32k3a's pattern" "Park-Miller"
      "MRG32k3a, base-8 jump table, doubles for m2, chunks of 128"
      "segments x 192 generators (host jumps" "MT19937, a segment per warp" "Sobol32, 1 dimension"
      "cuRAND PHILOX4_32_10")
(( $# > 0 )) && rows=("$@")
{
  run_header
  echo
  echo "| row | G outputs/s | SM clock MHz (median) | power W (median) | samples |"
  echo "| --- | ---: | ---: | ---: | ---: |"
  for row in "${rows[@]}"; do
    nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader,nounits -lms 100 > /tmp/samples.csv &
    sampler=$!
    sleep 0.5
    result=$($B/bench_cuda --only "$row" --repeats "$repeats" | awk -F'|' '/^\| [^-k]/ && NR > 6 {print $5; exit}')
    kill $sampler; wait $sampler 2>/dev/null
    # Samples while the GPU was busy (power above 150 W): medians of clock and power.
    busy=$(awk -F', ' '$2 > 150' /tmp/samples.csv)
    n=$(printf '%s\n' "$busy" | grep -c .)
    clock=$(printf '%s\n' "$busy" | cut -d, -f1 | sort -n | awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]; else print "-"}')
    power=$(printf '%s\n' "$busy" | cut -d, -f2 | sort -n | awk '{v[NR] = $1} END {if (NR) printf "%.0f\n", v[int((NR + 1) / 2)]; else print "-"}')
    echo "| $row | $result | $clock | $power | $n |"
  done
} 2>&1 | tee "$OUT/clock-probe.md"

#!/usr/bin/env bash
# The CPU path's floats and doubles made a block at a time on all cores straight into the
# caller's span (BUILD_NEW) beside the chunked words-then-conversion path (BUILD_BEFORE), in
# turn, two rounds, with Intel MKL in the same runs. Run from the repository root:
#   bash bench/results/2026-11-29-2core-cpu-values-in-blocks/run.sh BUILD_BEFORE/glrand BUILD_NEW/glrand OUT
set -u
before=${1:?the build before}; new=${2:?the new build}; out=${3:?an output folder}
mkdir -p "$out"
{ date -u; nproc; grep -m1 "model name" /proc/cpuinfo; } > "$out/header.log"
for round in 1 2; do
  for b in before new; do
    exe=$before; [[ $b == new ]] && exe=$new
    echo "== $b: glrand bench --distributions --path cpu,mkl -g mrg32k3a,sobol32,mt19937 --repeats 7 (round $round)"
    "$exe" bench --distributions --path cpu,mkl -g mrg32k3a,sobol32,mt19937 --repeats 7 2>&1 | grep "^|"
    echo "== $b: glrand bench --distributions --path cpu -g pm,wh,ceicg --repeats 5 (round $round)"
    "$exe" bench --distributions --path cpu -g pm,wh,ceicg --repeats 5 2>&1 | grep "^| cpu | uniform"
  done
done > "$out/bench.md" 2>&1

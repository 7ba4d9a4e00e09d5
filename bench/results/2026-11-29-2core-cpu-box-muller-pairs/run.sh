#!/usr/bin/env bash
# The host's Box–Muller made once a pair (it was made again for the pair's second output):
# BEFORE and AFTER glrand executables in turn, four times, on the CPU path, into host memory and
# into /dev/null. Run as
#   bash bench/results/2026-11-29-2core-cpu-box-muller-pairs/run.sh BEFORE AFTER OUT
set -u
before=${1:?the earlier glrand} after=${2:?this glrand} out=${3:?an output folder}
mkdir -p "$out"
{
  date -u
  nproc
  grep -m1 "model name" /proc/cpuinfo
  for exe in "$before" "$after"; do "$exe" version | head -2; done
} > "$out/header.log" 2>&1
for round in 1 2 3 4; do
  for exe in "$before" "$after"; do
    echo "== $(basename "$exe") bench --distributions -g mrg32k3a --path cpu --repeats 7 (round $round)"
    "$exe" bench --distributions -g mrg32k3a --path cpu --repeats 7 2>&1 | grep -E '^\| (path|cpu)'
    for format in f32 f64; do
      echo "== $(basename "$exe") generate -g mrg32k3a --path cpu -n 1e8 --format $format --distribution normal --normal-method box-muller -o /dev/null"
      "$exe" generate -g mrg32k3a --path cpu -n 1e8 --format "$format" --distribution normal --normal-method box-muller -o /dev/null 2>&1
    done
  done
done > "$out/rates.log"

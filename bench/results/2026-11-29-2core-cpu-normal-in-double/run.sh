#!/usr/bin/env bash
# The host's inverse-CDF normal with Boost's erfc_inv in long double (BEFORE: c8f8653's build)
# and in double (AFTER): `glrand generate … --path cpu` into /dev/null, three rounds, and
# `glrand bench --distributions --path cpu,mkl` once each. On the 2-core machine:
#   BEFORE=/path/to/glrand-before AFTER=build/glrand bash run.sh OUT
set -u
out=${1:?an output folder}
mkdir -p "$out"
{
  date -u; nproc; grep -m1 "model name" /proc/cpuinfo
  for round in 1 2 3; do
    for g in sobol32 mrg32k3a mt19937; do
      for d in "normal --format f64" "normal --format f32" "lognormal --format f64"; do
        for b in "$BEFORE" "$AFTER"; do
          echo "$(basename "$b") generate -g $g --path cpu -n 5e7 --distribution $d -o /dev/null (round $round): $("$b" generate -g $g --path cpu -n 5e7 --distribution $d -o /dev/null 2>&1 | grep -oE '[0-9.]+ [MG] outputs/s')"
        done
      done
    done
  done
} > "$out/generate.log" 2>&1
for b in "$BEFORE" "$AFTER"; do
  echo "== $(basename "$b") bench --distributions -g mrg32k3a,sobol32,mt19937 --path cpu,mkl --repeats 7"
  "$b" bench --distributions -g mrg32k3a,sobol32,mt19937 --path cpu,mkl --repeats 7 2>&1 | grep -E "^\| (cpu|mkl) "
done > "$out/bench.md" 2>&1

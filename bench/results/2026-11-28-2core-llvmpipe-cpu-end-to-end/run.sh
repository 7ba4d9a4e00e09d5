#!/usr/bin/env bash
# The 2-core CPU-only machine's end-to-end rows: glrand bench's resident and read-back rows of
# every GL generator in ps30, scatter and compute on llvmpipe and of the CPU references, then
# `glrand bench --sinks` (the command's own writer into /dev/null, a pipe and tmpfs, beside the
# same bytes moved without generating) on the GL compute profile and the CPU path.
#   bash bench/results/2026-11-28-2core-llvmpipe-cpu-end-to-end/run.sh OUT GLRAND
set -uo pipefail
out=$1 exe=$2
mkdir -p "$out"
{
  echo "== date: $(date -u); $(nproc) cores; $(free -g | awk '/Mem:/ {print $2}') GiB"
  "$exe" version | head -3
  "$exe" info 2>&1 | grep -iE "renderer|GL_VERSION|version" | head -4
  echo "== glrand bench --path gl,cpu --profile ps30,scatter,compute -g pm,wh,mrg32k3a,ceicg --repeats 3"
  "$exe" bench --path gl,cpu --profile ps30,scatter,compute -g pm,wh,mrg32k3a,ceicg --repeats 3 2>&1
} > "$out/bench.md" 2>&1
{
  echo "== date: $(date -u)"
  echo "== glrand bench --path gl,cpu --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null,pipe,tmpfs --sink-formats ints,f32,f64 --repeats 3"
  "$exe" bench --path gl,cpu --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null,pipe,tmpfs --sink-formats ints,f32,f64 --repeats 3 2>&1
} > "$out/sinks.md" 2>&1

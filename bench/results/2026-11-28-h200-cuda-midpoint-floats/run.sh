#!/usr/bin/env bash
# The CUDA path's floats of a midpoint u (Sobol32, MT19937, MTGP32) made from the integers: the
# distribution tests, then the resident rows of the build before (glrand-before, b32cdd1) and
# this one in turn, on the GPU machine. Run from the repository root with .gpu and .gl carried
# (`bench/gpu/prepare-bundle.sh --xz glrand tests/cuda_gpu_tests`, and the earlier build's
# glrand added as .gpu/bin/glrand-before), as
# `bash bench/results/2026-11-28-h200-cuda-midpoint-floats/run.sh OUT`.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header.log" 2>&1
"$B/glrand" version >> "$out/header.log" 2>&1
run_test 'cuda_gpu_tests "[distribution]~[quality]"' 20 "$B/cuda_gpu_tests" "[distribution]~[quality]" > "$out/tests.log" 2>&1
for build in glrand-before glrand; do
  echo "== $build bench --path cuda -g sobol32,mt19937,mtgp32 --sizes 268435456 --repeats 5" >> "$out/bench.md"
  "$B/$build" bench --path cuda -g sobol32,mt19937,mtgp32 --sizes 268435456 --repeats 5 >> "$out/bench.md" 2>&1
done
echo done

#!/usr/bin/env bash
# Nsight Compute's sections for every Sobol32 and MRG32k3a kernel (glrand's and cuRAND's) of
# a small bench run, on c8f8653's build (glrand in the bundle), printed in full and gzipped
# (not kept here: ncu-before.md is their summary). Run from the repository root with .gl and
# .gpu carried:
#   bash bench/results/2026-11-29-h200-cuda-normal-side-by-side/profile.sh OUT
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
run_header
for g in sobol32 mrg32k3a; do
  /usr/local/cuda/bin/ncu --kernel-name-base demangled --kernel-name "regex:(?i)(sobol|mrg|curand|gen|normal)" \
    --launch-count 80 --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
    --section Occupancy --section WarpStateStats --section LaunchStats -o "$out/$g" -f \
    "$B/glrand" bench --path cuda -g $g --sizes 16777216 --repeats 1 > "$out/ncu-$g.log" 2>&1
  /usr/local/cuda/bin/ncu -i "$out/$g.ncu-rep" --page details --print-details all | gzip > "$out/$g-details.txt.gz"
done

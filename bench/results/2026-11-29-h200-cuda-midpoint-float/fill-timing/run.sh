#!/usr/bin/env bash
# MT19937's library fills timed one at a time (fill_timing.cu, built as the timing programs of
# ../../2026-11-29-h200-cuda-mt19937-pattern-jump/build-programs.sh are, against fbb2318's
# build), then the same under Nsight Compute: each kernel's own duration (ncu-durations.md, the
# CSV's kernel, grid, block and gpu__time_duration.sum columns; Nsight Compute fixes the clocks,
# so its durations are longer than the run's own).
set -u
out=${1:?out}; mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header.log" 2>&1
"$B/fill_timing" > "$out/fill-timing.log" 2>&1; echo "exit $?" >> "$out/fill-timing.log"
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $ncu" >> "$out/header.log"
timeout 240 "$ncu" --csv --metrics gpu__time_duration.sum -k regex:mt19937 "$B/fill_timing" > "$out/ncu.csv" 2> "$out/ncu.err"
echo "ncu exit $?" >> "$out/header.log"

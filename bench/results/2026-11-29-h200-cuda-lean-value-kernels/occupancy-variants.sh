#!/usr/bin/env bash
# MRG32k3a's float normal variants, Sobol32's strided stores one by one, MT19937's segment
# lengths for continuing fills; the GPU tests not yet run; Nsight Compute on MRG32k3a's normal.
set -u
out=${1:?out}
mkdir -p "$out"
source bench/gpu/setup.sh
start=$SECONDS
left() { echo $((585 - (SECONDS - start))); }
run_header > "$out/header.log" 2>&1
rows='resident-(f32|normal|lognormal|exponential|poisson10|normal-box-muller) |curand-(normal|lognormal|poisson10) '
for round in 1 2; do
  for b in head sbs b3 sbs3 sbs4; do
    echo "== glrand-$b bench --path cuda -g mrg32k3a --sizes 268435456 --repeats 5 (round $round)"
    timeout 60 "$B/glrand-$b" bench --path cuda -g mrg32k3a --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
    echo "== seconds so far $((SECONDS - start))"
  done
done > "$out/mrg-bench.md" 2>&1
for b in head sbs; do
  echo "== glrand-$b bench --path cuda -g sobol32 --sizes 268435456 --repeats 5"
  timeout 60 "$B/glrand-$b" bench --path cuda -g sobol32 --sizes 268435456 --repeats 5 2>&1 | grep -E "$rows"
done > "$out/sobol-bench.md" 2>&1
for seg in 65536 262144 1048576 4194304; do
  echo "== GLRAND_MT_SEGMENT_OUTPUTS=$seg glrand-sbs bench --path cuda -g mt19937 --sizes 268435456 --repeats 5"
  GLRAND_MT_SEGMENT_OUTPUTS=$seg timeout 60 "$B/glrand-sbs" bench --path cuda -g mt19937 --sizes 268435456 --repeats 5 2>&1 | grep -E "resident|curand"
done > "$out/mt-bench.md" 2>&1
echo "seconds after benches $((SECONDS - start))" >> "$out/header.log"
{
  run_test "cuda_gpu_tests [distribution]~[quality]" 15 timeout 150 "$B/cuda_gpu_tests" "[distribution]~[quality]"
  run_test "cuda_gpu_tests [sobol32]" 6 timeout 60 "$B/cuda_gpu_tests" "[sobol32]"
  run_test "cli_gpu_tests [distribution]" 6 env GLRAND_EXE="$B/glrand-head" timeout 90 "$B/cli_gpu_tests" "[distribution]"
} > "$out/tests.log" 2>&1
echo "seconds after tests $((SECONDS - start))" >> "$out/header.log"
for b in head sbs; do
  t=$(left); [[ $t -gt 30 ]] || break
  timeout $((t - 10)) /usr/local/cuda/bin/ncu --kernel-name-base demangled --kernel-name "regex:mrg32k3a_kernel" --launch-count 1 \
    --section SpeedOfLight --section InstructionStats --section Occupancy --section WarpStateStats --section SchedulerStats --section LaunchStats \
    "$B/glrand-$b" generate -g mrg32k3a --path cuda --distribution normal --distribution-on gpu -n 16777216 --format f32 -o /dev/null > "$out/ncu-$b.txt" 2>&1
done
for c in .gpu/cubin/*.cubin.xz; do xz -dk "$c"; c=${c%.xz}
  /usr/local/cuda/bin/cuobjdump -sass "$c" | gzip > "$out/$(basename "$c" .cubin).sass.gz"
done
echo "seconds at the end $((SECONDS - start))" >> "$out/header.log"

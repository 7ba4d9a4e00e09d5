#!/usr/bin/env bash
# The CUDA path's float distributions: the hardware log in the normal quantile, MRG32k3a's p
# and 1 − 2p from its integers, and blocks an SM for MRG32k3a's distribution kernels. Run from
# the repository root with .gl and .gpu carried (`bench/gpu/prepare-bundle.sh --xz` with the
# executables each call names, plus the extra builds as .gpu/bin/NAME):
#   bash bench/results/2026-11-29-h200-cuda-float-normal/run.sh OUT CALL
# CALL is one of the five calls, in the order they ran:
#   probe   f6311c7's glrand: its resident rows, Nsight Compute on MRG32k3a's normal kernel
#   first   glrand-before (f6311c7), glrand-b1, glrand-b4 and glrand (3 blocks): the first
#           version of the change at 1, 4 and 3 blocks an SM
#   rounds  glrand-before and glrand (4 blocks for every distribution), twice in turn
#   blocks  glrand-before, glrand-one-block and glrand (4 blocks), MRG32k3a, twice in turn
#   final   the committed glrand, cuda_gpu_tests, cli_gpu_tests, gl_tests; bench_fragment-before
#           (f6311c7's texture shaders) and bench_fragment in turn, twice
set -u
out=${1:?an output folder}
call=${2:?a call: probe, first, rounds, blocks or final}
mkdir -p "$out"
source bench/gpu/setup.sh
ncu=/usr/local/cuda/bin/ncu
sections=(--section SpeedOfLight --section Occupancy --section LaunchStats --section InstructionStats)
bench_rows() {  # NAME GENERATORS: the resident rows of .gpu/bin/NAME
  echo "== $1 bench --path cuda -g $2 --sizes 268435456 --repeats 5"
  "$B/$1" bench --path cuda -g "$2" --sizes 268435456 --repeats 5 2>&1
}
versions() { for b in "$@"; do echo "$b: $("$B/$b" version | head -2 | tail -1)"; done; }
distribution_tests() {  # LINES
  run_test 'cuda_gpu_tests "[distribution]~[quality]"' "$1" "$B/cuda_gpu_tests" "[distribution]~[quality]"
}
normal_ncu() {  # GENERATOR KERNEL-REGEX [SECTIONS...]: one launch of its f32 normal kernel
  local g=$1 k=$2
  shift 2
  "$ncu" -k regex:"$k" --launch-count 1 "${sections[@]}" "$@" --csv --page details "$B/glrand" generate -g "$g" \
    --path cuda -n 67108864 --format f32 --distribution normal --distribution-on gpu -o /dev/null
}
case $call in
  probe)
    { run_header; versions glrand; } > "$out/header.log" 2>&1
    bench_rows glrand mrg32k3a,sobol32 > "$out/bench.md"
    for d in "--distribution normal" "--distribution normal --normal-method box-muller"; do
      echo "== $d"
      # shellcheck disable=SC2086
      "$ncu" -k regex:mrg32k3a_kernel --launch-count 1 "${sections[@]}" --section ComputeWorkloadAnalysis \
        --section WarpStateStats --csv --page details "$B/glrand" generate -g mrg32k3a --path cuda -n 67108864 \
        --format f32 $d --distribution-on gpu -o /dev/null
    done > "$out/ncu-mrg32k3a.csv" 2>&1
    ;;
  first)
    { run_header; versions glrand-before glrand-b1 glrand-b4 glrand; } > "$out/header.log" 2>&1
    distribution_tests 40 > "$out/tests.log" 2>&1
    for b in glrand-before glrand-b1 glrand-b4 glrand; do bench_rows "$b" mrg32k3a,sobol32; done > "$out/bench.md"
    normal_ncu mrg32k3a mrg32k3a_kernel > "$out/ncu-normal.csv" 2>&1
    ;;
  rounds)
    { run_header; versions glrand-before glrand; } > "$out/header.log" 2>&1
    distribution_tests 400 > "$out/tests.log" 2>&1
    for round in 1 2; do
      for b in glrand-before glrand; do bench_rows "$b" mrg32k3a,sobol32,mtgp32 | sed "1s/\$/ (round $round)/"; done
    done > "$out/bench.md"
    normal_ncu mrg32k3a mrg32k3a_kernel > "$out/ncu-normal.csv" 2>&1
    ;;
  blocks)
    { run_header; versions glrand-before glrand-one-block glrand; } > "$out/header.log" 2>&1
    distribution_tests 400 > "$out/tests.log" 2>&1
    for round in 1 2; do
      for b in glrand-before glrand-one-block glrand; do bench_rows "$b" mrg32k3a | sed "1s/\$/ (round $round)/"; done
    done > "$out/bench.md"
    normal_ncu sobol32 sobol --section WarpStateStats --section SchedulerStats --print-details all \
      > "$out/ncu-sobol32-normal.csv" 2>&1
    ;;
  final)
    { run_header; "$B/glrand" version; } > "$out/header-final.log" 2>&1
    {
      distribution_tests 400
      GLRAND_EXE=$B/glrand run_test 'GLRAND_EXE=glrand cli_gpu_tests "[distribution]"' 20 "$B/cli_gpu_tests" "[distribution]"
      run_test 'gl_tests "[texture],[api]"' 6 "$B/gl_tests" "[texture],[api]"
    } > "$out/tests-final.log" 2>&1
    bench_rows glrand mrg32k3a > "$out/bench-final.md"
    args=(--size 1024x1024 --passes 20 --repeats 7 --readback-outputs 0 --substreams 0 --texture-size 2048x2048)
    {
      run_header
      for exe in bench_fragment-before bench_fragment bench_fragment-before bench_fragment; do
        echo "== $exe ${args[*]} --frames 200 --texture-profiles compute"
        "$B/$exe" "${args[@]}" --frames 200 --texture-profiles compute 2>&1 | grep -E '^\| [A-Z].*compute'
      done
    } > "$out/texture-fills.log" 2>&1
    ;;
  *)
    echo "unknown call $call" >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# Box–Muller made on the GPU (CUDA path), the resident distribution rows in single and double
# precision, and the rates of the seeds' Tables 2 and 3 into host memory, on the GPU machine:
# run from the repository root with .gl and .gpu carried (bench/gpu/prepare-bundle.sh), as
# `bash bench/results/2026-11-28-h100-box-muller-on-gpu/run.sh OUT`; each part's log goes
# into OUT. `quality` as a second argument runs the 10^9-value fits instead.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
here=bench/results/2026-11-28-h100-box-muller-on-gpu
if [[ ${2:-} == quality ]]; then
  { run_header; run_test 'cuda_gpu_tests "[quality]"' 200 "$B/cuda_gpu_tests" "[quality]"; } > "$out/quality.log" 2>&1
  exit 0
fi
run_header > "$out/header.log" 2>&1
"$B/glrand" version >> "$out/header.log" 2>&1
{
  run_test 'cuda_gpu_tests "[distribution]~[quality]"' 400 "$B/cuda_gpu_tests" "[distribution]~[quality]"
  GLRAND_EXE=$B/glrand run_test 'cli_gpu_tests "[distribution]"' 20 "$B/cli_gpu_tests" "[distribution]"
} > "$out/tests.log" 2>&1
{
  run_test 'gl_tests "[pack],[wh],[ceicg],[api]"' 20 "$B/gl_tests" "[pack],[wh],[ceicg],[api]"
  for g in wh ceicg; do
    for profile in compute scatter ps30; do
      [[ $g == ceicg && $profile == ps30 ]] && continue
      for format in f32 f64; do
        for path in "gl --profile $profile" cpu; do
          echo "== glrand generate -g $g --path $path --offset 2^40+17 -n 1e8 --format $format -o - | sha256sum"
          # shellcheck disable=SC2086
          "$B/glrand" generate -g $g --path $path --offset 1099511627793 -n 1e8 --format $format -o - -q | sha256sum
        done
      done
    done
  done
} > "$out/gl-values.log" 2>&1
"$B/glrand" bench --path cuda -g mrg32k3a,mt19937,mtgp32,sobol32 --repeats 11 --csv "$out/bench-cuda.csv" \
  > "$out/bench-cuda.md" 2>&1
{
  for g in mrg32k3a mt19937 sobol32; do
    for format in f32 f64; do
      for what in uniform exponential normal box-muller; do
        case $what in
          uniform) args=() ;;
          exponential) args=(--distribution exponential --lambda 1 --distribution-on gpu) ;;
          normal) args=(--distribution normal --distribution-on gpu) ;;
          box-muller) [[ $g == sobol32 ]] && continue
                      args=(--distribution normal --normal-method box-muller --distribution-on gpu) ;;
        esac
        for run in 1 2 3; do
          echo "== $g $format $what (run $run): glrand generate -g $g --path cuda -n 1e9 --format $format ${args[*]} -o /dev/null"
          "$B/glrand" generate -g $g --path cuda -n 1e9 --format $format "${args[@]}" -o /dev/null 2>&1 | tail -1
        done
      done
    done
  done
} > "$out/rates.log" 2>&1
GLRAND=$B/glrand bash bench/results/2026-11-27-2core-cpu-distributions/run.sh > "$out/cpu-16-cores.log" 2>&1
echo done

#!/usr/bin/env bash
# Values made in the generating kernels (MRG32k3a, Sobol32, MT19937) and the float formulas of the
# distributions made on the GPU: their tests, the resident rows beside cuRAND's, and the rates
# into /dev/null, on the GPU machine. Run from the repository root with .gpu carried
# (bench/gpu/prepare-bundle.sh), as `bash bench/results/2026-11-28-h100-distributions-in-kernel/run.sh OUT`;
# each part's log goes into OUT.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header.log" 2>&1
"$B/glrand" version >> "$out/header.log" 2>&1
{
  run_test 'cuda_gpu_tests "[distribution]~[quality]"' 400 "$B/cuda_gpu_tests" "[distribution]~[quality]"
  # Carried where the 64 MiB carry allows it (not with the larger glrand of MT19937's kernels).
  [[ -x $B/cli_gpu_tests ]] && GLRAND_EXE=$B/glrand run_test 'cli_gpu_tests "[distribution]"' 20 "$B/cli_gpu_tests" "[distribution]"
} > "$out/tests.log" 2>&1
"$B/glrand" bench --path cuda -g mrg32k3a,mt19937,mtgp32,sobol32 --repeats 11 --csv "$out/bench-cuda.csv" \
  > "$out/bench-cuda.md" 2>&1
{
  for g in mrg32k3a sobol32 mt19937; do
    for format in f32 f64; do
      for what in uniform exponential normal box-muller; do
        case $what in
          uniform) args=() ;;
          exponential) args=(--distribution exponential --lambda 1 --distribution-on gpu) ;;
          normal) args=(--distribution normal --distribution-on gpu) ;;
          box-muller) [[ $g == sobol32 ]] && continue
                      args=(--distribution normal --normal-method box-muller --distribution-on gpu) ;;
        esac
        echo "== $g $format $what: glrand generate -g $g --path cuda -n 1e9 --format $format ${args[*]} -o /dev/null"
        "$B/glrand" generate -g $g --path cuda -n 1e9 --format $format "${args[@]}" -o /dev/null 2>&1 | tail -1
      done
    done
  done
} > "$out/rates.log" 2>&1
echo done

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine (after bench/gpu/prepare-bundle.sh here, carrying .gl and .gpu): the
# command's own tests with the bundled glrand on a real GPU (outputs that are not regular
# files, signals, progress, exit statuses, text formats; every generator against the CPU
# reference), the GL tests (the caller's GL state kept), the CUDA GPU tests, and the main
# job's time beside the same job from an earlier glrand when the bundle has one
# (.gpu/bin/glrand-before): `bash bench/gpu/run-command-checks.sh > $OUT/LOG`.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
run_header
export GLRAND_EXE=$B/glrand
"$B/glrand" version
# Sobol32's CLI tests read Joe and Kuo's file from the build machine's source path; the
# dieharder tests run on the CPU path, as in CI.
run_test "cli tests, the bundled glrand on the GPU (not [sobol32], [quality])" 4 "$B/cli_tests" "~[sobol32]~[quality]"
run_test "gl tests" 3 "$B/gl_tests"
[[ -x $B/cli_gpu_tests ]] && run_test "cli gpu tests" 3 "$B/cli_gpu_tests"
[[ -x $B/cuda_gpu_tests ]] && run_test "cuda gpu tests" 3 "$B/cuda_gpu_tests"

# The main job (scripts/run.sh) and larger runs, three times each, new and earlier glrand.
three_times() {
  echo "== $(basename "$1") generate ${*:2} -o /tmp/main-job.npy"
  for i in 1 2 3; do
    "$1" generate "${@:2}" -o /tmp/main-job.npy 2>&1 | grep -v "^glrand: no GPU"
  done
  rm -f /tmp/main-job.npy
}
for exe in "$B/glrand-before" "$B/glrand"; do
  [[ -x $exe ]] || continue
  three_times "$exe" -g ceicg -n 1e7 --format f32
  three_times "$exe" -g ceicg -n 2e8 --format f32
  three_times "$exe" -g pm -n 2e8 --format ints
  three_times "$exe" -g pm --path cuda -n 5e8 --format ints
done
# Rendering calls now keep the caller's GL state: the GL rows, quick shapes (the smallest
# passes, where a call's own cost shows most), new and earlier glrand.
for exe in "$B/glrand-before" "$B/glrand"; do
  [[ -x $exe ]] || continue
  echo "== $(basename "$exe") bench --path gl --quick"
  "$exe" bench --path gl --quick 2>&1 | grep -E "^\| gl|^gl:"
done

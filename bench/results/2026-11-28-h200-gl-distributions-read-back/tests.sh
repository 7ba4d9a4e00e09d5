#!/usr/bin/env bash
# The tests of run.sh again, on the commit that passes the formulas q = 1 − u from the exact
# double (the upper tails), with the rates of Park–Miller's compute profile beside its own floats
# (three rounds). Run from the repository root with .gpu and .gl carried
# (`bench/gpu/prepare-bundle.sh --xz glrand tests/gl_tests tests/cuda_gpu_tests`), as
# `bash bench/results/2026-11-28-h200-gl-distributions-read-back/tests.sh OUT`.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header-tails.log" 2>&1
"$B/glrand" version >> "$out/header-tails.log" 2>&1
{
  run_test 'gl_tests "[gl-read-back],[pack]"' 40 "$B/gl_tests" "[gl-read-back],[pack]"
  GLRAND_HOSTILE_ARITHMETIC=div+2,fuse-first run_test \
    'GLRAND_HOSTILE_ARITHMETIC=div+2,fuse-first gl_tests "[distribution]"' 40 "$B/gl_tests" "[distribution]"
  run_test 'cuda_gpu_tests "[distribution]~[quality]"' 10 "$B/cuda_gpu_tests" "[distribution]~[quality]"
} > "$out/tests-tails.log" 2>&1
{
  for round in 1 2 3; do
    for what in own normal box-muller exponential; do
      case $what in
        own) args=() ;;
        normal) args=(--distribution normal --distribution-on gpu) ;;
        box-muller) args=(--distribution normal --normal-method box-muller --distribution-on gpu) ;;
        exponential) args=(--distribution exponential --distribution-on gpu) ;;
      esac
      echo "== round $round: pm compute $what: glrand generate -g pm --path gl --profile compute -n 1e9 --format f32 ${args[*]} -o /dev/null"
      "$B/glrand" generate -g pm --path gl --profile compute -n 1e9 --format f32 "${args[@]}" -o /dev/null 2>&1 | tail -1
    done
  done
} > "$out/rates-tails.log" 2>&1
echo done

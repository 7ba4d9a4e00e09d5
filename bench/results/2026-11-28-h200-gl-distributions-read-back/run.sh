#!/usr/bin/env bash
# The GL path's distributions made on the GPU by the word packer and read back: their tests on
# the GPU (plain and under hostile arithmetic), the CUDA path's distribution tests beside them,
# and the rates into /dev/null of each GL generator's own floats, its distributions made on the
# GPU and (10^8 values) made on the host. Run from the repository root with .gpu and .gl carried
# (`bench/gpu/prepare-bundle.sh --xz glrand tests/gl_tests tests/cuda_gpu_tests`), as
# `bash bench/results/2026-11-28-h200-gl-distributions-read-back/run.sh OUT`.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header.log" 2>&1
"$B/glrand" version >> "$out/header.log" 2>&1
{
  run_test 'gl_tests "[gl-read-back],[pack]"' 30 "$B/gl_tests" "[gl-read-back],[pack]"
  GLRAND_HOSTILE_ARITHMETIC=div+2,fuse-first run_test \
    'GLRAND_HOSTILE_ARITHMETIC=div+2,fuse-first gl_tests "[distribution]"' 30 "$B/gl_tests" "[distribution]"
  run_test 'cuda_gpu_tests "[distribution]~[quality]"' 40 "$B/cuda_gpu_tests" "[distribution]~[quality]"
} > "$out/tests.log" 2>&1
{
  for g in pm wh mrg32k3a ceicg; do
    for profile in ps30 compute; do
      [[ $g == ceicg && $profile == ps30 ]] && continue
      for what in own uniform exponential normal box-muller lognormal host-normal; do
        n=1e9
        case $what in
          own) args=() ;;
          uniform) args=(--distribution uniform --range -3,5 --distribution-on gpu) ;;
          exponential) args=(--distribution exponential --lambda 2 --distribution-on gpu) ;;
          normal) args=(--distribution normal --distribution-on gpu) ;;
          box-muller) args=(--distribution normal --normal-method box-muller --distribution-on gpu) ;;
          lognormal) args=(--distribution lognormal --distribution-on gpu) ;;
          host-normal) args=(--distribution normal); n=1e8 ;;
        esac
        echo "== $g $profile $what: glrand generate -g $g --path gl --profile $profile -n $n --format f32 ${args[*]} -o /dev/null"
        "$B/glrand" generate -g $g --path gl --profile $profile -n $n --format f32 "${args[@]}" -o /dev/null 2>&1 | tail -1
      done
    done
  done
} > "$out/rates.log" 2>&1
echo done

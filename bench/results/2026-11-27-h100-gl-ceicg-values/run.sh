#!/usr/bin/env bash
# CEICG's floats and doubles made by the GL word packer (scatter and compute), on the GPU
# machine: the packer's tests, 10^8-output hashes against the CPU path, and the command's
# rates beside the earlier build (host conversion) in the same call. Run from the repository
# root with .gl and .gpu carried; .gpu/old/glrand is the earlier build (GL only). Logs go to $OUT.
set -u
source bench/gpu/setup.sh
{ run_header; } > "$OUT/header.log" 2>&1
run_test 'gl_tests "[pack],[ceicg],[api]"' 6 "$B/gl_tests" "[pack],[ceicg],[api]" > "$OUT/gl-tests.log" 2>&1
{
  for profile in compute scatter; do
    for format in f32 f64; do
      gl=$("$B/glrand" generate -g ceicg --path gl --profile "$profile" -n 100000001 --offset 1099511627793 --format "$format" -o - 2>/tmp/err | sha256sum | cut -c1-16)
      tail -1 /tmp/err
      cpu=$("$B/glrand" generate -g ceicg --path cpu -n 100000001 --offset 1099511627793 --format "$format" -o - 2>/dev/null | sha256sum | cut -c1-16)
      echo "ceicg $profile $format: gl $gl cpu $cpu $([[ $gl == "$cpu" ]] && echo same || echo DIFFERENT)"
    done
  done
} > "$OUT/hashes.log" 2>&1
{
  for run in 1 2 3; do
    for profile in compute scatter; do
      for format in ints f32 f64; do
        for build in old new; do
          bin=$B/glrand
          [[ $build == old ]] && bin=$PWD/.gpu/old/glrand
          echo "== $build: glrand generate -g ceicg --path gl --profile $profile -n 1e9 --format $format -o /dev/null (run $run)"
          "$bin" generate -g ceicg --path gl --profile "$profile" -n 1e9 --format "$format" -o /dev/null 2>&1 | tail -1
        done
      done
    done
  done
} > "$OUT/generate-rates.log" 2>&1
for build in old new; do
  bin=$B/glrand
  [[ $build == old ]] && bin=$PWD/.gpu/old/glrand
  "$bin" bench --path gl -g ceicg --profile compute,scatter --sinks null,tmpfs --sink-formats ints,f32,f64 \
    --sizes 134217728 --repeats 3 --csv "$OUT/bench-sinks-$build.csv" > "$OUT/bench-sinks-$build.md" 2>&1
done

#!/usr/bin/env bash
# The defaults as committed (ps30 and scatter a shared context for passes of 4 MiB or more,
# compute the rendering context): the readback tests, `glrand generate` with the defaults, and
# the compute sink rows into /dev/null. Run from the repository root with .gpu and .gl
# carried, as `bash bench/results/2026-11-28-h200-gl-compute-readback-kinds/run-defaults.sh OUT`.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  run_header
  "$B/glrand" version
  run_test "gl_tests [gl-read-back]" 4 "$B/gl_tests" "[gl-read-back]"
  for args in "-g pm --profile compute -n 1e9 --format f32" "-g pm --profile ps30 -n 1e9 --format f32" \
              "-g wh --profile scatter -n 1e9 --format f32" "-g pm --profile ps30 -n 1e7 --format f32"; do
    echo "== glrand generate $args -o /dev/null (3 runs)"
    for run in 1 2 3; do "$B/glrand" generate $args -o /dev/null 2>&1 | tail -1; done
  done
  echo "== glrand bench --path gl -g pm,wh --profile compute --sinks null --sink-formats ints,f32 --repeats 3"
  "$B/glrand" bench --path gl -g pm,wh --profile compute --sinks null --sink-formats ints,f32 --repeats 3 2>&1 | grep -E '^\| gl'
} > "$out/defaults.log" 2>&1

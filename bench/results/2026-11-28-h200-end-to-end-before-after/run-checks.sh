#!/usr/bin/env bash
# The tree's checks on the GPU and the figures of the library and of memory: gl_tests; 10^8
# outputs of every GL generator in every profile, each readback kind, hashed beside --path
# cpu's; `glrand generate` at 10^9 with each readback kind; bench/memory.sh on the GL paths and
# --path cuda; `glrand bench --path cuda` (the library rows). Run from the repository root with
# .gpu (the bundle, GNU time as .gpu/bin/gnu-time) and .gl carried:
#   bash bench/results/2026-11-28-h200-end-to-end-before-after/run-checks.sh OUT [PART...]
# PARTs (default all): checks, generate, memory, bench-cuda.
set -uo pipefail
out=${1:?an output folder}
shift
parts=" ${*:-checks generate memory bench-cuda} "
mkdir -p "$out"
source bench/gpu/setup.sh
# hash_of ARGS...: the first 16 hex digits of sha256 of `glrand generate ARGS -q -o -`.
hash_of() { "$B/glrand" generate "$@" -q -o - | sha256sum | cut -c1-16 || echo failed; }
[[ $parts == *" checks "* ]] && {
  run_header
  "$B/glrand" version
  run_test gl_tests 4 "$B/gl_tests"
  echo "== 10^8 outputs from offset 2^40 + 17, --path gl against --path cpu"
  for g in pm wh mrg32k3a ceicg; do
    for format in ints f32; do
      cpu=$(hash_of -g $g --offset 1099511627793 --path cpu -n 100000000 --format $format)
      for profile in ps30 scatter compute; do
        for kind in auto one-context shared-context; do
          [[ $g == ceicg && $profile == ps30 && $kind != auto ]] && continue
          gl=$(hash_of -g $g --offset 1099511627793 --path gl --profile $profile --gl-readback $kind -n 100000000 --format $format)
          echo "$([[ $gl == "$cpu" && $gl != failed ]] && echo same || echo DIFFERENT) $gl $cpu: -g $g --profile $profile --gl-readback $kind --format $format"
        done
      done
    done
  done
} > "$out/checks.log" 2>&1
[[ $parts == *" generate "* ]] && {
  run_header
  for args in "-g pm --profile ps30 --format f32" "-g wh --profile ps30 --format f32" \
              "-g pm --profile scatter --format f32" "-g mrg32k3a --profile compute --format ints" \
              "-g pm --profile compute --format f32"; do
    echo "== glrand generate $args -n 1e9 -o /dev/null --gl-readback K (3 runs of each kind, alternating)"
    for run in 1 2 3; do
      for kind in one-context shared-context auto; do
        echo "$kind: $("$B/glrand" generate $args -n 1e9 -o /dev/null --gl-readback $kind 2>&1 | tail -1)"
      done
    done
  done
} > "$out/generate-kinds.log" 2>&1
[[ $parts == *" memory "* ]] && TIME=$B/gnu-time PATHS="gl gl-scatter gl-compute cuda" timeout 240 bash bench/memory.sh "$B/glrand" > "$out/memory.md" 2>&1
[[ $parts == *" bench-cuda "* ]] && {
  run_header
  echo "== glrand bench --path cuda --repeats 3"
  timeout 200 "$B/glrand" bench --path cuda --repeats 3 --csv "$out/bench-cuda.csv" 2>&1
} > "$out/bench-cuda.md" 2>&1

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-readback-checks.sh [COUNT]
# The GL path after its readback moved onto gl::OverlappedReadback (ps30 of every generator,
# scatter and compute): the GL tests, then COUNT outputs (default 10^8) of each generator from
# --path gl in each profile and in each split hashed beside --path cpu. Log: $OUT/readback-checks.log.
set -uo pipefail
count=${1:-100000000}
source "$(dirname "$0")/setup.sh"
# gl_vs_cpu PROFILE ARGS...: --path gl in PROFILE against --path cpu (which has no profile).
gl_vs_cpu() {
  local profile=$1 a b
  shift
  a=$("$B/glrand" generate "$@" --path gl --profile "$profile" -n "$count" --format ints -q -o - | sha256sum | cut -c1-16)
  b=$("$B/glrand" generate "$@" --path cpu -n "$count" --format ints -q -o - | sha256sum | cut -c1-16)
  echo "$([[ $a == "$b" ]] && echo same || echo DIFFERENT) $a $b: --profile $profile $*"
}
{
  run_header
  run_test gl_tests 4 "$B/gl_tests"
  echo "== $count outputs, --path gl against --path cpu"
  for g in pm wh mrg32k3a ceicg; do
    for profile in ps30 scatter compute; do gl_vs_cpu "$profile" -g "$g"; done
  done
  for g in pm wh mrg32k3a; do
    gl_vs_cpu ps30 -g "$g" --split blocking
    gl_vs_cpu ps30 -g "$g" --state-update cpu
  done
  gl_vs_cpu ps30 -g wh --split parameterisation --substreams 273
} 2>&1 | tee "$OUT/readback-checks.log"

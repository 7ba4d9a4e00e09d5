#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Peak resident memory of `glrand generate -n 1e10 -o -` (Sobol32: 4e9, a dimension's points
# being 2^32), the stream read by a pipe that stops after BYTES (default 400 MB, enough to
# reach the steady state): every generator on the paths this machine has (cpu; gl in the ps30,
# scatter and compute profiles for the GL generators; cuda where a GPU is usable), as ints, f32
# and f64; GNU time's maximum resident set size.
#   bash bench/memory.sh GLRAND > result.md
# PATHS (default: all of cpu cuda gl gl-scatter gl-compute that this machine has) picks paths;
# TIME names GNU time (default /usr/bin/time; bench/gpu/prepare-bundle.sh carries one as
# .gpu/bin/gnu-time).
set -uo pipefail
exe=${1:?usage: memory.sh GLRAND}
bytes=${BYTES:-400000000}
gnu_time=${TIME:-/usr/bin/time}
wanted=" ${PATHS:-cpu cuda gl gl-scatter gl-compute} "
echo "== date: $(date -u); $(nproc) cores; $(free -g | awk '/Mem:/ {print $2}') GiB"
echo "== glrand: $("$exe" --version | head -2 | tr -s " \n" " ")"
echo "== command: glrand generate ARGS -n 1e10 -q -o - | head -c $bytes > /dev/null"
echo
echo "| arguments | format | peak resident memory |"
echo "|---|---|---|"
paths=()
[[ $wanted == *" cpu "* ]] && paths+=("--path cpu")
[[ $wanted == *" cuda "* ]] && "$exe" generate -g pm --path cuda -n 1 -q -o /dev/null 2>/dev/null && paths+=("--path cuda")
[[ $wanted == *" gl "* ]] && paths+=("--path gl")
[[ $wanted == *" gl-scatter "* ]] && paths+=("--path gl --profile scatter")
[[ $wanted == *" gl-compute "* ]] && paths+=("--path gl --profile compute")
for path in "${paths[@]}"; do
  for g in pm wh mrg32k3a ceicg mt19937 mtgp32 sobol32; do
    [[ $path == "--path gl"* && $g =~ ^(mt19937|mtgp32|sobol32)$ ]] && continue
    n=1e10
    [[ $g == sobol32 ]] && n=4e9
    for format in ints f32 f64; do
      # shellcheck disable=SC2086
      read -r status kib < <( { "$gnu_time" -f "%x %M" "$exe" generate -g "$g" $path --format "$format" -n "$n" -q -o - 2>&3 |
               head -c "$bytes" > /dev/null; } 3>&1 1>/dev/null | tail -1)
      if [[ $status == 0 ]]; then
        echo "| -g $g $path | $format | $(awk -v k="$kib" 'BEGIN { printf "%.0f MiB", k / 1024 }') |"
      else
        echo "| -g $g $path | $format | failed (exit status $status) |"
      fi
    done
  done
done

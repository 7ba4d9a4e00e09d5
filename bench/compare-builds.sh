#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds of glrand side by side on one machine in the same minutes: `glrand generate ARGS -o
# /dev/null` run by each build in turn, ROUNDS times, so that a machine's drift (clocks, a
# neighbour's load) falls on every build alike. One line per call: for each run, the build, the
# command's own time and rate (its summary line) and the process's wall time in seconds.
#
# Usage: bench/compare-builds.sh [-r ROUNDS] GLRAND... -- GENERATE_ARGS...
#   e.g. bench/compare-builds.sh -r 3 ../old/build/glrand build/glrand -- -g pm --path cuda -n 1e9 --format f32
# ROUNDS defaults to 2. A run that fails prints "failed" with the command's last line.
set -uo pipefail
rounds=2
if [[ ${1:-} == -r ]]; then
  rounds=${2:?usage: compare-builds.sh [-r ROUNDS] GLRAND... -- GENERATE_ARGS...}
  shift 2
fi
builds=()
while (($#)) && [[ $1 != -- ]]; do builds+=("$1"); shift; done
if [[ ${1:-} != -- ]] || ((${#builds[@]} == 0)) || (($# < 2)); then
  echo "usage: compare-builds.sh [-r ROUNDS] GLRAND... -- GENERATE_ARGS..." >&2
  exit 2
fi
shift
for b in "${builds[@]}"; do
  [[ -x $b ]] || { echo "compare-builds.sh: $b is not an executable" >&2; exit 2; }
done
# The runs write into /dev/null: only where it is the null device (character device 1,3).
if [[ ! -c /dev/null || $(stat -c %t,%T /dev/null) != 1,3 ]]; then
  echo "compare-builds.sh: /dev/null is not the null device on this machine" >&2
  exit 2
fi

line="$*:"
for ((r = 0; r < rounds; ++r)); do
  for b in "${builds[@]}"; do
    start=$EPOCHREALTIME
    out=$("$b" generate "$@" -o /dev/null 2>&1)
    status=$?
    wall=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
    summary=$(sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [kMG]*\) *outputs\/s).*/\1 \2/p' <<< "$out" | tail -1)
    if ((status != 0)) || [[ -z $summary ]]; then summary="failed: $(tail -1 <<< "$out")"; fi
    line+=" $b [$summary $wall]"
  done
done
echo "$line"

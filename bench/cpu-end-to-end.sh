#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What a user of the command gets on a machine without a GPU: `glrand generate --path cpu -n N`
# of every generator as ints, f32 and f64 into /dev/null and a tmpfs file, each rate from the
# command's summary line, beside an earlier glrand where one is given, and dd's rate for the
# same bytes into the same sinks.
#   bash bench/cpu-end-to-end.sh GLRAND [EARLIER_GLRAND] > result.md     (N: $COUNT, default 2^25)
set -uo pipefail
exe=${1:?usage: cpu-end-to-end.sh GLRAND [EARLIER_GLRAND]}
before=${2:-}
n=${COUNT:-33554432}
file=/dev/shm/glrand-cpu-end-to-end.bin
echo "== date: $(date -u); $(nproc) cores:$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "== glrand: $("$exe" --version | head -2 | tr -s " \n" " ")${before:+; earlier: $("$before" --version | head -2 | tr -s " \n" " ")}"
for sink in null tmpfs; do
  for width in 4 8; do
    rm -f "$file"
    blocks=$(((n * width + (1 << 26) - 1) >> 26))  # whole 64 MiB blocks, at least the bytes
    start=$(date +%s.%N)
    dd if=/dev/zero of="$([[ $sink == null ]] && echo /dev/null || echo "$file")" bs=64M count="$blocks" status=none
    echo "dd $((blocks << 26)) bytes into $sink: $(awk -v a="$start" -v b="$(date +%s.%N)" -v x=$((blocks << 26)) 'BEGIN { printf "%.2f", x / (b - a) / 1e9 }') GB/s"
  done
done
echo
echo "| generator | format | sink |${before:+ earlier (outputs/s) |} glrand (outputs/s) |"
echo "|---|---|---|${before:+---|}---|"
for g in pm wh mrg32k3a ceicg mt19937 mtgp32 sobol32; do
  for format in ints f32 f64; do
    for sink in null tmpfs; do
      rates=()
      for e in $before "$exe"; do
        rm -f "$file"
        rates+=("$("$e" generate -g "$g" --path cpu -n "$n" --format "$format" \
                  -o "$([[ $sink == null ]] && echo /dev/null || echo "$file")" 2>&1 |
                  sed -nE 's/.*\(([0-9.]+ ?[kMG]?) outputs\/s\).*/\1/p')")
      done
      row="| $g | $format | $sink |"
      for rate in "${rates[@]}"; do row+=" $rate |"; done
      echo "$row"
    done
  done
done
rm -f "$file"

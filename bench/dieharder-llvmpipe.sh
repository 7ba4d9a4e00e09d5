#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The dieharder battery (`glrand test`) on each generator's fragment-path words (ps30), on the
# machine's default EGL device (on CI machines: Mesa's llvmpipe), one generator at a time, plus
# MT19937 from the CPU reference as the yardstick at the same size. Writes
# bench/results/DATE-llvmpipe-dieharder/GEN.txt, each with its command on the first line.
# Battery: dieharder's -a tests less diehard_sums (marked Do Not Use) and rgb_lagged_sum
# (its 33 lags read 5.6e9 words at this size), each test's psamples x 0.1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
glrand=${GLRAND:-$root/build/glrand}
date=${DATE:-$(date +%F)}
tests=diehard_birthdays,diehard_operm5,diehard_rank_32x32,diehard_rank_6x8,diehard_bitstream,diehard_opso
tests+=,diehard_oqso,diehard_dna,diehard_count_1s_stream,diehard_count_1s_byte,diehard_parking_lot
tests+=,diehard_2dsphere,diehard_3dsphere,diehard_squeeze,diehard_runs,diehard_craps,marsaglia_tsang_gcd
tests+=,sts_monobit,sts_runs,sts_serial,rgb_bitdist,rgb_minimum_distance,rgb_permutations,rgb_kstest_test
tests+=,dab_bytedistrib,dab_dct,dab_filltree,dab_filltree2,dab_monobit2
battery=(--psamples-scale 0.1 --tests "$tests")
# 65536 substreams: larger passes, several times faster on llvmpipe; leapfrog keeps the
# serial sequence, so the words are the same as with the default 4096.
runs=(
  "pm|-g pm --path gl --profile ps30 --substreams 65536"
  "wh|-g wh --path gl --profile ps30 --substreams 65536"
  "mrg32k3a|-g mrg32k3a --path gl --profile ps30 --substreams 65536"
  "ceicg|-g ceicg --path gl --profile ps30"
  "mt19937|-g mt19937 --path cpu"
)
mkdir -p "$root/bench/results/$date-llvmpipe-dieharder"
for run in "${runs[@]}"; do
  name=${run%%|*}
  read -r -a source <<< "${run#*|}"
  out="$root/bench/results/$date-llvmpipe-dieharder/$name.txt"
  command="glrand test ${source[*]} ${battery[0]} ${battery[1]} ${battery[2]} $tests"
  echo "\$ $command" > "$out"
  status=0
  nice timeout 1800 "$glrand" test "${source[@]}" "${battery[@]}" >> "$out" 2>&1 || status=$?
  echo "# exit status $status" >> "$out"
  echo "$name: exit status $status -> $out"
done

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine (after bench/gpu/prepare-bundle.sh here, carrying .gl and .gpu): the full
# dieharder battery of `glrand test` (the quality-full tests of tests/CMakeLists.txt) with the
# words from --path cuda (the same words as --path cpu, made in a fraction of the time), every
# test of a battery its own process, all cores busy, the longest tests first, the processes
# spread over the GPUs. Arguments: which of each generator's five seeds to run (1..5; several
# as one quoted list), then the generators (default: the five of quality-full; pm, whose period
# the battery overruns, only when named); a line per test as it ends, with its seconds, and a
# summary per battery at the end; each test's output under $OUT/quality-full/. A test still
# running after $QUALITY_TIME_LIMIT seconds (default 570, inside the 10 minutes a command may
# run) is stopped and named unfinished. One battery takes about 3,000 core-seconds, its
# rgb_lagged_sum alone 400-600 s: the 16-core H100 host runs two in a call, a 64-core host ten.
#   bash bench/gpu/run-quality-full.sh 1 mt19937 wh > $OUT/quality-full.log
#   bash bench/gpu/run-quality-full.sh "2 3" > $OUT/quality-full.log
set -uo pipefail
source "$(dirname "$0")/setup.sh"
run_header
read -ra seeds <<< "${1:-1}"
shift
generators=("${@:-mt19937 ceicg wh mrg32k3a mtgp32}")
read -ra generators <<< "${generators[*]}"
dir=$OUT/quality-full
mkdir -p "$dir"
# The generators and seeds of tests/CMakeLists.txt's quality-full tests.
declare -A options=(
  [mt19937]="-g mt19937" [ceicg]="-g ceicg" [pm]="-g pm --words float23-pairs" [wh]="-g wh"
  [mrg32k3a]="-g mrg32k3a" [mtgp32]="-g mtgp32")
declare -A seed_lists=(
  [mt19937]="5489 1 4357 19650218 4294967295"
  [ceicg]="0,0,0 1,2,3 100,200,300 12345,23456,34567 999,99999,9999"
  [pm]="1 42 16807 1043618065 2147483646"
  [wh]="1 7 777 123456789 4294967295"
  [mrg32k3a]="12345,12345,12345,12345,12345,12345 1,2,3,4,5,6 4294967086,1,1,4294944442,1,1 0,0,1,0,0,1 987654321,123456789,192837465,564738291,918273645,135792468"
  [mtgp32]="0 1 1234 12345678901234 18446744073709551615")
# The battery: every test libdieharder has, less diehard_sums (dieharder: Do Not Use); or
# $QUALITY_TESTS, and $QUALITY_PATH in place of cuda, for a trial where there is no GPU.
tests=${QUALITY_TESTS:-$("$B/glrand" test --tests none 2>&1 | sed 's/.*choose from //; s/, /\n/g' | grep -vx diehard_sums)}
path=${QUALITY_PATH:-cuda}
limit=${QUALITY_TIME_LIMIT:-570}
# The slowest tests first (their order of finishing on the H100), so that none starts last.
slowest="rgb_lagged_sum marsaglia_tsang_gcd rgb_bitdist rgb_minimum_distance diehard_dna sts_serial
         dab_filltree2 dab_monobit2 diehard_rank_32x32 rgb_permutations dab_filltree sts_runs"
tests="$(for t in $slowest; do grep -qx "$t" <<< "$tests" && echo "$t"; done)
$(grep -vxF -f <(tr -s ' \n' '\n' <<< "$slowest") <<< "$tests")"
jobs=()
for test in $tests; do
  for generator in "${generators[@]}"; do
    read -ra list <<< "${seed_lists[$generator]}"
    for k in "${seeds[@]}"; do jobs+=("$generator ${list[$((k - 1))]} $test"); done
  done
done
gpus=$(nvidia-smi -L 2>/dev/null | wc -l)
echo "== ${#jobs[@]} runs of glrand test --path $path --tests T, $(nproc) at a time on $gpus GPUs," \
     "each stopped after $limit s"
run_one() {
  local generator=$1 seed=$2 test=$3 start=$SECONDS status
  local log="$dir/$generator-${seed//,/_}-$test.txt"
  # A GPU per test by its name's hash, so that the processes spread over every GPU there is.
  local gpu=$(( $(cksum <<< "$generator $seed $test" | cut -d' ' -f1) % (gpus > 0 ? gpus : 1) ))
  # shellcheck disable=SC2086
  CUDA_VISIBLE_DEVICES=$gpu timeout "$limit" "$B/glrand" test ${options[$generator]} --seed "$seed" \
    --path "$path" --tests "$test" > "$log" 2>&1
  status=$?
  if ((status == 124)); then echo "unfinished after $limit s" >> "$log"; fi
  echo "exit status $status" >> "$log"
  echo "$generator --seed $seed --tests $test: $(grep -E '^[a-z_0-9]+ +[0-9]+ ' "$log" | awk '{print $7}' | sort |
    uniq -c | tr -s ' ' | tr '\n' ' ')($(tail -1 "$log"), $((SECONDS - start)) s)"
}
export -f run_one
export B dir path limit gpus
export OPTIONS_DECL="$(declare -p options)"
start=$(date +%s)
printf '%s\n' "${jobs[@]}" | xargs -P "$(nproc)" -L 1 bash -c 'eval "$OPTIONS_DECL"; run_one "$@"' _
echo "== done in $(( $(date +%s) - start )) s"
# One line per battery: the final verdicts of its p-values and the exit statuses.
for generator in "${generators[@]}"; do
  read -ra list <<< "${seed_lists[$generator]}"
  for k in "${seeds[@]}"; do
    seed=${list[$((k - 1))]}
    files=("$dir/$generator-${seed//,/_}-"*.txt)
    # Field 7 of a result line is its final verdict.
    verdicts=$(grep -hE '^[a-z_0-9]+ +[0-9]+ ' "${files[@]}" | awk '{print $7}')
    echo "$generator --seed $seed: $(grep -cx PASSED <<< "$verdicts") PASSED, $(grep -cx WEAK <<< "$verdicts") WEAK," \
         "$(grep -cx FAILED <<< "$verdicts") FAILED; exit statuses: $(grep -h '^exit status' "${files[@]}" | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
  done
done
grep -L "^exit status 0" "$dir"/*.txt | sed 's/^/not passed: /'

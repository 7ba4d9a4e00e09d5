#!/usr/bin/env bash
# The tests the review added or changed, on the committed build.
set -u
out=${1:?out}; mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header.log" 2>&1
{
  run_test "cuda_gpu_tests [mt19937]" 6 timeout 200 "$B/cuda_gpu_tests" "[mt19937]"
  run_test "cuda_gpu_tests a midpoint's own float*" 6 timeout 60 "$B/cuda_gpu_tests" "a midpoint's own float*"
  run_test "cuda_gpu_tests MT19937's values made in its kernel*" 6 timeout 100 "$B/cuda_gpu_tests" "MT19937's values made in its kernel*"
  run_test "mt19937_gpu_test" 6 timeout 100 "$B/mt19937_gpu_test"
} > "$out/tests.log" 2>&1

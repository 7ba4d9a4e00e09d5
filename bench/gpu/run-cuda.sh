#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On the GPU machine, after bench/gpu/prepare-bundle.sh here, with .gl and .gpu carried:
#   bash bench/gpu/run-cuda.sh [COUNT]
# Issue 5 (the CUDA path): the CUDA kernel tests (against the CPU reference and cuRAND),
# every generator's COUNT outputs (default 10^9) from --path cuda hashed beside --path cpu
# (and MRG32k3a with --curand-seed), and bench_cuda (our kernels, cuRAND, a write-only
# kernel, one run), bench_pi (Monte Carlo pi in registers, each generator beside an LCG).
# Logs: $OUT/cuda-tests.log, $OUT/cuda-hashes.log, $OUT/cuda-bench.md, $OUT/pi-bench.md.
# Needs the machine's CUDA 13 runtime libraries for libcurand (the bundle leaves it out:
# it is larger than what can be carried); glrand itself links cudart statically.
set -uo pipefail
count=${1:-1000000000}
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
source "$(dirname "$0")/setup.sh"
[[ -x $B/bench_cuda && -x $B/cuda_gpu_tests ]] || { echo "run-cuda: $B lacks bench_cuda or cuda_gpu_tests: run bench/gpu/prepare-bundle.sh first" >&2; exit 2; }
{
  echo "== date"; date -u
  echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  echo "== libcurand: ${curand:-NOT FOUND}"
  echo "== cuda_gpu_tests (kernels vs CPU reference and cuRAND)"
  $B/cuda_gpu_tests --durations yes 2>&1 | tail -30
  echo "== exit status $?"
  echo "== mt19937_gpu_test (block-cooperative kernel vs the CPU reference)"
  $B/mt19937_gpu_test 2>&1 | tail -12
  echo "== exit status $?"
  if [[ -x $B/gl_interop_gpu_test ]]; then
    echo "== gl_interop_gpu_test (CUDA fills a GL texture; read back against the CPU reference)"
    $B/gl_interop_gpu_test 2>&1 | tail -6
    echo "== exit status $?"
  fi
  echo "== unit_tests [cuda] (host-side parts)"
  $B/unit_tests "[cuda]" | tail -2
} 2>&1 | tee "$OUT/cuda-tests.log"
{
  echo "== date"; date -u
  run() {  # hashes one command's ints output; prints its stderr (where it ran, speed) after
    echo "== glrand generate $* -n $count --format ints -o - | sha256sum"
    $B/glrand generate "$@" -n "$count" --format ints -o - 2>/tmp/cuda-err | sha256sum
    cat /tmp/cuda-err
  }
  for g in pm wh mrg32k3a ceicg mt19937; do
    run -g "$g" --path cuda
    run -g "$g" --path cpu
  done
  run -g mrg32k3a --curand-seed 1234 --path cuda
  run -g mrg32k3a --curand-seed 1234 --path cpu
  run -g wh --wh-set 272 --seed 777 --offset 2^40 --path cuda
  run -g wh --wh-set 272 --seed 777 --offset 2^40 --path cpu
  run -g mt19937 --seed 4357 --offset 2^40 --path cuda
  run -g mt19937 --seed 4357 --offset 2^40 --path cpu
  echo "== f64 files: cuda vs cpu (mrg32k3a, 10^7, .npy)"
  $B/glrand generate -g mrg32k3a -n 1e7 --format f64 --path cuda -q -o /tmp/cuda.npy
  $B/glrand generate -g mrg32k3a -n 1e7 --format f64 --path cpu -q -o /tmp/cpu.npy
  cmp /tmp/cuda.npy /tmp/cpu.npy && echo "identical"
} 2>&1 | tee "$OUT/cuda-hashes.log"
$B/bench_cuda 2>&1 | tee "$OUT/cuda-bench.md"
[[ -x $B/bench_pi ]] && $B/bench_pi 2>&1 | tee "$OUT/pi-bench.md"

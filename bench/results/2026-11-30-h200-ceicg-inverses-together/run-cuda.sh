#!/usr/bin/env bash
source bench/gpu/setup.sh
exec > >(tee $OUT/run8.log) 2>&1
run_header
run_test "cuda_gpu_tests [ceicg]" 4 timeout 120 $B/cuda_gpu_tests "[ceicg]"
for b in before after; do
  echo "== $b: glrand bench --path cuda -g ceicg --sizes 268435456 --repeats 5"
  timeout 100 $B/glrand-$b bench --path cuda -g ceicg --sizes 268435456 --repeats 5 2>&1 | grep '^| cuda'
  echo "== $b: glrand bench --path cuda -g ceicg --sinks null --sizes 134217728 --repeats 3"
  timeout 100 $B/glrand-$b bench --path cuda -g ceicg --sinks null --sizes 134217728 --repeats 3 2>&1 | grep '^| cuda'
done
echo "== hashes"
PATHS=cuda JOBS=3 timeout 120 bash bench/hash-paths.sh $B/glrand-after $OUT/hashes ceicg

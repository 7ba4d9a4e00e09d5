#!/usr/bin/env bash
source bench/gpu/setup.sh
exec > >(tee $OUT/run5.log) 2>&1
run_header
run_test "gl_tests" 6 timeout 400 $B/gl_tests
run_test "cuda_gpu_tests [ceicg]" 6 timeout 200 $B/cuda_gpu_tests "[ceicg]"
for b in before after; do
  echo "== $b: glrand bench --path gl --profile compute -g ceicg,mrg32k3a --sinks null --sizes 134217728 --repeats 3"
  $B/glrand-$b bench --path gl --profile compute -g ceicg,mrg32k3a --sinks null --sizes 134217728 --repeats 3 2>&1 | grep '^| gl'
done
echo "== hashes"
PATHS="cuda gl" PROFILES=compute FORMATS=f32 JOBS=2 bash bench/hash-paths.sh $B/glrand-after $OUT/hashes ceicg

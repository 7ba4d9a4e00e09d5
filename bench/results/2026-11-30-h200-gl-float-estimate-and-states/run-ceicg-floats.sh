#!/usr/bin/env bash
source bench/gpu/setup.sh
exec > >(tee $OUT/run1.log) 2>&1
run_header
run_test gl-pack-ceicg 6 $B/gl_tests "the GPU makes CEICG's floats and doubles bit for bit as the host formula"
run_test cuda-ceicg-floats 6 $B/cuda_gpu_tests "CEICG floats made on the GPU equal the host formula on edge and random words"
run_test gl-stream 6 $B/gl_tests "[stream]"
for r in 1 2; do
  for b in before after; do
    echo "== round $r $b: glrand bench --path gl --profile compute -g ceicg --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3"
    $B/glrand-$b bench --path gl --profile compute -g ceicg --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3 2>&1 | grep '^|'
    echo "== round $r $b: glrand bench --path cuda -g ceicg --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3"
    $B/glrand-$b bench --path cuda -g ceicg --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3 2>&1 | grep '^|'
  done
done
echo "== hashes"
for p in "--path cuda" "--path gl --profile compute"; do
  echo "$p: $($B/glrand-after generate -g ceicg $p --format f32 -n 1e9 -o - | sha256sum)"
done
echo "== compare-builds"
bash bench/compare-builds.sh -r 2 $B/glrand-before $B/glrand-after -- -g ceicg --path gl --profile compute -n 1e9 --format f32
bash bench/compare-builds.sh -r 2 $B/glrand-before $B/glrand-after -- -g ceicg --path cuda -n 1e9 --format f32

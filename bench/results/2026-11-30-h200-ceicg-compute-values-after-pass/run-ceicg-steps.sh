#!/usr/bin/env bash
# A: HEAD (def468c); E: a group a step, two groups' inverses together on even steps, in every variant.
source bench/gpu/setup.sh
exec > >(tee $OUT/ceicg-steps.log) 2>&1
run_header
run_test "gl_tests [stream],[selftest],[ceicg],[pack] (E's tree)" 4 timeout 200 $B/gl_tests "[stream],[selftest],[ceicg],[pack]"
for r in 1 2; do
  for b in A E; do
    echo "== round $r $b: glrand bench --path gl --profile compute,scatter -g ceicg --passes 30"
    $B/glrand-$b bench --path gl --profile compute,scatter -g ceicg --passes 30 2>&1 | grep '^| gl'
    echo "== round $r $b: glrand bench --path gl --profile compute -g ceicg --sinks null,pipe --sizes 134217728 --repeats 3"
    $B/glrand-$b bench --path gl --profile compute -g ceicg --sinks null,pipe --sizes 134217728 --repeats 3 2>&1 | grep '^| gl'
  done
done
echo "== compare-builds"
for f in ints f32 f64; do
  bash bench/compare-builds.sh -r 2 $B/glrand-A $B/glrand-E -- -g ceicg --path gl --profile compute -n 1e9 --format $f
done
for f in ints f32; do
  bash bench/compare-builds.sh -r 2 $B/glrand-A $B/glrand-E -- -g ceicg --path gl --profile scatter -n 2e8 --format $f
done
echo "== hashes E"
PATHS=gl PROFILES="compute scatter" JOBS=2 bash bench/hash-paths.sh $B/glrand-E $OUT/hashes ceicg

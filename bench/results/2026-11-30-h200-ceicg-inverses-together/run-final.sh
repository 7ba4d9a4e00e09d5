#!/usr/bin/env bash
source bench/gpu/setup.sh
exec > >(tee $OUT/run7.log) 2>&1
run_header
run_test "gl_tests [stream],[selftest],[ceicg],[pack]" 4 timeout 200 $B/gl_tests "[stream],[selftest],[ceicg],[pack]"
for b in before after; do
  echo "== $b: glrand bench --path gl --profile compute,scatter -g ceicg --passes 30"
  $B/glrand-$b bench --path gl --profile compute,scatter -g ceicg --passes 30 2>&1 | grep '^| gl'
done
for r in 1 2; do
  for b in before after; do
    echo "== round $r $b: glrand bench --path gl --profile compute -g ceicg --sinks null --sizes 134217728 --repeats 3"
    $B/glrand-$b bench --path gl --profile compute -g ceicg --sinks null --sizes 134217728 --repeats 3 2>&1 | grep '^| gl'
  done
done
echo "== compare-builds"
for f in ints f32; do
  bash bench/compare-builds.sh -r 2 $B/glrand-before $B/glrand-after -- -g ceicg --path gl --profile compute -n 1e9 --format $f
done
bash bench/compare-builds.sh -r 2 $B/glrand-before $B/glrand-after -- -g ceicg --path gl --profile scatter -n 2e8 --format ints
bash bench/compare-builds.sh -r 2 $B/glrand-before $B/glrand-after -- -g ceicg --path gl --profile scatter -n 2e8 --format f32
echo "== hashes"
PATHS=gl PROFILES="compute scatter" JOBS=2 bash bench/hash-paths.sh $B/glrand-after $OUT/hashes ceicg

#!/usr/bin/env bash
source bench/gpu/setup.sh
exec > >(tee $OUT/run2.log) 2>&1
run_header
run_test "gl_tests [stream],[pack],[selftest]" 4 $B/gl_tests "[stream],[pack],[selftest]"
for r in 1 2; do
  for b in before after; do
    echo "== round $r $b: glrand bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null --sizes 134217728 --repeats 3"
    $B/glrand-$b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null --sizes 134217728 --repeats 3 2>&1 | grep '^| gl'
  done
done
echo "== compare-builds"
for f in ints f32 f64; do
  bash bench/compare-builds.sh -r 2 $B/glrand-before $B/glrand-after -- -g mrg32k3a --path gl --profile compute -n 1e9 --format $f
  bash bench/compare-builds.sh -r 2 $B/glrand-before $B/glrand-after -- -g pm --path gl --profile compute -n 1e9 --format $f
done
echo "== hashes"
PATHS=gl PROFILES=compute JOBS=2 bash bench/hash-paths.sh $B/glrand-after $OUT/hashes pm wh mrg32k3a ceicg

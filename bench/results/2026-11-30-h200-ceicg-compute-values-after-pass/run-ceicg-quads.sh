#!/usr/bin/env bash
# A: HEAD (def468c); B: quads stored directly, groups alone where values are packed;
# C: quads, two groups' inverses together everywhere; D: staged stores, inverses together everywhere.
source bench/gpu/setup.sh
exec > >(tee $OUT/ceicg-quads.log) 2>&1
run_header
run_test "gl_tests [stream],[selftest],[ceicg],[pack] (C's tree)" 4 timeout 200 $B/gl_tests "[stream],[selftest],[ceicg],[pack]"
for r in 1 2; do
  for b in A B C D; do
    echo "== round $r $b: glrand bench --path gl --profile compute --sinks null --sizes 134217728 --repeats 3"
    $B/glrand-$b bench --path gl --profile compute --sinks null --sizes 134217728 --repeats 3 2>&1 | grep '^| gl'
  done
done
echo "== compare-builds"
for f in ints f32 f64; do
  bash bench/compare-builds.sh -r 2 $B/glrand-A $B/glrand-B $B/glrand-C $B/glrand-D -- -g ceicg --path gl --profile compute -n 1e9 --format $f
done
echo "== hashes C"
PATHS=gl PROFILES="compute" JOBS=2 bash bench/hash-paths.sh $B/glrand-C $OUT/hashes ceicg

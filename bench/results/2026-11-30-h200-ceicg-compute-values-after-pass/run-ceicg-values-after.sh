#!/usr/bin/env bash
# A: HEAD (def468c); G: CEICG's compute values packed after the pass and read by a shared context.
source bench/gpu/setup.sh
exec > >(tee $OUT/ceicg-values-after.log) 2>&1
run_header
run_test "gl_tests [stream],[selftest],[ceicg],[pack],[gl-read-back] (G's tree)" 4 timeout 300 $B/gl_tests "[stream],[selftest],[ceicg],[pack],[gl-read-back]"
for r in 1 2; do
  for b in A G; do
    echo "== round $r $b: glrand bench --path gl --profile compute --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3"
    $B/glrand-$b bench --path gl --profile compute --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3 2>&1 | grep '^| gl'
  done
done
echo "== compare-builds"
for f in ints f32 f64; do
  bash bench/compare-builds.sh -r 3 $B/glrand-A $B/glrand-G -- -g ceicg --path gl --profile compute -n 1e9 --format $f
done
for f in f32 f64; do
  bash bench/compare-builds.sh -r 3 $B/glrand-A $B/glrand-G -- -g ceicg --path gl --profile compute -n 1e7 --format $f
done
bash bench/compare-builds.sh -r 2 $B/glrand-A $B/glrand-G -- -g ceicg --path gl --profile compute -n 1e9 --format f32 --distribution normal
echo "== glrand-G generate -g ceicg --profile compute -n 1e8 --format f32 (its summary)"
$B/glrand-G generate -g ceicg --path gl --profile compute -n 1e8 --format f32 -o /dev/null
echo "== hashes G"
PATHS=gl PROFILES="compute" JOBS=2 bash bench/hash-paths.sh $B/glrand-G $OUT/hashes ceicg

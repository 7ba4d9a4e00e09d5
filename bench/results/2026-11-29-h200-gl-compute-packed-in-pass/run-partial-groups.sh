# glrand-before: 11a9bb4; glrand: this tree (besides run-final.sh's build: any P packs in the
# pass, invocations past the last substream storing nothing; the self-test runs compute both
# ways). Its GL tests on the H200 (the self-test's among them), the compute sink rows of both
# builds in turn, twice, and the 10^9-output hashes of the four GL generators in compute.
source bench/gpu/setup.sh
exec > $OUT/partial-groups-tests.log 2>&1
run_header
run_test "gl_tests [stream],[pack],[selftest]" 12 timeout 200 $B/gl_tests "[stream],[pack],[selftest]"
run_test "gl_tests [api][gl]" 12 timeout 200 $B/gl_tests "[api][gl]"
exec > $OUT/partial-groups-sinks.log 2>&1
run_header
for r in 1 2; do for b in glrand-before glrand; do
  echo "== round $r: $b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null --sizes 134217728 --repeats 3"
  timeout 100 $B/$b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null --sizes 134217728 --repeats 3 2>&1 | grep "|"
done; done
exec > $OUT/partial-groups-hashes.log 2>&1
run_header
PATHS=gl PROFILES=compute timeout 200 bash bench/hash-paths.sh $B/glrand $OUT/h200-partial-groups pm wh ceicg mrg32k3a

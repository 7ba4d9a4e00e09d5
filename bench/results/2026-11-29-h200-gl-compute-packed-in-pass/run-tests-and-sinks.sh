# glrand-before: 11a9bb4 (a packing dispatch after each compute pass); glrand: this tree (each
# compute pass packs its own outputs where its work groups are whole). The new tests on the
# H200's GL context, then the compute sink rows of both builds in turn, twice.
source bench/gpu/setup.sh
exec > $OUT/gl-tests.log 2>&1
run_header
run_test "gl_tests [stream]" 12 timeout 120 $B/gl_tests "[stream]"
run_test "gl_tests [api][gl]" 12 timeout 200 $B/gl_tests "[api][gl]"
exec > $OUT/compute-sinks.log 2>&1
run_header
for r in 1 2; do
  sinks=null,pipe,tmpfs
  [[ $r == 2 ]] && sinks=null
  for b in glrand-before glrand; do
    echo "== round $r: $b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks $sinks --sizes 134217728 --repeats 3"
    timeout 150 $B/$b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks $sinks --sizes 134217728 --repeats 3 2>&1 | grep "|"
  done
done

# glrand-before: 11a9bb4 (a packing dispatch after each compute pass); glrand-in-pass: cade606
# (each compute pass packs its own outputs); glrand: this tree (besides, MRG32k3a's stream
# passes run blocks of 256 outputs, not 64, and CEICG's quotients for its floats start from
# x·(1/m), not x/m). The new build's GL tests on the H200, MRG32k3a's and CEICG's compute sink
# rows, commands and bench rows by the three builds in turn, MRG32k3a's scatter rows, and
# the 10^9-output hashes of both generators in both profiles by the new build.
source bench/gpu/setup.sh
exec > $OUT/blocks-quotients-tests.log 2>&1
run_header
run_test "gl_tests [stream],[pack]" 12 timeout 200 $B/gl_tests "[stream],[pack]"
exec > $OUT/blocks-quotients-sinks.log 2>&1
run_header
for r in 1 2; do for b in glrand-before glrand-in-pass glrand; do
  echo "== round $r: $b bench --path gl --profile compute -g mrg32k3a,ceicg --sinks null --sizes 134217728 --repeats 3"
  timeout 60 $B/$b bench --path gl --profile compute -g mrg32k3a,ceicg --sinks null --sizes 134217728 --repeats 3 2>&1 | grep "|"
done; done
exec > $OUT/blocks-quotients-command.log 2>&1
run_header
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p' | tr '\n' ' '; }
for p in compute scatter; do
for g in mrg32k3a ceicg; do
for f in ints f32 f64; do
  [[ $p == scatter && $g == ceicg ]] && continue
  line="$g $f --profile $p:"
  for r in 1 2; do for b in glrand-before glrand-in-pass glrand; do
    line+=" $b [$(rate $B/$b generate -g $g --profile $p -n 1000000000 --format $f -o /dev/null)]"
  done; done
  echo "$line"
done; done; done
exec > $OUT/blocks-quotients-bench.log 2>&1
run_header
for b in glrand-before glrand-in-pass glrand; do
  echo "== $b bench --path gl --profile compute,scatter -g mrg32k3a,ceicg --passes 30"
  timeout 100 $B/$b bench --path gl --profile compute,scatter -g mrg32k3a,ceicg --passes 30 2>&1 | grep "|"
done
exec > $OUT/blocks-quotients-hashes.log 2>&1
run_header
PATHS=gl PROFILES="compute scatter" timeout 150 bash bench/hash-paths.sh $B/glrand $OUT/h200-blocks-quotients mrg32k3a ceicg

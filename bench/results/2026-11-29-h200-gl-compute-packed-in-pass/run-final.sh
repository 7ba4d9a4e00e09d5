# glrand-before: 11a9bb4 (a packing dispatch after each compute pass); glrand: this tree, the
# change's last build (each compute pass packs its own outputs; MRG32k3a's stream blocks of 256;
# substream states on every core). Its GL tests on the H200; the compute sink rows of both
# builds in turn, twice; the command at 10^9; MRG32k3a's pass shapes (pass-shapes, as in
# run-pass-shapes.sh); the 10^9-output hashes of the four GL generators in the compute profile.
source bench/gpu/setup.sh
exec > $OUT/final-tests.log 2>&1
run_header
run_test "gl_tests [stream],[pack]" 12 timeout 200 $B/gl_tests "[stream],[pack]"
run_test "gl_tests [api][gl]" 12 timeout 200 $B/gl_tests "[api][gl]"
exec > $OUT/final-sinks.log 2>&1
run_header
for r in 1 2; do
  sinks=null,pipe,tmpfs
  [[ $r == 2 ]] && sinks=null
  for b in glrand-before glrand; do
    echo "== round $r: $b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks $sinks --sizes 134217728 --repeats 3"
    timeout 150 $B/$b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks $sinks --sizes 134217728 --repeats 3 2>&1 | grep "|"
  done
done
exec > $OUT/final-command.log 2>&1
run_header
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p' | tr '\n' ' '; }
for g in pm wh mrg32k3a ceicg; do
for f in ints f32 f64; do
  line="$g $f:"
  for r in 1 2; do for b in glrand-before glrand; do
    line+=" $b [$(rate $B/$b generate -g $g --profile compute -n 1000000000 --format $f -o /dev/null)]"
  done; done
  echo "$line"
done; done
exec > $OUT/final-pass-shapes.log 2>&1
run_header
for r in 1 2; do $B/pass-shapes 134217728 65536:64 65536:256 65536:512; done
exec > $OUT/final-hashes.log 2>&1
run_header
PATHS=gl PROFILES=compute timeout 200 bash bench/hash-paths.sh $B/glrand $OUT/h200-final pm wh ceicg mrg32k3a

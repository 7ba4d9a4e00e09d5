# glrand-before: 11a9bb4; glrand: this tree. `glrand generate --profile compute -n 1e9 -o
# /dev/null` by both builds in turn, three times; the compute read-back rows beside the PBO
# read-back (`glrand bench --path gl --profile compute --passes 30`) of both; then 10^9-output
# hashes of the four GL generators in the compute profile, ints, f32 and f64, by this tree; then
# substream counts (below).
source bench/gpu/setup.sh
exec > $OUT/compute-command.log 2>&1
run_header
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p' | tr '\n' ' '; }
for g in pm wh mrg32k3a ceicg; do
for f in ints f32 f64; do
  line="$g $f:"
  for r in 1 2 3; do for b in glrand-before glrand; do
    line+=" $b [$(rate $B/$b generate -g $g --profile compute -n 1000000000 --format $f -o /dev/null)]"
  done; done
  echo "$line"
done; done
exec > $OUT/compute-readback.log 2>&1
run_header
for b in glrand-before glrand; do
  echo "== $b bench --path gl --profile compute --passes 30"
  timeout 100 $B/$b bench --path gl --profile compute --passes 30 2>&1 | grep "|"
done
exec > $OUT/compute-hashes.log 2>&1
run_header
PATHS=gl PROFILES=compute timeout 200 bash bench/hash-paths.sh $B/glrand $OUT/h200 pm wh ceicg mrg32k3a
# Substream counts for the generators still short of the link: MRG32k3a (its passes end in a
# dense jump) and CEICG's floats, 10^9 outputs, both builds.
exec > $OUT/compute-substreams.log 2>&1
run_header
for g in mrg32k3a ceicg; do
for f in ints f32; do
for p in 65536 262144 1048576; do
  line="$g $f --substreams $p:"
  for b in glrand-before glrand; do
    line+=" $b [$(rate $B/$b generate -g $g --profile compute -n 1000000000 --format $f --substreams $p -o /dev/null)]"
  done
  echo "$line"
done; done; done

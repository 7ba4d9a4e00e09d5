# glrand-before: the tree with timing-probe.patch and no GLRAND_PROBE_CHUNK, that is 2^24-output
# chunks as before; glrand: 0658293. Each command twice, alternating; the summary line's time
# and rate, then the process's wall time. Then the sink rows.
source bench/gpu/setup.sh
exec > $OUT/header.log 2>&1
run_header
# The command before (2^24-output chunks) and after (kHostChunkBytes), alternating.
exec > $OUT/command-cuda.log 2>&1
run_header
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p' | tr '\n' ' '; }
for n in 134217728 1000000000; do
for g in pm wh ceicg mrg32k3a sobol32 mt19937 mtgp32; do
for f in ints f32 f64; do
  line="$g $f n=$n:"
  for r in 1 2; do for b in glrand-before glrand; do
    s=$EPOCHREALTIME
    line+=" $b [$(rate $B/$b generate -g $g --path cuda -n $n --format $f -o /dev/null)$(python3 -c "print(round($EPOCHREALTIME - $s, 3))")]"
  done; done
  echo "$line"
done; done; done
exec > $OUT/sinks-cuda.log 2>&1
run_header
echo "== glrand bench --path cuda --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3"
timeout 200 $B/glrand bench --path cuda --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3

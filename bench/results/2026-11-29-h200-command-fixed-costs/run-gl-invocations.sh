# The command on the GL path with 2^16 and 2^18 invocations (--substreams), three runs each:
# the summary line's time and rate, then the process's wall time.
source bench/gpu/setup.sh
run_header
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p' | tr '\n' ' '; }
for prof in compute scatter; do
for g in pm wh mrg32k3a ceicg; do
for f in ints f32; do
for n in 134217728 1000000000; do
  [[ $prof == scatter && $n == 1000000000 && $g != pm ]] && continue
  for p in 65536 262144; do
    line="$prof $g $f n=$n P=$p:"
    for r in 1 2 3; do
      s=$EPOCHREALTIME
      line+=" [$(rate $B/glrand generate -g $g --profile $prof -n $n --format $f -o /dev/null --substreams $p)$(python3 -c "print(round($EPOCHREALTIME - $s, 3))")]"
    done
    echo "$line"
  done
done; done; done; done

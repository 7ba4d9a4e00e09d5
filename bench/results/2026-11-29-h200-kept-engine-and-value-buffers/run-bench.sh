# glrand-before: db81e2a (each sink row's repeat rebuilt the GL engine; value buffers pinned
# for a chunk's words); glrand: this tree. The GL compute sink rows of both in turn, then the
# CUDA commands whose pinned buffers changed (Wichmann–Hill's and CEICG's values), alternating,
# then their CUDA sink and library rows.
source bench/gpu/setup.sh
exec > $OUT/gl-compute-sinks.log 2>&1
run_header
for b in glrand-before glrand; do
  echo "== $b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3"
  timeout 170 $B/$b bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null,pipe,tmpfs --sizes 134217728 --repeats 3
done
exec > $OUT/cuda-command.log 2>&1
run_header
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p' | tr '\n' ' '; }
for n in 134217728 1000000000; do
for g in wh ceicg; do
for f in f32 f64; do
  line="$g $f n=$n:"
  for r in 1 2 3; do for b in glrand-before glrand; do
    s=$EPOCHREALTIME
    line+=" $b [$(rate $B/$b generate -g $g --path cuda -n $n --format $f -o /dev/null)$(python3 -c "print(round($EPOCHREALTIME - $s, 3))")]"
  done; done
  echo "$line"
done; done; done
exec > $OUT/cuda-sinks.log 2>&1
run_header
for b in glrand-before glrand; do
  echo "== $b bench --path cuda -g wh,ceicg --sinks null,pipe --sink-formats f32,f64 --sizes 134217728 --repeats 3"
  timeout 60 $B/$b bench --path cuda -g wh,ceicg --sinks null,pipe --sink-formats f32,f64 --sizes 134217728 --repeats 3
done

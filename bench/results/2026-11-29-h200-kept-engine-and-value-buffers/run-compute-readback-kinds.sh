# The compute profile's two read-back kinds in the command: `glrand generate --profile compute
# --gl-readback one-context|shared-context -o /dev/null` for CEICG, MRG32k3a and Wichmann–Hill,
# ints and f32, at 2^27, 10^9 and 4·10^9 outputs, alternating, twice.
source bench/gpu/setup.sh
exec > $OUT/compute-readback-kinds.log 2>&1
run_header
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p' | tr '\n' ' '; }
for n in 134217728 1000000000 4000000000; do
for g in ceicg mrg32k3a wh; do
for f in ints f32; do
  line="$g $f n=$n:"
  for r in 1 2; do for k in one-context shared-context; do
    line+=" $k [$(rate $B/glrand generate -g $g --profile compute --gl-readback $k -n $n --format $f -o /dev/null)]"
  done; done
  echo "$line"
done; done; done

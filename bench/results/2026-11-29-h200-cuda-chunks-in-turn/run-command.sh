# The commands and the library rows of the generators whose kernels take longest beside the
# link (CEICG's, Wichmann–Hill's values): `glrand generate --path cuda -n 1e9 -o /dev/null`,
# the two builds alternating, twice; then `glrand bench --path cuda -g ceicg` (resident,
# read-back and library rows) of each.
source bench/gpu/setup.sh
exec > $OUT/command.log 2>&1
run_header
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p' | tr '\n' ' '; }
for g in ceicg wh; do for f in f32 f64; do
  line="$g $f n=1e9:"
  for r in 1 2; do for b in glrand-before glrand; do
    line+=" $b [$(rate $B/$b generate -g $g --path cuda -n 1000000000 --format $f -o /dev/null)]"
  done; done
  echo "$line"
done; done
exec > $OUT/library-rows.log 2>&1
run_header
for b in glrand-before glrand; do
  echo "== $b bench --path cuda -g ceicg --repeats 3"
  timeout 60 $B/$b bench --path cuda -g ceicg --repeats 3 2>&1 | grep "|"
done

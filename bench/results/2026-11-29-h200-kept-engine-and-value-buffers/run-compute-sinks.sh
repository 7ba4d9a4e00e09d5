# The GL compute sink rows into /dev/null of this tree's build, twice, five repeats each.
source bench/gpu/setup.sh >/dev/null 2>&1
exec > $OUT/compute-sinks-null.log 2>&1
run_header
lscpu | grep -i "numa\|model name\|socket"; nvidia-smi topo -m | head -5
for r in 1 2; do
  echo "== round $r: glrand bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null --sizes 134217728 --repeats 5"
  $B/glrand bench --path gl --profile compute -g pm,wh,mrg32k3a,ceicg --sinks null --sizes 134217728 --repeats 5 2>&1 | grep "|"
done

set -u
source bench/gpu/setup.sh
mkdir -p $OUT
rl=$OUT/rates3.log
{ run_header; nvidia-smi topo -m; lscpu | grep -i "numa\|socket\|model name"; } > $rl 2>&1
G=$B/glrand
base=("${MPIRUN[@]}")
for rep in 1 2; do
  for np in 1 2; do
    for bind in "--bind-to none" "--map-by numa --bind-to numa"; do
      args="-g mrg32k3a --path cuda -n 1.2e11 --format f32 -o /dev/null"
      echo "== rep $rep mpirun -np $np $bind glrand generate $args" >> $rl
      "${base[@]}" -np $np $bind $G generate $args >> $rl 2>&1
    done
  done
done
cat $rl | cut -c1-300

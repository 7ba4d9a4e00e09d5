set -u
source bench/gpu/setup.sh
mkdir -p $OUT
rl=$OUT/bench-ranks.log
{ run_header; nvidia-smi -L; } > $rl 2>&1
G=$B/glrand
for np in 2; do
  echo "== mpirun -np $np glrand bench --path cuda -g mrg32k3a,mt19937,pm --repeats 5" >> $rl
  "${MPIRUN[@]}" -np $np $G bench --path cuda -g mrg32k3a,mt19937,pm --repeats 5 >> $rl 2>&1
  echo "== mpirun -np $np glrand bench --path cpu -g mrg32k3a --sizes 2^26 --repeats 5" >> $rl
  "${MPIRUN[@]}" -np $np $G bench --path cpu -g mrg32k3a --sizes 2^26 --repeats 5 >> $rl 2>&1
done
cut -c1-260 $rl

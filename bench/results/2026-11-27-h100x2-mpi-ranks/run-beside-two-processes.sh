set -u
source bench/gpu/setup.sh
mkdir -p $OUT
rl=$OUT/rates4.log
run_header > $rl 2>&1
G=$B/glrand
for rep in 1 2; do
  a="-g mrg32k3a --path cuda -n 6e10 --format f32 -o /dev/null"
  echo "== rep $rep: two one-process runs at once, glrand generate $a --device 0 and --device 1" >> $rl
  s=$(date +%s.%N)
  $G generate $a --device 0 >> $rl 2>&1 & $G generate $a --device 1 >> $rl 2>&1; wait
  awk -v a=$s -v b=$(date +%s.%N) 'BEGIN { printf "   both done in %.2f s: %.1f G outputs/s together\n", b - a, 1.2e11 / (b - a) / 1e9 }' >> $rl
  echo "== rep $rep: mpirun -np 2 glrand generate -g mrg32k3a --path cuda -n 1.2e11 --format f32 -o /dev/null" >> $rl
  "${MPIRUN[@]}" -np 2 $G generate -g mrg32k3a --path cuda -n 1.2e11 --format f32 -o /dev/null >> $rl 2>&1
  a="-g pm --path gl --profile compute -n 2e10 --format f32 -o /dev/null"
  echo "== rep $rep: two one-process runs at once, glrand generate $a --device 0 and --device 1" >> $rl
  s=$(date +%s.%N)
  $G generate $a --device 0 >> $rl 2>&1 & $G generate $a --device 1 >> $rl 2>&1; wait
  awk -v a=$s -v b=$(date +%s.%N) 'BEGIN { printf "   both done in %.2f s: %.1f G outputs/s together\n", b - a, 4e10 / (b - a) / 1e9 }' >> $rl
  for np in 1 2; do
    echo "== rep $rep: mpirun -np $np glrand generate -g pm --path gl --profile compute -n 4e10 --format f32 -o /dev/null" >> $rl
    "${MPIRUN[@]}" -np $np $G generate -g pm --path gl --profile compute -n 4e10 --format f32 -o /dev/null >> $rl 2>&1
  done
done
cut -c1-250 $rl

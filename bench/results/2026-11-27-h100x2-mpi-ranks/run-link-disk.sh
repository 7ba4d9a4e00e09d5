set -u
source bench/gpu/setup.sh
mkdir -p $OUT
run_header > $OUT/header2.log 2>&1
D=/tmp/glrand-ranks; mkdir -p $D
G=$B/glrand
rl=$OUT/rates2.log
: > $rl
# The link: glrand bench's CUDA rows (memcpy ceiling beside each row), one GPU alone and both at once.
echo "== glrand bench --path cuda -g mrg32k3a --sizes 2^28 --repeats 5, GPU 0 alone" >> $rl
CUDA_VISIBLE_DEVICES=0 $G bench --path cuda -g mrg32k3a --sizes 2^28 --repeats 5 >> $rl 2>&1
echo "== the same on GPU 0 and GPU 1 at once" >> $rl
CUDA_VISIBLE_DEVICES=0 $G bench --path cuda -g mrg32k3a --sizes 2^28 --repeats 5 > $OUT/bench-gpu0.log 2>&1 &
CUDA_VISIBLE_DEVICES=1 $G bench --path cuda -g mrg32k3a --sizes 2^28 --repeats 5 > $OUT/bench-gpu1.log 2>&1
wait
cat $OUT/bench-gpu0.log $OUT/bench-gpu1.log >> $rl
# The disk: 16 GB written with dd, synced.
echo "== dd if=/dev/zero of=$D/dd.bin bs=64M count=256 conv=fdatasync" >> $rl
dd if=/dev/zero of=$D/dd.bin bs=64M count=256 conv=fdatasync >> $rl 2>&1; rm -f $D/dd.bin
for rep in 1 2 3; do
  for args in "-g mrg32k3a --path cuda -n 6e10 --format f32 -o /dev/null" "-g pm --path gl --profile compute -n 2e10 --format f32 -o /dev/null"; do
    for np in 1 2; do
      echo "== rep $rep -np $np $args" >> $rl
      "${MPIRUN[@]}" -np $np $G generate $args >> $rl 2>&1
    done
  done
done
grep -v "^$" $rl | cut -c1-330 | tail -80

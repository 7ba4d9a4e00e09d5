set -u
source bench/gpu/setup.sh
mkdir -p $OUT
{ run_header; nvidia-smi -L; echo "== mpirun"; "${MPIRUN[@]}" --version 2>&1 | head -1; } > $OUT/header.log 2>&1
cat $OUT/header.log
D=/tmp/glrand-ranks; mkdir -p $D
G=$B/glrand
log=$OUT/equal.log
: > $log
# One process against two ranks (one per GPU), byte for byte.
for args in "-g mrg32k3a --path cuda -n 1e9 --format ints" "-g mt19937 --path cuda -n 1e9 --format f32" \
            "-g mtgp32 --path cuda -n 1000000007 --format f64" "-g sobol32 --path cuda --dimensions 5 -n 1000000005 --format ints" \
            "-g pm --path gl -n 1e9 --format ints" "-g wh --path gl --profile compute -n 300000001 --format f32" \
            "-g mrg32k3a --path gl --profile compute -n 300000001 --format ints"; do
  echo "== $args" >> $log
  $G generate $args -o $D/one.bin >> $log 2>&1
  "${MPIRUN[@]}" -np 2 $G generate $args -o $D/two.bin >> $log 2>&1
  echo "rc $?" >> $log
  if cmp -s $D/one.bin $D/two.bin; then echo "EQUAL $(sha256sum < $D/one.bin | cut -c1-16) $(stat -c %s $D/one.bin) bytes" >> $log; else echo "DIFFERENT" >> $log; fi
  rm -f $D/one.bin $D/two.bin
done
grep -E "^==|EQUAL|DIFF|rc |ranks" $log
# Rates: one rank against two, alternated, into the null device and into a file on local disk.
rl=$OUT/rates.log
: > $rl
for rep in 1 2 3; do
  for args in "-g mrg32k3a --path cuda -n 2e10 --format f32 -o /dev/null" "-g pm --path gl --profile compute -n 1e10 --format f32 -o /dev/null" \
              "-g mrg32k3a --path cuda -n 4e9 --format f32 -o $D/rate.bin"; do
    for np in 1 2; do
      echo "== rep $rep -np $np $args" >> $rl
      "${MPIRUN[@]}" -np $np $G generate $args >> $rl 2>&1
      rm -f $D/rate.bin
    done
  done
done
grep -E "^==|glrand:" $rl | cut -c1-260

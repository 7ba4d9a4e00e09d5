# exit-stamps.log: the first call (five commands into /dev/null, no GLRAND_FAST_EXIT, twice each);
# exit-stamps-fast-exit.log: this script, into a file on the local disk, each way three times.
source bench/gpu/setup.sh
run_header
S=$B/glrand-stamp
for args in "--path cuda --format ints" "--profile compute --format ints" "--format f32"; do
  for r in 1 2 3; do for fast in no yes; do
    echo "== $args fast=$fast $r"
    echo "stamp exec $EPOCHREALTIME"
    if [[ $fast == yes ]]; then GLRAND_FAST_EXIT=1 $S generate -g pm $args -n 134217728 -o $OUT/x.bin 2>&1; else $S generate -g pm $args -n 134217728 -o $OUT/x.bin 2>&1; fi
    echo "stamp exited $EPOCHREALTIME"
    sha256sum $OUT/x.bin | cut -c1-16; rm -f $OUT/x.bin
  done; done
done

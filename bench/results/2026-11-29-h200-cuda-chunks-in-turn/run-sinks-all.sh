# The new build's CUDA sink rows, every generator, ints, f32 and f64, into /dev/null, a pipe,
# tmpfs raw and .npy.
source bench/gpu/setup.sh
exec > $OUT/sinks-all.log 2>&1
run_header
echo "== glrand bench --path cuda --sinks null,pipe,tmpfs,tmpfs.npy --sizes 134217728 --repeats 3"
timeout 280 $B/glrand bench --path cuda --sinks null,pipe,tmpfs,tmpfs.npy --sizes 134217728 --repeats 3

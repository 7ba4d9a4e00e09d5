# glrand-before: 9c63aec (the host output's two streams made their chunks side by side);
# glrand: the chunks made in turn (each stream waits for the other's last chunk before making
# its next). The CUDA GPU tests of the host output, then the CUDA sink rows into /dev/null of
# both builds, alternating, twice.
source bench/gpu/setup.sh
exec > $OUT/gpu-tests.log 2>&1
run_header
run_test "cuda_gpu_tests [pinned],[ceicg],[pm],[wh],[mt19937],[mtgp32],[floats]" 20 timeout 200 $B/cuda_gpu_tests "[pinned],[ceicg],[pm],[wh],[mt19937],[mtgp32],[floats]"
exec > $OUT/sinks.log 2>&1
run_header
for r in 1 2; do for b in glrand-before glrand; do
  echo "== round $r: $b bench --path cuda -g ceicg,wh,pm,mrg32k3a,mt19937,mtgp32 --sinks null --sink-formats ints,f32 --sizes 134217728 --repeats 3"
  timeout 60 $B/$b bench --path cuda -g ceicg,wh,pm,mrg32k3a,mt19937,mtgp32 --sinks null --sink-formats ints,f32 --sizes 134217728 --repeats 3 2>&1 | grep "|"
done; done

# The GPU tests on this tree's build, then 10^9 outputs of every generator in every format
# on the CUDA path, hashed (bench/hash-paths.sh; compared with the CPU path's hashes of the
# same tree, made on the 2-core machine).
source bench/gpu/setup.sh
exec > $OUT/gpu-tests.log 2>&1
run_header
run_test "cuda_gpu_tests ~[quality]~[distribution]" 40 timeout 240 $B/cuda_gpu_tests "~[quality]~[distribution]"
run_test "cli_gpu_tests" 20 env GLRAND_EXE=$B/glrand timeout 120 $B/cli_gpu_tests
exec > $OUT/cuda-hashes.log 2>&1
run_header
PATHS=cuda JOBS=6 timeout 200 bash bench/hash-paths.sh $B/glrand $OUT/cuda-hashes

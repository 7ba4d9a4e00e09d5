# 9c63aec's build: every non-quality GPU test (cuda_gpu_tests "~[quality]", cli_gpu_tests),
# and the GL engine test on the H200's GL context.
source bench/gpu/setup.sh
exec > $OUT/gpu-tests-final.log 2>&1
run_header
run_test "gl_tests a GL generator keeps its engine*" 10 timeout 60 $B/gl_tests "a GL generator keeps its engine*"
run_test "cli_gpu_tests" 10 env GLRAND_EXE=$B/glrand timeout 120 $B/cli_gpu_tests
run_test "cuda_gpu_tests ~[quality]" 20 timeout 420 $B/cuda_gpu_tests "~[quality]" --durations yes

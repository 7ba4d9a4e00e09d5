source bench/gpu/setup.sh
exec > $OUT/tests.log 2>&1
run_header
run_test cuda_gpu_tests 40 timeout 300 $B/cuda_gpu_tests "~[quality]" --durations yes
run_test cli_gpu_tests 20 env GLRAND_EXE=$B/glrand timeout 120 $B/cli_gpu_tests --durations yes

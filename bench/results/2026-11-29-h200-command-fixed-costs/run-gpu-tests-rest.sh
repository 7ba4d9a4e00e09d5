source bench/gpu/setup.sh
exec > $OUT/tests-rest.log 2>&1
run_header
for f in "MT19937's values made in its kernel*" "[mt19937]" "[mtgp32]" "generate into a caller's pinned buffer*" "10^9 outputs of every generator*"; do
  s=$EPOCHREALTIME
  run_test "cuda_gpu_tests $f" 6 timeout 150 $B/cuda_gpu_tests "$f"
  echo "took $(python3 -c "print(round($EPOCHREALTIME - $s, 1))") s"
done

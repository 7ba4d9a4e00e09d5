# The CUDA command's pinned allocation and chunk loop at chunks of 2^20 .. 2^24 outputs
# (glrand-probe: timing-probe.patch, GLRAND_PROBE_CHUNK), two rounds.
source bench/gpu/setup.sh
run_header
P=$B/glrand-probe
one() { # g f n chunk
  local s=$EPOCHREALTIME out
  out=$(GLRAND_PROBE=1 GLRAND_PROBE_CHUNK=$4 $P generate -g $1 --path cuda -n $3 --format $2 -o /dev/null 2>&1)
  local w=$(python3 -c "print(round($EPOCHREALTIME - $s, 3))")
  echo "$1 $2 n=$3 chunk=$4: alloc $(echo "$out" | awk '/pool take/ {print $5}') loop $(echo "$out" | awk '/in_chunks/ {print $3}') open $(echo "$out" | awk '/open_device/ {print $4}') process $w"
}
for r in 1 2; do
for n in 134217728 1000000000; do
  for f in ints f32 f64; do for c in 1048576 2097152 4194304 8388608 16777216; do one pm $f $n $c; done; done
  for f in ints f32; do for c in 1048576 2097152 4194304 8388608 16777216; do one mt19937 $f $n $c; done; done
  for c in 1048576 2097152 4194304 8388608 16777216; do one mtgp32 f32 $n $c; done
  for c in 1048576 2097152 4194304 8388608 16777216; do one mrg32k3a f32 $n $c; done
done
for c in 1048576 2097152 4194304 8388608 16777216; do one wh ints 134217728 $c; done
done

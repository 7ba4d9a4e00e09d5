# The compute profile's invocations against the slower generators' command rate: 4·10^9
# outputs into /dev/null at 2^16 (the default), 2^18 and 2^20 invocations, ints and f32, twice.
source bench/gpu/setup.sh
exec > $OUT/compute-invocations.log 2>&1
run_header
for r in 1 2; do
for g in mrg32k3a ceicg wh; do
for f in ints f32; do
for p in 65536 262144 1048576; do
  echo "$g $f --substreams $p: $($B/glrand generate -g $g --profile compute -n 4000000000 --format $f --substreams $p -o /dev/null 2>&1 | tail -1)"
done; done; done; done

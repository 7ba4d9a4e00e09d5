#!/usr/bin/env bash
# G (71c776c): CEICG's compute sink rows into /dev/null at 2^26 to 2^29 outputs (4 to 32 passes of 2^24 outputs); the command at 4·10^9 with 2^14 to 2^16 substreams.
source bench/gpu/setup.sh
exec > >(tee $OUT/ceicg-sizes.log) 2>&1
run_header
for r in 1 2; do
  echo "== round $r: glrand bench --path gl --profile compute -g ceicg --sinks null --sizes 67108864,134217728,268435456,536870912 --repeats 3"
  $B/glrand-G bench --path gl --profile compute -g ceicg --sinks null --sizes 67108864,134217728,268435456,536870912 --repeats 3 2>&1 | grep '^| gl'
done
for p in 16384 32768 65536; do
  echo "== glrand generate -g ceicg --path gl --profile compute -n 4e9 --format f32 --substreams $p -o /dev/null (twice)"
  for r in 1 2; do $B/glrand-G generate -g ceicg --path gl --profile compute -n 4e9 --format f32 --substreams $p -o /dev/null; done
done

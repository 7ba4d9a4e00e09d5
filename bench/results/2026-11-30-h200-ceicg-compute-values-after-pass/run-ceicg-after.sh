#!/usr/bin/env bash
# A: HEAD (def468c), compute passes pack in the pass; F: the same with every compute pass packed after it.
source bench/gpu/setup.sh
exec > >(tee $OUT/ceicg-after.log) 2>&1
run_header
for r in 1 2; do
  for b in A F; do
    for k in one-context shared-context; do
      echo "== round $r $b $k: glrand bench --path gl --profile compute --sinks null --sizes 134217728 --repeats 3 --gl-readback $k"
      $B/glrand-$b bench --path gl --profile compute --sinks null --sizes 134217728 --repeats 3 --gl-readback $k 2>&1 | grep '^| gl'
    done
  done
done

#!/usr/bin/env bash
# 71c776c (glrand-G): the GL path's read-back and sink rows of every GL generator, at 2^27 and 2^28 outputs.
source bench/gpu/setup.sh
exec > >(tee $OUT/gl-status.log) 2>&1
run_header
echo "== glrand bench --path gl --profile ps30,scatter,compute --passes 30 --repeats 5"
$B/glrand-G bench --path gl --profile ps30,scatter,compute --passes 30 --repeats 5 2>&1 | grep '^| gl'
for r in 1 2; do
  echo "== round $r: glrand bench --path gl --profile compute --sinks null,pipe,tmpfs --sizes 134217728,268435456 --repeats 3"
  $B/glrand-G bench --path gl --profile compute --sinks null,pipe,tmpfs --sizes 134217728,268435456 --repeats 3 2>&1 | grep '^| gl'
done

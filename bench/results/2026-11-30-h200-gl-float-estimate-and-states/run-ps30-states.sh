#!/usr/bin/env bash
source bench/gpu/setup.sh
exec > >(tee $OUT/run4.log) 2>&1
run_header
for r in 1 2; do
  for b in before after; do
    for p in 20 100; do
      echo "== round $r $b: glrand bench --path gl -g pm,wh --profile ps30 --passes $p --repeats 5"
      $B/glrand-$b bench --path gl -g pm,wh --profile ps30 --passes $p --repeats 5 2>&1 | grep '^| gl'
    done
  done
done
for r in 1 2; do
  for b in mid after; do
    echo "== round $r $b: glrand bench --path gl --profile compute -g pm,wh --sinks null --sizes 134217728 --repeats 3"
    $B/glrand-$b bench --path gl --profile compute -g pm,wh --sinks null --sizes 134217728 --repeats 3 2>&1 | grep '^| gl'
  done
done
run_test "gl_tests" 6 timeout 400 $B/gl_tests

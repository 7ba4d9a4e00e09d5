#!/usr/bin/env bash
# Usage: run.sh BEFORE NOW OUT: two glrand executables (f99cd59 and 2a4be51), each measured in
# turn, two rounds, on the idle 2-core machine; then the GL path on llvmpipe beside the CPU
# path with NOW; logs into OUT.
set -u
before=$1 now=$2 out=$3
mkdir -p "$out"
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p'; }
for round in 1 2; do
  for b in before now; do
    exe=$before; [[ $b == now ]] && exe=$now
    {
      echo "== round $round: $b ($exe)"
      "$exe" bench --path cpu -g ceicg --repeats 3 2>&1 | grep -E '^\| cpu'
      "$exe" bench --distributions --path cpu -g ceicg --repeats 3 2>&1 | grep -E '^\| cpu' | grep uniform
      for f in ints f32 f64; do
        echo "generate -g ceicg --path cpu -n 1e8 --format $f -o /dev/null: $(rate "$exe" generate -g ceicg --path cpu -n 1e8 --format $f -o /dev/null)"
      done
    } >> "$out/bench.log"
  done
done
{
  echo "== the GL path on llvmpipe beside the CPU path ($now)"
  for p in "--profile ps30" "--profile compute" "--path cpu"; do
    echo "generate -g ceicg $p -n 3e7 --format f32 -o /dev/null: $(rate "$now" generate -g ceicg $p -n 3e7 --format f32 -o /dev/null)"
  done
} >> "$out/bench.log"

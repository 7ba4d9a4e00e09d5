#!/usr/bin/env bash
# Usage: run.sh BEFORE NOW OUT: two glrand executables (2a4be51 and 9542cc8), each
# measured in turn, two rounds, on the idle 2-core machine; logs into OUT.
set -u
before=$1 now=$2 out=$3
mkdir -p "$out"
rate() { "$@" 2>&1 | sed -n 's/.* in \([0-9.]* s\) (\([0-9.]* [MG]\) outputs\/s).*/\1 \2/p'; }
for round in 1 2; do
  for b in before now; do
    exe=$before; [[ $b == now ]] && exe=$now
    {
      echo "== round $round: $b ($exe)"
      "$exe" bench --path cpu -g mtgp32 --repeats 3 2>&1 | grep -E '^\| cpu'
      "$exe" bench --distributions --path cpu -g mtgp32 --repeats 3 2>&1 | grep -E '^\| cpu' | grep uniform
      for f in ints f32 f64; do
        echo "generate -g mtgp32 --path cpu -n 1e9 --format $f -o /dev/null: $(rate "$exe" generate -g mtgp32 --path cpu -n 1e9 --format $f -o /dev/null)"
      done
    } >> "$out/bench.log"
  done
done

#!/usr/bin/env bash
# MRG32k3a on the CPU path, 8f7d4a5's build (`before`, $1) and the tree's (`new`, $2) in turn,
# two rounds: the library's floats and doubles beside Intel MKL's, its words, and the command's
# words, floats and doubles into /dev/null.
set -u
before=${1:?before glrand}; new=${2:?new glrand}; out=${3:?out}
mkdir -p "$out"
{ echo "== date"; date -u; echo "== lscpu"; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core'; } > "$out/header.log"
for round in 1 2; do
  for build in before new; do
    exe=$before; [[ $build == new ]] && exe=$new
    echo "== round $round: $build: glrand bench --distributions --path cpu,mkl -g mrg32k3a --repeats 7"
    "$exe" bench --distributions --path cpu,mkl -g mrg32k3a --repeats 7 2>&1 | grep -E '^\| (cpu|mkl) +\| uniform'
    echo "== round $round: $build: glrand bench --path cpu -g mrg32k3a --repeats 7"
    "$exe" bench --path cpu -g mrg32k3a --repeats 7 2>&1 | grep -E '^\| cpu'
    for format in u32 f32 f64; do
      echo "== round $round: $build: glrand generate -g mrg32k3a --path cpu -n 1e9 --format $format -o /dev/null"
      /usr/bin/time -f "%e s" "$exe" generate -g mrg32k3a --path cpu -n 1e9 --format $format -o /dev/null 2>&1 | tail -1
    done
  done
done > "$out/bench.md" 2>&1

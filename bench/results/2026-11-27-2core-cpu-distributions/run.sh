#!/usr/bin/env bash
# The CPU path's rates for the seeds' Tables 2 and 3 (Bradley et al.: MRG32k3a, Sobol32 and
# MT19937 × uniform, exponential, normal; single and double precision), on every core of this
# machine: `glrand generate --path cpu` of 2^25 values into the null device, three runs each.
# Run from the repository root after building into build/; the log goes to stdout.
set -u
G=${GLRAND:-build/glrand}
n=33554432
echo "== $(date -u) on $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "== $("$G" version 2>&1 | head -1)"
for g in mrg32k3a sobol32 mt19937; do
  normal=(--distribution normal)
  [[ $g == mrg32k3a ]] && normal+=(--normal-method box-muller)  # as the seed: Box–Muller for MRG32k3a
  for format in f32 f64; do
    for what in uniform exponential normal; do
      case $what in
        uniform) args=() ;;
        exponential) args=(--distribution exponential --lambda 1) ;;
        normal) args=("${normal[@]}") ;;
      esac
      for run in 1 2 3; do
        echo "== $g $format $what (run $run): glrand generate -g $g --path cpu -n $n --format $format ${args[*]} -o /dev/null"
        "$G" generate -g "$g" --path cpu -n $n --format "$format" "${args[@]}" -o /dev/null 2>&1 | tail -1
      done
    done
  done
done

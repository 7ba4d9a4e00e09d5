#!/usr/bin/env bash
# Three runs each of the rates into /dev/null (run.sh's rates.log ran each once): each GL
# generator's own floats beside its normal (inverse CDF and Box–Muller) and log-normal made on
# the GPU, 10^9 f32 values, in turn, as `bash bench/results/2026-11-28-h200-gl-distributions-read-back/repeat-rates.sh OUT` after run.sh.
set -u
out=${1:?an output folder}
mkdir -p "$out"
source bench/gpu/setup.sh
{
  for round in 1 2 3; do
    for g in pm wh mrg32k3a ceicg; do
      for profile in ps30 compute; do
        [[ $g == ceicg && $profile == ps30 ]] && continue
        for what in own normal box-muller lognormal; do
          case $what in
            own) args=() ;;
            normal) args=(--distribution normal --distribution-on gpu) ;;
            box-muller) args=(--distribution normal --normal-method box-muller --distribution-on gpu) ;;
            lognormal) args=(--distribution lognormal --distribution-on gpu) ;;
          esac
          echo "== round $round: $g $profile $what: glrand generate -g $g --path gl --profile $profile -n 1e9 --format f32 ${args[*]} -o /dev/null"
          "$B/glrand" generate -g $g --path gl --profile $profile -n 1e9 --format f32 "${args[@]}" -o /dev/null 2>&1 | tail -1
        done
      done
    done
  done
} > "$out/rates-repeated.log" 2>&1
echo done

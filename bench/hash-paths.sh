#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The exactness contract at scale: COUNT outputs (default 10^9) of every generator in every
# format (ints, f32, f64) from every path this machine has, each hashed with sha256sum; within
# one generator and format every hash must be the same. Paths: cpu always; cuda where
# `glrand info` finds a CUDA device; gl in each of PROFILES (default ps30 scatter compute) for
# the GL generators (pm, wh, ceicg, mrg32k3a) where it finds a GL device, llvmpipe included.
#
# Usage: bench/hash-paths.sh GLRAND OUT_DIR [GENERATOR...]
#   COUNT (default 1000000000), JOBS (hashes at once, default 4), FORMATS (default
#   "ints f32 f64"; the GL path's f64 too), PATHS (default: those found, as "cpu cuda gl").
# Writes OUT_DIR/hashes.tsv (generator, format, path, sha256, seconds) and prints a table, one
# row per generator and format, with "equal" or "DIFFERENT"; exits 1 if any differ or fail.
#        bench/hash-paths.sh --table HASHES.tsv...
# prints that table for the rows of several runs together (of the same COUNT: from two
# machines, say), labelling each path with its file's folder.
set -uo pipefail

# table [LABEL<TAB>FILE...]: the table of hashes.tsv rows, each path named "path" or "LABEL path".
table() {
  echo "| generator | format | paths | sha256 | |"
  echo "| --- | --- | --- | --- | --- |"
  for entry in "$@"; do
    awk -F'\t' -v label="${entry%%$'\t'*}" 'BEGIN { OFS = "\t" } { if (label != "") $3 = label " " $3; print }' "${entry#*$'\t'}"
  done | sort -k1,1 -k2,2 -k3,3 | awk -F'\t' '
    { key = $1 "\t" $2; if (!(key in first)) { order[++n] = key; first[key] = $4 }
      paths[key] = paths[key] (paths[key] == "" ? "" : ", ") $3 " (" $5 " s)"
      if ($4 != first[key] || $4 == "failed") bad[key] = 1 }
    END { for (i = 1; i <= n; ++i) { k = order[i]; split(k, part, "\t")
            printf "| %s | %s | %s | %s | %s |\n", part[1], part[2], paths[k], substr(first[k], 1, 16), (k in bad) ? "DIFFERENT" : "equal"
            if (k in bad) status = 1 }
          exit status }'
}

if [[ ${1:-} == --table ]]; then
  shift
  entries=()
  for f in "$@"; do entries+=("$(basename "$(dirname "$f")")"$'\t'"$f"); done
  table "${entries[@]}"
  exit
fi
glrand=${1:?usage: hash-paths.sh GLRAND OUT_DIR [GENERATOR...]}
out=${2:?usage: hash-paths.sh GLRAND OUT_DIR [GENERATOR...]}
shift 2
generators=("$@")
((${#generators[@]})) || generators=(pm wh ceicg mrg32k3a mt19937 sobol32 mtgp32)
count=${COUNT:-1000000000}
formats=${FORMATS:-ints f32 f64}
profiles=${PROFILES:-ps30 scatter compute}
mkdir -p "$out"
if [[ -z ${PATHS:-} ]]; then
  info=$("$glrand" info 2>&1)
  PATHS=cpu
  grep -q '^CUDA: driver .*, [1-9][0-9]* device' <<< "$info" && PATHS+=" cuda"
  grep -q '^EGL devices: [1-9]' <<< "$info" && PATHS+=" gl"
fi

# One job a line: generator, format, path label, then glrand's arguments.
jobs_file="$out/jobs.tsv"
: > "$jobs_file"
for g in "${generators[@]}"; do
  for f in $formats; do
    for p in $PATHS; do
      case $p in
        gl)
          [[ $g == @(pm|wh|ceicg|mrg32k3a) ]] || continue
          for profile in $profiles; do
            printf '%s\t%s\t%s\t%s\n' "$g" "$f" "gl-$profile" "--path gl --profile $profile" >> "$jobs_file"
          done ;;
        *) printf '%s\t%s\t%s\t%s\n' "$g" "$f" "$p" "--path $p" >> "$jobs_file" ;;
      esac
    done
  done
done

# hash_one GENERATOR FORMAT LABEL ARGS: one line of hashes.tsv; a failed run hashes as "failed".
hash_one() {
  local g=$1 f=$2 label=$3 args=$4 start hash
  start=$EPOCHREALTIME
  # shellcheck disable=SC2086  # ARGS are glrand's options, split on purpose
  # pipefail inside the substitution: its status is glrand's (PIPESTATUS does not reach out of it).
  hash=$(set -o pipefail; "$glrand" generate -g "$g" -n "$count" --format "$f" $args -q -o - | sha256sum | cut -c1-64) ||
    hash=failed
  printf '%s\t%s\t%s\t%s\t%.1f\n' "$g" "$f" "$label" "$hash" "$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')"
}
export -f hash_one
export glrand count
: > "$out/hashes.tsv"
tr '\t' '\n' < "$jobs_file" | xargs -d '\n' -n 4 -P "${JOBS:-4}" bash -c 'hash_one "$@"' _ >> "$out/hashes.tsv"

echo "$count outputs each; sha256 of glrand generate -o - (first 16 hex digits), seconds in brackets"
echo
table $'\t'"$out/hashes.tsv"

#!/usr/bin/env bash
# The jump kernel's slice sizes side by side (jump_variants, built by build-programs.sh).
set -u
out=${1:?out}; mkdir -p "$out"
source bench/gpu/setup.sh
run_header > "$out/header.log" 2>&1
"$B/jump_variants" > "$out/jump-variants.log" 2>&1; echo "exit $?" >> "$out/jump-variants.log"

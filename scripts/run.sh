#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Quick start: set up, build, and run the main job: 10^7 CEICG numbers from the fragment
# shader on the default device (the GPU if there is one, else Mesa's llvmpipe), written as
# float32 to random.npy. Extra arguments go to `glrand generate`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
"$root/build/glrand" info
"$root/build/glrand" generate -g ceicg -n 10000000 --format f32 -o "$root/random.npy" "$@"
echo "First numbers of random.npy:"
od -A n -t f4 -N 32 -j 128 "$root/random.npy"

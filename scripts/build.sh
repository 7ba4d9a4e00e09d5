#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages (scripts/setup-debian.sh), then configures and builds glrand
# into build/ with CMake and Ninja. Safe to re-run: only what changed is rebuilt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup-debian.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" --parallel "$(nproc)"

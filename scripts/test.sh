#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Set up, build, and run the whole test suite with CTest. Shader tests render for real: on a
# machine without a GPU through Mesa's llvmpipe. Tests that need hardware the machine lacks
# are reported as skipped, with the reason.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
cd "$root/build"
# quality-full (the whole dieharder battery on every generator, hours) runs by hand:
# cd build && ctest -L quality-full --parallel "$(nproc)".
ctest --output-on-failure --parallel "$(nproc)" --timeout 900 --label-exclude quality-full
# The installed package, as a program that uses the library builds against it.
"$root/scripts/check-package.sh" "$root/build"

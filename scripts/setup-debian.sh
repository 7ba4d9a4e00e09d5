#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian (bookworm) packages glrand builds and tests with. Idempotent: packages
# already present are left alone and nothing is fetched from outside Debian's archive.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libegl-dev libgl-dev libopengl-dev libegl-mesa0 libgl1-mesa-dri  # glvnd + Mesa llvmpipe
  libglew-dev libglfw3-dev                                        # GL entry points, windows
  glslang-dev glslang-tools spirv-tools                           # shader validation, ps30 checker
  spirv-cross libspirv-cross-c-shared-dev                         # hostile-arithmetic test build
  libcli11-dev libfmt-dev libpng-dev catch2                        # CLI, text, PNG, tests
  libdieharder-dev                                                # `glrand test` (with GSL)
  xvfb xauth                                                      # `glrand view` tests
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "setup: all ${#packages[@]} packages present"

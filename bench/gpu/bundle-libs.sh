#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Copies the shared libraries that the given executables need into DIR/lib, leaving out
# the C runtime, the C++ runtime and the GL/EGL/CUDA driver libraries, which the GPU
# machine provides itself. Run the executables there with LD_LIBRARY_PATH=DIR/lib.
#
#   usage: bundle-libs.sh DIR EXECUTABLE...
set -euo pipefail
out=$1; shift
mkdir -p "$out/lib"
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|librt\.so|libpthread\.so|libstdc\+\+|libgcc_s|libGL|libEGL|libOpenGL|libGLX|libGLdispatch|libGLES|libcuda\.so|libnvidia)'
for exe in "$@"; do
  ldd "$exe" | awk '/=> \//{print $1, $3}' | while read -r name path; do
    [[ $name =~ $skip ]] && continue
    cp -L -n "$path" "$out/lib/$name"
  done
done
ls -1 "$out/lib"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Downloads the GL dispatch libraries (glvnd: libEGL, libOpenGL, libGLX, libGLdispatch)
# as Debian packages into a folder, so that a headless OpenGL program can run on a GPU
# machine whose image ships the NVIDIA driver's EGL/GLX vendor libraries but no loaders.
#
#   usage: fetch-gl-runtime.sh [DIR]      (default DIR: .gl in the current directory)
#
# On the GPU machine, before running the program:
#   for f in DIR/*.deb; do dpkg -x "$f" /; done; ldconfig
set -euo pipefail
dir=${1:-.gl}
mkdir -p "$dir" /tmp/gl-apt-amd64/partial
opts=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/gl-apt-amd64)
apt-get "${opts[@]}" update >/dev/null
cd "$dir"
apt-get "${opts[@]}" download libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 libvulkan1 2>&1 | grep -v '^W:' || true
ls -1 ./*.deb

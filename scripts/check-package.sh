#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The library as a user installs it: `cmake --install` of build/ into a temporary prefix, then
# examples/consumer built against that tree twice, with find_package(glrand) and with
# pkg-config, run (GL on the GPU or llvmpipe), and its numbers compared with `glrand generate
# --path cpu`, the CPU reference; then examples/texture_fill built and run the same way (its
# textures against the CPU reference within the documented bounds), and examples/random_dither
# built the same way and run for a few frames under Xvfb (its picture's statistics are
# tests/examples' business).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log"
echo "installed: $(cd "$tmp/prefix" && find . -type f | sort | tr '\n' ' ')"

cmake -S "$root/examples/consumer" -B "$tmp/with-cmake" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$tmp/prefix" > "$tmp/configure.log"
cmake --build "$tmp/with-cmake" > "$tmp/build.log"
"$tmp/with-cmake/glrand_consumer" > "$tmp/with-cmake.txt"

export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
# shellcheck disable=SC2046
c++ -std=c++20 -O2 $(pkg-config --cflags glrand) "$root/examples/consumer/main.cpp" -o "$tmp/with-pkg-config" \
    $(pkg-config --static --libs glrand)
"$tmp/with-pkg-config" > "$tmp/with-pkg-config.txt"
cmp "$tmp/with-cmake.txt" "$tmp/with-pkg-config.txt"

# The installed headers' GLRAND_VERSION (the consumer's first line) and the installed command's.
if [[ "$(head -1 "$tmp/with-cmake.txt")" != "$("$tmp/prefix/bin/glrand" --version | head -1)" ]]; then
  echo "check-package: GLRAND_VERSION says '$(head -1 "$tmp/with-cmake.txt")', glrand --version" \
       "'$("$tmp/prefix/bin/glrand" --version | head -1)'" >&2
  exit 1
fi

# Each generator's first five outputs, as the command's CPU reference writes them.
while read -r name words; do
  [[ $name == glrand || $name == ok ]] && continue
  expected=$("$build/glrand" generate -q -g "$name" --path cpu -n 5 --format text-ints | tr '\n' ' ' | tr -s ' ')
  got=${words%%  (*}
  if [[ "$got " != "$expected" ]]; then
    echo "check-package: -g $name: the installed library gives '$got', glrand generate --path cpu '$expected'" >&2
    exit 1
  fi
done < "$tmp/with-cmake.txt"
cat "$tmp/with-cmake.txt"
tail -1 "$tmp/with-cmake.txt" | grep -qx ok
echo "check-package: find_package(glrand) and pkg-config builds agree with the CPU reference"

cmake -S "$root/examples/texture_fill" -B "$tmp/texture-fill" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$tmp/prefix" > "$tmp/texture-fill-configure.log"
cmake --build "$tmp/texture-fill" > "$tmp/texture-fill-build.log"
"$tmp/texture-fill/glrand_texture_fill" | tee "$tmp/texture-fill.txt"
tail -1 "$tmp/texture-fill.txt" | grep -qx ok
echo "check-package: examples/texture_fill's textures agree with the CPU reference"

cmake -S "$root/examples/random_dither" -B "$tmp/random-dither" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$tmp/prefix" > "$tmp/random-dither-configure.log"
cmake --build "$tmp/random-dither" > "$tmp/random-dither-build.log"
if command -v xvfb-run > /dev/null; then
  xvfb-run -a -s "-screen 0 640x480x24" "$tmp/random-dither/glrand_random_dither" --size 64x32 --frames 2 \
    --screenshot "$tmp/random-dither.ppm" | tee "$tmp/random-dither.txt"
  grep -q "^mrg32k3a 2 frames" "$tmp/random-dither.txt"
  echo "check-package: examples/random_dither ran under Xvfb against the installed library"
else
  echo "check-package: no xvfb-run: examples/random_dither built, not run"
fi

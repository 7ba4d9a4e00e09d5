#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian (bookworm) packages glrand builds and tests with. Idempotent: packages
# already present are left alone and nothing is fetched from outside Debian's archive.
#
# Opt-in, off by default: `--with-mkl` (or GLRAND_WITH_MKL=1 in the environment, which passes
# through scripts/build.sh, run.sh and test.sh) also installs Intel MKL, Debian's non-free
# package libmkl-rt (about 750 MB installed), for `glrand bench --path mkl` and the mkl tests.
# It enables Debian's non-free component for that alone, in its own sources file
# (/etc/apt/sources.list.d/glrand-mkl-non-free.sources), and answers no to making MKL the
# system's default BLAS/LAPACK. glrand finds MKL at run time; nothing else changes.
set -euo pipefail

with_mkl=${GLRAND_WITH_MKL:-0}
for arg in "$@"; do
  case "$arg" in
    --with-mkl) with_mkl=1 ;;
    *) echo "setup-debian.sh: unknown option '$arg' (known: --with-mkl)" >&2; exit 2 ;;
  esac
done
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"

packages=(
  build-essential cmake ninja-build pkg-config git
  libegl-dev libgl-dev libopengl-dev libegl-mesa0 libgl1-mesa-dri  # glvnd + Mesa llvmpipe
  libglew-dev libglfw3-dev                                        # GL entry points, windows
  glslang-dev glslang-tools spirv-tools                           # shader validation, ps30 checker
  spirv-cross libspirv-cross-c-shared-dev                         # hostile-arithmetic test build
  libcli11-dev libfmt-dev libpng-dev catch2                        # CLI, text, PNG, tests
  libboost-math-dev                                               # distributions' normal quantile
  libmpfr-dev                                                     # the distributions' correctly rounded reference (tests; 4.2 or later)
  libopenmpi-dev openmpi-bin                                      # glrand generate under mpirun (docs/mpi.md)
  libdieharder-dev                                                # `glrand test` (with GSL)
  xvfb xauth                                                      # `glrand view` tests
  python3-dev pybind11-dev python3-numpy                          # the Python module
  python3-pytest python3-venv python3-setuptools python3-wheel python3-pip  # its tests, pip install
  python3-matplotlib                                              # examples/python's picture
)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "setup: all ${#packages[@]} packages present"

if [[ $with_mkl == 1 ]] && ! installed libmkl-rt; then
  . /etc/os-release
  sources=/etc/apt/sources.list.d/glrand-mkl-non-free.sources
  # Unless non-free is enabled already (a second entry for it would make apt warn).
  if [[ ! -e $sources ]] &&
     ! grep -rqsE '^(Components:|deb ).*[[:space:]]non-free([[:space:]]|$)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "setup: enabling Debian's non-free component for Intel MKL only ($sources)"
    printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: non-free\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "${VERSION_CODENAME:-bookworm}" | $sudo tee "$sources" >/dev/null
  fi
  echo "setup: installing Intel MKL (libmkl-rt, non-free, about 750 MB)"
  echo "libmkl-rt libmkl-rt/use-as-default-blas-lapack boolean false" | $sudo debconf-set-selections
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libmkl-rt >/dev/null
fi
if [[ $with_mkl == 1 ]]; then echo "setup: Intel MKL present (libmkl-rt)"; fi

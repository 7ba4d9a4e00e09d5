#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Downloads the Python the module is built for (Debian 12's Python 3.11, NumPy 1.24, and
# pytest with what it needs) as Debian packages into a folder, for a GPU machine whose own
# Python is another version (the module is built for this machine's): bench/gpu/setup.sh
# unpacks them into a private prefix there, touching nothing of the machine's.
#
#   usage: fetch-python-runtime.sh [DIR]      (default DIR: .gpu/python-debs)
set -euo pipefail
dir=${1:-.gpu/python-debs}
mkdir -p "$dir"
cd "$dir"
apt-get download python3.11-minimal libpython3.11-minimal libpython3.11-stdlib python3-numpy libblas3 liblapack3 \
  libgfortran5 python3-pytest python3-pluggy python3-iniconfig python3-packaging python3-attr \
  python3-more-itertools python3-py python3-exceptiongroup python3-tomli 2>&1 | grep -v -e '^Get:' -e '^W:' || true
ls -1 ./*.deb

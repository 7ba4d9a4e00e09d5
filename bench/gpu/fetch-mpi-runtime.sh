#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Downloads the Open MPI that glrand is built with here (Debian 12's 4.1.4, with PMIx, hwloc,
# libevent and the transports its components load) as Debian packages into a folder, for a
# GPU machine that has no MPI: bench/gpu/setup.sh unpacks them into a private prefix there and
# points Open MPI at it (OPAL_PREFIX, PMIX_INSTALL_PREFIX), touching nothing of the machine's.
#
#   usage: fetch-mpi-runtime.sh [DIR]      (default DIR: .gpu/mpi-debs)
set -euo pipefail
dir=${1:-.gpu/mpi-debs}
mkdir -p "$dir"
cd "$dir"
apt-get download openmpi-bin openmpi-common libopenmpi3 libpmix2 libhwloc15 libevent-core-2.1-7 \
  libevent-pthreads-2.1-7 libevent-2.1-7 libfabric1 libucx0 libibverbs1 librdmacm1 libpsm2-2 libpsm-infinipath1 \
  libnl-3-200 libnl-route-3-200 libxnvctrl0 libmunge2 libnuma1 libpciaccess0 libxml2 libicu72 ocl-icd-libopencl1 \
  2>&1 | grep -v -e '^Get:' -e '^W:' -e '^Fetched' || true
ls -1 ./*.deb

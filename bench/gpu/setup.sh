# SPDX-License-Identifier: MIT
# Sourced by bench/gpu/run.sh and bench/gpu/run-quality-full.sh on the GPU machine, in the
# repository root with .gl and .gpu carried (bench/gpu/prepare-bundle.sh): installs glvnd's
# GL loaders from .gl, points the loader at the bundled libraries and, where the machine has
# it, at cuRAND's (not bundled: too large), and sets B to the bundled executables.
B=$PWD/.gpu/bin
# prepare-bundle.sh --xz carries the executables and libraries in one archive.
if [[ -f .gpu/bundle.tar.xz && ! -d .gpu/bin ]]; then tar -C .gpu -xJf .gpu/bundle.tar.xz; fi
# The GPU machine lacks glvnd's dispatch libraries (bench/gpu/fetch-gl-runtime.sh); a machine that
# has them keeps its own (sourcing this here by mistake once put libvulkan into /usr/lib).
if ! ldconfig -p | grep -q 'libEGL\.so\.1 '; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done 2>/dev/null
  ldconfig
fi
curand=$(ldconfig -p | awk '/libcurand\.so\.[0-9]/ {print $NF; exit}')
[[ -n $curand ]] || curand=$(ls /usr/local/cuda*/lib64/libcurand.so.* /usr/local/cuda*/targets/*/lib/libcurand.so.* 2>/dev/null | head -1)
export LD_LIBRARY_PATH=$PWD/.gpu/lib${curand:+:$(dirname "$curand")}

# PY: the Python the module was built for, with NumPy and pytest, from the Debian packages
# carried in .gpu/python-debs (bench/gpu/fetch-python-runtime.sh), unpacked into a private
# prefix; the bundled module (.gpu/python/glrand) on its path. Unset without them.
if [[ -d .gpu/python-debs ]]; then
  pyroot=/tmp/glrand-python
  if [[ ! -x $pyroot/usr/bin/python3.11 ]]; then
    for f in .gpu/python-debs/*.deb; do dpkg -x "$f" "$pyroot"; done
  fi
  pylib=$pyroot/usr/lib/x86_64-linux-gnu
  PY=(env "PYTHONHOME=$pyroot/usr" "PYTHONPATH=$pyroot/usr/lib/python3/dist-packages:$PWD/.gpu/python"
      PYTHONDONTWRITEBYTECODE=1 "LD_LIBRARY_PATH=$pylib/blas:$pylib/lapack:$pylib:$LD_LIBRARY_PATH"
      "$pyroot/usr/bin/python3.11")
fi

# run_header: the date and the GPU with its driver, at the top of each log.
run_header() {
  echo "== date"; date -u
  echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version --format=csv
}

# run_test NAME LINES COMMAND...: a test executable's last LINES lines of output and its exit
# status, under a "== NAME" heading; where it fails, first each failure Catch2 reports with its
# case and messages (up to 200 lines), which a short tail would cut off.
run_test() {
  local name=$1 lines=$2 log status
  shift 2
  log=$(mktemp)
  echo "== $name"
  "$@" > "$log" 2>&1
  status=$?
  if [[ $status -ne 0 ]] && grep -q 'FAILED:' "$log"; then
    echo "== failures"
    grep -B 6 -A 14 'FAILED:' "$log" | head -200
    echo "== last $lines lines"
  fi
  tail -"$lines" "$log"
  rm -f "$log"
  echo "== exit status $status"
}

# hash_paths N ARGS...: N outputs of `glrand generate ARGS` as integers from --path cuda and
# --path cpu, each hashed with sha256sum and timed.
hash_paths() {
  local n=$1 path start
  shift
  for path in cuda cpu; do
    echo "== glrand generate $* --path $path -n $n --format ints -o - | sha256sum"
    start=$(date +%s.%N)
    "$B/glrand" generate "$@" --path "$path" -n "$n" --format ints -o - 2>/tmp/err | sha256sum
    cat /tmp/err
    awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "   (%.1f s)\n", b - a }'
  done
}

# MPIRUN: Open MPI's mpirun from the Debian packages carried in .gpu/mpi-debs
# (bench/gpu/fetch-mpi-runtime.sh), unpacked into a private prefix and relocated there (dpkg -x
# makes no alternatives, so its mpirun is orterun); else the machine's own. Unset without either.
MPIRUN=()
if [[ -d .gpu/mpi-debs ]] && ! command -v mpirun >/dev/null; then
  mpiroot=/tmp/glrand-mpi
  if [[ ! -x $mpiroot/usr/bin/orterun ]]; then
    for f in .gpu/mpi-debs/*.deb; do dpkg -x "$f" "$mpiroot"; done
  fi
  export OPAL_PREFIX=$mpiroot/usr PMIX_INSTALL_PREFIX=$mpiroot/usr/lib/x86_64-linux-gnu/pmix2
  export OMPI_MCA_mca_base_param_files=$mpiroot/etc/openmpi/openmpi-mca-params.conf
  export PATH=$mpiroot/usr/bin:$PATH
  export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$mpiroot/usr/lib/x86_64-linux-gnu/openmpi/lib:$mpiroot/usr/lib/x86_64-linux-gnu
  MPIRUN=(orterun)
elif command -v mpirun >/dev/null; then
  MPIRUN=(mpirun)
fi
if ((${#MPIRUN[@]})); then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  MPIRUN+=(--oversubscribe)
fi

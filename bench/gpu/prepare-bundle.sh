#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Prepares a run on the lent NVIDIA GPU machine (see bench/README.md): builds here
# into build-gpu/, copies the executables and the shared libraries they need (bar the C/C++
# runtime and the GL/EGL/CUDA driver libraries) into .gpu/, and fetches glvnd's GL loaders
# as Debian packages into .gl/. Both folders are git-ignored; carry them to the machine and
# run the driver there: bash bench/gpu/run.sh SUITE... (tests, hashes, readback, bench, paths,
# sweep, clock-probe, quality-full, command-checks; bench/README.md says what each runs). With
# MPI built in, Open MPI's runtime comes along (.gpu/mpi-debs; setup.sh sets MPIRUN).
#
# Usage: prepare-bundle.sh [--xz] [EXECUTABLE...]. EXECUTABLEs (paths in the build tree, such
# as glrand tests/gl_tests) choose what goes, instead of the whole list below, which is more
# than the 64 MiB carry holds; --xz packs .gpu's executables and libraries into one archive,
# .gpu/bundle.tar.xz (about a third of their size), which setup.sh unpacks on the machine.
set -euo pipefail
xz=0
if [[ ${1:-} == --xz ]]; then
  xz=1
  shift
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
"$root/scripts/setup-debian.sh"
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
executables=(glrand bench_fragment bench_gl_readback bench_library tests/gl_tests tests/unit_tests tests/cli_tests)
# The CUDA path's test and bench executables exist when nvcc was found (GLRAND_CUDA).
grep -q '^GLRAND_CUDA:BOOL=ON' build-gpu/CMakeCache.txt && executables+=(bench_cuda bench_pi bench_sink tests/cuda_gpu_tests tests/mt19937_gpu_test
                                                                     tests/gl_interop_gpu_test tests/cli_gpu_tests)
(($# > 0)) && executables=("$@")
# The Python module, where built (cmake/Python.cmake).
python_module=$(ninja -C build-gpu -t targets all | grep -q '^glrand_python:' && echo glrand_python || true)
cmake --build build-gpu --target "${executables[@]##*/}" $python_module
rm -rf .gpu && mkdir -p .gpu/bin
for e in "${executables[@]}"; do cp "build-gpu/$e" .gpu/bin/; done
modules=()
if [[ -n $python_module && -d build-gpu/python/glrand ]]; then
  mkdir -p .gpu/python/glrand
  cp build-gpu/python/glrand/*.py build-gpu/python/glrand/_glrand*.so .gpu/python/glrand/
  modules=(.gpu/python/glrand/_glrand*.so)
  # The machine's own Python may be another version: the module's, from Debian's packages.
  bench/gpu/fetch-python-runtime.sh .gpu/python-debs >/dev/null
fi
# Symbols are not needed there, and the carry limit is 64 MiB (Sobol32's 21,201-row table is in
# several executables).
strip .gpu/bin/* "${modules[@]}"
bench/gpu/bundle-libs.sh .gpu .gpu/bin/* "${modules[@]}" >/dev/null
# bundle-libs.sh leaves out every libGL* (the driver's), which also drops GLEW: add it.
cp -L "$(ldd .gpu/bin/glrand | awk '/libGLEW/ {print $3}')" .gpu/lib/
# bench/memory.sh's GNU time (TIME=.gpu/bin/gnu-time there), where this machine has one.
[[ -x /usr/bin/time ]] && cp /usr/bin/time .gpu/bin/gnu-time
# A glrand with MPI runs under mpirun there: Open MPI's runtime, from Debian's packages.
if ldd .gpu/bin/glrand | grep -q libmpi; then bench/gpu/fetch-mpi-runtime.sh .gpu/mpi-debs >/dev/null; fi
# libcurand (about 100 MB) is too large to carry; the GPU machine has CUDA 13's (setup.sh finds it).
rm -f .gpu/lib/libcurand*
[[ -d .gl ]] || bench/gpu/fetch-gl-runtime.sh .gl >/dev/null
if ((xz)); then
  tar -C .gpu -cf - bin lib | xz -T0 -6 > .gpu/bundle.tar.xz
  rm -rf .gpu/bin .gpu/lib
fi
grep -qx '/.gpu/' .git/info/exclude 2>/dev/null || echo '/.gpu/' >> .git/info/exclude
grep -qx '/.gl/' .git/info/exclude 2>/dev/null || echo '/.gl/' >> .git/info/exclude
du -sh .gpu .gl

#!/usr/bin/env bash
# How the timing programs of this folder were built, in the repository root with the build of
# the tree under test in build/ (libglrand.a): old_jump.cu is 8f7d4a5's jump kernel in a
# namespace of its own; slice_W.cu (jump_variants only) the library's nibble-pattern kernel
# with W coefficient words a slice, as first written (kSliceWords = 32 in the tree then).
set -eu
w=${1:?scratch directory}
mkdir -p "$w"
git show 8f7d4a5:host/cuda/mt19937_jump.cu |
  sed -e 's/^namespace glrand::cuda {$/namespace glrand::cuda::old_jump {/' \
      -e 's|^}  // namespace glrand::cuda$|}  // namespace glrand::cuda::old_jump|' > "$w/old_jump.cu"
for v in 32 24 16 12 8; do
  sed -e "s/constexpr unsigned kSliceWords = [0-9]*;/constexpr unsigned kSliceWords = $v;/" \
      -e "s/^namespace glrand::cuda {/namespace glrand::cuda::slice_$v {/" \
      -e "s|}  // namespace glrand::cuda\$|}  // namespace glrand::cuda::slice_$v|" host/cuda/mt19937_jump.cu > "$w/slice_$v.cu"
done
flags=(-DFMT_SHARED -DGLRAND_HAVE_CUDA=1 -I"$PWD/host/include" -I"$PWD/build/generated/include" -I"$PWD/host"
       -isystem=/usr/local/cuda/include -O3 -DNDEBUG -arch=sm_90 --expt-relaxed-constexpr -std=c++20)
libs=(-L/usr/local/cuda/targets/x86_64-linux/lib build/libglrand.a /usr/local/cuda/lib/libcudart_static.a
      /usr/lib/x86_64-linux-gnu/libfmt.so.9.1.0 -ldl -lrt -lpthread)
here=$(dirname "$0")
for f in old_jump slice_32 slice_24 slice_16 slice_12 slice_8; do nvcc "${flags[@]}" -c "$w/$f.cu" -o "$w/$f.o"; done
for f in jump_timing jump_variants fill_shapes; do nvcc "${flags[@]}" -c "$here/$f.cu" -o "$w/$f.o"; done
c++ -O3 "$w/jump_timing.o" "$w/old_jump.o" -o "$w/jump_timing" "${libs[@]}"
c++ -O3 "$w/jump_variants.o" "$w/old_jump.o" "$w"/slice_*.o -o "$w/jump_variants" "${libs[@]}"
c++ -O3 "$w/fill_shapes.o" "$w/old_jump.o" -o "$w/fill_shapes" "${libs[@]}"

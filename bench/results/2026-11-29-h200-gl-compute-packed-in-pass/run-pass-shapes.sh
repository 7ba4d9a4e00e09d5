# MRG32k3a's compute pass shapes: pass_shape_times.cpp, built on the 2-core machine beside this
# tree's build:
#   c++ -std=c++20 -O2 -Ihost -Ihost/include -Ibuild/generated/include pass_shape_times.cpp \
#     -o pass-shapes build/libglrand.a -lEGL -lOpenGL -lGLEW -lfmt \
#     /usr/local/cuda/lib64/libcudart_static.a -ldl -lrt -lpthread
# then on the GPU machine, twice, with MRG32k3a's compute sink rows (the ceiling) between.
source bench/gpu/setup.sh >/dev/null 2>&1
exec > $OUT/pass-shapes.log 2>&1
run_header
for r in 1 2; do
  echo "== round $r: pass-shapes 134217728 ..."
  $B/pass-shapes 134217728 65536:64 65536:128 65536:256 65536:512 131072:128 131072:256 32768:512 32768:1024 16384:1024 16384:2048
  echo "== round $r: pass-shapes 1073741824 ..."
  $B/pass-shapes 1073741824 65536:64 65536:256 65536:512 32768:1024
  echo "== round $r: glrand bench --path gl --profile compute -g mrg32k3a --sinks null --sizes 134217728 --repeats 3"
  $B/glrand bench --path gl --profile compute -g mrg32k3a --sinks null --sizes 134217728 --repeats 3 2>&1 | grep "|"
done

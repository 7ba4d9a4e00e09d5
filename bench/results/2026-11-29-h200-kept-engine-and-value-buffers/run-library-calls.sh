# Built on the 2-core machine beside this tree's build:
#   c++ -std=c++20 -O2 -Ihost/include library_call_times.cpp -o .gpu/percall build/libglrand.a \
#     -lEGL -lOpenGL -lGLEW -lfmt /usr/local/cuda/lib/libcudart_static.a -ldl -lrt -lpthread
# then on the GPU machine (the last three calls of six printed):
source bench/gpu/setup.sh >/dev/null 2>&1
for g in pm wh mrg32k3a ceicg; do for n in 4194304 134217728; do .gpu/percall $g $n | tail -3 | tr '\n' ' '; echo; done; done
for g in mrg32k3a ceicg; do .gpu/percall $g 134217728 shared | tail -3 | tr '\n' ' '; echo; done
$B/glrand bench --path gl --profile compute -g mrg32k3a --sinks null --sink-formats ints --sizes 134217728,1073741824 --repeats 3 2>&1 | grep "|"

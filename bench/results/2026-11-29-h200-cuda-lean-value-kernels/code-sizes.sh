#!/usr/bin/env bash
# code-sizes.sh CUBIN...: the code bytes (the .text section) of each value kernel of float
# values in each cubin, by kernel, Made and kind (and, where the kernel has it, kFloat).
# Cubins from: nvcc -arch=sm_90 -O3 -cubin host/cuda/<generator>_kernel.cu (with the project's
# include paths and flags).
for c in "$@"; do
  readelf -SW "$c" 2>/dev/null | awk '/\.text\./ {print $6, $2}' | while read -r size name; do
    d=$(echo "${name#.text.}" | c++filt | sed 's/(anonymous namespace):: //g; s/(anonymous namespace):: *//g')
    kernel=$(echo "$d" | grep -o '^void [A-Za-z0-9_:()]*' | sed 's/.*:://')
    value=$(echo "$d" | grep -o 'ValueOf<[^>]*>' | head -1 | sed 's/glrand:://g; s/cuda:://g')
    [[ $value == *", float, "* ]] || continue
    echo "$(basename "$c") $kernel $value $((16#$size))"
  done
done

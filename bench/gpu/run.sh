#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The GPU machine's driver. Here: bench/gpu/prepare-bundle.sh (builds, bundles the executables
# into .gpu/ and the GL loaders into .gl/); there, with .gl and .gpu carried, in the repository
# root:
#   bash bench/gpu/run.sh SUITE [SUITE...]
# runs the named suites in order, each writing its log under $OUT (default ./out). Settings
# come from the environment; integers, not 1e9 or 2^30, where a count is asked for.
#
#   tests           glrand version and info (every self-test), the unit, GL and command tests
#                   with the bundled glrand, and where CUDA was built the CUDA GPU tests,
#                   MT19937's kernel test, CUDA-GL interop and the command's GPU tests: tests.log
#   hashes          COUNT (default 10^9) outputs of every generator from --path cuda and
#                   --path cpu, hashed and timed, seeds, offsets, sets and dimensions included: hashes.log
#   readback        the GL tests; COUNT (default 10^8) outputs of every GL generator in every
#                   profile, split and state update, --path gl against --path cpu: readback.log
#   bench           bench_fragment (CEICG and the ps30 stateful generators beside the fill
#                   rate), bench_cuda, bench_pi, and bench_cuda's SASS where cuobjdump is:
#                   bench-fragment.log, bench-cuda.md, bench-pi.md, bench_cuda.sass
#   paths           glrand bench --path gl,cuda,cpu --sizes SIZES (default 2^16,2^20,2^24,2^26),
#                   then --path cuda at its default 2^28: bench-paths.{md,csv},
#                   bench-cuda-default.{md,csv} (plot here: python3 bench/plot.py FILE.csv)
#   sweep           the 2006 paper's open questions: bench_fragment's ps30 stateful rows over
#                   2^12..2^22 substreams, both state updates, OUTPUTS (default 2^25) outputs
#                   end to end: substream-sweep.md (plot here: bench/plot_sweep.py)
#   clock-probe     SM clock and board power while each bench_cuda row runs REPEATS (default
#                   20000) launches; ROWS: parts of row names separated by ';' (default: the
#                   write-only kernel and the generators near it): clock-probe.md
#   quality-full    the full dieharder battery: bench/gpu/run-quality-full.sh "$SEEDS"
#                   $GENERATORS (SEEDS: which of each generator's five seeds, default 1;
#                   GENERATORS: default its five): quality-full.log, quality-full/
#   baseline        every generator on every path and profile, COUNT (default 10^8) outputs as
#                   ints and COUNT/10 as f32 and f64, from this glrand and from an earlier one
#                   (.gpu/bin/glrand-before), hashed and timed: the same bits after a change of
#                   the code around the kernels: baseline.log
#   command-checks  the command's tests with the bundled glrand (outputs that are not regular
#                   files, signals, progress, exit statuses), the GL and CUDA tests, and the
#                   main job's time beside .gpu/bin/glrand-before where the bundle has one:
#                   command-checks.log
#   end-to-end      what a user of the command gets: `glrand generate -n COUNT` (default 2^28)
#                   of each generator on --path cuda and on the GL path (compute profile, and
#                   ps30's default layout for pm, wh, mrg32k3a), as ints, f32 and f64, into
#                   /dev/null, a tmpfs file and a pipe, each beside the same bytes moved
#                   without generating (CUDA: bench_sink, copied from the GPU and written by
#                   the command's output classes; GL: dd from /dev/zero into the sink), and
#                   glrand bench's readback rows, from this glrand and from
#                   .gpu/bin/glrand-before where the bundle has one: end-to-end.md
#   sinks           glrand bench --sinks: `glrand generate`'s own writer, COUNT (default 2^27)
#                   outputs of every generator on PATHS (default cuda,gl where CUDA was built)
#                   and on the GL path in PROFILES
#                   (default compute) as ints, f32 and f64 into SINKS (default null, pipe, tmpfs,
#                   tmpfs.npy, file, file.npy; file sinks in $OUT/sink-files, removed after each
#                   run), each beside the same bytes moved over the same link into the same sink
#                   without generating; REPEATS (default 3): bench-sinks.{md,csv}
#   user-rows       the command lines a user runs, 10^9 outputs each (COUNT): `glrand generate`
#                   on --path cuda into a disk file, tmpfs and /dev/null (ints, f32, f64), on
#                   the GL path's defaults (ps30, f32 and ints), --path cpu's f64, glrand bench's
#                   GL compute and MT19937/MTGP32 readback rows and cuRAND's host pipeline,
#                   from .gpu/bin/glrand-before and this glrand in one call, beside dd's rates
#                   into the same sinks and NumPy's PCG64 on one core (where the bundle has
#                   Python); REPEATS (default 1) runs of each, the median: user-rows.md
#   python          the Python module (.gpu/python, run by Debian's Python from
#                   .gpu/python-debs: see setup.sh): its pytest suite with the CUDA cases (not
#                   the pip install and matplotlib example tests, which need a build machine),
#                   then bench/python/bench_python.py: glrand.generate() and
#                   Generator.random(out=) beside the C++ API's same calls (bench_library) and
#                   NumPy's PCG64, GENERATORS (default pm,mrg32k3a) on cpu, gl and cuda, COUNT
#                   (default 10^9) outputs, REPEATS (default 5): python-tests.log, bench-python.md
#
# A command on the GPU machine may run 10 minutes: give a slow suite (hashes at 10^9,
# quality-full) a call of its own.
set -uo pipefail
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
export OUT
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.." || exit 2
suites="tests hashes readback bench paths sweep clock-probe quality-full baseline command-checks end-to-end sinks user-rows python"
if (($# == 0)); then
  echo "usage: bash bench/gpu/run.sh SUITE [SUITE...]; suites: $suites (see the comment at the top)" >&2
  exit 2
fi
for suite in "$@"; do
  [[ " $suites " == *" $suite "* ]] || { echo "run.sh: unknown suite '$suite'; suites: $suites" >&2; exit 2; }
done
# shellcheck source=bench/gpu/setup.sh
source "$here/setup.sh"
[[ -x $B/glrand ]] || { echo "run.sh: $B/glrand is missing: run bench/gpu/prepare-bundle.sh here and carry .gpu and .gl" >&2; exit 2; }

# Whether the bundle holds the CUDA executables (prepare-bundle.sh adds them when nvcc was found).
has_cuda() { [[ -x $B/cuda_gpu_tests ]]; }

suite_tests() {
  run_header
  "$B/glrand" version
  run_test "glrand info (devices, every self-test, CUDA)" 200 "$B/glrand" info
  run_test unit_tests 2 "$B/unit_tests"
  run_test gl_tests 3 "$B/gl_tests"
  # Sobol32's CLI tests read Joe and Kuo's file from the build machine's source path; the
  # dieharder tests run on the CPU path, as in CI.
  run_test "cli_tests, the bundled glrand on the GPU (not [sobol32], [quality])" 4 \
    env GLRAND_EXE="$B/glrand" "$B/cli_tests" "~[sobol32]~[quality]"
  if has_cuda; then
    run_test cuda_gpu_tests 30 "$B/cuda_gpu_tests" --durations yes
    run_test mt19937_gpu_test 16 "$B/mt19937_gpu_test"
    run_test gl_interop_gpu_test 10 "$B/gl_interop_gpu_test"
    run_test cli_gpu_tests 20 env GLRAND_EXE="$B/glrand" "$B/cli_gpu_tests" --durations yes
  else
    echo "== no CUDA executables in the bundle: CUDA tests left out"
  fi
}

suite_hashes() {
  local count=${COUNT:-1000000000}
  has_cuda || { echo "== no CUDA executables in the bundle: nothing to compare --path cpu with"; return 1; }
  run_header
  hash_paths "$count" -g pm
  hash_paths "$count" -g wh
  hash_paths "$count" -g wh --wh-set 272 --seed 777 --offset 2^40
  hash_paths "$count" -g wh --split parameterisation --substreams 273
  hash_paths "$count" -g wh --split parameterisation --substreams 7 --wh-set 100 --seed 5,6,7,8 --offset 2^40
  hash_paths "$count" -g ceicg
  hash_paths "$count" -g mrg32k3a
  hash_paths "$count" -g mrg32k3a --curand-seed 1234 --offset 2^40
  hash_paths "$count" -g mt19937
  hash_paths "$count" -g mt19937 --seed 4357 --offset 2^40
  # Sobol32 with D dimensions: -n a multiple of D (whole points).
  hash_paths "$count" -g sobol32
  hash_paths $((count / 7 * 7)) -g sobol32 --dimensions 7
  hash_paths "$count" -g sobol32 --offset 2^31
  hash_paths $((count / 20000 * 20000)) -g sobol32 --dimensions 20000
  hash_paths $((count / 21201 * 21201)) -g sobol32 --dimensions 21201 --offset 2^31
  hash_paths "$count" -g mtgp32
  hash_paths "$count" -g mtgp32 --seed 1234 --offset 2^33
  echo "== f64 .npy files, --path cuda against --path cpu (mrg32k3a, 10^7 outputs)"
  "$B/glrand" generate -g mrg32k3a -n 1e7 --format f64 --path cuda -q -o /tmp/cuda.npy
  "$B/glrand" generate -g mrg32k3a -n 1e7 --format f64 --path cpu -q -o /tmp/cpu.npy
  cmp /tmp/cuda.npy /tmp/cpu.npy && echo "identical"
  rm -f /tmp/cuda.npy /tmp/cpu.npy
}

# gl_vs_cpu COUNT PROFILE "SEQUENCE ARGS" [LAYOUT ARGS...]: COUNT outputs from --path gl in
# PROFILE with both kinds of arguments against --path cpu with the sequence's arguments only
# (the CPU path refuses the GL path's layout options), each hashed.
gl_vs_cpu() {
  local count=$1 profile=$2 a b source
  read -ra source <<< "$3"
  shift 3
  a=$("$B/glrand" generate "${source[@]}" "$@" --path gl --profile "$profile" -n "$count" --format ints -q -o - |
      sha256sum | cut -c1-16) || a="failed"
  b=$("$B/glrand" generate "${source[@]}" --path cpu -n "$count" --format ints -q -o - | sha256sum | cut -c1-16) ||
    b="failed"
  echo "$([[ $a == "$b" && $a != failed ]] && echo same || echo DIFFERENT) $a $b: ${source[*]} --profile $profile${*:+ $*}"
}

# hash_of EXE ARGS...: the first 16 hex digits of sha256 of `EXE generate ARGS -q -o -`, and
# its seconds.
hash_of() {
  local exe=$1 start hash
  shift
  start=$(date +%s.%N)
  hash=$("$exe" generate "$@" -q -o - | sha256sum | cut -c1-16) || hash=failed
  echo "$hash $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')"
}

suite_baseline() {
  local count=${COUNT:-100000000} g path format n before after tb ta
  [[ -x $B/glrand-before ]] || { echo "== no .gpu/bin/glrand-before to compare with"; return 1; }
  run_header
  echo "== glrand-before: $("$B/glrand-before" --version | head -2 | tr '\n' ' ')"
  echo "== glrand:        $("$B/glrand" --version | head -2 | tr '\n' ' ')"
  echo "== verdict, hash before, hash after, seconds before, seconds after: arguments"
  for g in ceicg pm wh mrg32k3a mt19937 sobol32 mtgp32; do
    for path in cpu cuda gl-ps30 gl-scatter gl-compute; do
      [[ $path == gl-* && $g =~ ^(mt19937|sobol32|mtgp32)$ ]] && continue
      [[ $path == cuda ]] && ! has_cuda && continue
      local where=(--path "$path")
      [[ $path == gl-* ]] && where=(--path gl --profile "${path#gl-}")
      for format in ints f32 f64; do
        n=$count
        [[ $format != ints ]] && n=$((count / 10))
        read -r before tb <<< "$(hash_of "$B/glrand-before" -g "$g" "${where[@]}" -n "$n" --format "$format")"
        read -r after ta <<< "$(hash_of "$B/glrand" -g "$g" "${where[@]}" -n "$n" --format "$format")"
        echo "$([[ $before == "$after" && $after != failed ]] && echo same || echo DIFFERENT) $before $after $tb $ta:" \
             "-g $g ${where[*]} -n $n --format $format"
      done
    done
  done
}

suite_readback() {
  local count=${COUNT:-100000000} g profile
  run_header
  run_test gl_tests 4 "$B/gl_tests"
  echo "== $count outputs, --path gl against --path cpu"
  for g in pm wh mrg32k3a ceicg; do
    for profile in ps30 scatter compute; do gl_vs_cpu "$count" "$profile" "-g $g"; done
  done
  for g in pm wh mrg32k3a; do
    gl_vs_cpu "$count" ps30 "-g $g" --split blocking
    gl_vs_cpu "$count" ps30 "-g $g" --state-update cpu
    gl_vs_cpu "$count" ps30 "-g $g" --substreams 16777216
  done
  # WH's parameterisation is another sequence, which the CPU path gives too.
  gl_vs_cpu "$count" ps30 "-g wh --split parameterisation --substreams 273 --seed 777"
  gl_vs_cpu "$count" ps30 "-g wh --split parameterisation --substreams 273 --seed 777" --state-update cpu
  gl_vs_cpu "$count" ps30 "-g ceicg" --size 4096x4096
}

suite_bench() {
  {
    run_header
    echo "== bench_fragment --size 4096x4096 --passes 5 --repeats 5 --readback-outputs 100000000 --substreams 1048576 --stateful-outputs 268435456"
    "$B/bench_fragment" --size 4096x4096 --passes 5 --repeats 5 --readback-outputs 100000000 --substreams 1048576 \
      --stateful-outputs 268435456
    echo "== bench_fragment --size 1024x1024 --passes 20 --repeats 7 --readback-outputs 100000000"
    "$B/bench_fragment" --size 1024x1024 --passes 20 --repeats 7 --readback-outputs 100000000
  } 2>&1 | tee "$OUT/bench-fragment.log"
  has_cuda || { echo "== no CUDA executables in the bundle: bench_cuda and bench_pi left out"; return 0; }
  "$B/bench_cuda" 2>&1 | tee "$OUT/bench-cuda.md"
  "$B/bench_pi" 2>&1 | tee "$OUT/bench-pi.md"
  local objdump
  objdump=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
  if [[ -n $objdump ]]; then
    "$objdump" -sass "$B/bench_cuda" > "$OUT/bench_cuda.sass" 2>&1
    ls -la "$OUT/bench_cuda.sass"
  else
    echo "no cuobjdump on this machine: no SASS"
  fi
}

suite_paths() {
  local sizes=${SIZES:-2^16,2^20,2^24,2^26}
  {
    run_header
    echo "== glrand bench --path gl,cuda,cpu --sizes $sizes"
    "$B/glrand" bench --path gl,cuda,cpu --sizes "$sizes" --csv "$OUT/bench-paths.csv"
  } 2>&1 | tee "$OUT/bench-paths.md"
  "$B/glrand" bench --path cuda --csv "$OUT/bench-cuda-default.csv" 2>&1 | tee "$OUT/bench-cuda-default.md"
}

suite_sweep() {
  local outputs=${OUTPUTS:-33554432} k
  {
    run_header
    for k in 12 14 16 18 20 22; do
      echo "== bench_fragment --size 256x256 --passes 3 --repeats 3 --readback-outputs 0 --substreams $((1 << k)) --stateful-outputs $outputs"
      "$B/bench_fragment" --size 256x256 --passes 3 --repeats 3 --readback-outputs 0 --substreams $((1 << k)) \
        --stateful-outputs "$outputs" 2>&1 | sed -n '/## Stateful/,$p'
    done
  } 2>&1 | tee "$OUT/substream-sweep.md"
}

suite_clock_probe() {
  local repeats=${REPEATS:-20000} rows row sampler result busy n clock power
  rows=("write-only kernel" "write-only in MRG32k3a's pattern" "Park-Miller"
        "MRG32k3a, base-8 jump table, doubles for m2, chunks of 128"
        "segments x 192 generators (host jumps" "MT19937, a segment per warp" "Sobol32, 1 dimension"
        "cuRAND PHILOX4_32_10")
  [[ -n ${ROWS:-} ]] && IFS=';' read -ra rows <<< "$ROWS"
  {
    run_header
    echo
    echo "| row | G outputs/s | SM clock MHz (median) | power W (median) | samples |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    for row in "${rows[@]}"; do
      nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader,nounits -lms 100 > /tmp/samples.csv &
      sampler=$!
      sleep 0.5
      result=$("$B/bench_cuda" --only "$row" --repeats "$repeats" | awk -F'|' '/^\| [^-k]/ && NR > 6 {print $5; exit}')
      kill $sampler; wait $sampler 2>/dev/null
      # Samples while the GPU was busy (power above 150 W): medians of clock and power.
      busy=$(awk -F', ' '$2 > 150' /tmp/samples.csv)
      n=$(printf '%s\n' "$busy" | grep -c .)
      clock=$(printf '%s\n' "$busy" | cut -d, -f1 | sort -n | awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]; else print "-"}')
      power=$(printf '%s\n' "$busy" | cut -d, -f2 | sort -n | awk '{v[NR] = $1} END {if (NR) printf "%.0f\n", v[int((NR + 1) / 2)]; else print "-"}')
      echo "| $row | $result | $clock | $power | $n |"
    done
  } 2>&1 | tee "$OUT/clock-probe.md"
}

suite_quality_full() {
  # shellcheck disable=SC2086  # GENERATORS: a list of names
  bash "$here/run-quality-full.sh" "${SEEDS:-1}" ${GENERATORS:-} 2>&1 | tee "$OUT/quality-full.log"
}

# The main job (scripts/run.sh) and larger runs, three times each.
three_times() {
  echo "== $(basename "$1") generate ${*:2} -o /tmp/main-job.npy"
  for _ in 1 2 3; do
    "$1" generate "${@:2}" -o /tmp/main-job.npy 2>&1 | grep -v "^glrand: no GPU"
  done
  rm -f /tmp/main-job.npy
}

suite_command_checks() {
  local exe
  run_header
  export GLRAND_EXE=$B/glrand
  "$B/glrand" version
  # Sobol32's CLI tests read Joe and Kuo's file from the build machine's source path; the
  # dieharder tests run on the CPU path, as in CI.
  run_test "cli tests, the bundled glrand on the GPU (not [sobol32], [quality])" 4 "$B/cli_tests" "~[sobol32]~[quality]"
  run_test "gl tests" 3 "$B/gl_tests"
  [[ -x $B/cli_gpu_tests ]] && run_test "cli gpu tests" 3 "$B/cli_gpu_tests"
  [[ -x $B/cuda_gpu_tests ]] && run_test "cuda gpu tests" 3 "$B/cuda_gpu_tests"
  # The main job and larger runs, an earlier glrand (.gpu/bin/glrand-before) beside this one.
  for exe in "$B/glrand-before" "$B/glrand"; do
    [[ -x $exe ]] || continue
    three_times "$exe" -g ceicg -n 1e7 --format f32
    three_times "$exe" -g ceicg -n 2e8 --format f32
    three_times "$exe" -g pm -n 2e8 --format ints
    three_times "$exe" -g pm --path cuda -n 5e8 --format ints
  done
  # Rendering calls keep the caller's GL state: the GL rows, quick shapes (the smallest
  # passes, where a call's own cost shows most), earlier and this glrand.
  for exe in "$B/glrand-before" "$B/glrand"; do
    [[ -x $exe ]] || continue
    echo "== $(basename "$exe") bench --path gl --quick"
    "$exe" bench --path gl --quick 2>&1 | grep -E "^\| gl|^gl:"
  done
  return 0  # the test executables' statuses are in the log
}

# sink_path SINK: where `generate -o` writes for a sink name (pipe: standard output).
sink_path() {
  case $1 in
    null) echo /dev/null ;;
    tmpfs) echo /dev/shm/glrand-end-to-end.bin ;;
    pipe) echo - ;;
  esac
}

# median VALUES...: the middle one (of an even count, the lower middle).
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }

# dd_ceiling BYTES TARGET [CONV]: GB/s of BYTES from /dev/zero by dd in 64 MiB blocks into
# TARGET (a file path, removed before each run and after the last unless it is /dev/null; or
# `pipe`, a pipe to cat), with dd's conv=CONV where given (fsync: synced as the command syncs
# its output files), the median of three.
dd_ceiling() {
  local bytes=$1 target=$2 conv=${3:+conv=$3} blocks rates=() start
  blocks=$(((bytes + (1 << 26) - 1) >> 26))
  for _ in 1 2 3; do
    [[ $target == pipe || $target == /dev/null ]] || rm -f "$target"
    start=$(date +%s.%N)
    if [[ $target == pipe ]]; then
      dd if=/dev/zero bs=64M count="$blocks" status=none | cat > /dev/null
    else
      dd if=/dev/zero of="$target" bs=64M count="$blocks" $conv status=none
    fi
    rates+=("$(awk -v a="$start" -v b="$(date +%s.%N)" -v n=$((blocks << 26)) 'BEGIN { printf "%.2f", n / (b - a) / 1e9 }')")
  done
  [[ $target == pipe || $target == /dev/null ]] || rm -f "$target"
  median "${rates[@]}"
}

# sink_ceiling SINK BYTES: dd_ceiling into a sink by its name.
sink_ceiling() {
  if [[ $1 == pipe ]]; then dd_ceiling "$2" pipe; else dd_ceiling "$2" "$(sink_path "$1")"; fi
}

# copy_write_ceiling SINK BYTES: GB/s of bench_sink (the same bytes copied from the GPU and
# written by the command's output classes, device opening included), the median of three.
copy_write_ceiling() {
  local sink=$1 bytes=$2 rates=() line
  for _ in 1 2 3; do
    rm -f /dev/shm/glrand-end-to-end.bin
    if [[ $sink == pipe ]]; then
      line=$( { "$B/bench_sink" "$bytes" - | cat > /dev/null; } 2>&1)
    else
      line=$("$B/bench_sink" "$bytes" "$(sink_path "$sink")" 2>&1)
    fi
    rates+=("$(sed -nE 's/.*: [0-9.]+ s \(([0-9.]+) GB\/s\), of which.*/\1/p' <<< "$line")")
  done
  rm -f /dev/shm/glrand-end-to-end.bin
  median "${rates[@]}"
}

# end_to_end_row EXE SINK FORMAT BYTES_PER_OUTPUT COUNT ARGS...: one `EXE generate ARGS
# --format FORMAT -n COUNT` into SINK, as a table row: the command's own rate (its summary
# line, three digits, from before the device opens; the process's start left out), GB/s, the
# ceiling for the same bytes (--path cuda: bench_sink's copy and write, its clock the same;
# GL: the sink's, dd's) and the rate's share of it.
end_to_end_row() {
  local exe=$1 sink=$2 format=$3 width=$4 count=$5 line rate rates=()
  shift 5
  # The median of REPEATS runs (default 3; 1 makes a call short).
  for ((r = 0; r < ${REPEATS:-3}; ++r)); do
    rm -f /dev/shm/glrand-end-to-end.bin
    if [[ $sink == pipe ]]; then
      line=$( { "$exe" generate "$@" --format "$format" -n "$count" -o - | cat > /dev/null; } 2>&1 | grep '^glrand: .* in ')
    else
      line=$("$exe" generate "$@" --format "$format" -n "$count" -o "$(sink_path "$sink")" 2>&1 | grep '^glrand: .* in ')
    fi
    # "(245 M outputs/s)" -> 245e6
    rate=$(sed -nE 's/.*\(([0-9.]+) ?([kMG]?) outputs\/s\).*/\1 \2/p' <<< "$line" |
           awk '{ m = $2 == "k" ? 1e3 : $2 == "M" ? 1e6 : $2 == "G" ? 1e9 : 1; print $1 * m }')
    rates+=("${rate:-nan}")
  done
  rm -f /dev/shm/glrand-end-to-end.bin
  rate=$(median "${rates[@]}")
  local c=${ceilings["$width $sink $count"]:-nan} key="cuda $width $sink $count"
  [[ $sink == null ]] && c=inf
  if [[ $* == *"--path cuda"* ]]; then
    [[ -n ${ceilings[$key]:-} ]] || ceilings[$key]=$(copy_write_ceiling "$sink" $((count * width)))
    [[ -n ${ceilings[$key]} ]] || ceilings[$key]=n/a  # no bench_sink in the bundle
    c=${ceilings[$key]}
  fi
  awk -v exe="$(basename "$exe")" -v args="$*" -v f="$format" -v sink="$sink" -v r="$rate" -v w="$width" -v c="$c" 'BEGIN {
        gbs = r * w / 1e9
        printf "| %s | %s | %s | %s | %.3g G/s | %.2f | %s | %s |\n", exe, args, f, sink, r / 1e9, gbs, c,
               (c + 0 > 0 && c != "inf" ? sprintf("%.0f%%", 100 * gbs / c) : "") }'
}

suite_end_to_end() {
  # Outputs per run: COUNT on --path cuda, GL_COUNT on the GL path (default 2^26: an earlier
  # glrand's ps30 default made 20-30 M/s); SINKS, BINARIES (under .gpu/bin) and PATHS (cuda,
  # gl-compute, gl-ps30) to cut a call short.
  local count=${COUNT:-268435456} gl_count=${GL_COUNT:-67108864} n sinks binaries paths
  read -ra sinks <<< "${SINKS:-null tmpfs pipe}"
  read -ra binaries <<< "${BINARIES:-glrand-before glrand}"
  paths=" ${PATHS:-cuda gl-compute gl-ps30} "
  local exe sink format width row g
  run_header
  declare -gA ceilings=()
  echo "== the device-to-host copy: glrand bench --path cuda (readback rows' memcpy ceiling) and --path gl --profile compute"
  if has_cuda; then
    "$B/glrand" bench -g pm,mt19937,mtgp32 --path cuda --sizes "$count" 2>&1 | grep -E "^\| (cuda|gl)|^\|---|^\| path"
  fi
  "$B/glrand" bench -g pm,wh,mrg32k3a --path gl --profile compute 2>&1 | grep -E "^\| gl|^\| path"
  # The GL rows' ceilings (the CUDA rows' are bench_sink's, measured as the rows need them).
  if [[ $paths == *" gl-"* ]]; then
    echo "== sinks without generating: dd from /dev/zero, GB/s, median of 3"
    for width in 4 8 12 16; do
      for sink in "${sinks[@]}"; do
        ceilings["$width $sink $gl_count"]=$(sink_ceiling "$sink" $((gl_count * width)))
        echo "$((gl_count * width)) bytes into $sink: ${ceilings["$width $sink $gl_count"]} GB/s"
      done
    done
  fi
  echo
  echo "== fixed costs: one output, each path's device opened (and GL's self-test run)"
  for row in "-g pm --path cuda" "-g pm --path gl --profile compute" "-g pm --path gl"; do
    read -ra args <<< "$row"
    echo "$row: $("$B/glrand" generate "${args[@]}" -n 1 -o /dev/null 2>&1 | grep -o ' in [0-9.]* s')"
  done
  echo
  echo "| glrand | arguments | format | sink | outputs/s | GB/s | ceiling GB/s | of the ceiling |"
  echo "|---|---|---|---|---|---|---|---|"
  for exe in "${binaries[@]/#/$B/}"; do
    [[ -x $exe ]] || continue
    local rows=()
    if has_cuda && [[ $paths == *" cuda "* ]]; then
      for g in pm wh mrg32k3a ceicg mt19937 mtgp32 sobol32; do rows+=("-g $g --path cuda"); done
    fi
    [[ $paths == *" gl-compute "* ]] && for g in pm wh mrg32k3a ceicg; do rows+=("-g $g --path gl --profile compute"); done
    [[ $paths == *" gl-ps30 "* ]] && for g in pm wh mrg32k3a; do rows+=("-g $g --path gl"); done
    for row in "${rows[@]}"; do
      read -ra args <<< "$row"
      for format in ints f32 f64; do
        width=4
        [[ $format == f64 ]] && width=8
        [[ $format == ints && $row == "-g ceicg"* ]] && width=12
        [[ $format == ints && $row == "-g wh"* ]] && width=16
        n=$count
        [[ $row == *"--path gl"* ]] && n=$gl_count
        for sink in "${sinks[@]}"; do
          end_to_end_row "$exe" "$sink" "$format" "$width" "$n" "${args[@]}"
        done
      done
    done
  done
}

suite_sinks() {
  local paths=${PATHS:-gl}
  [[ -z ${PATHS:-} ]] && has_cuda && paths=cuda,gl
  mkdir -p "$OUT/sink-files"
  run_header
  "$B/glrand" bench --path "$paths" --profile "${PROFILES:-compute}" --sinks "${SINKS:-all}" \
    --sizes "${COUNT:-134217728}" --repeats "${REPEATS:-3}" --sink-dir "$OUT/sink-files" \
    --csv "$OUT/bench-sinks.csv"
  local status=$?
  rmdir "$OUT/sink-files"
  return $status
}

# user_row EXE SINK ARGS...: one `EXE generate ARGS -o SINK`, the median of REPEATS runs of its
# own rate (the summary line), as a table row. SINK is /dev/null, which is left alone, or a
# file of the suite's own, removed before each run and after the last.
user_row() {
  local exe=$1 sink=$2 line rate rates=()
  shift 2
  for ((r = 0; r < ${REPEATS:-1}; ++r)); do
    [[ $sink == /dev/null ]] || rm -f "$sink"
    line=$("$exe" generate "$@" -o "$sink" 2>&1 | grep '^glrand: .* in ')
    rates+=("$(sed -nE 's/.*\(([0-9.]+) ?([kMG]?) outputs\/s\).*/\1 \2/p' <<< "$line" |
               awk '{ m = $2 == "k" ? 1e3 : $2 == "M" ? 1e6 : $2 == "G" ? 1e9 : 1; print $1 * m }')")
  done
  [[ $sink == /dev/null ]] || rm -f "$sink"
  rate=$(median "${rates[@]}")
  printf '| %s | `generate %s -o %s` | %s |\n' "$(basename "$exe")" "$*" "$sink" \
    "$(awk -v r="$rate" 'BEGIN { if (r == "") printf "failed"; else if (r >= 1e9) printf "%.2f G/s", r / 1e9;
                                 else printf "%.0f M/s", r / 1e6 }')"
}

suite_user_rows() {
  local count=${COUNT:-1000000000} exe sink disk=$PWD/user-rows-sink tmpfs=/dev/shm/glrand-user-rows.bin
  has_cuda || { echo "== no CUDA executables in the bundle"; return 1; }
  mkdir -p "$disk"
  run_header
  echo "== sinks without generating: dd from /dev/zero, $((count * 4)) bytes in 64 MiB blocks, GB/s, median of 3"
  for sink in "$disk/x.bin" "$tmpfs"; do
    echo "$sink: $(dd_ceiling $((count * 4)) "$sink" fsync) GB/s"
  done
  if [[ -n ${PY+set} ]]; then
    echo "== NumPy's PCG64 on one core: Generator(PCG64(1)).random($count, dtype=...), median of 3"
    "${PY[@]}" - "$count" <<'PYTHON'
import sys, time
import numpy as np
n = int(sys.argv[1])
rng = np.random.Generator(np.random.PCG64(1))
out = {np.float32: np.empty(n, np.float32), np.float64: np.empty(n, np.float64)}
for dtype, buffer in out.items():
    times = []
    for _ in range(3):
        start = time.perf_counter()
        rng.random(n, dtype=dtype, out=buffer)
        times.append(time.perf_counter() - start)
    print(f"numpy {np.__version__} PCG64 random({dtype.__name__}): {n / sorted(times)[1] / 1e6:.0f} M/s")
PYTHON
  else
    echo "== no Python in the bundle: NumPy's row left out"
  fi
  echo
  echo "| glrand | command | outputs/s |"
  echo "|---|---|---|"
  for exe in "$B/glrand-before" "$B/glrand"; do
    [[ -x $exe ]] || continue
    user_row "$exe" "$disk/x.bin" -g pm --path cuda -n "$count"
    user_row "$exe" "$tmpfs" -g mrg32k3a --path cuda -n "$count" --format ints
    user_row "$exe" "$tmpfs" -g mrg32k3a --path cuda -n "$count" --format f32
    user_row "$exe" /dev/null -g pm --path cuda -n "$count" --format f64
    user_row "$exe" /dev/null -g pm --path cpu -n "$count" --format f64
    user_row "$exe" /dev/null -g pm -n "$count" --format f32
    user_row "$exe" /dev/null -g pm -n "$count" --format ints
    user_row "$exe" /dev/null -g wh -n "$count" --format f32
    user_row "$exe" /dev/null -g mrg32k3a -n "$count" --format f32
  done
  for exe in "$B/glrand-before" "$B/glrand"; do
    [[ -x $exe ]] || continue
    echo
    echo "== $(basename "$exe") bench -g pm,wh,mrg32k3a --path gl --profile compute (readback rows)"
    "$exe" bench -g pm,wh,mrg32k3a --path gl --profile compute 2>&1 | grep -E "^\| gl .*readback|^\| path"
    echo "== $(basename "$exe") bench -g mrg32k3a,mt19937,mtgp32 --path cuda --sizes $((1 << 28)) (readback and cuRAND host rows)"
    "$exe" bench -g mrg32k3a,mt19937,mtgp32 --path cuda --sizes $((1 << 28)) 2>&1 |
      grep -E "^\| path|^\| cuda .*(readback|library|curand-host)"
  done
  rmdir "$disk"
}

suite_python() {
  [[ -n ${PY+set} && -d .gpu/python/glrand ]] ||
    { echo "== no Python module or Python in the bundle (prepare-bundle.sh adds them where pybind11 is)"; return 1; }
  run_header
  echo "== Python"; "${PY[@]}" -c "import sys, numpy, glrand; print(sys.version, numpy.__version__, glrand.__version__)"
  run_test "pytest tests/python (CUDA cases included)" 30 "${PY[@]}" -m pytest -q -rs -p no:cacheprovider \
    --ignore=tests/python/test_install.py --ignore=tests/python/test_examples.py tests/python
  echo "== bench/python/bench_python.py"
  "${PY[@]}" bench/python/bench_python.py --library "$B/bench_library" --paths cpu,gl,cuda \
    -g "${GENERATORS:-pm,mrg32k3a}" -n "${COUNT:-1000000000}" --repeats "${REPEATS:-5}" --csv "$OUT/bench-python.csv"
}

failed=()
for suite in "$@"; do
  echo "== run.sh: suite $suite" >&2
  case $suite in
    tests) suite_tests 2>&1 | tee "$OUT/tests.log" ;;
    hashes) suite_hashes 2>&1 | tee "$OUT/hashes.log" ;;
    readback) suite_readback 2>&1 | tee "$OUT/readback.log" ;;
    bench) suite_bench ;;
    paths) suite_paths ;;
    sweep) suite_sweep ;;
    clock-probe) suite_clock_probe ;;
    quality-full) suite_quality_full ;;
    baseline) suite_baseline 2>&1 | tee "$OUT/baseline.log" ;;
    command-checks) suite_command_checks 2>&1 | tee "$OUT/command-checks.log" ;;
    end-to-end) suite_end_to_end 2>&1 | tee "$OUT/end-to-end.md" ;;
    sinks) suite_sinks 2>&1 | tee "$OUT/bench-sinks.md" ;;
    user-rows) suite_user_rows 2>&1 | tee "$OUT/user-rows.md" ;;
    python) suite_python 2>&1 | tee "$OUT/python.log" ;;
  esac
  status=$?  # with pipefail, a suite's own failure rather than tee's success
  ((status == 0)) || failed+=("$suite ($status)")
done
((${#failed[@]} == 0)) || { echo "run.sh: suites that failed: ${failed[*]}" >&2; exit 1; }

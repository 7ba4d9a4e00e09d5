# glrand-probe: the tree with timing-probe.patch (GLRAND_PROBE=1 prints each phase's time;
# GLRAND_PROBE_CHUNK=N sets the CUDA host output's chunk, else 2^24 outputs as then).
# where-time-goes-gl.log: the GL compute and ps30 commands, 2^18 invocations by default then.
source bench/gpu/setup.sh
run_header
export GLRAND_PROBE=1
N=134217728
P=$B/glrand-probe
t() { local s=$EPOCHREALTIME; "$@" 2>&1 | grep -v "^probe take [1-9]"; echo "process $(python3 -c "print(round($EPOCHREALTIME - $s, 3))") s"; }
for r in 1 2; do echo "== pm ints default $r"; t $P generate -g pm --profile compute -n $N --format ints -o /dev/null; done
echo "== pm ints no self-test"; t $P generate -g pm --profile compute -n $N --format ints -o /dev/null --no-self-test
for s in 65536 16384; do echo "== pm ints substreams $s"; t $P generate -g pm --profile compute -n $N --format ints -o /dev/null --substreams $s; done
echo "== wh ints substreams 65536"; t $P generate -g wh --profile compute -n $N --format ints -o /dev/null --substreams 65536
echo "== mrg32k3a ints default"; t $P generate -g mrg32k3a --profile compute -n $N --format ints -o /dev/null
echo "== mrg32k3a ints substreams 65536"; t $P generate -g mrg32k3a --profile compute -n $N --format ints -o /dev/null --substreams 65536
echo "== pm ps30 f32"; t $P generate -g pm -n $N --format f32 -o /dev/null
echo "== pm cuda"; t $B/glrand generate -g pm --path cuda -n $N --format ints -o /dev/null
# where-time-goes-cuda-and-gl-sinks.log (the next call, 2^16 invocations committed): the CUDA
# command's phases, then the GL sink rows.
unset GLRAND_PROBE
for f in ints f32 f64; do for n in 134217728 1000000000; do for r in 1 2; do
  echo "== cuda pm $f $n $r"; GLRAND_PROBE=1 t $P generate -g pm --path cuda -n $n --format $f -o /dev/null
done; done; done
echo "== cuda wh ints 2^27"; GLRAND_PROBE=1 t $P generate -g wh --path cuda -n 134217728 --format ints -o /dev/null
echo "== sinks"
$B/glrand bench --path gl --profile compute,scatter --sinks null,pipe,tmpfs --sink-formats ints,f32,f64 --repeats 3 2>&1 | grep "|"

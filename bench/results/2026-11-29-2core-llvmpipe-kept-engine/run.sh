# The GL sink rows on llvmpipe (the 2-core CPU-only machine), db81e2a's build (each run a new
# engine) and this tree's (the engine kept across set_state), one after the other.
# Usage: run.sh BEFORE_GLRAND NOW_GLRAND PROFILES OUT_LOG
before=$1 now=$2 profiles=$3 log=$4
for b in "$before" "$now"; do
  echo "== $b bench --path gl --profile $profiles --sinks null,pipe --sink-formats ints,f32 --repeats 3"
  timeout 900 "$b" bench --path gl --profile "$profiles" --sinks null,pipe --sink-formats ints,f32 --repeats 3 2>&1
done > "$log"

# The GL compute sink rows on llvmpipe (the 2-core CPU-only machine), two builds in turn, twice.
# Usage: run.sh BEFORE_GLRAND NOW_GLRAND OUT_LOG [GENERATOR...]
before=$1 now=$2 log=$3
shift 3
generators=${*:+-g $(IFS=,; echo "$*")}
for r in 1 2; do
  for b in "$before" "$now"; do
    echo "== round $r: $b bench --path gl --profile compute $generators --sinks null,pipe --repeats 3"
    timeout 900 "$b" bench --path gl --profile compute $generators --sinks null,pipe --repeats 3 2>&1 | grep "^| gl"
  done
done > "$log"

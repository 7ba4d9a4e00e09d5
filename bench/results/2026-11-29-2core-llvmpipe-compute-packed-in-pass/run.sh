# The GL compute sink rows on llvmpipe (the 2-core CPU-only machine), 11a9bb4's build (a
# packing dispatch after each pass) and this tree's (each pass packs its own outputs; MRG32k3a
# in blocks of 256), in turn, twice.
# Usage: run.sh BEFORE_GLRAND NOW_GLRAND OUT_LOG
before=$1 now=$2 log=$3
for r in 1 2; do
  for b in "$before" "$now"; do
    echo "== round $r: $b bench --path gl --profile compute --sinks null,pipe --repeats 3"
    timeout 900 "$b" bench --path gl --profile compute --sinks null,pipe --repeats 3 2>&1 | grep "|"
  done
done > "$log"

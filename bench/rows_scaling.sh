#!/usr/bin/env bash
# Cost in rows of every pipeline: runs bench/rows/<pipeline>.toml (the embedded demo data, ROWS
# rows) at each row count and prints wall seconds, peak RSS per rank (the largest rank's), and the
# exponent b of time ~ rows^b between consecutive row counts (and over the two largest). A
# pipeline that must touch every row has b -> 1 once the fixed costs (process start, a search
# whose node count does not grow with rows) are small against the rows' cost.
#   bench/rows_scaling.sh [BUILD_DIR]
# Environment: RANKS (2), ROWS ("10000 100000 1000000"), PIPELINES (all seven), KEEP=1 keeps
# the result files under $OUT_DIR (/tmp/rows_scaling).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RANKS=${RANKS:-2}
ROWS=${ROWS:-"10000 100000 1000000"}
PIPELINES=${PIPELINES:-"audit infogram models shapley rulelist patterns fairforest"}
OUT_DIR=${OUT_DIR:-/tmp/rows_scaling}
mkdir -p "$OUT_DIR"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

run_one() {  # pipeline rows -> "seconds max_rss_mb"
  local p=$1 n=$2 cfg="$OUT_DIR/$1_$2.toml" out="$OUT_DIR/$1_$2.h5" log="$OUT_DIR/$1_$2.time"
  sed "s/ROWS/$n/" "bench/rows/$p.toml" > "$cfg"
  rm -f "$out" "$log"
  local t0 t1
  t0=$(date +%s.%N)
  if [ "$RANKS" -eq 1 ]; then
    /usr/bin/time -o "$log" -a -f "%M" "$BUILD/admissible" run "$cfg" --out "$out" > /dev/null
  else
    # Each rank under its own /usr/bin/time, so the peak RSS is per rank, not mpirun's.
    mpirun -np "$RANKS" --oversubscribe /usr/bin/time -o "$log" -a -f "%M" \
      "$BUILD/admissible" run "$cfg" --out "$out" > /dev/null
  fi
  t1=$(date +%s.%N)
  local rss
  rss=$(sort -n "$log" | tail -1)
  [ "${KEEP:-0}" = 1 ] || rm -f "$out"
  awk -v a="$t0" -v b="$t1" -v r="$rss" 'BEGIN { printf "%.2f %.1f\n", b - a, r / 1024 }'
}

printf "ranks %d; host load at start: %s\n" "$RANKS" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-11s %10s %10s %14s %10s\n" pipeline rows seconds "peak_MB/rank" exponent
for p in $PIPELINES; do
  prev_n="" prev_t=""
  for n in $ROWS; do
    read -r t m < <(run_one "$p" "$n")
    b="-"
    if [ -n "$prev_n" ]; then
      b=$(awk -v n0="$prev_n" -v n1="$n" -v t0="$prev_t" -v t1="$t" \
        'BEGIN { printf "%.2f", log(t1 / t0) / log(n1 / n0) }')
    fi
    printf "%-11s %10d %10.2f %14.1f %10s\n" "$p" "$n" "$t" "$m" "$b"
    prev_n=$n prev_t=$t
  done
done

#!/usr/bin/env bash
# Cost in rows of every pipeline: runs bench/rows/<pipeline>.toml (the embedded demo data, ROWS
# rows) at each row count and prints wall seconds, CPU seconds of the busiest rank (user + system:
# on a shared machine the wall time includes waiting for a core, the CPU time much less so), peak
# RSS per rank (the largest rank's), the exponent b of CPU time ~ rows^b between consecutive row
# counts, and per pipeline the least-squares exponent over all its row counts ("fit"). A pipeline
# that must touch every row has b -> 1 once the fixed costs (process start, a search whose node
# count does not grow with rows) are small against the rows' cost.
#   bench/rows_scaling.sh [BUILD_DIR]
# Environment: RANKS (2), ROWS ("10000 100000 1000000"), PIPELINES (all seven), KEEP=1 keeps
# the result files under $OUT_DIR (/tmp/rows_scaling), TIMEOUT (900) seconds a run may take (a
# run stopped by it shows as "stopped").
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RANKS=${RANKS:-2}
ROWS=${ROWS:-"10000 100000 1000000"}
PIPELINES=${PIPELINES:-"audit infogram models shapley rulelist patterns fairforest"}
OUT_DIR=${OUT_DIR:-/tmp/rows_scaling}
mkdir -p "$OUT_DIR"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

run_one() {  # pipeline rows -> "seconds max_rss_mb max_cpu_seconds"
  local p=$1 n=$2 cfg="$OUT_DIR/$1_$2.toml" out="$OUT_DIR/$1_$2.h5" log="$OUT_DIR/$1_$2.time"
  sed "s/ROWS/$n/" "bench/rows/$p.toml" > "$cfg"
  rm -f "$out" "$log"
  local t0 t1
  t0=$(date +%s.%N)
  if [ "$RANKS" -eq 1 ]; then
    timeout "${TIMEOUT:-900}" /usr/bin/time -o "$log" -a -f "%M %U %S" "$BUILD/admissible" run \
      "$cfg" --out "$out" > /dev/null || { echo "stopped stopped stopped"; return; }
  else
    # Each rank under its own /usr/bin/time, so the peak RSS is per rank, not mpirun's.
    timeout "${TIMEOUT:-900}" mpirun -np "$RANKS" --oversubscribe /usr/bin/time -o "$log" -a -f "%M %U %S" \
      "$BUILD/admissible" run "$cfg" --out "$out" > /dev/null || { echo "stopped stopped stopped"; return; }
  fi
  t1=$(date +%s.%N)
  [ "${KEEP:-0}" = 1 ] || rm -f "$out"
  # time's lines: peak RSS in KB, user and system seconds, one line per rank.
  awk -v a="$t0" -v b="$t1" '$1 ~ /^[0-9]+$/ { if ($1 > r) r = $1; c = $2 + $3; if (c > cpu) cpu = c }
    END { printf "%.2f %.1f %.2f\n", b - a, r / 1024, cpu }' "$log"
}

printf "ranks %d; host load at start: %s\n" "$RANKS" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-11s %10s %10s %10s %14s %10s\n" pipeline rows wall_s cpu_s "peak_MB/rank" exponent
for p in $PIPELINES; do
  prev_n="" prev_c="" points=""
  for n in $ROWS; do
    read -r t m c < <(run_one "$p" "$n")
    if [ "$t" = stopped ]; then printf "%-11s %10d stopped after %s s\n" "$p" "$n" "${TIMEOUT:-900}"; break; fi
    b="-"
    if [ -n "$prev_n" ]; then
      b=$(awk -v n0="$prev_n" -v n1="$n" -v t0="$prev_c" -v t1="$c" \
        'BEGIN { printf "%.2f", log(t1 / t0) / log(n1 / n0) }')
    fi
    printf "%-11s %10d %10.2f %10.2f %14.1f %10s\n" "$p" "$n" "$t" "$c" "$m" "$b"
    prev_n=$n prev_c=$c points="$points $n $c"
  done
  # Least-squares slope of log(CPU seconds) on log(rows) over every row count.
  echo "$points" | awk -v p="$p" '{ for (i = 1; i < NF; i += 2) { x = log($i); y = log($(i + 1))
      n++; sx += x; sy += y; sxx += x * x; sxy += x * y } }
    END { if (n > 1) printf "%-11s %10s fitted exponent of CPU time in rows: %.2f\n", p, "all",
      (n * sxy - sx * sy) / (n * sxx - sx * sx) }'
done

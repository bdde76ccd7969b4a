#!/usr/bin/env bash
# Per-task costs of the real farm stages at 1 rank, for farm_stages.tsv: runs a workload with the
# real binary and prints, per farm stage of its result, the tasks, busy seconds and the mean per
# task. The audit runs at 1M rows with few replicates (a replicate's cost does not depend on how
# many there are).
#   bench/smpi/measure.sh [BIN] [WORKLOAD...]   WORKLOAD: audit infogram_adult (default both)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-build/admissible}; shift || true
workloads=("$@"); [ ${#workloads[@]} -gt 0 ] || workloads=(audit infogram_adult)
# The data sit in shared/ beside the main checkout (/work/main) or two up from a worktree.
for d in "$here/../../../shared/data" "$here/../../../../shared/data"; do
  [ -d "$d" ] && { ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$d" && pwd)}; break; }
done
export ADMISSIBLE_DATA

source "$here/../../tests/lib/h5.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
here=$here/..  # workloads.sh reads configs relative to bench/
source "$here/workloads.sh"
for w in "${workloads[@]}"; do
  case $w in
    audit) ROWS=1000000 BOOTSTRAP=${BOOTSTRAP:-41} config_audit > "$tmp/$w.toml" ;;
    infogram_adult) cp "$here/../configs/infogram/infogram_adult.toml" "$tmp/$w.toml" ;;
    *) echo "measure.sh: unknown workload $w" >&2; exit 2 ;;
  esac
  /usr/bin/time -o "$tmp/time" -f "%e %U %S %M" nice -n 10 "$bin" run "$tmp/$w.toml" \
    --out "$tmp/$w.h5" > "$tmp/$w.log" 2>&1 || { tail -3 "$tmp/$w.log"; continue; }
  # On a shared machine a task's wall time (the farm's busy seconds) includes the time the process
  # waited for a core: "cpu share" is the run's CPU time over its wall time, and "corrected" the
  # mean per task times that share (the CPU a task used, assuming the waits fell evenly).
  read -r wall user sys rss < "$tmp/time"
  share=$(awk -v e="$wall" -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", (e > 0 ? (u + s) / e : 1) }')
  echo "$w: $wall s wall, cpu share $share, $rss KB peak RSS"
  for g in $(h5ls -r "$tmp/$w.h5/timing/farm" | awk '$2 == "Group" {print $1}' | grep -v '/.*/'); do
    tasks=$(h5vals "$tmp/$w.h5" "/timing/farm$g/tasks_per_rank" | paste -sd+ | bc)
    busy=$(h5vals "$tmp/$w.h5" "/timing/farm$g/busy_seconds_per_rank" | paste -sd+ | bc -l)
    awk -v w="$w" -v g="$g" -v t="$tasks" -v b="$busy" -v c="$share" \
      'BEGIN { m = t ? b / t : 0; printf "%s %s tasks %d busy %.4f s mean %.6f s corrected %.6f s\n", w, g, t, b, m, m * (c < 1 ? c : 1) }'
  done
done

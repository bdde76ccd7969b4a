#!/usr/bin/env bash
# Memory of every rank of a local MPI run: each rank's largest proportional set size (Pss, from
# /proc/PID/smaps_rollup) and peak resident set size (VmHWM, from /proc/PID/status), sampled every
# 0.05 s while the run lasts, and the sum of the Pss maxima over the ranks. Pss splits a page that
# k processes map k ways, so the sum counts once what the ranks share (a node's data block, the
# libraries) and is the memory the run holds on the node; RSS counts shared pages in every rank.
# The sum of maxima can exceed the largest total at any one moment (ranks peak at different times).
#   usage: bench/rank_memory.sh RANKS BIN ARGS...
# The run's stdout and stderr go to rank_memory.log in the current folder. Linux only.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 RANKS BIN ARGS..." >&2; exit 2; }
ranks=$1
shift
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
mpirun -q -np "$ranks" "$@" > rank_memory.log 2>&1 &
launcher=$!
declare -A rank_of pss_max hwm
# kB of FIELD in FILE (a /proc file of "Field: value kB" lines), or nothing if it is gone.
field() {
  local key value _
  while read -r key value _; do
    [ "$key" = "$1:" ] && { echo "$value"; return; }
  done 2> /dev/null < "$2" || true
}
while kill -0 "$launcher" 2> /dev/null; do
  for pid in $(cat /proc/"$launcher"/task/*/children 2> /dev/null); do
    if [ -z "${rank_of[$pid]:-}" ]; then
      r=$(tr '\0' '\n' < /proc/"$pid"/environ 2> /dev/null | sed -n 's/^OMPI_COMM_WORLD_RANK=//p')
      [ -n "$r" ] || continue
      rank_of[$pid]=$r
      pss_max[$pid]=0
    fi
    p=$(field Pss /proc/"$pid"/smaps_rollup)
    h=$(field VmHWM /proc/"$pid"/status)
    [ -n "$p" ] && [ "$p" -gt "${pss_max[$pid]}" ] && pss_max[$pid]=$p
    [ -n "$h" ] && hwm[$pid]=$h
  done
  sleep 0.05
done
wait "$launcher" || { echo "the run failed: see rank_memory.log" >&2; exit 1; }
{
  for pid in "${!rank_of[@]}"; do echo "${rank_of[$pid]} ${pss_max[$pid]} ${hwm[$pid]:-0}"; done
} | sort -n | awk '{ printf "rank %-3s max Pss %8.1f MiB   peak RSS %8.1f MiB\n", $1, $2 / 1024, $3 / 1024
                    sum += $2 }
                  END { printf "sum of max Pss over %d ranks: %.1f MiB\n", NR, sum / 1024 }'

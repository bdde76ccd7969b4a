#!/usr/bin/env bash
# Strong scaling of every distributed stage: each workload at each rank count, with the speed-up
# and efficiency of the stage against the first rank count, and the exact work counters beside the
# times (nodes or tasks, idle time, bytes moved), which noise cannot fake. Every result is checked
# identical (outside /timing) to the first rank count's.
#   bench/scaling.sh [BIN] [RANKS...]             e.g. bench/scaling.sh build/admissible 1 2 4 8 16
#   WORKLOADS="audit infogram shapley forest rulelist patterns" (default: all)
#   LAMBDA=0.005 (rule lists; default 0.01)  SHAPLEY_N=14  TOP_K=200000  BOOTSTRAP=2000 ROWS=50000
#   REPEAT=N (default 1): N rounds over the rank counts, interleaved, each round's lines printed
#   and then a "median" line per rank count (median stage time, speed-up of the medians): for a
#   shared machine whose host steals time (see `vmstat`'s st column), where one round is noise.
# Host speed: before every run, host_probe (next to BIN's build, bench/host_probe) times a fixed
# chain of arithmetic on as many cores as the run has ranks; the line shows it as "host". On a
# shared VM it swings by up to 50 % within seconds (other guests on the same cores), and so do the
# runs. With REPEAT, a "quiet median" line per rank count also takes only the rounds whose probe was
# within 5 % of the fastest probe at that rank count.
# Ceiling (CEILING=1, needs 1 as the first rank count): after each run at n > 1 ranks, n copies of
# the 1-rank run at once, copy i pinned to core i (as mpirun binds rank i). n x (median 1-rank
# time) / (median copy time) is the speed-up that perfectly divided work could reach on this
# machine: on a shared VM n busy cores are not n times one (the host places other work beside
# them), and this says how much of a shortfall is the machine's. Medians over rounds only: a
# process's speed varies by up to 40 % from one process to the next here (see NOTES, Scaling).
# Farm workloads: "stage s" is the wall time of their farm stages summed (the whole run's time,
# data loading and serial steps included, is printed beside it); they report per stage: tasks,
# busy and wait seconds summed over ranks, the
# coordinator's own overhead and the result bytes per task; searches report the nodes taken
# (expansions) over all ranks, their ratio to the first run's, idle seconds and bytes sent.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-build/admissible}; shift || true
ranks=("$@"); [ ${#ranks[@]} -gt 0 ] || ranks=(1 2 4)
workloads=${WORKLOADS:-"audit infogram shapley forest rulelist patterns"}
source "$here/../tests/lib/h5.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
probe_bin=${HOST_PROBE:-$(dirname "$bin")/bench/host_probe}
probe() {  # seconds of the host probe on min(n, cores) cores, or "-" without the probe
  local n=$1; [ "$n" -le "$(nproc)" ] || n=$(nproc)
  if [ -x "$probe_bin" ]; then "$probe_bin" "$n"; else echo -; fi
}
echo "cores $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg) (not idle if well above 0)"

source "$here/workloads.sh"  # config_audit, config_infogram, ... (one per workload)

# --- figures ------------------------------------------------------------------------------------
sum() { awk '{ s += $1 } END { printf "%.17g\n", s }'; }
add() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.17g\n", a + b }'; }
# Farm stages of a result: "tasks handouts busy wait coordinator bytes/task" summed over the
# stages (handouts: messages of tasks; cheap tasks go several to one).
farm_figures() {
  local f=$1 tasks=0 handouts=0 busy=0 wait=0 coord=0 bytes=0
  for g in $(h5ls -r "$f/timing/farm" 2>/dev/null | awk '$2 == "Group" {print $1}' | grep -v '/.*/'); do
    local p="/timing/farm$g"
    tasks=$(add "$tasks" "$(h5vals "$f" "$p/tasks_per_rank" | sum)")
    handouts=$(add "$handouts" "$(h5vals "$f" "$p/handouts" 2>/dev/null || echo 0)")
    busy=$(add "$busy" "$(h5vals "$f" "$p/busy_seconds_per_rank" | sum)")
    wait=$(add "$wait" "$(h5vals "$f" "$p/wait_seconds_per_rank" | sum)")
    coord=$(add "$coord" "$(h5vals "$f" "$p/coordinator_seconds")")
    bytes=$(add "$bytes" "$(h5vals "$f" "$p/result_bytes_per_rank" | sum)")
  done
  awk -v t="$tasks" -v h="$handouts" -v b="$busy" -v w="$wait" -v c="$coord" -v y="$bytes" \
    'BEGIN { printf "tasks %7d  handouts %6d  busy %8.2fs  wait %7.2fs  coord %6.3fs  bytes/task %9.0f", t, h, b, w, c, (t ? y / t : 0) }'
}
# Wall time of a result's farm stages (the distributed part of a farm workload), summed.
farm_seconds() {
  local f=$1 t=0
  for g in $(h5ls -r "$f/timing/farm" 2>/dev/null | awk '$2 == "Group" {print $1}' | grep -v '/.*/'); do
    t=$(add "$t" "$(h5vals "$f" "/timing/farm$g/seconds")")
  done
  echo "$t"
}
search_group() { case $1 in rulelist) echo /timing/rulelist/search ;; patterns) echo /timing/patterns/mine ;; esac; }

printf '%-9s %5s %9s %8s %6s  %s\n' workload ranks "stage s" speed-up eff "work"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
# Stage times (of workload w's rounds at n ranks) whose host probe was within 5 % of the fastest.
quiet_times() {
  paste <(tr ' ' '\n' <<< "${times[$1]}" | grep .) <(tr ' ' '\n' <<< "${probes[$1]}" | grep .) |
    awk '$2 != "-" { t[NR] = $1; p[NR] = $2; if (m == "" || $2 < m) m = $2 }
         END { for (i in t) if (p[i] <= 1.05 * m) print t[i] }'
}
repeat=${REPEAT:-1}
ceiling=${CEILING:-0}
[ "${ranks[0]}" = 1 ] || ceiling=0
# Stage time of a result (a search's, or a farm workload's stages summed).
stage_seconds() {
  local g; g=$(search_group "$1")
  if [ -n "$g" ]; then h5vals "$2" "$g/seconds"; else farm_seconds "$2"; fi
}
# n copies of the 1-rank run of workload w at once: their stage times, or "-" if one failed.
copy_times() {
  local w=$1 n=$2 i pids=()
  for i in $(seq 0 $((n - 1))); do
    taskset -c $((i % $(nproc))) "$bin" run "$tmp/$w.toml" --out "$tmp/$w.copy$i.h5" \
      > "$tmp/copy$i.log" 2>&1 & pids+=($!)
  done
  for i in "${pids[@]}"; do wait "$i" || { echo -; return; }; done
  for i in $(seq 0 $((n - 1))); do printf '%.3f ' "$(stage_seconds "$w" "$tmp/$w.copy$i.h5")"; done
}
for w in $workloads; do
  "config_$w" > "$tmp/$w.toml"
  base="" base_nodes=""
  declare -A times=() probes=() ceilings=() models=()
  base_tail=0
  for round in $(seq "$repeat"); do
  for n in "${ranks[@]}"; do
    out="$tmp/$w.$n.h5"
    host=$(probe "$n")
    if ! mpirun -q -np "$n" "$bin" run "$tmp/$w.toml" --out "$out" > "$tmp/log" 2>&1; then
      printf '%-9s %5s  failed: %s\n' "$w" "$n" "$(tail -1 "$tmp/log")"; continue
    fi
    g=$(search_group "$w")
    if [ -n "$g" ]; then
      t=$(h5vals "$out" "$g/seconds")
      nodes=$(h5vals "$out" "$g/nodes_per_rank" | sum)
      [ -n "$base_nodes" ] || base_nodes=$nodes
      # Busy: the least busy rank's time expanding plus taking in and giving nodes, over the wall
      # time of the search proper (until every frontier was empty; "stage s" adds the closing
      # round, findings and their gather, "tail").
      # (A result of a build older than these figures has neither: then the whole search, no tail.)
      st=$(h5vals "$out" "$g/search_seconds" || true); [ -n "$st" ] || st=$t
      tail=$(h5vals "$out" "$g/findings_seconds" || true); [ -n "$tail" ] || tail=0
      busy=$(paste <(h5vals "$out" "$g/busy_seconds_per_rank") <(h5vals "$out" "$g/take_seconds_per_rank") |
        awk -v t="$st" 'NR == 1 || $1 + $2 < m { m = $1 + $2 } END { printf "%.1f", 100 * m / t }')
      # Work model: the time one rank would take for this run's work at this run's own speed per
      # node (all ranks' busy seconds, scaled to the first run's node count, plus the first run's
      # tail) over this run's stage time. It counts what the distribution costs (idle ranks,
      # messages, extra nodes, the tail) but not a slower machine when all cores are busy, and it
      # compares times of the same processes, so per-process speed noise cancels.
      sum_busy=$(paste <(h5vals "$out" "$g/busy_seconds_per_rank") <(h5vals "$out" "$g/take_seconds_per_rank") | awk '{ s += $1 + $2 } END { printf "%.17g", s }')
      [ "$n" != "${ranks[0]}" ] || base_tail=$tail
      model=$(awk -v s="$sum_busy" -v a="$nodes" -v b="$base_nodes" -v f="$base_tail" -v t="$t" 'BEGIN { printf "%.2f", (s * b / a + f) / t }')
      models[$n]="${models[$n]:-} $model"
      work=$(awk -v a="$nodes" -v b="$base_nodes" -v i="$(h5vals "$out" "$g/idle_seconds_per_rank" | sum)" \
        -v y="$(h5vals "$out" "$g/bytes_per_rank" | sum)" -v u="$busy" -v s="$st" -v f="$tail" \
        -v m="$model" 'BEGIN { printf "nodes %11d (x%.3f)  search %6.2fs busy %5.1f%%  tail %5.2fs  idle %6.2fs  bytes %11d  model x%s", a, a / b, s, u, f, i, y, m }')
    else
      t=$(farm_seconds "$out")
      work="$(farm_figures "$out")  whole run $(printf '%.2f' "$(h5vals "$out" /timing/total)")s"
    fi
    [ -n "$base" ] || base=$t
    same="identical"
    [ "$n" = "${ranks[0]}" ] || "$bin" compare "$tmp/$w.${ranks[0]}.h5" "$out" \
      > /dev/null || same="DIFFERENT"
    printf '%-9s %5s %9.3f %8.2f %6.2f  %s  host %ss  %s\n' "$w" "$n" "$t" \
      "$(awk -v a="$base" -v b="$t" 'BEGIN { print a / b }')" \
      "$(awk -v a="$base" -v b="$t" -v n="$n" -v m="${ranks[0]}" 'BEGIN { print a / b * m / n }')" \
      "$work" "$host" "$same"
    times[$n]="${times[$n]:-} $(printf %.3f "$t")"
    probes[$n]="${probes[$n]:-} $host"
    if [ "$ceiling" = 1 ] && [ "$n" -gt 1 ]; then
      c=$(copy_times "$w" "$n")
      printf '%-9s %5s %9s %8s %6s  %s copies of the 1-rank run at once: stage s %s\n' "$w" "$n" "" "" "" "$n" "$c"
      [ "$c" = - ] || ceilings[$n]="${ceilings[$n]:-} $c"
    fi
  done
  done
  [ "$repeat" -gt 1 ] || continue
  m0=$(tr ' ' '\n' <<< "${times[${ranks[0]}]}" | grep . | median)
  for n in "${ranks[@]}"; do
    m=$(tr ' ' '\n' <<< "${times[$n]}" | grep . | median)
    printf '%-9s %5s %9.3f %8.2f %6.2f  median of %d rounds (stage s:%s)\n' "$w" "$n" "$m" \
      "$(awk -v a="$m0" -v b="$m" 'BEGIN { print a / b }')" \
      "$(awk -v a="$m0" -v b="$m" -v n="$n" -v k="${ranks[0]}" 'BEGIN { print a / b * k / n }')" \
      "$repeat" "${times[$n]}"
    if [ -n "${models[$n]:-}" ]; then
      printf '%-9s %5s %9s %8.2f %6s  median work model (speed-up at this run'"'"'s own speed per node:%s)\n' \
        "$w" "$n" "" "$(tr ' ' '\n' <<< "${models[$n]}" | grep . | median)" "" "${models[$n]}"
    fi
    [ -n "${ceilings[$n]:-}" ] || continue
    cm=$(tr ' ' '\n' <<< "${ceilings[$n]}" | grep . | median)
    cx=$(awk -v a="$m0" -v b="$cm" -v n="$n" 'BEGIN { print n * a / b }')
    printf '%-9s %5s %9.3f %8.2f %6s  ceiling: %d x the 1-rank median / the median of the copies'"'"' stage times; speed-up of the medians / ceiling: %.0f %%\n' \
      "$w" "$n" "$cm" "$cx" "" "$n" "$(awk -v a="$m0" -v b="$m" -v c="$cx" 'BEGIN { print 100 * a / b / c }')"
  done
  # The same over the rounds whose host probe was within 5 % of the fastest at that rank count.
  # (None without the probe: median would print 0 for no rounds.)
  [ "$(quiet_times "${ranks[0]}" | wc -l)" -gt 0 ] || continue
  q0=$(quiet_times "${ranks[0]}" | median)
  for n in "${ranks[@]}"; do
    count=$(quiet_times "$n" | wc -l)
    [ "$count" -gt 0 ] || continue
    q=$(quiet_times "$n" | median)
    printf '%-9s %5s %9.3f %8.2f %6.2f  quiet median: %d of %d rounds with the host probe within 5 %% of its fastest\n' \
      "$w" "$n" "$q" "$(awk -v a="$q0" -v b="$q" 'BEGIN { print a / b }')" \
      "$(awk -v a="$q0" -v b="$q" -v n="$n" -v k="${ranks[0]}" 'BEGIN { print a / b * k / n }')" \
      "$count" "$repeat"
  done
done

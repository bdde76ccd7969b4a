#!/usr/bin/env bash
# Per-rank counters of every distributed stage at growing rank counts: for each farm stage and
# search of the demo (audit + InfoGram), models_demo and a quick Shapley, rule-list, patterns and
# Fair Forests config, one table with a line per rank count: MPI bytes and messages sent and
# received by rank 0 and by the busiest worker (max over ranks 1..P-1), peak RSS of rank 0 and of
# the largest worker, tasks (farm) or nodes (search) of rank 0 and the largest worker, rank 0's
# coordinator seconds and what rank 0 broadcast after the stage. The counters are exact; on an
# oversubscribed machine the seconds mean little. Each result is checked identical (outside /timing)
# to the first rank count's.
#   bench/rank_counters.sh [BIN] [RANKS...]     default: build/admissible 1 2 4 8 16 32
#   CONFIGS="demo models shapley rulelist patterns fairforest" (default: all)
# Needs h5dump and the data under ADMISSIBLE_DATA (default ../shared/data).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
bin=$(realpath "${1:-build/admissible}"); shift || true
ranks=("$@"); [ ${#ranks[@]} -gt 0 ] || ranks=(1 2 4 8 16 32)
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$root/.." && pwd)/shared/data}
source "$root/tests/mpi/mpi_env.sh"
source "$root/tests/lib/h5.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# The configs, made quick where the paper's setting takes minutes (rule lists: a coarser
# regularization and a 16-task Pareto sweep of 300 nodes a fold).
sed -e 's/^regularization = 0.001/regularization = 0.03/' -e 's/^enabled = false/enabled = true/' \
    -e 's/^metrics = .*/metrics = ["sp"]/' -e 's/^epsilon_count = 11/epsilon_count = 4/' \
    -e 's/^folds = 5/folds = 4/' -e 's/^max_nodes = 20000/max_nodes = 300/' \
    "$root/configs/faircorels/rulelist_compas.toml" > "$tmp/rulelist.toml"
declare -A config=(
  [demo]="$root/configs/demo.toml"
  [models]="$root/configs/models_demo.toml"
  [shapley]="$root/configs/shapley_demo.toml"
  [rulelist]="$tmp/rulelist.toml"
  [patterns]="$root/configs/fairnb/patterns_compas_cv.toml"
  [fairforest]="$root/configs/fairforests/fairforest_german_quick.toml"
)
read -r -a names <<< "${CONFIGS:-demo models shapley rulelist patterns fairforest}"

# One value list of a dataset as "a,b,c" ("" when the file lacks it).
vals() { h5ls "$1$2" > /dev/null 2>&1 && h5vals "$1" "$2" | paste -sd, || true; }
# "rank 0's value  max over the other ranks" of a per-rank list ("-" for what is missing).
split0() {
  awk -v l="$1" -v scale="${2:-1}" 'BEGIN {
    if (l == "") { printf "%12s %12s", "-", "-"; exit }
    n = split(l, v, ","); m = "-";
    for (i = 2; i <= n; i++) if (m == "-" || v[i] + 0 > m + 0) m = v[i];
    printf "%12s %12s", sprintf("%.0f", v[1] / scale), m == "-" ? "-" : sprintf("%.0f", m / scale) }'
}

for name in "${names[@]}"; do
  for n in "${ranks[@]}"; do
    out="$tmp/$name$n.h5"
    mpi "$n" "$bin" run "${config[$name]}" --out "$out" > "$tmp/log" 2>&1 ||
      { cat "$tmp/log"; echo "$name at $n ranks failed"; exit 1; }
    if [ "$n" != "${ranks[0]}" ]; then
      "$bin" compare "$tmp/$name${ranks[0]}.h5" "$out" > /dev/null ||
        { echo "$name: results differ between ${ranks[0]} and $n ranks"; exit 1; }
    fi
    # Every stage that counts per rank: farm stages (tasks_per_rank) and searches (nodes_per_rank).
    h5ls -r "$out/timing" | awk '{print $1}' | grep -E '/(tasks|nodes)_per_rank$' |
      sed -E 's#/(tasks|nodes)_per_rank$##' | while read -r g; do
        s="/timing$g"
        work=$(vals "$out" "$s/tasks_per_rank"); [ -n "$work" ] || work=$(vals "$out" "$s/nodes_per_rank")
        sent=$(vals "$out" "$s/bytes_sent_per_rank"); [ -n "$sent" ] || sent=$(vals "$out" "$s/bytes_per_rank")
        msent=$(vals "$out" "$s/messages_sent_per_rank"); [ -n "$msent" ] || msent=$(vals "$out" "$s/messages_per_rank")
        coord=$(vals "$out" "$s/coordinator_seconds"); bcast=$(vals "$out" "$s/broadcast_bytes")
        {
          printf "%5s " "$n"
          split0 "$sent"; split0 "$(vals "$out" "$s/bytes_received_per_rank")"
          split0 "$msent"; split0 "$(vals "$out" "$s/messages_received_per_rank")"
          split0 "$(vals "$out" "$s/peak_rss_per_rank")" 1048576
          split0 "$work"
          printf " %9s %11s\n" "$(printf '%.3f' "${coord:-0}")" "${bcast:--}"
        } >> "$tmp/table.$name.$(echo "${g#/}" | tr / :)"
      done
  done
done

for f in "$tmp"/table.*; do
  stage=${f#"$tmp/table."}
  echo "== ${stage%%.*}: ${stage#*.}"
  printf "%5s %12s %12s %12s %12s %12s %12s %12s %12s %12s %12s %12s %12s %9s %11s\n" ranks \
    sent_r0 sent_wmax recv_r0 recv_wmax msgs_r0 msgs_wmax mrecv_r0 mrecv_wmax rssMB_r0 rssMB_wmax \
    work_r0 work_wmax coord_s bcast_B
  cat "$f"
done

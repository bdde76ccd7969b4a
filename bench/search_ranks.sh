#!/usr/bin/env bash
# The distributed searches' exact counters at many ranks (oversubscribed on a small machine: the
# wall times mean nothing there, the counters do not depend on them): for the German top-200,000
# pattern mine and CORELS' COMPAS rule list (lambda 0.01, bench/workloads.sh's configs), at each
# rank count: nodes over all ranks and their ratio to the first rank count's, the busiest and least
# busy rank's nodes, the most messages and bytes a rank sent and received, the largest peak RSS of
# a rank, steals and rounds. Every result is checked identical (outside /timing) to the first's.
#   bench/search_ranks.sh [BIN] [RANKS...]       e.g. bench/search_ranks.sh build/admissible 1 2 4 8 16 32
#   WORKLOADS="patterns rulelist" (default both)  LAMBDA=0.01  TOP_K=200000
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-build/admissible}; shift || true
ranks=("$@"); [ ${#ranks[@]} -gt 0 ] || ranks=(1 2 4 8 16 32)
workloads=${WORKLOADS:-"patterns rulelist"}
source "$here/../tests/lib/h5.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
source "$here/workloads.sh"
stat() {  # FILE DATASET: "max min sum" over the ranks
  h5vals "$1" "$2" | awk 'NR == 1 { lo = $1; hi = $1 } { s += $1; if ($1 > hi) hi = $1; if ($1 < lo) lo = $1 }
    END { printf "%.0f %.0f %.0f\n", hi, lo, s }'
}
for w in $workloads; do
  case $w in
    patterns) g=/timing/patterns/mine; "config_patterns" > "$tmp/$w.toml" ;;
    rulelist) g=/timing/rulelist/search; "config_rulelist" > "$tmp/$w.toml" ;;
    *) echo "unknown workload $w"; exit 2 ;;
  esac
  echo "== $w"
  printf '%5s %11s %6s %10s %10s %8s %8s %11s %11s %8s %6s %6s %6s %7s\n' ranks nodes ratio \
    max_rank min_rank msg_out msg_in bytes_out bytes_in rss_MiB steals rounds vecKB wall_s
  base=
  for n in "${ranks[@]}"; do
    f="$tmp/$w$n.h5"
    mpirun -q -np "$n" "$bin" run "$tmp/$w.toml" --out "$f" > "$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
    read -r hi lo nodes <<< "$(stat "$f" "$g/nodes_per_rank")"
    [ -n "$base" ] || base=$nodes
    if [ "$n" != "${ranks[0]}" ]; then
      "$bin" compare "$tmp/${w}${ranks[0]}.h5" "$f" > /dev/null || { echo "$w: results differ at $n ranks"; exit 1; }
    fi
    printf '%5s %11s %6.3f %10s %10s %8s %8s %11s %11s %8.1f %6s %6s %6.1f %7.2f\n' "$n" "$nodes" \
      "$(awk -v a="$nodes" -v b="$base" 'BEGIN { print a / b }')" "$hi" "$lo" \
      "$(stat "$f" "$g/messages_per_rank" | cut -d' ' -f1)" \
      "$(stat "$f" "$g/messages_received_per_rank" | cut -d' ' -f1)" \
      "$(stat "$f" "$g/bytes_per_rank" | cut -d' ' -f1)" \
      "$(stat "$f" "$g/bytes_received_per_rank" | cut -d' ' -f1)" \
      "$(awk -v b="$(stat "$f" "$g/peak_rss_per_rank" | cut -d' ' -f1)" 'BEGIN { print b / 1048576 }')" \
      "$(h5vals "$f" "$g/steals")" "$(h5vals "$f" "$g/waves")" \
      "$(awk -v b="$(h5vals "$f" "$g/round_bytes")" 'BEGIN { print b / 1024 }')" "$(h5vals "$f" "$g/seconds")"
  done
done

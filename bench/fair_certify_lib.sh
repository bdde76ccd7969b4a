# Sourced by bench/fair_certify.sh and bench/faircorels_certify_paper.sh: one measured run of a
# rule-list config and its figures.
#   certify_run N CONFIG DIR TIMEOUT: runs CONFIG on N ranks, result DIR/r.h5, log DIR/log, each
#     rank's peak RSS in DIR/rss.<rank> (mpirun's own is not the ranks'); returns the exit status.
#   certify_figures DIR INDEX: prints certified, seconds, prefixes expanded (all ranks), peak search
#     structures (MiB, largest rank), peak RSS (MiB, largest rank), search bytes per expanded
#     prefix, objective, accuracy, unfairness INDEX of /rulelist/best/unfairness (0 SP, 1 PP, 2 PE,
#     3 EOpp, 4 EOdds, 5 CUAE), lower bound and gap, space-separated.
here_lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here_lib/../tests/lib/h5.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$here_lib/../.." && pwd)/shared/data}

certify_run() {
  local n=$1 config=$2 dir=$3 limit=$4 rc=0
  rm -f "$dir"/rss.* "$dir/r.h5"
  timeout "$limit" mpirun -q -np "$n" sh -c \
    '/usr/bin/time -f %M -o "$0.${OMPI_COMM_WORLD_RANK:-0}" "$@"' "$dir/rss" \
    "$bin" run "$config" --out "$dir/r.h5" > "$dir/log" 2>&1 || rc=$?
  return "$rc"
}

certify_figures() {
  local dir=$1 index=$2 nodes smib rss
  v() { h5vals "$dir/r.h5" "$1"; }
  # A stopped search's bound is scheduling-dependent, so it is under /timing (rulelist_pipeline.cpp).
  bound() { v "/rulelist/search/$1" 2> /dev/null || v "/timing/rulelist/search/$1"; }
  nodes=$(v /timing/rulelist/search/expanded_per_rank | paste -sd+ | bc)
  smib=$(v /timing/rulelist/search/peak_memory_per_rank | sort -g | tail -1)
  rss=$(cat "$dir"/rss.* | sort -n | tail -1)
  printf '%s %.1f %s %.1f %.1f %.0f %.7f %.4f %.4f %.7f %.7f\n' \
    "$(v /rulelist/search/certified)" "$(v /timing/rulelist/search/seconds)" "$nodes" "$smib" \
    "$(awk "BEGIN{print $rss/1024}")" "$(awk "BEGIN{print $smib*1048576/($nodes>0?$nodes:1)}")" \
    "$(v /rulelist/best/objective)" "$(v /rulelist/best/accuracy)" \
    "$(v /rulelist/best/unfairness | sed -n "$((index + 1))p")" "$(bound lower_bound)" \
    "$(bound gap)"
}

#!/usr/bin/env bash
# Issue 14, item 4: the paper's fairness-constrained rule lists (configs/faircorels: Adult SP and
# EOpp, COMPAS SP and EOdds, Rule lists 3, 4, 16, 20) and the SP Pareto fronts' points
# (rulelist_{adult,compas}_front.toml, each epsilon of [rulelist.pareto] searched on all rows),
# run for certification: FairCORELS' unsafe bounds off (fair_unsafe_bounds = false), no node or
# trie budget, a time limit and a memory cap. Prints config, metric, epsilon, certified, objective,
# lower bound, gap, prefixes expanded, seconds, peak RSS and the list's accuracy and unfairness.
#   bench/faircorels_certify_paper.sh [BIN] [CONFIGS...]   (TIME_LIMIT=seconds per search, default
#   60; MEMORY_MB=cap on the search structures, default 3000; RANKS=rank count, default 1;
#   STRATEGY=lower_bound: another search order than the config's; BEST_FIRST_AFTER=n: expansions
#   per rank in that order (to find a good list early) before the queue turns best-first by lower
#   bound, the order that proves optimality in the fewest expansions (issue 30; default 2000, 0 =
#   never); POLISH_LISTS=n: rule lists the local search may score to improve a stopped search's
#   best list (default 1000000, 0 = off; the objective before it is in /rulelist/polish);
#   CONFIGS: names as adult_sp or compas_front, default all six; KEEP=dir keeps each search's
#   result file and config there)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-build/admissible}; shift || true
names=("$@"); [ ${#names[@]} -gt 0 ] || names=(adult_sp adult_eopp compas_sp compas_eodds adult_front compas_front)
source "$here/fair_certify_lib.sh"
[ -f "$ADMISSIBLE_DATA/faircorels/adult_discretized.csv" ] ||
  { echo "no FairCORELS data in $ADMISSIBLE_DATA"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
limit=${TIME_LIMIT:-60}

# config file, metric, epsilon -> the certifying config on stdout: in [rulelist] the budget keys
# are replaced, metric and epsilon set; the Pareto sweep is off.
certifying() {
  awk -v metric="$2" -v eps="$3" -v limit="$limit" -v mem="${MEMORY_MB:-3000}" \
      -v polish="${POLISH_LISTS:-1000000}" \
      -v strategy="${STRATEGY:-}" -v after="${BEST_FIRST_AFTER:-2000}" '
    /^\[/ { section = $0 }
    section == "[rulelist]" && /^(metric|epsilon|fair_unsafe_bounds|max_nodes|max_trie_nodes|max_memory_mb|time_limit|best_first_after|polish_lists) *=/ { next }
    section == "[rulelist]" && strategy != "" && /^strategy *=/ { next }
    section == "[rulelist.pareto]" && /^enabled *=/ { print "enabled = false"; next }
    { print }
    $0 == "[rulelist]" {
      printf "metric = \"%s\"\nepsilon = %s\nfair_unsafe_bounds = false\nmax_nodes = 0\n", metric, eps
      printf "max_trie_nodes = 0\nmax_memory_mb = %s\ntime_limit = %s\n", mem, limit
      printf "best_first_after = %s\npolish_lists = %s\n", after, polish
      if (strategy != "") printf "strategy = \"%s\"\n", strategy
    }' "$1"
}

value() {  # config file, key in [rulelist] or [rulelist.pareto] (first match)
  sed -n "s/^$2 *= *//p" "$1" | head -1 | sed -e 's/ *#.*//' -e 's/"//g' -e 's/\[//; s/\]//'
}

index_of() {  # metric -> its index in /rulelist/best/unfairness
  case $1 in sp) echo 0 ;; pp) echo 1 ;; pe) echo 2 ;; eopp) echo 3 ;; eodds) echo 4 ;; cuae) echo 5 ;; esac
}

printf '%-13s %-6s %7s %9s %10s %10s %10s %10s %8s %8s %8s %8s\n' config metric epsilon certified \
  objective lower_bnd gap prefixes seconds rss_MiB accuracy unfair
for name in "${names[@]}"; do
  file=$here/../configs/faircorels/rulelist_$name.toml
  [ -f "$file" ] || { echo "no config $file" >&2; exit 2; }
  points=()
  if [ "$(value "$file" enabled)" = true ]; then  # a front: each epsilon of its grid
    metric=$(value "$file" metrics | cut -d, -f1 | tr -d ' ')
    lo=$(value "$file" epsilon_min) hi=$(value "$file" epsilon_max) count=$(value "$file" epsilon_count)
    for e in $(awk -v a="$lo" -v b="$hi" -v n="$count" \
                 'BEGIN { for (i = 0; i < n; i++) printf "%.6g\n", (n > 1 ? a + (b - a) * i / (n - 1) : a) }'); do
      points+=("$metric $e")
    done
  else
    points+=("$(value "$file" metric) $(value "$file" epsilon)")
  fi
  [ ${#points[@]} -gt 0 ] || { echo "no metric and epsilon in $file" >&2; exit 2; }
  for point in "${points[@]}"; do
    read -r metric eps <<< "$point"
    certifying "$file" "$metric" "$eps" > "$tmp/c.toml"
    rc=0
    certify_run "${RANKS:-1}" "$tmp/c.toml" "$tmp" $((limit + 300)) || rc=$?
    if [ "$rc" -ne 0 ]; then
      printf '%-13s %-6s %7s  %s\n' "$name" "$metric" "$eps" "failed or timed out (rc $rc)"
      tail -5 "$tmp/log"; continue
    fi
    read -r cert secs nodes _ rss _ obj acc unf lb gap <<< "$(certify_figures "$tmp" "$(index_of "$metric")")"
    printf '%-13s %-6s %7s %9s %10s %10s %10s %10s %8s %8s %8s %8s\n' "$name" "$metric" "$eps" \
      "$([ "$cert" = 1 ] && echo yes || echo no)" "$obj" "$lb" "$gap" "$nodes" "$secs" "$rss" \
      "$acc" "$unf"
    if [ -n "${KEEP:-}" ]; then  # the result and its config, to recompute the list from the data
      mkdir -p "$KEEP"
      cp "$tmp/r.h5" "$KEEP/${name}_${metric}_${eps}.h5"
      cp "$tmp/c.toml" "$KEEP/${name}_${metric}_${eps}.toml"
    fi
  done
done

#!/usr/bin/env bash
# Benchmark: mining the German credit data in mode all (every pattern with |Delta| > 0.1) under a
# node budget, at 1 and 2 ranks (configs/fairnb/patterns_german.toml, learner off): frontier nodes
# (expanded or pruned; what the budget counts), nodes visited (scored), wall time, visited nodes
# per second, and whether the mine completed.
# Usage: bench/patterns_german.sh path/to/admissible [ranks...]   (default ranks: 1 2)
#   MAX_NODES (default 150000000, ~40 s at 1 rank) is patterns.max_nodes; 0 runs the whole tree.
# Why a budget: the tree has prod_f options(f) = 8.07e10 nodes and ~91 % of the nodes scored
# qualify, so bounds prune almost nothing in mode all: the exhaustive mine would score all
# 8.07e10 nodes, ~2 hours at ~1.2e7 nodes/s on one rank.
# The budget is checked at every termination wave, so at 2 ranks it may overshoot by a few ms of work.
set -euo pipefail
here=$(dirname "$0")
source "$here/../tests/mpi/mpi_env.sh"
source "$here/../tests/lib/h5.sh"
bin=$1; shift
ranks=${*:-1 2}
budget=${MAX_NODES:-150000000}
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
sed -e 's/^enabled = true/enabled = false/' -e 's/^mode = .*/mode = "all"/' \
    -e "s/^delta = .*/delta = 0.1\nmax_nodes = $budget/" \
    "$here/../configs/fairnb/patterns_german.toml" > "$tmp/c.toml"
get() { h5dump -m '%.17g' -d "$2" "$1" | grep -o '(0): [0-9.e+-]*' | awk '{print $2}'; }
echo "German, mode all, delta = 0.1, max_nodes = $budget"
printf '%-6s %12s %12s %12s %9s %12s %9s\n' ranks frontier visited qualifying seconds visited/s complete
for n in $ranks; do
  mpi "$n" "$bin" run "$tmp/c.toml" --out "$tmp/r$n.h5" > "$tmp/log$n" 2>&1 || { cat "$tmp/log$n"; exit 1; }
  f="$tmp/r$n.h5"
  nodes=$(get "$f" /timing/patterns/mine/nodes_visited)
  secs=$(get "$f" /timing/patterns/mine/seconds)
  printf '%-6s %12s %12s %12s %9.3f %12.4g %9s\n' "$n" "$(h5vals "$f" /timing/patterns/mine/nodes_per_rank | paste -sd+ | bc)" \
    "$nodes" "$(get "$f" /patterns/mine/qualifying)" "$secs" \
    "$(awk -v a="$nodes" -v b="$secs" 'BEGIN{print a/b}')" "$(get "$f" /patterns/mine/complete)"
done

#!/usr/bin/env bash
# Speed-up of the safety-weighted forest at 1 and N ranks on Adult: the models pipeline fits a
# 200-tree forest on all rows (blocks of 10 trees are tasks of the task farm; each returns per-row
# sums, the trees stay where they were grown), and scores it on one 80/20 split (blocks of 10
# trees fitted on the training rows are tasks too; each returns its summed test predictions).
# Prints per rank count the wall time of the tree tasks (farm stage), of the whole fit on all rows
# (trees + OOB assembly + predictions, the latter serial) and of the scoring stage with its task
# count, with the speed-ups, and checks that the results are identical.  Usage: bench/forest_scaling.sh BUILD/admissible [RANKS...]
set -euo pipefail
bin=$1; shift
ranks=${*:-1 2}
here=$(cd "$(dirname "$0")" && pwd)
data=${ADMISSIBLE_DATA:-$here/../../shared/data}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export ADMISSIBLE_DATA=$data
source "$here/workloads.sh"
config_forest > "$tmp/forest.toml"
source "$here/../tests/lib/h5.sh"
echo "cores $(nproc), load $(cut -d" " -f1-3 /proc/loadavg)"
printf '%-6s %12s %12s %12s %6s %10s %10s %10s\n' ranks "trees (s)" "fit (s)" "score (s)" tasks \
  "trees x" "fit x" "score x"
base=""
for n in $ranks; do
  mpirun -q -np "$n" "$bin" run "$tmp/forest.toml" --out "$tmp/f$n.h5" > /dev/null 2> "$tmp/err$n" ||
    { cat "$tmp/err$n"; exit 1; }
  trees=$(h5vals "$tmp/f$n.h5" /timing/models.forest_trees.forest)
  fit=$(h5vals "$tmp/f$n.h5" /timing/models.full_and_alfa)
  score=$(h5vals "$tmp/f$n.h5" /timing/models.score)
  tasks=$(h5vals "$tmp/f$n.h5" /timing/farm/models.score/tasks_per_rank | awk '{ s += $1 } END { print s }')
  [ -n "$base" ] || { base=$fit; base_trees=$trees; base_score=$score; }
  printf '%-6s %12.2f %12.2f %12.2f %6s %10.2f %10.2f %10.2f\n' "$n" "$trees" "$fit" "$score" "$tasks" \
    "$(awk -v a="$base_trees" -v b="$trees" 'BEGIN { print a / b }')" \
    "$(awk -v a="$base" -v b="$fit" 'BEGIN { print a / b }')" \
    "$(awk -v a="$base_score" -v b="$score" 'BEGIN { print a / b }')"
  [ "$n" = "${ranks%% *}" ] || "$bin" compare "$tmp/f${ranks%% *}.h5" "$tmp/f$n.h5" > /dev/null ||
    { echo "results differ between rank counts"; exit 1; }
done
echo "accuracy $(h5vals "$tmp/f1.h5" /models/forest/accuracy_mean 2>/dev/null || true), OOB error $(h5vals "$tmp/f${ranks%% *}.h5" /models/forest/oob_error)"

#!/usr/bin/env bash
# The models pipeline's forests on random splits (issue 15): each (forest, split) is one farm task
# per block of 10 trees (25 trees: blocks of 10, 10, 5; a uniform 12-tree forest: 10, 2), a GLM's
# (model, split) one task. The task count is fixed and the whole result file (/timing excluded)
# must be bitwise identical at 1, 2 and 4 ranks. Embedded data, no files needed. ~5 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/mpi_env.sh"
source "$here/../lib/h5.sh"
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/c.toml" <<'EOT'
[run]
name = "models_forest_ranks"
seed = 11
pipeline = "models"
[data]
source = "embedded:demo"
target = "repaid"
positive = "yes"
sensitive = ["race", "sex"]
features = ["zip_code", "income", "debt_ratio", "years_employed", "favorite_color"]
[learner]
kind = "gbm"
[learner.gbm]
rounds = 20
nthread = 1
[infogram]
mode = "fair"
estimate = "in_sample"
bootstrap = 0
[models]
repeats = 3
alfa = false
[[models.model]]
name = "forest"
kind = "forest"
features = "all"
trees = 25
[[models.model]]
name = "uniform"
kind = "forest"
features = "all"
trees = 12
candidates = "uniform"
[[models.model]]
name = "glm"
kind = "glm"
features = "all"
EOT
for n in 1 2 4; do
  mpi "$n" "$bin" run "$tmp/c.toml" --out "$tmp/m$n.h5" > "$tmp/log$n" 2>&1 ||
    { cat "$tmp/log$n"; exit 1; }
  tasks=$(h5vals "$tmp/m$n.h5" /timing/farm/models.score/tasks_per_rank | awk '{ s += $1 } END { print s }')
  [ "$tasks" = 18 ] || { echo "$n ranks: $tasks scoring tasks, expected 3 x (3 + 2 + 1) = 18"; exit 1; }
done
grep -A4 "^models on" "$tmp/log1"
for n in 2 4; do
  "$bin" compare "$tmp/m1.h5" "$tmp/m$n.h5" || { echo "results differ between 1 and $n ranks"; exit 1; }
done
echo "18 scoring tasks; identical results at 1, 2 and 4 ranks"

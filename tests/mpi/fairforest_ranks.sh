#!/usr/bin/env bash
# Fair Forests (pipeline fairforest): every (model, fold, tree) and sweep fit is a farm task, so the
# whole result file must be bitwise identical at 1, 2 and 4 ranks (admissible compare, /timing
# excluded). German (classification, 10-fold CV, all six models, a three-feature sweep) and the
# diabetes substitute (regression) with 10 trees per forest. Exit 77 without ../shared/data. ~40 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/mpi_env.sh"
bin=$1
data=${ADMISSIBLE_DATA:-$(cd "$here/../../.." && pwd)/shared/data}
[ -d "$data/german" ] || { echo "SKIP: no $data/german"; exit 77; }
export ADMISSIBLE_DATA=$data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for name in german diabetes; do
  sed -e 's/^trees = 100/trees = 10/' -e 's/^bootstrap = 200/bootstrap = 41/' \
      -e 's/^sweep_features = .*//' -e 's/^sweep = true/sweep = true\nsweep_features = ["age", "bmi"]/' \
      "$here/../../configs/fairforests/fairforest_$name.toml" > "$tmp/c.toml"
  [ "$name" = german ] && sed -i 's/sweep_features = .*/sweep_features = ["status", "age", "housing"]/' "$tmp/c.toml"
  for n in 1 2 4; do
    mpi "$n" "$bin" run "$tmp/c.toml" --out "$tmp/$name$n.h5" > "$tmp/log$n" 2>&1 ||
      { cat "$tmp/log$n"; exit 1; }
  done
  grep -q "RF_F" "$tmp/log1" || { echo "$name: no RF_F line in the summary"; cat "$tmp/log1"; exit 1; }
  for n in 2 4; do
    "$bin" compare "$tmp/${name}1.h5" "$tmp/$name$n.h5" ||
      { echo "$name: results differ between 1 and $n ranks"; exit 1; }
  done
  echo "$name: identical at 1, 2 and 4 ranks"
done

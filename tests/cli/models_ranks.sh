#!/usr/bin/env bash
# The admissible-models pipeline (configs/models_demo.toml: InfoGram, tree, GLM, lasso, forest
# with its trees spread over the ranks, ALFA of every model) gives bitwise identical results at
# 1, 2 and 4 ranks.
set -euo pipefail
source "$(dirname "$0")/../mpi/mpi_env.sh"
bin=$1
config=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for n in 1 2 4; do
  mpi "$n" "$bin" run "$config" --out "$tmp/m$n.h5" > "$tmp/log$n" 2> "$tmp/err$n" ||
    { cat "$tmp/err$n"; exit 1; }
done
grep -A8 "^models on" "$tmp/log1"
"$bin" compare "$tmp/m1.h5" "$tmp/m2.h5"
"$bin" compare "$tmp/m1.h5" "$tmp/m4.h5"
diff <(grep -v '^result:\|^load:' "$tmp/log1") <(grep -v '^result:\|^load:' "$tmp/log4")

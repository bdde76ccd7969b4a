#!/usr/bin/env bash
# The shapley pipeline gives bitwise identical result datasets at 1, 2 and 4 ranks: exact
# enumeration (subset chunks as farm tasks) and permutation sampling (pairs as farm tasks, the
# stopping rule checked on results gathered in pair order).
set -euo pipefail
here=$(dirname "$0")
source "$here/mpi_env.sh"
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for config in shapley_demo shapley_demo_sampled; do
  for n in 1 2 4; do
    mpi "$n" "$bin" run "$here/../../configs/$config.toml" --out "$tmp/$config$n.h5" > "$tmp/log$n"
  done
  "$bin" compare "$tmp/${config}1.h5" "$tmp/${config}2.h5"
  "$bin" compare "$tmp/${config}1.h5" "$tmp/${config}4.h5"
  diff <(grep -v '^result:\|^load:' "$tmp/log1") <(grep -v '^result:\|^load:' "$tmp/log4")
done

#!/usr/bin/env bash
# Top-k pattern mines over fake nodes (ADM_FARM_NODE_RANKS: blocks of consecutive ranks share the
# node's counts in memory, their leaders relay them to each other along a tree): whole result files
# identical to 1 rank's (`admissible compare`) at 8 ranks in nodes of 4 (two leaders; each drains
# three other ranks' counts) and in nodes of 1 (eight leaders, a tree two links deep: leader 1
# forwards between leader 0 and leaders 5-7), each mine marked complete. Exit 77 without the data.
set -euo pipefail
here=$(dirname "$0")
source "$here/mpi_env.sh"
bin=$1
data=${ADMISSIBLE_DATA:-$(cd "$here/../../.." && pwd)/shared/data}
[ -d "$data/fairnb" ] || { echo "SKIP: no $data/fairnb"; exit 77; }
export ADMISSIBLE_DATA=$data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for setting in "adult top_discrimination 0.1 300" "compas top_divergence 0.01 100"; do
  read -r name mode delta k <<< "$setting"
  sed -e 's/^enabled = true/enabled = false/' -e "s/^mode = .*/mode = \"$mode\"/" \
      -e "s/^delta = .*/delta = $delta/" -e "s/^k = 10$/k = $k/" \
      "$here/../../configs/fairnb/patterns_$name.toml" > "$tmp/c.toml"
  mpi 1 "$bin" run "$tmp/c.toml" --out "$tmp/one.h5" > "$tmp/log1" 2>&1 || { cat "$tmp/log1"; exit 1; }
  for per_node in 4 1; do
    ADM_FARM_NODE_RANKS=$per_node mpi 8 -x ADM_FARM_NODE_RANKS "$bin" run "$tmp/c.toml" \
      --out "$tmp/n$per_node.h5" > "$tmp/log$per_node" 2>&1 || { cat "$tmp/log$per_node"; exit 1; }
    h5dump -d /patterns/mine/complete "$tmp/n$per_node.h5" | grep -q '(0): 1' ||
      { echo "$setting: nodes of $per_node: the mine is not marked complete"; exit 1; }
    "$bin" compare "$tmp/one.h5" "$tmp/n$per_node.h5" > /dev/null ||
      { "$bin" compare "$tmp/one.h5" "$tmp/n$per_node.h5"; echo "$setting: nodes of $per_node differ"; exit 1; }
  done
  echo "$setting: identical at 1 rank and 8 ranks in nodes of 4 and of 1"
done

#!/usr/bin/env bash
# Fair naive Bayes mining through dist::frontier_search: identical pattern sets (keys, Delta,
# divergence) and counts at 1, 2 and 4 ranks, in every mode, on COMPAS and Adult (exit 77 without
# ../shared/data), each marked complete (certified: no node budget); two top-k settings also at 8
# and 16 ranks (oversubscribed: idle ranks sleep); two top-k mines over fake nodes (relays between
# node leaders). ~55 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/mpi_env.sh"
bin=$1
data=${ADMISSIBLE_DATA:-$(cd "$here/../../.." && pwd)/shared/data}
[ -d "$data/fairnb" ] || { echo "SKIP: no $data/fairnb"; exit 77; }
export ADMISSIBLE_DATA=$data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
config() {  # NAME MODE DELTA K: the dataset's mining config, fair learner off
  sed -e 's/^enabled = true/enabled = false/' -e "s/^mode = .*/mode = \"$2\"/" \
      -e "s/^delta = .*/delta = $3/" -e "s/^k = 10$/k = $4/" "$here/../../configs/fairnb/patterns_$1.toml"
}
dump() {
  for d in key delta divergence qualifying; do
    h5dump -m '%.17g' -d "/patterns/mine/$d" "$1" | sed -n '/DATA {/,/}/p'
  done
}
for setting in "compas all 0.05 50" "compas top_divergence 0.01 100 8 16" \
               "adult top_discrimination 0.1 100 8 16" "adult top_divergence 0.05 30"; do
  read -r name mode delta k more <<< "$setting"
  setting="$name $mode $delta $k"
  ranks="2 4 ${more:-}"
  config "$name" "$mode" "$delta" "$k" > "$tmp/c.toml"
  for n in 1 $ranks; do
    mpi "$n" "$bin" run "$tmp/c.toml" --out "$tmp/r$n.h5" > "$tmp/log$n" 2>&1 ||
      { cat "$tmp/log$n"; exit 1; }
    dump "$tmp/r$n.h5" > "$tmp/d$n"
  done
  grep -q '(0,0):' "$tmp/d1" || { echo "$setting: no patterns found"; exit 1; }
  h5dump -d /patterns/mine/complete "$tmp/r4.h5" | grep -q '(0): 1' ||
    { echo "$setting: the mine at 4 ranks is not marked complete"; exit 1; }
  for n in $ranks; do cmp "$tmp/d1" "$tmp/d$n" || { echo "$setting: results differ at $n"; exit 1; }; done
  # Whole files: everything outside /timing is identical at any rank count.
  for n in $ranks; do
    "$bin" compare "$tmp/r1.h5" "$tmp/r$n.h5" > /dev/null ||
      { "$bin" compare "$tmp/r1.h5" "$tmp/r$n.h5"; exit 1; }
  done
  echo "$setting: identical at 1 and $ranks ranks ($(grep -o '[0-9]* of [0-9.e+]* nodes' "$tmp/log4"))"
done
# A node budget holds over all ranks: a mine stopped at max_nodes = 1000 scored at most 1000 nodes.
sed -e 's/^enabled = true/enabled = false/' -e 's/^mode = .*/mode = "top_discrimination"/' \
    -e 's/^delta = .*/delta = 0.01/' -e 's/^k = 10$/k = 100\nmax_nodes = 1000/' \
    "$here/../../configs/fairnb/patterns_adult.toml" > "$tmp/b.toml"
grep -q '^max_nodes = 1000' "$tmp/b.toml" || { echo "budget config not built"; exit 1; }
for n in 1 2 4 16; do
  mpi "$n" "$bin" run "$tmp/b.toml" --out "$tmp/b$n.h5" > "$tmp/blog$n" 2>&1 || { cat "$tmp/blog$n"; exit 1; }
  visited=$(h5dump -d /timing/patterns/mine/nodes_visited "$tmp/b$n.h5" | sed -n 's/.*(0): \([0-9]*\).*/\1/p')
  h5dump -d /patterns/mine/complete "$tmp/b$n.h5" | grep -q '(0): 0' ||
    { echo "np=$n: a mine stopped by its budget is marked complete"; exit 1; }
  [ -n "$visited" ] && [ "$visited" -le 1000 ] || { echo "np=$n: budget 1000, $visited nodes scored"; exit 1; }
  echo "budget 1000 at $n rank(s): $visited nodes scored"
done
# Fake nodes (ADM_FARM_NODE_RANKS: blocks of consecutive ranks share the node's counts in memory,
# their leaders relay them along a tree): whole files identical to 1 rank's at 8 ranks in nodes of 4
# (two leaders, each draining three other ranks' counts) and of 1 (eight leaders, a tree two links
# deep: leader 1 forwards between leader 0 and leaders 5-7), each mine complete.
for setting in "adult top_discrimination 0.1 300" "compas top_divergence 0.01 100"; do
  read -r name mode delta k <<< "$setting"
  config "$name" "$mode" "$delta" "$k" > "$tmp/c.toml"
  mpi 1 "$bin" run "$tmp/c.toml" --out "$tmp/one.h5" > "$tmp/log1" 2>&1 || { cat "$tmp/log1"; exit 1; }
  for per_node in 4 1; do
    ADM_FARM_NODE_RANKS=$per_node mpi 8 -x ADM_FARM_NODE_RANKS "$bin" run "$tmp/c.toml" \
      --out "$tmp/n$per_node.h5" > "$tmp/log$per_node" 2>&1 || { cat "$tmp/log$per_node"; exit 1; }
    h5dump -d /patterns/mine/complete "$tmp/n$per_node.h5" | grep -q '(0): 1' ||
      { echo "$setting: nodes of $per_node: the mine is not marked complete"; exit 1; }
    "$bin" compare "$tmp/one.h5" "$tmp/n$per_node.h5" > /dev/null ||
      { "$bin" compare "$tmp/one.h5" "$tmp/n$per_node.h5"; echo "$setting: nodes of $per_node differ"; exit 1; }
  done
  echo "$setting: identical at 1 rank and 8 ranks in nodes of 4 and of 1 (relays between leaders)"
done

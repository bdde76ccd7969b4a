#!/usr/bin/env bash
# Fair naive Bayes mining through dist::frontier_search: identical pattern sets (keys, Delta,
# divergence) and counts at 1, 2 and 4 ranks, in every mode, on COMPAS and Adult (exit 77 without
# ../shared/data), each marked complete (certified: no node budget); two top-k settings also at 8
# and 16 ranks (oversubscribed: idle ranks sleep). ~40 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/mpi_env.sh"
bin=$1
data=${ADMISSIBLE_DATA:-$(cd "$here/../../.." && pwd)/shared/data}
[ -d "$data/fairnb" ] || { echo "SKIP: no $data/fairnb"; exit 77; }
export ADMISSIBLE_DATA=$data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
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
  sed -e 's/^enabled = true/enabled = false/' -e "s/^mode = .*/mode = \"$mode\"/" \
      -e "s/^delta = .*/delta = $delta/" -e "s/^k = 10$/k = $k/" \
      "$here/../../configs/fairnb/patterns_$name.toml" > "$tmp/c.toml"
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

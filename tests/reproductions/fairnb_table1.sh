#!/usr/bin/env bash
# Fair naive Bayes Table 1 in the fixture of repro_fairnb (COMPAS' and Adult's 36 mines; German's
# 18 need --full): every cell is on the reproduction page as "not compared" beside the paper's
# figure, the '# Pat.' column holds, and a reader can recompute each share from the result:
# nodes_visited / total_nodes, with total_nodes = 5^|S| 3^|N| (a sensitive feature is absent, in x
# or in y at either of 2 levels, another absent or in y) and total_patterns those with x non-empty,
# 5^|S| 3^|N| - 3^(|S|+|N|). Each run's config sets the ranking, k and delta its name says.
#   fairnb_table1.sh OUT   (OUT/fairnb from repro_fairnb)
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
dir=$1/fairnb
fail() { echo "FAIL: $*"; exit 1; }
html=$dir/../report.html
[ -f "$html" ] || fail "no $html"
# The page's Table 1 rows, one <tr>...</tr> a line (the page is ~2 MB: grep a small file).
rows=$(mktemp); trap 'rm -f "$rows"' EXIT
sed 's#</tr>#</tr>\n#g' "$html" | grep -F 'Table 1, ' > "$rows" || true
declare -A nodes=([compas]=16875 [adult]=12301875) patterns=([compas]=14688 [adult]=10707552)
declare -A label=([compas]=COMPAS [adult]=Adult)
n=0
for d in compas adult; do
  grep -q "Table 1, ${label[$d]}, # Pat\..*<td>within 500*</td><td>holds</td>" "$rows" ||
    fail "no holding '# Pat.' row for $d"
  for m in top_divergence top_discrimination; do
    for k in 1 10 100; do
      for e in 0.01 0.05 0.1; do
        run=table1_${d}_${m}_${k}_${e}
        cell="Table 1, ${label[$d]}, ${m#top_}, k = $k, delta = $e: share explored"
        line=$(grep -F "$cell" "$rows") || fail "no row '$cell' on the page"
        grep -q "<td>information</td><td>not compared</td>" <<< "$line" ||
          fail "'$cell' is not 'not compared': $line"
        cfg=$dir/runs/$run.toml
        # delta is written exactly (0.05 as 0.050000000000000003): compared as a number.
        grep -qx "mode = '$m'" "$cfg" && grep -qx "k = $k" "$cfg" &&
          awk -v e="$e" '$1 == "delta" && $2 == "=" && $3 + 0 == e + 0 { ok = 1 } END { exit !ok }' "$cfg" ||
          fail "$cfg does not set mode $m, k $k, delta $e"
        h5=$dir/$run.h5
        # One h5dump for the four numbers (in the order of the -d options).
        read -r visited share total candidates < <(h5dump -A 0 -m '%.17g' -y -w 0 \
          -d /timing/patterns/mine/nodes_visited -d /timing/patterns/mine/proportion \
          -d /patterns/mine/total_nodes -d /patterns/mine/total_patterns "$h5" |
          awk '/DATA \{/ { on = 1; next } on { gsub(/[ ,]/, ""); printf "%s ", $0; on = 0 } END { print "" }')
        [ "$total" = "${nodes[$d]}" ] || fail "$h5: total_nodes $total"
        [ "$candidates" = "${patterns[$d]}" ] || fail "$h5: total_patterns $candidates"
        awk -v v="$visited" -v t="${nodes[$d]}" -v s="$share" \
          'BEGIN { r = v / t - s; exit !(v > 0 && v <= t && r < 1e-15 && r > -1e-15) }' ||
          fail "$h5: proportion $share is not nodes_visited $visited / ${nodes[$d]}"
        n=$((n + 1))
      done
    done
  done
done
echo "Table 1: $n cells on the page (not compared), shares recomputed from nodes_visited / total_nodes"

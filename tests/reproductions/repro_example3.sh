#!/usr/bin/env bash
# InfoGram paper, Example 3 / Fig. 4 (configs/infogram/infogram_example3.toml): the core InfoGram on n = 500,
# p = 50 finds the core set {X1, X2}; the imitator X50 is highly relevant (gbm importance ~0.85 in
# the paper's bar chart) with near-zero net information, i.e. in the L-region.
#
# The paper shows ONE random sample. Ours differ from draw to draw, so the script runs five
# independent draws (0..4) and judges each claim by the majority (>= 3 of 5); per-draw numbers are
# printed. Runtime ~2 min at 1 rank (~22 s a draw).
#
# Finding: with the paper's in-sample estimator, X50's normalised net information straddles the
# 0.1 line (0.02-0.20 over the draws; the paper's own Fig. 4 also puts X50 close to it): in-sample,
# the model on all 50 features overfits, and the extra feature X50 (correlated with the signal)
# buys it some in-sample fit that counts as "net information". The K-fold cross-fitted estimate
# (reported beside it, 2 folds) removes that optimism and puts X50 below 0.1 in every draw. That
# row prints "differs (explained)"; the cross-fitted rows are checked.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
bin=$1
config="$here/../../configs/infogram/infogram_example3.toml"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
source "$here/../lib/h5.sh"
vals() { h5vals "$@"; }
draws=5
# One line per draw: draw, then per X1 X2 X50: relevance, net (in-sample, normalised), net
# (cross-fitted, normalised); then the in-sample admissible set and the cross-fitted one.
printf '%-5s %-20s %-20s %-20s  %-16s %s\n' draw "relevance X1/X2/X50" "net(in) X1/X2/X50" \
  "net(cv) X1/X2/X50" "admissible (in)" "admissible (cv)"
for draw in $(seq 0 $((draws - 1))); do
  sed -e "s/^draw = .*/draw = $draw/" "$config" > "$tmp/run.toml"
  grep -q "^draw = $draw\$" "$tmp/run.toml"
  "$bin" run "$tmp/run.toml" --out "$tmp/run.h5" > /dev/null \
    2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
  paste <(vals "$tmp/run.h5" /infogram/features) <(vals "$tmp/run.h5" /infogram/relevance) \
        <(vals "$tmp/run.h5" /infogram/net) <(vals "$tmp/run.h5" /infogram/net_cross_fitted) \
        <(vals "$tmp/run.h5" /infogram/admissible) |
    awk -v d="$draw" '{ f[NR] = $1; r[$1] = $2; n[$1] = $3; c[$1] = $4; a[$1] = $5
                        if ($4 > m) m = $4 }
      END { for (i = 1; i <= NR; i++) { k = f[i]; cn[k] = (c[k] > 0 ? c[k] / m : 0)
              if (a[k]) si = si (si ? "," : "") k
              if (r[k] >= 0.1 && cn[k] >= 0.1) sc = sc (sc ? "," : "") k }
            printf "%d %.2f/%.2f/%.2f %.2f/%.2f/%.2f %.2f/%.2f/%.2f %s %s %d %d\n", d,
              r["X1"], r["X2"], r["X50"], n["X1"], n["X2"], n["X50"], cn["X1"], cn["X2"], cn["X50"],
              si, sc, (r["X50"] >= 0.1 && n["X50"] < 0.1), (r["X50"] >= 0.1 && cn["X50"] < 0.1) }'
done > "$tmp/draws"
awk '{ printf "%-5s %-20s %-20s %-20s  %-16s %s\n", $1, $2, $3, $4, "{" $5 "}", "{" $6 "}" }' "$tmp/draws"

# Counts over the draws (sets compared as sorted lists).
sorted() { tr ',' '\n' <<< "$1" | sort | paste -sd,; }
in_set=0; cv_set=0
while read -r _ _ _ _ si sc _ _; do
  [ "$(sorted "$si")" = "X1,X2" ] && in_set=$((in_set + 1))
  [ "$(sorted "$sc")" = "X1,X2" ] && cv_set=$((cv_set + 1))
done < "$tmp/draws"
in_x50=$(awk '{ s += $7 } END { print s }' "$tmp/draws")
cv_x50=$(awk '{ s += $8 } END { print s }' "$tmp/draws")
read -r r1 r2 r50 n1 n2 n50 < <(awk 'NR == 1 { split($2, r, "/"); split($3, n, "/")
  print r[1], r[2], r[3], n[1], n[2], n[3] }' "$tmp/draws")

claim() {  # LABEL K PUBLISHED [REASON]: K of $draws draws agree; majority = ok
  local verdict=ok
  if [ "$2" -lt $(((draws + 1) / 2)) ]; then
    if [ -n "${4:-}" ]; then verdict="differs (explained: $4)"
    else verdict=DIFFERS; failed=$((failed + 1)); fi
  fi
  printf '%-44s %8s %-18s %s\n' "$1" "$2/$draws" "$3" "$verdict"
}
echo
echo "draw 0 (in-sample, normalised); Fig. 4 gives no numbers: its importance ranking is X2, X50, X1"
printf '  relevance X1 %.2f, X2 %.2f, X50 %.2f; net X1 %.2f, X2 %.2f, X50 %.2f\n' \
  "$r1" "$r2" "$r50" "$n1" "$n2" "$n50"
echo
printf '%-44s %8s %-18s %s\n' "claim (over independent draws)" "draws" "published" "verdict"
claim "admissible set = {X1, X2}, in-sample" "$in_set" "{X1, X2}"
claim "X50: relevance >= 0.1, net < 0.1, in-sample" "$in_x50" "yes" \
  "in-sample optimism puts X50 at the 0.1 line; cross-fitted below"
claim "admissible set = {X1, X2}, cross-fitted" "$cv_set" "{X1, X2}"
claim "X50: relevance >= 0.1, net < 0.1, cross-fit." "$cv_x50" "yes"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

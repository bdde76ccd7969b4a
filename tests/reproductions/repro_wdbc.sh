#!/usr/bin/env bash
# InfoGram paper, Sec. 3.1.4 Example 7 (Fig. 8), Wisconsin breast cancer (configs/infogram/
# infogram_wdbc.toml). Published: core (admissible) features texture_worst, concave_points_mean,
# radius_worst, texture_mean; imitators (high relevance, ~zero net information) perimeter_worst,
# area_worst, concave_points_worst. Each feature's status is compared: core = outside the L-region,
# imitator = relevance >= 0.1 and net < 0.1. Runtime ~10 s.
#
# What differs, and why (rows marked "explained" do not fail):
# - radius_worst and area_worst swap roles (paper: radius core, area imitator; ours the reverse).
#   Their Spearman correlation is 0.999: for trees they are nearly the same feature, and which of
#   the two carries the pair's in-sample net information is arbitrary. Checked: exactly one of the
#   two is core and the other an imitator.
# - Features at the relevance line: texture_mean (paper: core, "the least net and total information
#   among the four") has relevance just under 0.1 with us, concavity_worst (paper: not core) just
#   over it. Relevance is the learner's importance (XGBoost total gain), not the paper's gbm.
# The data are nearly separable: in-sample, every net information is below 0.001 bits, so the set
# beyond its robust members depends on the learner. We tried five gbm settings (defaults;
# min_child_weight 0; 50 rounds depth 5; stumps; 20 rounds): concave_points_mean and texture_worst
# were core and perimeter_worst an imitator in all five; the other members changed.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
source "$here/../lib/h5.sh"
vals() { h5vals "$@"; }
"$bin" run "$here/../../configs/infogram/infogram_wdbc.toml" --out "$tmp/w.h5" > "$tmp/log" \
  2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
sed -n '/InfoGram/,/admissible set/p' "$tmp/log" | sed -n '1,12p'
echo "  ..."
paste <(vals "$tmp/w.h5" /infogram/features) <(vals "$tmp/w.h5" /infogram/relevance) \
      <(vals "$tmp/w.h5" /infogram/net) <(vals "$tmp/w.h5" /infogram/admissible) > "$tmp/ig"
# status FEATURE: "core", "imitator" (relevance >= 0.1, net < 0.1) or "irrelevant" (relevance < 0.1)
status() { awk -v f="$1" '$1 == f { print ($4 == 1 ? "core" : ($2 >= 0.1 ? "imitator" : "irrelevant")) }' "$tmp/ig"; }
rel() { awk -v f="$1" '$1 == f { print $2 }' "$tmp/ig"; }
net() { awk -v f="$1" '$1 == f { print $3 }' "$tmp/ig"; }
# feat FEATURE PUBLISHED [EXPLAINED-IF-OURS REASON CONDITION]: one row per feature claim;
# PUBLISHED not-core = imitator or irrelevant. A difference is "explained" only when ours is
# EXPLAINED-IF-OURS and CONDITION holds.
feat() {
  local ours verdict=ok
  ours=$(status "$1")
  if [ "$2" = not-core ] && [ "$ours" != core ]; then :
  elif [ "$ours" != "$2" ]; then
    if [ -n "${3:-}" ] && [ "$ours" = "$3" ] && eval "$5"; then verdict="differs (explained: $4)"
    else verdict=DIFFERS; failed=$((failed + 1)); fi
  fi
  printf '%-22s %5.2f %5.2f  %-10s %-10s %s\n' "$1" "$(rel "$1")" "$(net "$1")" "$ours" "$2" "$verdict"
}
printf '%-22s %5s %5s  %-10s %-10s %s\n' feature rel net ours published verdict
feat concave_points_mean core
feat texture_worst core
feat perimeter_worst imitator
feat concave_points_worst imitator
# The swapped pair: explained only if the other one of the pair took the role.
feat radius_worst core imitator "role swapped with area_worst (Spearman 0.999)" \
  '[ "$(status area_worst)" = core ]'
feat area_worst imitator core "role swapped with radius_worst (Spearman 0.999)" \
  '[ "$(status radius_worst)" = imitator ]'
# At the relevance line (within 0.05 of it) and informative (net >= 0.1).
feat texture_mean core irrelevant "relevance just under 0.1" \
  'awk -v r="$(rel texture_mean)" -v n="$(net texture_mean)" "BEGIN { exit !(r >= 0.05 && n >= 0.1) }"'
feat concavity_worst not-core core "relevance just over 0.1" \
  'awk -v r="$(rel concavity_worst)" "BEGIN { exit !(r < 0.15) }"'
ours=$(awk '$4 == 1 { print $1 }' "$tmp/ig" | sort | paste -sd,)
paper=$(printf '%s\n' texture_worst concave_points_mean radius_worst texture_mean | sort | paste -sd,)
verdict=ok
if [ "$ours" != "$paper" ]; then
  verdict="differs (explained: the rows above)"
  # Any core feature not covered by a row above is unexplained.
  for f in ${ours//,/ }; do
    case $f in concave_points_mean|texture_worst|area_worst|concavity_worst) ;;
      *) verdict=DIFFERS; failed=$((failed + 1)); break ;; esac
  done
fi
echo "core set: ours {$ours}"
echo "          paper {$paper}: $verdict"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

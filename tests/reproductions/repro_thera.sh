#!/usr/bin/env bash
# Example 11 of the InfoGram paper (Thera Bank personal-loan campaign, fair InfoGram,
# S = {Age, ZIP Code}) against the paper: Income and CCAvg are the admissible features; Education
# and Family are highly predictive but inadmissible (relevance above, safety below the threshold).
# Config: configs/infogram_thera.toml. Cut vs the paper: no ALFA bootstrap and no per-feature
# p-values (the paper reports neither), no FINE-logistic model. Education's safety (0.09) is close
# to the 0.1 threshold (0.101 with 100 trees of depth 3); the rows print the margins. About 10 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
h5=$tmp/thera.h5
"$bin" run "$here/../../configs/infogram_thera.toml" --out "$h5" > "$tmp/log" 2> "$tmp/err" ||
  { cat "$tmp/err"; exit 1; }
sed -n '/InfoGram/,/^  admissible set/p' "$tmp/log"
# vals FILE DATASET: a dataset's values, one a line, without its attributes (h5vals from
# tests/lib/h5.sh also prints the description and units attributes after the values).
vals() {
  h5dump -A 0 -m '%.17g' -d "$2" -y -w 0 "$1" | awk '/DATA \{/{on=1; next} /^ *\}/{on=0} on' |
    tr ',' '\n' | sed -e 's/^ *//' -e 's/ *$//' -e 's/"//g' | grep -v '^$'
}
# fv DATASET FEATURE: the feature's value in /infogram/DATASET (empty when it is not in the infogram).
fv() {
  paste -d'|' <(vals "$h5" /infogram/features) <(vals "$h5" "/infogram/$1") |
    awk -F'|' -v f="$2" '$1 == f { print $2 }'
}
adm() { [ "$(fv admissible "$1")" = 1 ] && echo yes || echo no; }
# say LABEL OURS PAPER VERDICT: a row that is not a number within a tolerance. Only DIFFERS counts
# as a failure; "differs (explained: ...)" is a difference we can account for (see the header).
say() {
  printf '%-40s %12s %12s %10s  %s\n' "$1" "$2" "$3" - "$4"
  [ "$4" != DIFFERS ] || failed=$((failed + 1))
}
# member FEATURE yes|no [WHY]: is FEATURE admissible, as in the paper? WHY explains a difference.
member() {
  local ours verdict=ok
  ours=$(adm "$1")
  [ "$ours" = "$2" ] || verdict=${3:+"differs (explained: $3)"}
  say "admissible: $1" "$ours" "$2" "${verdict:-DIFFERS}"
}
# bound LABEL VALUE OP LIMIT: VALUE must be >= or < LIMIT (a claim the paper makes qualitatively).
bound() {
  local verdict
  verdict=$(awk -v a="$2" -v o="$3" -v b="$4" 'BEGIN { print ((o == ">=" ? a >= b : a < b) ? "ok" : "DIFFERS") }')
  printf '%-40s %12.4f %12s %10s  %s\n' "$1" "$2" "$3 $(printf %.4g "$4")" - "$verdict"
  [ "$verdict" = ok ] || failed=$((failed + 1))
}

table_header
for f in Income CCAvg; do member "$f" yes; done
for f in Education Family Experience Mortgage "Securities Account" "CD Account" Online CreditCard; do
  member "$f" no
done
for f in Education Family; do
  bound "$f: relevance" "$(fv relevance "$f")" ">=" 0.1
  bound "$f: safety" "$(fv net "$f")" "<" 0.1
done
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

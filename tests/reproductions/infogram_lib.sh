# Sourced by the InfoGram reproduction scripts after compare.sh; they set $h5 to the result file.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/h5.sh"
# run_infogram BIN NAME END: runs configs/infogram/infogram_NAME.toml into $h5 (in a temporary folder $tmp,
# removed at exit) and prints its summary from the InfoGram table to the line matching END.
run_infogram() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  h5=$tmp/$2.h5
  "$1" run "$here/../../configs/infogram/infogram_$2.toml" --out "$h5" > "$tmp/log" 2> "$tmp/err" ||
    { cat "$tmp/err"; exit 1; }
  sed -n "/InfoGram/,/$3/p" "$tmp/log"
}
# vals FILE DATASET: a dataset's values, one a line.
vals() { h5vals "$@"; }
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

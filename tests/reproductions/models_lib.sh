# Sourced first by the admissible-model reproduction scripts: strict mode, compare.sh (table rows,
# need_data: exit 77 without the shared data) and infogram_lib.sh (vals, fv, member, say, bound).
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
source "$here/compare.sh"
need_data
source "$here/infogram_lib.sh"
# run_models BIN NAME: runs configs/infogram/models_NAME.toml into $h5 (temporary folder $tmp, removed at
# exit) and prints the InfoGram's admissible set and the models table.
run_models() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  h5=$tmp/$2.h5
  "$1" run "$here/../../configs/infogram/models_$2.toml" --out "$h5" > "$tmp/log" 2> "$tmp/err" ||
    { cat "$tmp/err"; exit 1; }
  grep -E "admissible set|^models on|^  [A-Za-z]" "$tmp/log" | grep -v "^  feature" | sed -n '/admissible set/,$p'
}
# mv MODEL DATASET: the value of /models/MODEL/DATASET (first value).
mval() { vals "$h5" "/models/$1/$2" | head -1; }
# coef MODEL NAME: a coefficient of a GLM or lasso model (empty when absent).
coef() {
  paste -d'|' <(vals "$h5" "/models/$1/coefficients/names") <(vals "$h5" "/models/$1/coefficients/estimate") |
    awk -F'|' -v f="$2" '$1 == f { print $2 }'
}

#!/usr/bin/env bash
# Sourced by the benchmarks: one function per distributed workload that prints its config on
# stdout (bench/scaling.sh runs them all; bench/forest_scaling.sh the forest). Needs $here (this
# folder), $tmp (a scratch folder) and $ADMISSIBLE_DATA; knobs are environment variables.
config_audit() {
  sed -e 's/^pipeline = .*/pipeline = "audit"/' \
      -e '/^\[fairness\]/,/^\[/ s/^bootstrap = .*/bootstrap = '"${BOOTSTRAP:-2000}"'/' \
      -e 's/^source = .*/source = "embedded:demo"\nrows = '"${ROWS:-50000}"'/' \
      "$here/../configs/demo.toml"
}
config_infogram() {  # INFOGRAM_CONFIG=file: that config as it is (e.g. Adult's) instead of the demo
  if [ -n "${INFOGRAM_CONFIG:-}" ]; then cat "$INFOGRAM_CONFIG"; return; fi
  sed -e 's/^pipeline = .*/pipeline = "infogram"/' \
      -e 's/^source = .*/source = "embedded:demo"\nrows = '"${INFOGRAM_ROWS:-20000}"'/' \
      "$here/../configs/demo.toml"
}
# shapley_data N ROWS FILE: deterministic synthetic rows, binary Y and A, N ternary features (the
# first two drive Y, the third is a proxy of A, the rest noise).
shapley_data() {
  awk -v n="$1" -v rows="$2" 'BEGIN {
    srand(20261130); printf "y,a"; for (j = 1; j <= n; j++) printf ",x%d", j; print ""
    for (r = 0; r < rows; r++) {
      a = rand() < 0.4; line = ""
      for (j = 1; j <= n; j++) { x[j] = int(3 * rand()); if (j == 3) x[j] = (rand() < 0.8 ? a : 2); line = line "," x[j] }
      p = 0.2 + 0.2 * x[1] + 0.1 * x[2]; y = rand() < p
      print y "," a line } }' > "$3"
}
# shapley_config N CSV NAME METHOD: a shapley config on shapley_data's file, up to
# [shapley] method (callers may append keys of that section).
shapley_config() {
  local feats types
  feats=$(seq 1 "$1" | sed 's/^/"x/; s/$/"/' | paste -sd, -)
  types=$(seq 1 "$1" | sed 's/^/x/; s/$/ = "categorical"/' | paste -sd, -)
  cat <<EOT
[run]
name = "$3"
pipeline = "shapley"
[data]
source = "$2"
types = { y = "categorical", a = "categorical", $types }
target = "y"
positive = "1"
sensitive = ["a"]
features = [$feats]
[discretize]
method = "none"
[shapley]
method = "$4"
EOT
}
config_shapley() {
  shapley_data "${SHAPLEY_N:-14}" 6000 "$tmp/shapley.csv"
  shapley_config "${SHAPLEY_N:-14}" "$tmp/shapley.csv" scaling_shapley exact
}
config_forest() {
  cat <<EOT
[run]
name = "scaling_forest"
pipeline = "models"
[data]
source = "$ADMISSIBLE_DATA/adult/adult_train_clean.csv"
target = "income"
positive = ">50K"
sensitive = ["sex", "race"]
features = ["age", "workclass", "education_num", "occupation", "relationship", "capital_gain",
            "capital_loss", "hours_per_week"]
missing = "drop"
[models]
repeats = 1
alfa = false
[[models.model]]
name = "forest"
kind = "forest"
features = "all"
trees = ${TREES:-200}
candidates = "uniform"
EOT
}
config_fairforest() {  # FAIRFOREST_CONFIG=file (default: Fair Forests on Adult, the quick config)
  cat "${FAIRFOREST_CONFIG:-$here/../configs/fairforests/fairforest_adult_quick.toml}"
}
config_rulelist() {
  sed -e "s/^regularization = .*/regularization = ${LAMBDA:-0.01}/" \
      -e 's/^strategy = .*/strategy = "lower_bound"/' "$here/../configs/faircorels/rulelist_corels_compas.toml"
}
config_patterns() {
  sed -e 's/^enabled = true/enabled = false/' -e 's/^mode = .*/mode = "top_discrimination"/' \
      -e "0,/^k = .*/s//k = ${TOP_K:-200000}/" -e 's/^delta = .*/delta = 0.1/' \
      "$here/../configs/fairnb/patterns_german.toml"
}


#!/usr/bin/env bash
# InfoGram paper, Sec. 2.6 Example 1 (configs/infogram/infogram_example1.toml): MI(Y, X | S) over 50
# independent samples of n = 500 (draws 0..49), mean +- sd (sd over the repetitions, as the paper)
# and the mean bootstrap p-value, for the model (true MI = 1 bit) and the null model (MI = 0).
# Published: 0.994 +- 0.00234, p ~ 0; null 0.0022 +- 0.0017, mean p 0.820.
#
# Cut for time: B = 99 bootstrap replicates per p-value (the paper's Algorithm 2 suggests 500), so
# the smallest attainable p is 0.01. Runtime ~2-2.5 min at 1 rank.
#
# Tolerances. Model: the exact plug-in estimate on these draws averages 0.9970 (its bias is the
# finite-sample entropy bias of H(Y | S), ~1/(n ln 2) = 0.0029); learners that stop short of the
# cell frequencies give less (the paper's 0.994), so the mean gets 0.003 (~1 published sd). Its sd
# is essentially the sampling sd of the plug-in H(Y | S) (theory ~0.0029); the sd of a 50-sample sd
# is ~10 %: tolerance 0.001.
# Null: our gbm reaches the four cell frequencies, so the estimate equals the plug-in (to 5
# digits), whose law is chi2(2) / (2 n ln 2): mean = sd = 1/(n ln 2) = 0.00289 bits. The paper's
# smaller null values suggest a learner that stops short of the cell frequencies (its 0.994 < 0.997
# above points the same way). Its mean p of 0.82 under H0 means its null replicates ran above the
# observed statistic (a conservative test); the paper does not say why. A valid test has uniform
# p-values under H0 (mean ~0.5), as ours. Those three rows print "differs (explained)" and do not
# fail; ours are checked against the theory instead (3 standard errors over 50 repetitions; the
# published null figures are compared with 3 of theirs).
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
bin=$1
config="$here/../../configs/infogram/infogram_example1.toml"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
source "$here/../lib/h5.sh"
vals() { h5vals "$@"; }
explained() {  # LABEL OURS PUBLISHED TOL REASON: a known, explained difference (does not fail)
  local verdict
  verdict=$(awk -v a="$2" -v b="$3" -v t="$4" \
      'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= t ? "ok" : "differs") }')
  [ "$verdict" = ok ] || verdict="differs (explained: $5)"
  printf '%-40s %12.4f %12.4f %10.4f  %s\n' "$1" "$2" "$3" "$4" "$verdict"
}

# stats DATASET: "mean sd mean_p" over draws 0..49.
stats() {
  for draw in $(seq 0 49); do
    sed -e "s/^source = .*/source = \"embedded:$1\"/" -e "s/^draw = .*/draw = $draw/" "$config" \
      > "$tmp/run.toml"
    grep -q "^draw = $draw\$" "$tmp/run.toml"
    "$bin" run "$tmp/run.toml" --out "$tmp/run.h5" > /dev/null \
      2> "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    echo "$(vals "$tmp/run.h5" /infogram/net_in_sample) $(vals "$tmp/run.h5" /infogram/p_value)"
  done | awk '{ s += $1; ss += $1 * $1; p += $2; n++ }
              END { m = s / n; printf "%.17g %.17g %.10g\n", m, sqrt((ss - n * m * m) / (n - 1)), p / n }'
}
read -r mean sd p < <(stats example1)
read -r mean0 sd0 p0 < <(stats example1_null)

table_header
row "MI(Y,X|S), mean of 50" "$mean" 0.994 0.003
row "MI(Y,X|S), sd over 50" "$sd" 0.00234 0.001
row "mean p-value (B = 99: >= 0.01)" "$p" 0 0.01
explained "null: MI(Y,X|S), mean of 50" "$mean0" 0.0022 0.0007 "plug-in law, see below"
explained "null: MI(Y,X|S), sd over 50" "$sd0" 0.0017 0.001 "plug-in law, see below"
explained "null: mean p-value" "$p0" 0.820 0.12 "valid test: uniform p under H0"
echo "null model against the theory of the plug-in estimate (ours = plug-in here):"
row "null: mean vs 1/(n ln 2)" "$mean0" "$(awk 'BEGIN { print 1 / (500 * log(2)) }')" 0.0012
row "null: sd vs 1/(n ln 2)" "$sd0" "$(awk 'BEGIN { print 1 / (500 * log(2)) }')" 0.0017
row "null: mean p vs uniform (0.505)" "$p0" 0.505 0.12
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

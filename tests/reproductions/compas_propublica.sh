#!/usr/bin/env bash
# COMPAS "medium or high risk" vs two-year recidivism, black vs white defendants, against the
# published figures: ProPublica (Larson et al. 2016) and Dressel & Farid, Sci. Adv. 2018, Table 2
# column D (all 7214 defendants of compas-scores-two-years.csv; rates given to 0.1 %, so the
# tolerance is half of that plus float noise). Also the group sizes, exactly.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
source "$here/../lib/h5.sh"
need_data
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bin" run "$here/../../configs/audit/compas_propublica.toml" --out "$tmp/compas.h5" > "$tmp/log"
table_header
v() { h5vals "$tmp/compas.h5" "/fairness/race/$1" | sed -n "$2p"; }
[ "$(v groups 1)" = African-American ] && [ "$(v groups 2)" = Caucasian ]
row "defendants, African-American" "$(v count 1)" 3696 0
row "defendants, Caucasian" "$(v count 2)" 2454 0
row "false positive rate, African-American" "$(v fpr 1)" 0.448 0.0005
row "false positive rate, Caucasian" "$(v fpr 2)" 0.235 0.0005
row "false negative rate, African-American" "$(v fnr 1)" 0.280 0.0005
row "false negative rate, Caucasian" "$(v fnr 2)" 0.477 0.0005
row "accuracy, African-American" "$(v accuracy 1)" 0.638 0.0005
row "accuracy, Caucasian" "$(v accuracy 2)" 0.670 0.0005
# PE (|FPR gap|) and EOpp (|TPR gap| = |FNR gap|) follow from the same published rates.
row "PE = |FPR gap|" "$(v metrics 3)" "$(awk 'BEGIN{print 0.448-0.235}')" 0.001
row "EOpp = |TPR gap|" "$(v metrics 4)" "$(awk 'BEGIN{print 0.477-0.280}')" 0.001
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

#!/usr/bin/env bash
# FairCORELS self-consistency (not a published figure): our unconstrained COMPAS rule list
# (OUT/faircorels/rulelist_compas_free.h5, written by the repro_faircorels test) has the objective,
# accuracy, SP, PE and EOpp of the paper's Rule list 15 evaluated here on the same 5273 rows with
# awk, independently of our code (lambda 1e-3, 4 rules; group 1 = African-American).
#   faircorels_rule_list_15.sh OUT
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
source "$here/../lib/h5.sh"
need_data
h5=$1/faircorels/rulelist_compas_free.h5
[ -f "$h5" ] || { echo "no $h5: run the repro_faircorels test first"; exit 1; }
read -r p_acc p_obj p_sp p_pe p_eopp < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { p = ($c["priors_>3"] || $c["gender_Male__AND__age_21-22"] || $c["age_18-20"] ||
           $c["priors_2-3__AND__age_23-25"]) ? 1 : 0; y = $c["two_year_recid"]; g = $c["race_African-American"];
      n++; ok += (p == y); m[g]++; pos[g] += p; neg[g, y]++; hit[g, y] += p }
    END { printf "%.17g %.17g %.17g %.17g %.17g\n", ok / n, 1 - ok / n + 0.004,
          pos[1] / m[1] - pos[0] / m[0], hit[1, 0] / neg[1, 0] - hit[0, 0] / neg[0, 0],
          hit[1, 1] / neg[1, 1] - hit[0, 1] / neg[0, 1] }' \
    "$ADMISSIBLE_DATA/faircorels/compas_rules_full.csv")
mapfile -t unf < <(h5vals "$h5" /rulelist/best/unfairness)
h5vals "$h5" /rulelist/best/rule_list
table_header
row "objective = Rule list 15 here" "$(h5vals "$h5" /rulelist/best/objective)" "$p_obj" 1e-9
row "accuracy = Rule list 15 here" "$(h5vals "$h5" /rulelist/best/accuracy)" "$p_acc" 1e-9
row "SP = Rule list 15 here" "${unf[0]}" "$p_sp" 1e-9
row "PE = Rule list 15 here" "${unf[2]}" "$p_pe" 1e-9
row "EOpp = Rule list 15 here" "${unf[3]}" "$p_eopp" 1e-9
[ "$failed" -eq 0 ]

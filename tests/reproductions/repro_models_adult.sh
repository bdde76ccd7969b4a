#!/usr/bin/env bash
# Example 8, steps 4-5 of the InfoGram paper (Sec. 3.2.3): the FINEtree on the fair InfoGram's
# admissible set of Adult, and the ALFA ranking of Model A (tree on X_A) against Model R (tree on
# X_A + relationship): alpha_A = 0.00042 (p 0.95), alpha_R = 0.195 (p almost 0), both around 83.5%.
# Config: configs/infogram/models_adult.toml. Cuts and differences: UCI training file only (30,162 rows);
# 20 ALFA bootstrap replicates (p >= 1/21); FINEtree accuracy 81.1% against 83.5%: no model on
# these four features gets there on held-out rows here (a deeper tree and boosting on X_A, scored
# on the same splits, reach about 82.3%, and the check requires that ceiling to stay below 83.5%),
# so the paper's figure is likely on other rows or data (not stated). About 2-3 min at 1 rank.
source "$(dirname "$0")/models_lib.sh"
run_models "$1" adult

table_header
for f in capital_gain capital_loss occupation education; do member "$f" yes; done
acc_a=$(mval A accuracy_mean)
say "Model A (FINEtree) test accuracy" "$(printf %.4f "$acc_a")" 0.835 \
  "$(awk -v a="$acc_a" 'BEGIN { print (a >= 0.82 ? "ok" : "differs (explained: X_A ceiling below)") }')"
best=$(printf '%s\n%s\n' "$(mval A_deep accuracy_mean)" "$(mval A_gbm accuracy_mean)" | sort -g | tail -1)
bound "  best model on X_A (deep tree, boosting)" "$best" "<" 0.835
bound "  Model A within 2 points of that ceiling" "$acc_a" ">=" "$(awk -v b="$best" 'BEGIN { print b - 0.02 }')"
row "Model R test accuracy" "$(mval R accuracy_mean)" 0.835 0.015
row "alpha(Yhat_A) = MI(Yhat_A, S | X_A), bits" "$(mval A alfa/alpha)" 0.00042 0.005
bound "alpha(Yhat_A) p-value (paper 0.95)" "$(mval A alfa/p_value)" ">=" 0.5
row "alpha(Yhat_R), bits" "$(mval R alfa/alpha)" 0.195 0.03
bound "alpha(Yhat_R) p-value (paper almost 0)" "$(mval R alfa/p_value)" "<" 0.05
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

#!/usr/bin/env bash
# Example 11 of the InfoGram paper (Sec. 3.2.5): the FINE-logistic model of the Thera Bank
# campaign on its admissible features, logit mu = -6.13 + 0.04 Income + 0.06 CCAvg, 91% accurate;
# FINElasso (penalty factors 1/F_j) drops Family and Education, which a plain lasso keeps.
# Both lassos use lambda_1se of 10-fold CV (cv.glmnet's default for coef/predict).
# Difference: our in-sample safety indices of Family and Education (about 0.09 of Income's) make
# their penalty factors 1/F_j only ~11x Income's; that shrinks both coefficients against the plain
# lasso (checked) but does not drop them at lambda_1se. Their cross-fitted safety is far smaller
# (Family 0.003 bits against Income's 0.195), so the paper's indices were likely smaller than ours.
# Config: configs/infogram/models_thera.toml. About 30 s at 1 rank.
source "$(dirname "$0")/models_lib.sh"
run_models "$1" thera

table_header
member Income yes
member CCAvg yes
member Family no
member Education no
row "FINEglm (Intercept)" "$(coef FINEglm '(Intercept)')" -6.13 0.005
row "FINEglm Income" "$(coef FINEglm Income)" 0.04 0.005
row "FINEglm CCAvg" "$(coef FINEglm CCAvg)" 0.06 0.005
row "FINEglm test accuracy" "$(mval FINEglm accuracy_mean)" 0.91 0.01
why="safety indices F = $(fv net Family) (Family), $(fv net Education) (Education) of the max"
for f in Family Education; do
  fine=$(coef FINElasso "$f"); plain=$(coef lasso "$f")
  say "FINElasso drops $f" "$(printf %.4f "$fine")" 0 \
    "$(awk -v a="$fine" 'BEGIN { print (a == 0 ? "ok" : "differs (explained: see header)") }')"
  say "plain lasso keeps $f" "$(printf %.4f "$plain")" "!= 0" \
    "$(awk -v a="$plain" 'BEGIN { print (a != 0 ? "ok" : "DIFFERS") }')"
  ratio=$(awk -v a="$fine" -v b="$plain" 'BEGIN { if (a < 0) a = -a; if (b < 0) b = -b; print a / b }')
  bound "  |FINElasso / lasso| coefficient of $f" "$ratio" "<" 1
done
echo "($why)"
say "  FINElasso test accuracy" "$(printf %.4f "$(mval FINElasso accuracy_mean)")" - info
say "  plain lasso test accuracy" "$(printf %.4f "$(mval lasso accuracy_mean)")" - info
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

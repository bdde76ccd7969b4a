#!/usr/bin/env bash
# Sec. 3.1.4 of the InfoGram paper (Example 7): COREglm on the Wisconsin breast cancer data. The
# GLM on the four core features, pruned by AIC, keeps concave_points_mean, radius_worst and
# texture_worst with R's glm estimates (-29.42361, 96.48880, 0.99767, 0.30451; standard errors
# 3.85131, 16.11261, 0.16792, 0.05302) and is 96.50% accurate (15% test sets, 50 trials).
# The coefficients are a deterministic fit on all rows: they must match to the printed digits.
# Config: configs/infogram/models_wdbc.toml ("COREglm" uses the paper's four features; "COREglm_ours" our
# InfoGram's set, reported for information). About 1 min at 1 rank.
source "$(dirname "$0")/models_lib.sh"
run_models "$1" wdbc

table_header
kept=$(vals "$h5" /models/COREglm/terms | sort | tr '\n' ',')
say "AIC keeps" "$kept" "paper's three" \
  "$([ "$kept" = "concave_points_mean,radius_worst,texture_worst," ] && echo ok || echo DIFFERS)"
row "(Intercept)" "$(coef COREglm '(Intercept)')" -29.42361 0.00001
row "concave_points_mean" "$(coef COREglm concave_points_mean)" 96.48880 0.00001
row "radius_worst" "$(coef COREglm radius_worst)" 0.99767 0.00001
row "texture_worst" "$(coef COREglm texture_worst)" 0.30451 0.00001
row "COREglm test accuracy (15%, 50 splits)" "$(mval COREglm accuracy_mean)" 0.965 0.01
say "  our InfoGram's set: accuracy" "$(printf %.4f "$(mval COREglm_ours accuracy_mean)")" - info
say "  GBM on all 30 features: accuracy" "$(printf %.4f "$(mval gbm accuracy_mean)")" "0.95-0.97" info
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

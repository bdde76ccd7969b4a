#!/usr/bin/env bash
# Example 5 of the InfoGram paper (Sec. 3.1.3, Figs. 2 and 6): the COREtree on the two core genes
# {1627, 2327}, in the rank-transform domain, is more than 95% accurate (random 20% test sets,
# 100 repeats), while the GBM on all 6033 genes is only 75% accurate.
# Config: configs/infogram/models_prostate.toml (20 repeats). What we find:
# - the COREtree on the paper's two genes: 91.5% (tolerance 0.05 = one sample of a 20-sample test
#   set; ours is 3.5 points below the paper's "more than 95%");
# - the COREtree on our InfoGram's core genes (g1627 among them, not g2327; which genes come out
#   at n = 102 depends on the learner, see repro_prostate.sh): 86%, for information;
# - the GBM on all genes: 94% with XGBoost (50 trees, depth 5), not 75%. We could not find why the
#   paper's GBM did so badly (its settings are not stated); printed, not compared.
# About 1 min at 1 rank (the GBM on 6033 genes dominates).
source "$(dirname "$0")/models_lib.sh"
run_models "$1" prostate

table_header
member g1627 yes
row "COREtree on g1627, g2327: accuracy" "$(mval COREtree_paper accuracy_mean)" 0.95 0.05
say "  COREtree on our core genes: accuracy" "$(printf %.4f "$(mval COREtree accuracy_mean)")" - info
say "  GBM on all 6033 genes: accuracy" "$(printf %.4f "$(mval gbm accuracy_mean)")" 0.75 \
  "differs (not explained: see header)"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

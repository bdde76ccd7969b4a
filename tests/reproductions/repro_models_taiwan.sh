#!/usr/bin/env bash
# Example 9 of the InfoGram paper (Sec. 3.2.3, Fig. 11): the fair InfoGram of the Taiwan credit
# data selects PAY_0 and PAY_2, and the FINEtree on them has test accuracy 82%.
# Config: configs/infogram/models_taiwan.toml (5 random 80/20 splits). About 40 s at 1 rank.
source "$(dirname "$0")/models_lib.sh"
run_models "$1" taiwan

table_header
member PAY_0 yes
member PAY_2 yes
row "FINEtree test accuracy" "$(mval FINEtree accuracy_mean)" 0.82 0.01
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

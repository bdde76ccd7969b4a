#!/usr/bin/env bash
# Fair Forests on German credit (configs/fairforests/fairforest_german.toml; ../shared/papers/fair-forests.txt):
# Table 2 (German columns), Table 3 (German columns), Table 5 (German column) and the importance
# shift of Figure 1. The test runs 20 trees per forest instead of 100 (~30 s); ADM_REPRO_FULL=1
# runs the config as it is. Rows marked "differs (...)" are figures we do not match for a reason
# written in NOTES.md ("Fair Forests"): above all, the paper's RF, DT^F and RF^F rows are those of
# (near-)constant predictors (accuracy at the 0.7000 majority rate, Inconsistency ~0), which a
# working forest is not. What the test requires: the qualitative claims of the paper that a
# working fair forest can show (fair variants lower Discrimination; DT^F_c lowers MaxD; protecting
# a feature lowers its Discrimination on average) and that the majority rate is 0.7000.
source "$(dirname "$0")/fairforest_lib.sh"
edits=('s/^trees = 100/trees = 20/' 's/^bootstrap = 200/bootstrap = 50/')
[ "${ADM_REPRO_FULL:-0}" = 1 ] && edits=()
run_ff "$1" german "${edits[@]}"

echo; echo "Table 2, German (10-fold CV; Delta = Accuracy - Discrimination)"
table_header
row "DT accuracy" "$(m DT accuracy)" 0.6890 0.03
known "DT discrimination" "$(m DT discrimination)" 0.0381 "ours unpruned, JSAT's DT pruned"
known "DT inconsistency" "$(m DT inconsistency)" 0.2140 "ours unpruned, JSAT's DT pruned"
row "DT_F accuracy" "$(m DT_F accuracy)" 0.6990 0.03
known "DT_F discrimination" "$(m DT_F discrimination)" 0.0082 "paper's DT^F ~constant"
known "DT_F inconsistency" "$(m DT_F inconsistency)" 0.0070 "paper's DT^F ~constant"
known "RF accuracy" "$(m RF accuracy)" 0.6970 "paper's RF ~constant"
known "RF discrimination" "$(m RF discrimination)" 0.0059 "paper's RF ~constant"
known "RF inconsistency" "$(m RF inconsistency)" 0.0020 "paper's RF ~constant"
known "RF_F accuracy" "$(m RF_F accuracy)" 0.7000 "paper's RF^F constant"
known "RF_F delta" "$(m RF_F delta)" 0.7000 "paper's RF^F constant"
known "RF_F discrimination" "$(m RF_F discrimination)" 0.0 "paper's RF^F constant"
known "RF_F inconsistency" "$(m RF_F inconsistency)" 0.0 "paper's RF^F constant"
row "majority-class accuracy (= paper's RF_F)" "$(m RF_F majority_accuracy)" 0.7000 0.0005
for q in "NB_F accuracy 0.6888" "NB_F discrimination 0.0574" "LR accuracy 0.6790" \
         "LR discrimination 0.1273" "LR_F accuracy 0.5953" "LR_F discrimination 0.0111" \
         "LFR accuracy 0.5909" "LFR discrimination 0.0042" "LFR inconsistency 0.0592"; do
  read -r a b c <<< "$q"; quoted "$a $b" "$c"
done
claim "DT_F has lower Discrimination than DT" "$(less "$(m DT_F discrimination)" "$(m DT discrimination)")"
claim "RF_F has lower Discrimination than RF" "$(less "$(m RF_F discrimination)" "$(m RF discrimination)")"

echo; echo "Table 3, German (numeric age protected; Discrimination at age >= 25)"
table_header
row "DT_Fc accuracy" "$(m DT_Fc accuracy)" 0.6960 0.03
known "DT_F MaxD" "$(m DT_F maxd)" 0.0216 "paper's DT^F ~constant"
known "DT_Fc MaxD" "$(m DT_Fc maxd)" 0.0054 "paper's DT^F_c ~constant"
known "DT_Fc discrimination" "$(m DT_Fc discrimination)" 0.0047 "paper's DT^F_c ~constant"
known "RF_Fc accuracy" "$(m RF_Fc accuracy)" 0.7000 "paper's RF^F_c constant"
known "RF_Fc MaxD" "$(m RF_Fc maxd)" 0.0 "paper's RF^F_c constant"
claim "DT_Fc has lower MaxD than DT_F (protecting numeric age)" "$(less "$(m DT_Fc maxd)" "$(m DT_F maxd)")"

echo; echo "Table 5, German (every feature protected in turn; eq. 7 or MaxD by type)"
table_header
known "raw Discrimination, mean" "$(sweep 1)" 0.0081 "paper's RF ~constant"
known "raw Discrimination, sd" "$(sweep 2)" 0.0137 "paper's RF ~constant"
known "protected Discrimination, mean" "$(sweep 3)" 0.0 "paper's RF^F constant"
known "protected accuracy, mean" "$(sweep 5)" 0.7000 "paper's RF^F constant"
claim "protecting a feature lowers its mean Discrimination" "$(less "$(sweep 3)" "$(sweep 1)")"

echo; echo "Figure 1, German (MDI importance, RF vs RF_F; importance.svg)"
std=$(top /fairforest/importance/standard); fair=$(top /fairforest/importance/fair)
printf '%-40s %12s %12s %10s  %s\n' "most important under RF" "$std" status - \
  "$([ "$std" = status ] && echo ok || echo "differs (MDI favours credit_amount's many thresholds)")"
printf '%-40s %12s %12s %10s  %s\n' "most important under RF_F" "$fair" housing - \
  "$([ "$fair" = housing ] && echo ok || echo "differs (paper's fair trees ~constant)")"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) or claim(s) differ"; exit 1; }

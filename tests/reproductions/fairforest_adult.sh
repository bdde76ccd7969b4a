#!/usr/bin/env bash
# Fair Forests on UCI Adult (configs/fairforests/fairforest_adult.toml; ../shared/papers/fair-forests.txt):
# Table 2 (Adult columns; trained on adult.data, scored on adult.test) and the importance claim of
# Figure 2 (relationship first under the standard and the fair forest). The test runs 10 trees
# per forest and no Table 5 sweep (~40 s); ADM_REPRO_FULL=1 runs the config as it is (100 trees,
# the sweep over 14 features: ~2.5 min at 1 rank) and adds Table 5. Figure 2's "relationship
# first" holds with 10 trees here but not with 100 (capital_gain 0.124 vs relationship 0.116):
# printed, not counted. "differs (...)" rows: see
# NOTES.md ("Fair Forests"); the paper's DT^F and RF^F rows are those of constant predictors (the
# majority rate of the test rows, Discrimination and Inconsistency 0).
source "$(dirname "$0")/fairforest_lib.sh"
edits=('s/^trees = 100/trees = 10/' 's/^bootstrap = 200/bootstrap = 41/' 's/^sweep = true/sweep = false/')
[ "${ADM_REPRO_FULL:-0}" = 1 ] && edits=()
run_ff "$1" adult "${edits[@]}"

echo; echo "Table 2, Adult (test set, 15,060 rows)"
table_header
row "DT accuracy" "$(m DT accuracy)" 0.8364 0.02
known "DT discrimination" "$(m DT discrimination)" 0.3563 "exceeds the labels' own gap 0.196"
known "DT inconsistency" "$(m DT inconsistency)" 0.4417 "exceeds random neighbours' ~0.3"
known "DT_F accuracy" "$(m DT_F accuracy)" 0.7511 "paper's DT^F ~constant"
known "DT_F discrimination" "$(m DT_F discrimination)" 0.0067 "paper's DT^F ~constant"
row "RF accuracy" "$(m RF accuracy)" 0.8501 0.02
known "RF discrimination" "$(m RF discrimination)" 0.3038 "exceeds the labels' own gap 0.196"
known "RF inconsistency" "$(m RF inconsistency)" 0.3944 "exceeds random neighbours' ~0.3"
known "RF_F accuracy" "$(m RF_F accuracy)" 0.7530 "paper's RF^F constant"
known "RF_F discrimination" "$(m RF_F discrimination)" 0.0 "paper's RF^F constant"
known "RF_F inconsistency" "$(m RF_F inconsistency)" 0.0 "paper's RF^F constant"
row "majority-class accuracy (~ paper's RF_F)" "$(m RF_F majority_accuracy)" 0.7530 0.002
for q in "NB_F accuracy 0.7847" "NB_F discrimination 0.0136" "LR accuracy 0.6787" \
         "LR discrimination 0.1892" "LR_F accuracy 0.6758" "LR_F discrimination 0.0264" \
         "LFR accuracy 0.7023" "LFR discrimination 0.0006" "LFR inconsistency 0.1892"; do
  read -r a b c <<< "$q"; quoted "$a $b" "$c"
done
claim "DT_F has lower Discrimination than DT" "$(less "$(m DT_F discrimination)" "$(m DT discrimination)")"
claim "RF_F has lower Discrimination than RF" "$(less "$(m RF_F discrimination)" "$(m RF discrimination)")"
claim "RF_F is less accurate than RF (sex is predictive here)" "$(less "$(m RF_F accuracy)" "$(m RF accuracy)")"

echo; echo "Figure 2, Adult (MDI importance, RF vs RF_F; importance.svg)"
std=$(top /fairforest/importance/standard); fair=$(top /fairforest/importance/fair)
printf '%-40s %12s %12s %10s  %s\n' "most important under RF" "$std" relationship - \
  "$([ "$std" = relationship ] && echo ok || echo "differs (MDI favours capital_gain's thresholds)")"
printf '%-40s %12s %12s %10s  %s\n' "most important under RF_F" "$fair" relationship - \
  "$([ "$fair" = relationship ] && echo ok || echo "differs (relationship is a proxy of sex)")"

if [ "${ADM_REPRO_FULL:-0}" = 1 ]; then
  echo; echo "Table 5, Adult (every feature protected in turn)"
  table_header
  known "raw Discrimination, mean" "$(sweep 1)" 0.2971 "see NOTES"
  known "raw Discrimination, sd" "$(sweep 2)" 0.1652 "see NOTES"
  known "protected Discrimination, mean" "$(sweep 3)" 0.1253 "see NOTES"
  known "protected accuracy, mean" "$(sweep 5)" 0.8044 "ours lose less accuracy, see NOTES"
  claim "protecting a feature lowers its mean Discrimination" "$(less "$(sweep 3)" "$(sweep 1)")"
fi
[ "$failed" -eq 0 ] || { echo "$failed figure(s) or claim(s) differ"; exit 1; }

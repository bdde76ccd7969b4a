#!/usr/bin/env bash
# Fair Forests: the SUBSTITUTE rows for the paper's Heritage Health columns (not available here),
# on the diabetes data of Efron et al. (2004): Table 4 (regression, configs/fairforests/fairforest_diabetes.toml)
# and the Health rows of Table 3 (classification with numeric age protected,
# configs/fairforests/fairforest_diabetes_class.toml: progression >= its median; its sweep is Table 5's Health
# column). Different data and target scale: the paper's Health figures are printed beside ours for
# orientation only ("substitute"), never compared. Counted: the paper's claim that the fair
# variants lower Discrimination (at the binary age threshold) against their plain counterparts
# (Table 4). MaxD claims and Table 5's are printed (holds / does not hold) but not counted: on 442
# rows MaxD is decided by the few oldest or youngest patients, and protecting sex raises its
# Discrimination (NOTES.md, "Fair Forests"). 20 trees per forest in the test (~15 s).
source "$(dirname "$0")/fairforest_lib.sh"
edits=('s/^trees = 100/trees = 20/' 's/^bootstrap = 200/bootstrap = 50/')
[ "${ADM_REPRO_FULL:-0}" = 1 ] && edits=()
sub() { printf '%-40s %12.4f %12.4f %10s  %s\n' "$1" "$2" "$3" "-" "substitute (Health)"; }
info() { printf '%-78s  %s\n' "$1" "$([ "$2" = 1 ] && echo "holds (not counted)" || echo "does not hold (not counted)")"; }

run_ff "$1" diabetes_class "${edits[@]}"
echo; echo "Table 3, substitute for Health (diabetes, progression >= 140.5; Discrimination at age >= 50)"
table_header
for q in "DT_F accuracy 0.8474" "DT_F maxd 0.0001" "DT_F discrimination 0.0001" \
         "DT_Fc accuracy 0.8474" "DT_Fc maxd 0.0" "DT_Fc discrimination 0.0" \
         "RF_F accuracy 0.8474" "RF_F maxd 0.0" "RF_Fc accuracy 0.8474" "RF_Fc maxd 0.0"; do
  read -r a b c <<< "$q"; sub "$a $b" "$(m "$a" "$b")" "$c"
done
echo "majority-class accuracy: $(m DT majority_accuracy) (the paper's Health 0.8474 is Health's majority rate)"
info "DT_Fc has lower MaxD than DT_F" "$(less "$(m DT_Fc maxd)" "$(m DT_F maxd)")"

echo; echo "Table 5, substitute for Health (classification as Table 3; every baseline variable protected in turn)"
table_header
sub "raw Discrimination, mean" "$(sweep 1)" 0.0066
sub "protected Discrimination, mean" "$(sweep 3)" 0.0
sub "protected accuracy, mean" "$(sweep 5)" 0.8474
info "protecting a feature lowers its mean Discrimination" "$(less "$(sweep 3)" "$(sweep 1)")"

run_ff "$1" diabetes "${edits[@]}"
echo; echo "Table 4, substitute for Health (diabetes regression; paper: MSE in its units, ours RMSE)"
table_header
for q in "DT 2.904 0.0006 0.0057" "DT_F 2.662 0.0005 0.0005" "DT_Fc 2.663 0.0003 0.0007" \
         "RF 2.735 0.0021 0.0022" "RF_F 2.664 0.0006 0.0006" "RF_Fc 2.664 0.0007 0.0010"; do
  read -r a mse d x <<< "$q"
  sub "$a MSE" "$(m "$a" mse)" "$mse"
  sub "$a discrimination" "$(m "$a" discrimination)" "$d"
  sub "$a MaxD" "$(m "$a" maxd)" "$x"
done
claim "DT_F has lower Discrimination than DT" "$(less "$(m DT_F discrimination)" "$(m DT discrimination)")"
claim "RF_F has lower Discrimination than RF" "$(less "$(m RF_F discrimination)" "$(m RF discrimination)")"
info "DT_Fc has lower MaxD than DT" "$(less "$(m DT_Fc maxd)" "$(m DT maxd)")"
info "RF_Fc has lower MaxD than RF" "$(less "$(m RF_Fc maxd)" "$(m RF maxd)")"

[ "$failed" -eq 0 ] || { echo "$failed claim(s) differ"; exit 1; }

#!/usr/bin/env bash
# Appendix A.7 of the InfoGram paper (Fig. 15): the core InfoGram of iris selects the petal
# features, and the COREtree on them is Petal.Length < 2.45 (setosa), then Petal.Width < 1.75.
# Config: configs/infogram/models_iris.toml. The paper gives no accuracy; the tree's splits are checked
# exactly (rpart gives the same on these data; thresholds are
# stored as floats, so within 1e-6). A few seconds.
source "$(dirname "$0")/models_lib.sh"
run_models "$1" iris

table_header
member Petal.Length yes
member Petal.Width yes
member Sepal.Length no
member Sepal.Width no
split=$(paste -d' ' <(vals "$h5" /models/COREtree/tree/feature) <(vals "$h5" /models/COREtree/tree/threshold) | head -3 | tr '\n' ';')
names=$(vals "$h5" /models/COREtree/tree/feature_names | tr '\n' ',')
say "tree feature names" "$names" "Petal.Length,Petal.Width," \
  "$([ "$names" = "Petal.Length,Petal.Width," ] && echo ok || echo DIFFERS)"
row "root split: Petal.Length <" "$(vals "$h5" /models/COREtree/tree/threshold | head -1)" 2.45 1e-6
row "second split: Petal.Width <" "$(vals "$h5" /models/COREtree/tree/threshold | sed -n 3p)" 1.75 1e-6
bound "COREtree test accuracy (not in the paper)" "$(mval COREtree accuracy_mean)" ">=" 0.9
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ ($split)"; exit 1; }

#!/bin/sh
# Issue 29 item 8: the rule-list search's regularisation has one name, the config's
# (rulelist.regularization), in code too: SearchOptions::lambda -> SearchOptions::regularization.
# Re-runnable after merging other branches (it only rewrites `<options>.lambda` member accesses in
# the rule-list code and its tests; learn/'s lasso lambda is another thing and is left alone).
set -eu
cd "$(git rev-parse --show-toplevel)"
files=$(git grep -l -E '(\.|->)lambda\b|double lambda = 0\.01;' -- \
  'src/methods/rulelist/*' 'src/pipelines/*rulelist*' 'src/pipelines/rulelist/*' \
  'tests/methods/rulelist*' 'tests/mpi/rulelist*' 'bench/*rulelist*' 'bench/smpi/*' || true)
for f in $files; do
  sed -i -E 's/\b([A-Za-z_][A-Za-z0-9_]*(\(\))?)(\.|->)lambda\b/\1\3regularization/g;
             s/double lambda = 0\.01;        \/\/ regularisation per rule/double regularization = 0.01;  \/\/ lambda of the paper: objective = error + lambda * rules/' "$f"
done
git grep -n -E '(\.|->)lambda\b' -- 'src/methods/rulelist/*' 'src/pipelines/*rulelist*' 'tests/methods/rulelist*' 'tests/mpi/rulelist*' || true

#!/usr/bin/env bash
# The Fair Forests pipeline's random forest with fairness off (model RF) against R's ranger on
# Adult: trained on adult.data, scored on adult.test, rows with a "?" dropped on both sides
# (30162 / 15060 rows, all 14 features). Same settings: TREES trees (default 100), mtry 3
# (floor(sqrt(14))), grown out (ours: min_split 2, min_leaf 1, max_depth 60 = our limit; ranger:
# min.node.size 1, max.depth 0), bootstrap of n rows with replacement, Gini; ranger as a
# probability forest (leaf class shares averaged, as ours) with unordered factors ordered by class
# share ("order"; ours orders the levels at every node). One thread each, then two each (ours: two
# MPI ranks, trees spread by the task farm; ranger: num.threads 2).
# Timed: our tree stage (/timing/fairforest.RF: fitting every tree and predicting the test rows)
# against ranger's fit + predict. Then the cost of the fair criterion: RF_F (protecting sex, which
# is then not a split candidate) against RF in the same run, one rank.
# The machine may be shared: every fit runs once, so read the ratios as rough figures.
#   bench/forest_vs_ranger.sh [BUILD_DIR] [TREES]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}; trees=${2:-100}
data=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
train=$data/adult/adult_train_clean.csv; test=$data/adult/adult_test_clean.csv
[ -f "$train" ] || { echo "no Adult data ($train)"; exit 1; }
if ! Rscript -e 'library(ranger)' > /dev/null 2>&1; then
  echo "installing r-cran-ranger (Debian) ..."
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    r-cran-ranger > /dev/null
fi
[ -x "$build/admissible" ] || ninja -C "$build" admissible > /dev/null
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
source "$here/../tests/lib/h5.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

config() {  # config MODELS...
  local models; models=$(printf '"%s", ' "$@")
  cat <<TOML
[run]
name = "forest_vs_ranger"
pipeline = "fairforest"
[data]
source = "$train"
target = "income"
positive = ">50K"
missing = "drop"
[info]
enabled = false
[fairness]
enabled = false
[fairforest]
task = "classification"
protected_nominal = "sex"
models = [${models%, }]
test_source = "$test"
inconsistency_k = 5
bootstrap = 0
[fairforest.forest]
trees = $trees
mtry = 3
max_depth = 60
min_split = 2
min_leaf = 1
TOML
}

ours() {  # ours RANKS OUT MODELS...: the run's wall time
  local ranks=$1 out=$2; shift 2
  config "$@" > "$tmp/$out.toml"
  local t0; t0=$(date +%s.%N)
  mpirun -q -np "$ranks" "$build/admissible" run "$tmp/$out.toml" --out "$tmp/$out.h5" \
    > /dev/null 2> "$tmp/$out.err" || { cat "$tmp/$out.err" >&2; exit 1; }
  awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'
}
first() { h5vals "$1" "$2" | head -1; }

wall1=$(ours 1 r1 RF RF_F)
wall2=$(ours 2 r2 RF)
cmp <(h5vals "$tmp/r1.h5" /fairforest/models/RF/prediction) \
  <(h5vals "$tmp/r2.h5" /fairforest/models/RF/prediction) > /dev/null ||
  { echo "RF predictions differ between 1 and 2 ranks"; exit 1; }

cat > "$tmp/r.R" <<'RCODE'
args <- commandArgs(TRUE); trees <- as.integer(args[3])
suppressMessages(library(ranger))
rd <- function(f) na.omit(read.csv(f, stringsAsFactors = TRUE, na.strings = "?"))
tr <- rd(args[1]); te <- rd(args[2])
for (v in names(tr)) if (is.factor(tr[[v]])) {
  lv <- union(levels(tr[[v]]), levels(te[[v]]))
  tr[[v]] <- factor(tr[[v]], levels = lv); te[[v]] <- factor(te[[v]], levels = lv)
}
cat("rows", nrow(tr), nrow(te), "\n")
for (threads in 1:2) {
  t_fit <- system.time(f <- ranger(income ~ ., tr, num.trees = trees, mtry = 3, min.node.size = 1,
                                   max.depth = 0, replace = TRUE, sample.fraction = 1,
                                   probability = TRUE, respect.unordered.factors = "order",
                                   num.threads = threads, seed = 1))[["elapsed"]]
  t_pred <- system.time(p <- predict(f, te, num.threads = threads)$predictions)[["elapsed"]]
  cls <- colnames(p)[max.col(p, ties.method = "first")]
  cat("ranger", threads, t_fit, t_pred, mean(cls == as.character(te$income)), "\n")
}
RCODE
Rscript "$tmp/r.R" "$train" "$test" "$trees" > "$tmp/r" 2> "$tmp/r.err" || { cat "$tmp/r.err"; exit 1; }
rget() { awk -v t="$1" -v c="$2" '$1 == "ranger" && $2 == t { print $c }' "$tmp/r"; }
rtime() { awk -v a="$(rget "$1" 3)" -v b="$(rget "$1" 4)" 'BEGIN { print a + b }'; }  # fit + predict
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
f4() { awk -v a="$1" 'BEGIN { printf "%.4f", a }'; }
ours_s() { first "$tmp/r$1.h5" "/timing/fairforest.$2"; }
metric() { f4 "$(first "$tmp/r1.h5" "/fairforest/models/$1/$2")"; }

echo "Adult: $(awk '$1 == "rows" { print $2 " train / " $3 " test rows" }' "$tmp/r"), $trees trees," \
  "mtry 3, grown out; majority-class accuracy $(metric RF majority_accuracy)"
printf '%-8s %-24s %10s %10s\n' threads "forest (fit + predict)" "time (s)" accuracy
for t in 1 2; do
  printf '%-8s %-24s %10.2f %10.4f\n' "$t" "ours RF" "$(ours_s $t RF)" \
    "$(first "$tmp/r$t.h5" /fairforest/models/RF/accuracy)"
  printf '%-8s %-24s %10.2f %10.4f\n' "$t" "ranger" "$(rtime $t)" "$(rget $t 5)"
done
echo "our whole runs (reading CSVs, metrics): ${wall1} s (RF and RF_F, 1 rank), ${wall2} s (RF, 2 ranks)"
echo "time ratio ours / ranger (< 1 = we are faster): 1 thread $(ratio "$(ours_s 1 RF)" "$(rtime 1)")," \
  "2 threads $(ratio "$(ours_s 2 RF)" "$(rtime 2)")"
echo "speed-up at 2: ours $(ratio "$(ours_s 1 RF)" "$(ours_s 2 RF)"), ranger $(ratio "$(rtime 1)" "$(rtime 2)")"
echo "fair criterion: RF_F (protecting sex) / RF time, 1 rank: $(ratio "$(ours_s 1 RF_F)" "$(ours_s 1 RF)")" \
  "($(ratio "$(ours_s 1 RF_F)" 1) s vs $(ratio "$(ours_s 1 RF)" 1) s); accuracy $(metric RF_F accuracy)" \
  "vs $(metric RF accuracy), Discrimination (sex) $(metric RF_F discrimination) vs $(metric RF discrimination)"

#!/usr/bin/env bash
# CART and random-forest fit times on Adult, ours (bench_trees) against R (rpart; ranger and
# randomForest), same settings: rpart minsplit 20, minbucket 7, cp 0.01, maxdepth 30, no
# surrogates needed (Adult has no NA; "?" is a level); forests TREES trees (default 200),
# mtry floor(sqrt(14)) = 3, node size 1, bootstrap with replacement, one thread. Prints each fit
# time, test accuracy and our time / R's time. The machine may be shared: each fit is run once.
#   bench/trees_vs_r.sh [BUILD_DIR] [TREES]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}; trees=${2:-200}
data=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
train=$data/adult/adult_train_clean.csv; test=$data/adult/adult_test_clean.csv
[ -f "$train" ] || { echo "no Adult data ($train)"; exit 1; }
command -v Rscript > /dev/null || { echo "Rscript not found"; exit 1; }
[ -x "$build/bench/bench_trees" ] || ninja -C "$build" bench_trees > /dev/null
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$build/bench/bench_trees" "$train" "$test" "$trees" > "$tmp/ours"
cat > "$tmp/r.R" <<'RCODE'
args <- commandArgs(TRUE); trees <- as.integer(args[3])
suppressMessages({ library(rpart); library(ranger); library(randomForest) })
tr <- read.csv(args[1], stringsAsFactors = TRUE); te <- read.csv(args[2], stringsAsFactors = TRUE)
for (v in names(tr)) if (is.factor(tr[[v]])) te[[v]] <- factor(te[[v]], levels = union(levels(tr[[v]]), levels(te[[v]])))
for (v in names(tr)) if (is.factor(tr[[v]])) tr[[v]] <- factor(tr[[v]], levels = levels(te[[v]]))
acc <- function(p) mean(as.character(p) == as.character(te$income))
timeit <- function(expr) { t <- system.time(v <- expr)[["elapsed"]]; list(t = t, v = v) }
ctl <- rpart.control(minsplit = 20, minbucket = 7, cp = 0.01, maxdepth = 30)
a <- timeit(rpart(income ~ ., tr, method = "class", control = rpart.control(minsplit = 20, minbucket = 7, cp = 0.01, maxdepth = 30, xval = 0, maxcompete = 0, maxsurrogate = 0)))
cat("cart_fit_s", a$t, "\n"); cat("cart_splits", nrow(a$v$frame[a$v$frame$var != "<leaf>", ]), "\n")
cat("cart_test_accuracy", acc(predict(a$v, te, type = "class")), "\n")
b <- timeit(rpart(income ~ ., tr, method = "class", control = rpart.control(minsplit = 20, minbucket = 7, cp = 0.01, maxdepth = 30, xval = 10, maxcompete = 0, maxsurrogate = 0)))
cat("cart_fit_xval10_s", b$t, "\n"); cat("cart_xerror_min", min(b$v$cptable[, "xerror"]), "\n")
r <- timeit(ranger(income ~ ., tr, num.trees = trees, mtry = 3, min.node.size = 1, num.threads = 1, seed = 1))
cat("ranger_fit_s", r$t, "\n"); cat("ranger_oob_error", r$v$prediction.error, "\n")
cat("ranger_test_accuracy", acc(predict(r$v, te)$predictions), "\n")
set.seed(1)
f <- timeit(randomForest(income ~ ., tr, ntree = trees, mtry = 3, nodesize = 1))
cat("randomForest_fit_s", f$t, "\n"); cat("randomForest_oob_error", tail(f$v$err.rate[, 1], 1), "\n")
cat("randomForest_test_accuracy", acc(predict(f$v, te)), "\n")
RCODE
Rscript "$tmp/r.R" "$train" "$test" "$trees" > "$tmp/r" 2> "$tmp/r.err" || { cat "$tmp/r.err"; exit 1; }
get() { awk -v k="$2" '$1 == k { print $2 }' "$1"; }
printf "%-28s %12s %12s\n" "Adult ($trees trees)" ours R
for k in cart_fit_s cart_fit_xval10_s cart_splits cart_test_accuracy cart_xerror_min; do
  printf "%-28s %12s %12s\n" "$k" "$(get "$tmp/ours" $k)" "$(get "$tmp/r" $k)"
done
printf "%-28s %12s %12s %12s\n" "forest" ours ranger randomForest
for k in fit_s oob_error test_accuracy; do
  printf "%-28s %12s %12s %12s\n" "forest_$k" "$(get "$tmp/ours" forest_$k)" \
    "$(get "$tmp/r" ranger_$k)" "$(get "$tmp/r" randomForest_$k)"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "time ratios (ours / R; < 1 = we are faster):"
echo "  CART fit / rpart:                 $(ratio "$(get "$tmp/ours" cart_fit_s)" "$(get "$tmp/r" cart_fit_s)")"
echo "  CART fit + 10-fold CV / rpart:    $(ratio "$(get "$tmp/ours" cart_fit_xval10_s)" "$(get "$tmp/r" cart_fit_xval10_s)")"
echo "  forest / ranger (1 thread):       $(ratio "$(get "$tmp/ours" forest_fit_s)" "$(get "$tmp/r" ranger_fit_s)")"
echo "  forest / randomForest:            $(ratio "$(get "$tmp/ours" forest_fit_s)" "$(get "$tmp/r" randomForest_fit_s)")"

#!/usr/bin/env bash
# Our logistic IRLS, lasso path and 10-fold lasso CV against R's glm, glmnet and cv.glmnet on
# Adult's complete columns (same design: 9 columns, factors as treatment dummies), in CPU seconds
# (ours: std::clock; R: user + system of system.time), fastest of REPEAT runs (default 3) each; prints both times, the ratio R / ours and both fits' deviance
# (glm) or path length (lasso) so the work compared is the same.
#   bench/glm.sh [BUILD_DIR]     (default build)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
csv=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}/adult/adult_train_clean.csv
[ -f "$csv" ] || { echo "no Adult data ($csv)"; exit 1; }
[ -x "$build/bench/bench_glm" ] || ninja -C "$build" bench_glm > /dev/null
rep=${REPEAT:-3}
ours=$("$build/bench/bench_glm" "$csv" "$rep")
theirs=$(Rscript --vanilla - "$csv" "$rep" <<'RS' 2>/dev/null
suppressMessages(library(glmnet))
a <- commandArgs(TRUE); d <- read.csv(a[1], na.strings = "?", stringsAsFactors = TRUE)
rep <- as.integer(a[2]); y <- as.numeric(d$income == ">50K")
f <- ~ age + education_num + hours_per_week + capital_gain + capital_loss + sex + race +
  relationship + marital_status
cpu <- function(t) t[["user.self"]] + t[["sys.self"]]
best <- function(f) min(replicate(rep, cpu(system.time(f()))))
t <- best(function() m <<- glm(update(f, y ~ .), binomial, cbind(d, y = y)))
cat("glm", t, sprintf("%.6f", deviance(m)), "\n")
x <- model.matrix(f, d)[, -1]
t <- best(function() p <<- glmnet(x, y, family = "binomial")); cat("lasso_path", t, length(p$lambda), "\n")
set.seed(1); t <- cpu(system.time(cv <- cv.glmnet(x, y, family = "binomial")))
cat("lasso_cv10", t, sprintf("%.6g", cv$lambda.min), "\n")
RS
)
echo "$ours" | head -1
printf '%-12s %10s %10s %8s   %s\n' fit ours_s R_s R/ours "ours vs R (deviance or path length)"
for k in glm lasso_path lasso_cv10; do
  o=$(echo "$ours" | awk -v k=$k '$1 == k'); r=$(echo "$theirs" | awk -v k=$k '$1 == k')
  awk -v o="$o" -v r="$r" -v k=$k 'BEGIN { split(o, a, " "); split(r, b, " ");
    printf "%-12s %10.4f %10.4f %8.2f   %s vs %s\n", k, a[2], b[2], b[2] / a[2], a[3], b[3] }'
done

#!/usr/bin/env bash
# Our discrimination-pattern miner against LearnFairNB's C++ search (UCLA-StarAI/LearnFairNB,
# fairNB/pattern_finder/pf_src/search.cpp; the anchor of ../shared/papers/fair-naive-bayes-patterns.txt)
# on the authors' binarised COMPAS, Adult and German data: the top K patterns by |Delta| at
# DELTA (defaults 200000 and 0.1), ML naive Bayes with the correct prior, one process each.
# Timed: user + sys CPU of the whole process (the rusage /usr/bin/time prints, read here at 1 us
# instead of its 10 ms: COMPAS runs take ~0.05 s), the median of REPS runs (default 5);
# ours is `admissible run` on configs/fairnb/patterns_NAME.toml with mode top_discrimination, the
# delta-fair learner off (it reads the CSV, fits, mines and writes the result file).
#   bench/patterns_vs_learnfairnb.sh path/to/admissible
# The reference is not part of this repository: set LFNB_BIN to a program, built by you from the
# authors' code, run as `$LFNB_BIN CSV NET_TXT K DELTA` that mines the same top K with their
# Search::getDiscriminatingPatterns. Without it only our times are printed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
k=${K:-200000}; delta=${DELTA:-0.1}; reps=${REPS:-5}
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
data=$ADMISSIBLE_DATA/fairnb
[ -d "$data" ] || { echo "SKIP: no $data"; exit 77; }
ref=${LFNB_BIN:-}
if [ -n "$ref" ] && [ ! -x "$ref" ]; then echo "LFNB_BIN=$ref is not executable"; exit 1; fi
[ -n "$ref" ] || echo "LFNB_BIN not set: LearnFairNB is not run, only our times are printed."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

cpu() {  # cpu CMD...: user + sys seconds of one run; its output in $tmp/out
  python3 -c '
import os, subprocess, sys
with open(sys.argv[1], "w") as out:
    pid = subprocess.Popen(sys.argv[2:], stdout=out, stderr=subprocess.STDOUT).pid
    _, status, use = os.wait4(pid, 0)
print(f"{use.ru_utime + use.ru_stime:.4f}")
sys.exit(os.waitstatus_to_exitcode(status))' "$tmp/out" "$@" || { cat "$tmp/out"; exit 1; }
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "top $k patterns by |Delta|, delta = $delta; CPU seconds (user + sys), median of $reps runs"
printf '%-8s %10s %14s %8s  %s\n' data ours learnfairnb ratio "our nodes scored"
for name in compas adult german; do
  sed -e '/^cv_folds/d' -e 's/^enabled = true/enabled = false/' \
      -e 's/^mode = .*/mode = "top_discrimination"/' -e "s/^k = 10\$/k = $k/" \
      -e "s/^delta = .*/delta = $delta/" "$here/../configs/fairnb/patterns_$name.toml" > "$tmp/$name.toml"
  ours=$(for _ in $(seq "$reps"); do cpu "$bin" run "$tmp/$name.toml" --out "$tmp/$name.h5"; done |
         median)
  nodes=$(grep -o '[0-9]* of [0-9.e+]* nodes' "$tmp/out" || true)
  theirs=- ratio=-
  if [ -n "$ref" ]; then
    theirs=$(for _ in $(seq "$reps"); do
               cpu "$ref" "$data/${name}_binerized.csv" "$data/${name}_binary.net.txt" "$k" "$delta"
             done | median)
    ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }')
  fi
  printf '%-8s %10s %14s %8s  %s\n' "$name" "$ours" "$theirs" "$ratio" "$nodes"
done
echo "ratio = ours / LearnFairNB (below 1: ours is faster). Timings on a shared machine are noisy."

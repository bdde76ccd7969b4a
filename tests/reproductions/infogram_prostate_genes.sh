#!/usr/bin/env bash
# InfoGram paper, Example 5 (prostate cancer, 6033 genes, n = 102): the paper's gene numbering
# against our columns g1..g6033, through its marginal t-statistics (Step 6: |t_1627| = 0.15, rank
# 5383; |t_2327| = 1.40, rank 1228), which a 0- vs 1-based shift would miss by far (g1626: 0.83,
# rank 2686; g1628: 2.92, rank 115). Tolerances 0.01 and 10 ranks: the paper's copy (Hastie's CASI
# prostate data) and sda's singh2002 give t-statistics a few thousandths apart. Computed here with
# awk from the data (the program does not compute t-statistics); the core InfoGram itself is checked
# by `admissible reproduce infogram` (configs/infogram/expect.toml). About 2 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# |t| (pooled two-sample t-statistic, cancer vs healthy) of every gene, ranked by |t| descending.
awk -F, 'NR == 1 { next } { g = $1; gsub(/"/, "", g); n[g]++
  for (j = 2; j <= NF; j++) { s[g, j] += $j; q[g, j] += $j * $j } }
  END { a = "cancer"; b = "healthy"
    for (j = 2; j <= NF; j++) { ma = s[a, j] / n[a]; mb = s[b, j] / n[b]
      va = (q[a, j] - n[a] * ma * ma) / (n[a] - 1); vb = (q[b, j] - n[b] * mb * mb) / (n[b] - 1)
      sp = ((n[a] - 1) * va + (n[b] - 1) * vb) / (n[a] + n[b] - 2)
      t = (ma - mb) / sqrt(sp * (1 / n[a] + 1 / n[b])); print "g" (j - 1), (t < 0 ? -t : t) } }' \
  "$ADMISSIBLE_DATA/prostate_singh2002/sda_singh2002.csv" | sort -k2,2gr | awk '{ print $1, $2, NR }' \
  > "$tmp/t"
tstat() { awk -v g="$1" -v k="$2" '$1 == g { print $k }' "$tmp/t"; }
table_header
row "|t| of gene 1627" "$(tstat g1627 2)" 0.15 0.01
row "|t| rank of gene 1627" "$(tstat g1627 3)" 5383 10
row "|t| of gene 2327" "$(tstat g2327 2)" 1.40 0.01
row "|t| rank of gene 2327" "$(tstat g2327 3)" 1228 10
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

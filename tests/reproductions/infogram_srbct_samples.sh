#!/usr/bin/env bash
# InfoGram paper, Example 6 (SRBCT): the 63 training samples of the data file by class (23 EWS,
# 8 BL, 12 NB, 20 RMS), counted with awk (the program's /data/rows = 63 and the core InfoGram are
# checked by `admissible reproduce infogram`, configs/infogram/expect.toml), and the paper's core
# genes with their probe ids and sda's annotations (its X123 is WAS, X246 caveolin 1, X1954 FVT1:
# known Khan markers; information). About 1 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
csv=$ADMISSIBLE_DATA/srbct_khan2001/sda_khan2001.csv
count() { awk -F, -v c="\"$1\"" 'NR >= 2 && NR <= 64 && $2 == c' "$csv" | wc -l; }
descr() {  # gene gK: probe id and description from sda's annotation (row K)
  sed -n "$((${1#g} + 1))p" "$ADMISSIBLE_DATA/srbct_khan2001/sda_khan2001_gene_descr.csv" |
    sed -e 's/^"\([^"]*\)","/\1 /' -e 's/"$//' | cut -c1-60
}
table_header
row "EWS samples" "$(count EWS)" 23 0
row "BL samples" "$(count BL)" 8 0
row "NB samples" "$(count NB)" 12 0
row "RMS samples" "$(count RMS)" 20 0
echo "genes (probe id, sda annotation):"
for g in g123 g742 g1954 g246 g2050; do printf '  %-6s %s\n' "$g" "$(descr $g)"; done
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

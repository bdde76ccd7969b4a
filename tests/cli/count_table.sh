#!/usr/bin/env bash
# A count table (one row per cell, its count in a column named by data.counts) and the same table
# expanded by hand to one row per unit give the same result file: folds, bootstrap draws, group
# sizes and row counts all count units. The run is the fair InfoGram with ALFA tests, cross-fitted
# estimates and bootstrap p-values, whose folds and null draws are where cells and units differ.
set -uo pipefail
bin=$1
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# Y x G x D cells with counts from a fixed recipe (12 cells, 7..65 units each).
awk 'BEGIN { print "Y,G,D,n"; k = 0
  for (y = 0; y < 2; y++) for (g = 0; g < 2; g++) for (d = 0; d < 3; d++) {
    k++; print (y ? "yes" : "no") "," (g ? "f" : "m") "," substr("abc", d + 1, 1) "," (7 + (k * 37) % 59) } }' \
  > "$tmp/table.csv"
awk -F, 'NR == 1 { print "Y,G,D"; next } { for (i = 0; i < $4; i++) print $1 "," $2 "," $3 }' \
  "$tmp/table.csv" > "$tmp/long.csv"
config() {  # config SOURCE EXTRA_DATA_LINE
  cat <<TOML
[run]
name = "count_table"
seed = 7
pipeline = "infogram"

[data]
source = "$1"
target = "Y"
positive = "yes"
sensitive = ["G"]
features = ["D"]
$2

[info]
enabled = false

[fairness]
enabled = false

[learner]
kind = "frequency"

[infogram]
mode = "fair"
bootstrap = 40
feature_bootstrap = 10
folds = 3

[alfa]
admissible = ["D"]
cair_strata = "D"
TOML
}
config "$tmp/table.csv" 'counts = "n"' > "$tmp/table.toml"
config "$tmp/long.csv" '' > "$tmp/long.toml"
"$bin" run "$tmp/table.toml" --out "$tmp/table.h5" > "$tmp/table.log" 2>&1 ||
  fail "count table run: $(cat "$tmp/table.log")"
"$bin" run "$tmp/long.toml" --out "$tmp/long.h5" > "$tmp/long.log" 2>&1 ||
  fail "expanded run: $(cat "$tmp/long.log")"
units=$(awk -F, 'NR > 1 { n += $4 } END { print n }' "$tmp/table.csv")
grep -q ", $units rows," "$tmp/table.log" || fail "the summary does not count $units units"
"$bin" compare "$tmp/table.h5" "$tmp/long.h5" --exclude /config > "$tmp/diff" ||
  fail "count table and its expansion differ: $(cat "$tmp/diff")"
echo "cli count table ok"

#!/usr/bin/env bash
# Only the columns a run uses are read (issue 33 item 1): the audit of a CSV file widened with
# columns the run does not use, full of cells that would be errors in a used column (NaN, text in
# numbers, invalid UTF-8, quoted delimiters and line breaks), gives the same result file as the
# audit of the narrow file; the load line and /timing/load say how many columns were read; and the
# same junk is still an error once a run uses its column.
#   usage: used_columns.sh BIN
set -uo pipefail
here=$(dirname "$(realpath "$0")")
source "$here/../lib/small_run.sh"
bin=$(realpath "$1")
scratch_dir
small_run "$tmp" 300 50
# Junk columns before, between and after the used ones; every 7th row's quoted junk spans a line.
awk -F, 'NR == 1 { print "j1," $1 "," $2 ",j2," $3 "," $4 "," $5 ",j3"; next }
  { q = (NR % 7 == 0) ? "\"a,\nb\"" : "\"x,\"\"y\"\"\""
    print "NaN," $1 "," $2 "," q "," $3 "," $4 "," $5 ",\351" (NR % 2 ? "zz" : "1") }' \
  data.csv > wide.csv
sed 's/^source = .*/source = "wide.csv"/' run.toml > wide.toml
"$bin" run run.toml --out narrow.h5 > narrow.out 2>&1 || fail "narrow run: $(cat narrow.out)"
"$bin" run wide.toml --out wide.h5 > wide.out 2>&1 || fail "wide run: $(cat wide.out)"
"$bin" compare narrow.h5 wide.h5 > compare.out || fail "results differ: $(cat compare.out)"
grep -q "^load: 300 rows, 5 of 8 columns read" wide.out || fail "load line: $(cat wide.out)"
h5dump -d /timing/load/columns_read wide.h5 | grep -q "(0): 5" || fail "/timing/load/columns_read"

# Used, the same cells fail with file:line:column.
sed 's/^features = .*/features = ["age", "income", "j3"]/' wide.toml > j3.toml
"$bin" run j3.toml --out j3.h5 > j3.out 2>&1
[ $? -eq 2 ] || fail "junk in a used column was accepted: $(cat j3.out)"
grep -q "wide.csv:2:8: field is not valid UTF-8" j3.out || fail "j3 message: $(cat j3.out)"
sed 's/^features = .*/features = ["age", "income", "j1"]/' wide.toml > j1.toml
"$bin" run j1.toml --out j1.h5 > j1.out 2>&1
[ $? -eq 2 ] || fail "NaN in a used column was accepted: $(cat j1.out)"
grep -q "wide.csv:2:1: non-finite" j1.out || fail "j1 message: $(cat j1.out)"
echo "used columns ok"

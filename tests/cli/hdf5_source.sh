#!/usr/bin/env bash
# The HDF5 data source (issue 27 item 4): an audit of a table stored as HDF5 columns gives the
# same result file as the audit of the same table as CSV, and broken HDF5 tables fail under the
# bad-input contract (exit 2, one line naming the file and the dataset, no result).
#   usage: hdf5_source.sh BIN HDF5_CASES BAD_INPUTS_SH
set -uo pipefail
here=$(dirname "$(realpath "$0")")
source "$here/../lib/small_run.sh"
bin=$(realpath "$1")
cases=$(realpath "$2")
bad_inputs=$(realpath "$3")
scratch_dir
"$cases" "$tmp/files" || fail "hdf5_cases could not write the files"

for format in csv h5; do
  extra=""
  [ "$format" = h5 ] && extra='group = "/t"'
  cat > "$format.toml" <<TOML
[run]
name = "hdf5_$format"
seed = 11

[data]
source = "files/table.$format"
$extra
target = "label"
positive = "yes"
sensitive = ["group"]
features = ["age", "income", "sex"]
missing = "drop"

[discretize]
method = "quantile"
bins = 4

[fairness]
prediction = "pred"
prediction_positive = "yes"
bootstrap = 50
TOML
  "$bin" run "$format.toml" --out "$format.h5" > "$format.out" 2>&1 || fail "$format run: $(cat "$format.out")"
done
"$bin" compare csv.h5 h5.h5 > compare.out || fail "CSV and HDF5 results differ: $(cat compare.out)"
grep -q "^load: 400 rows, 6 of 7 columns read" h5.out || fail "no load line: $(cat h5.out)"

BAD_INPUTS_MIN_CASES=1 bash "$bad_inputs" "$bin" "$tmp/files/bad" || fail "bad HDF5 inputs"
echo "hdf5 source ok"

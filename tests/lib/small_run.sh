# Sourced by CLI tests. fail MESSAGE: the verdict. scratch_dir: makes $tmp, enters it, and removes
# it on exit (after running the shell text in $on_exit, if set).
fail() { echo "FAIL: $*"; exit 1; }
scratch_dir() {
  tmp=$(mktemp -d)
  trap 'eval "${on_exit:-}"; rm -rf "$tmp"' EXIT
  cd "$tmp" || exit 1
}

# small_run DIR ROWS BOOTSTRAP: writes DIR/data.csv (ROWS rows, deterministic)
# and DIR/run.toml, an audit of it with BOOTSTRAP replicates (one checkpointed task each).
small_run() {
  local dir=$1 rows=$2 bootstrap=$3
  awk -v n="$rows" 'BEGIN {
    print "group,age,income,label,pred"
    s = 12345
    for (i = 0; i < n; ++i) {
      s = (s * 1103515245 + 12345) % 2147483648; g = (s % 2) ? "a" : "b"
      s = (s * 1103515245 + 12345) % 2147483648; age = 18 + s % 60
      s = (s * 1103515245 + 12345) % 2147483648; inc = (s % 10000) / 100
      s = (s * 1103515245 + 12345) % 2147483648; y = (s % 3) ? "yes" : "no"
      s = (s * 1103515245 + 12345) % 2147483648; p = (s % 4) ? y : (y == "yes" ? "no" : "yes")
      printf "%s,%d,%.2f,%s,%s\n", g, age, inc, y, p
    }
  }' > "$dir/data.csv"
  cat > "$dir/run.toml" <<TOML
[run]
name = "small"
seed = 7
pipeline = "audit"

[data]
source = "data.csv"
target = "label"
positive = "yes"
sensitive = ["group"]
features = ["age", "income"]

[discretize]
method = "quantile"
bins = 4

[fairness]
prediction = "pred"
prediction_positive = "yes"
bootstrap = $bootstrap
TOML
}

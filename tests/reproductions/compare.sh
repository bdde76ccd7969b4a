# Sourced by reproduction tests. row LABEL OURS PUBLISHED TOL: prints one line of the comparison
# table with a verdict and counts failures in $failed.
failed=0
table_header() { printf '%-40s %12s %12s %10s  %s\n' "figure" "ours" "published" "tolerance" "verdict"; }
row() {
  local verdict
  verdict=$(awk -v a="$2" -v b="$3" -v t="$4" 'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= t ? "ok" : "DIFFERS") }')
  printf '%-40s %12.4f %12.4f %10.4f  %s\n' "$1" "$2" "$3" "$4" "$verdict"
  [ "$verdict" = ok ] || failed=$((failed + 1))
}
# The shared data folder, or exit 77 (ctest: skipped) with a clear message.
need_data() {
  data=${ADMISSIBLE_DATA:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/shared/data}
  if [ ! -d "$data" ]; then
    echo "SKIP: no shared data folder ($data); set ADMISSIBLE_DATA to run this reproduction"
    exit 77
  fi
  export ADMISSIBLE_DATA=$data
}

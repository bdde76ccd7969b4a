#!/usr/bin/env bash
# Strong scaling of a bootstrap-heavy audit: the same config at 1, 2, 4 (and more, if given) ranks,
# wall time and speed-up vs 1 rank, and a check that every result is identical.
#   bench/scaling.sh [BIN] [RANKS...]     e.g. bench/scaling.sh build/admissible 1 2 4 8 16
set -euo pipefail
bin=${1:-build/admissible}; shift || true
ranks=("$@"); [ ${#ranks[@]} -gt 0 ] || ranks=(1 2 4)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
sed -e 's/^pipeline = .*/pipeline = "audit"/' \
    -e '/^\[fairness\]/,/^\[/ s/^bootstrap = .*/bootstrap = '"${BOOTSTRAP:-2000}"'/' \
    -e 's/^source = .*/source = "embedded:demo"\nrows = '"${ROWS:-50000}"'/' \
    "$(dirname "$0")/../configs/demo.toml" > "$tmp/bench.toml"
echo "audit: rows=${ROWS:-50000} bootstrap=${BOOTSTRAP:-2000}, cores=$(nproc)"
base=""
for n in "${ranks[@]}"; do
  start=$(date +%s.%N)
  mpirun -q -np "$n" "$bin" run "$tmp/bench.toml" --out "$tmp/r$n.h5" > /dev/null 2>&1
  t=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
  [ -n "$base" ] || base=$t
  same=$("$bin" compare "$tmp/r${ranks[0]}.h5" "$tmp/r$n.h5" | tail -1)
  printf "ranks %3d  %8.2f s  speed-up %5.2f  %s\n" "$n" "$t" "$(awk -v a="$base" -v b="$t" 'BEGIN { print a / b }')" "$same"
done

#!/usr/bin/env bash
# A run killed part-way leaves no result file; rerun with --resume (here on 2 ranks) it finishes
# from its checkpoint, and its results equal an uninterrupted run's bit for bit.
set -euo pipefail
source "$(dirname "$0")/../mpi/mpi_env.sh"
source "$(dirname "$0")/../lib/h5.sh"
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bin" config-keys > /dev/null
# The audit pipeline's bootstrap: long enough to kill part-way, short enough for CI.
sed -e 's/^pipeline = .*/pipeline = "audit"/' \
    -e '/^\[fairness\]/,/^\[/ s/^bootstrap = .*/bootstrap = 2000/' \
    -e 's/^source = .*/source = "embedded:demo"\nrows = 20000/' \
  "$(dirname "$0")/../../configs/demo.toml" > "$tmp/long.toml"
grep -q 'bootstrap = 2000' "$tmp/long.toml"
"$bin" run "$tmp/long.toml" --out "$tmp/full.h5" > /dev/null

"$bin" run "$tmp/long.toml" --out "$tmp/part.h5" > /dev/null 2>&1 &
pid=$!
# Kill it once the checkpoint holds some bootstrap replicates but the run is far from done.
for _ in $(seq 1 600); do
  size=$(stat -c %s "$tmp/part.h5.journal" 2>/dev/null || echo 0)
  [ "$size" -gt 20000 ] && break
  sleep 0.05
done
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
[ ! -e "$tmp/part.h5" ] || { echo "FAIL: a killed run left a complete-looking result"; exit 1; }
[ -s "$tmp/part.h5.journal" ] || { echo "FAIL: no checkpoint"; exit 1; }

mpi 2 "$bin" run "$tmp/long.toml" --out "$tmp/part.h5" --resume > /dev/null
resumed=$(h5attr "$tmp/part.h5" resumed_tasks)
echo "resumed $resumed tasks from the checkpoint"
[ "$resumed" -gt 0 ] && [ "$resumed" -lt 2006 ] || { echo "FAIL: expected a partial resume"; exit 1; }
[ ! -e "$tmp/part.h5.journal" ] || { echo "FAIL: journal left after success"; exit 1; }
"$bin" compare "$tmp/full.h5" "$tmp/part.h5"

#!/usr/bin/env bash
# The demo's result datasets are bitwise identical at 1, 2 and 4 ranks.
set -euo pipefail
source "$(dirname "$0")/../mpi/mpi_env.sh"
source "$(dirname "$0")/../lib/h5.sh"
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for n in 1 2 4; do
  mpi "$n" "$bin" demo --out "$tmp/demo$n.h5" > "$tmp/log$n"
  [ "$(h5attr "$tmp/demo$n.h5" ranks)" = "$n" ] || { echo "FAIL: ranks attribute"; exit 1; }
done
"$bin" compare "$tmp/demo1.h5" "$tmp/demo2.h5"
"$bin" compare "$tmp/demo1.h5" "$tmp/demo4.h5"
# The summary printed is the same too (it is made from the results alone).
diff <(grep -v '^result:\|^load:' "$tmp/log1") <(grep -v '^result:\|^load:' "$tmp/log4")

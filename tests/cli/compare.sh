#!/usr/bin/env bash
# compare ignores /timing unless --include-timing, and --exclude adds to that rather than
# replacing it: two runs of the demo differ only in their wall-clock figures under /timing.
set -uo pipefail
bin=$1
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bin" demo --out "$tmp/a.h5" > /dev/null 2>&1 || fail "demo a"
"$bin" demo --out "$tmp/b.h5" > /dev/null 2>&1 || fail "demo b"
"$bin" compare "$tmp/a.h5" "$tmp/b.h5" > "$tmp/out" || fail "default compare: $(cat "$tmp/out")"
"$bin" compare "$tmp/a.h5" "$tmp/b.h5" --exclude /no_such_group > "$tmp/out" ||
  fail "--exclude replaced the /timing default: $(cat "$tmp/out")"
"$bin" compare "$tmp/a.h5" "$tmp/b.h5" --include-timing > "$tmp/out"; rc=$?
[ $rc -eq 3 ] || fail "--include-timing should see the wall-clock seconds differ (exit $rc)"
grep -q "^/timing" "$tmp/out" || fail "--include-timing lists no /timing difference"
"$bin" compare "$tmp/a.h5" "$tmp/b.h5" --include-timing --exclude /timing > /dev/null ||
  fail "--exclude /timing with --include-timing"
echo "cli compare ok"

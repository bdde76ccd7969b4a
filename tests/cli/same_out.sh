#!/usr/bin/env bash
# A second run with the same --out as a running one is refused at once, and the first finishes
# undisturbed (issue 16 item 2).
#   usage: same_out.sh BIN
set -uo pipefail
here=$(dirname "$(realpath "$0")")
source "$here/../lib/h5.sh"
source "$here/../lib/small_run.sh"
bin=$(realpath "$1")
first=""
on_exit='[ -n "$first" ] && kill "$first" 2> /dev/null'
scratch_dir
small_run "$tmp" 20000 3000

"$bin" run run.toml --out r.h5 > first.out 2> first.err &
first=$!
for _ in $(seq 1 600); do  # until the first run is computing (its checkpoint exists)
  [ -s r.h5.journal ] && break
  sleep 0.05
done
[ -s r.h5.journal ] || fail "the first run did not start computing within 30 s"
kill -0 "$first" 2> /dev/null || fail "the first run ended before the second started; make it longer"
start=$(date +%s)
timeout 60 "$bin" run run.toml --out r.h5 > second.out 2> second.err
rc=$?
echo "second run: exit $rc after $(( $(date +%s) - start )) s: $(cat second.err)"
[ "$rc" -eq 2 ] || fail "the second run exited $rc, expected 2 (refused)"
grep -q "^admissible: error: r.h5: another admissible run" second.err || fail "unclear message"
kill -0 "$first" 2> /dev/null || echo "note: the first run ended while the second was refused"

wait "$first"
rc=$?
first=""
[ "$rc" -eq 0 ] || fail "the first run exited $rc: $(cat first.err)"
rows=$(h5vals r.h5 /data/rows)
[ "$rows" = 20000 ] || fail "the first run's result holds /data/rows = $rows, expected 20000"
[ ! -e r.h5.journal ] && [ ! -e r.h5.lock ] || fail "checkpoint or lock file left after success"
[ -z "$(find . -name '*.tmp')" ] || fail "temporary files left: $(find . -name '*.tmp')"
echo "same out ok"

#!/usr/bin/env bash
# `admissible reproduce` on a tiny paper (the demo config with few bootstrap replicates, embedded
# data): it runs the config once, skips the complete result the next time, reruns it when the
# config changes, prints the verdict table, and its exit code says whether every figure holds:
# 0 (holds or differs with an explanation), 4 (one differs without), 2 (malformed expect.toml,
# with file:line:key), 2 (unknown paper); a reproduction killed part-way continues from the run's
# checkpoint with --resume.
set -euo pipefail
bin=$1 src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
paper=$tmp/configs/tiny
mkdir -p "$paper"
sed -e 's/^bootstrap = 200/bootstrap = 0/' -e 's/^bootstrap = 50 .*/bootstrap = 5/' \
  -e 's/^feature_bootstrap = .*/feature_bootstrap = 0/' "$src/configs/demo.toml" > "$paper/tiny.toml"
expect() {
  cat > "$paper/expect.toml" <<TOML
[paper]
title = "A tiny paper"

[[expect]]
figure = "rows"
config = "tiny.toml"
path = "/data/rows"
compare = "equal"
value = $1

[[expect]]
figure = "admissible set"
config = "tiny.toml"
path = "/infogram/admissible_set"
compare = "equal_set"
set = ["years_employed", "income", "debt_ratio"]

[[expect]]
figure = "rows, explained"
config = "tiny.toml"
path = "/data/rows"
compare = "at_least"
value = 3000
explanation = "the demo has 2000 rows"
TOML
}
run() { (cd "$tmp" && "$bin" reproduce "$@" --configs "$tmp/configs" --out "$tmp/out"); }

expect 2000
run tiny > "$tmp/log1" 2> "$tmp/err1" || fail "reproduce exited $? ($(cat "$tmp/err1"))"
grep -q 'run .*tiny.toml' "$tmp/err1" || fail "tiny.toml was not run: $(cat "$tmp/err1")"
[ -f "$tmp/out/tiny/tiny.h5" ] || fail "no result out/tiny/tiny.h5"
grep -Eq '^rows +\| 2000 +\| 2000 +\| equal +\| holds' "$tmp/log1" || fail "rows row: $(cat "$tmp/log1")"
grep -q '^admissible set .*| equal set .*| holds' "$tmp/log1" || fail "set row: $(cat "$tmp/log1")"
grep -q 'differs, explained' "$tmp/log1" || fail "no explained row: $(cat "$tmp/log1")"
grep -q 'note: the demo has 2000 rows' "$tmp/log1" || fail "no explanation: $(cat "$tmp/log1")"
grep -q '3 figures: 2 hold, 1 differ with an explanation, 0 differ without one, 0 not compared' "$tmp/log1" ||
  fail "summary: $(cat "$tmp/log1")"
# The reproduction's HTML page: every verdict row and the result's sections.
html=$tmp/out/report.html
[ -f "$html" ] || fail "no $html"
grep -q "report: $html" "$tmp/log1" || fail "the report path is not printed"
for want in 'admissible set' 'the demo has 2000 rows' 'tiny.h5' '<svg'; do
  grep -qF "$want" "$html" || fail "report.html lacks '$want'"
done
# --strict: an explained difference fails too.
rc=0; run tiny --strict > /dev/null 2>&1 || rc=$?
[ "$rc" = 4 ] || fail "--strict with an explained difference exited $rc, not 4"

# A failed verdict: exit 4, the result is not recomputed (complete: same config and build).
expect 2001
rc=0; run all > "$tmp/log2" 2> "$tmp/err2" || rc=$?
[ "$rc" = 4 ] || fail "a failed verdict exited $rc, not 4"
grep -q 'tiny: 0 of 1 configs to run' "$tmp/err2" || fail "complete result rerun: $(cat "$tmp/err2")"
grep -Eq '^rows +\| 2000 +\| 2001 +\| equal +\| differs, unexplained' "$tmp/log2" || fail "$(cat "$tmp/log2")"

# A changed config makes the result incomplete: it is run again.
sed -i 's/^seed = .*/seed = 7/' "$paper/tiny.toml"
expect 2000
run tiny > /dev/null 2> "$tmp/err3" || fail "rerun exited $?"
grep -q 'tiny: 1 of 1 configs to run' "$tmp/err3" || fail "changed config not rerun: $(cat "$tmp/err3")"

# Malformed expectations and unknown papers: exit 2, one message naming file:line:key.
expect 2000
sed -i 's/^compare = "equal_set"/compare = "equal_set"\ntolerence = 1/' "$paper/expect.toml"
rc=0; run tiny > /dev/null 2> "$tmp/err4" || rc=$?
[ "$rc" = 2 ] || fail "malformed expect.toml exited $rc, not 2"
grep -q "expect.toml:16:1: unknown config key 'expect\[1\].tolerence'" "$tmp/err4" ||
  fail "message: $(cat "$tmp/err4")"
rc=0; run nosuch > /dev/null 2> "$tmp/err5" || rc=$?
[ "$rc" = 2 ] || fail "unknown paper exited $rc"
grep -q "no paper 'nosuch'.*papers: tiny, or all" "$tmp/err5" || fail "$(cat "$tmp/err5")"
# Killed part-way (the audit's bootstrap as in resume.sh), `reproduce --resume` continues the run.
source "$(dirname "$0")/../lib/h5.sh"
mkdir -p "$tmp/configs/slow"
sed -e 's/^pipeline = .*/pipeline = "audit"/' \
    -e '/^\[fairness\]/,/^\[/ s/^bootstrap = .*/bootstrap = 2000/' \
    -e 's/^source = .*/source = "embedded:demo"\nrows = 20000/' \
  "$src/configs/demo.toml" > "$tmp/configs/slow/long.toml"
printf '[[expect]]\nfigure = "rows"\nconfig = "long.toml"\npath = "/data/rows"\ncompare = "equal"\nvalue = 20000\n' \
  > "$tmp/configs/slow/expect.toml"
(cd "$tmp" && exec "$bin" reproduce slow --configs "$tmp/configs" --out "$tmp/out") > /dev/null 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  size=$(stat -c %s "$tmp/out/slow/long.h5.journal" 2>/dev/null || echo 0)
  [ "$size" -gt 20000 ] && break
  sleep 0.05
done
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
[ ! -e "$tmp/out/slow/long.h5" ] || fail "a killed reproduction left a complete-looking result"
run slow --resume > "$tmp/log6" 2> "$tmp/err6" || fail "resume exited $?: $(cat "$tmp/err6")"
resumed=$(h5attr "$tmp/out/slow/long.h5" resumed_tasks)
[ "$resumed" -gt 0 ] || fail "nothing resumed from the checkpoint"
grep -q '1 figures: 1 hold' "$tmp/log6" || fail "after resume: $(cat "$tmp/log6")"
echo "PASS (resumed $resumed tasks)"

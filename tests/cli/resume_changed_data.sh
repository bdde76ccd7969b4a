#!/usr/bin/env bash
# --resume after the data changed is refused with a message naming the data file, and the
# checkpoint is kept (issue 16 item 3): replaying replicates of the old data would mix them with
# new ones. The checkpoint comes from a run whose result could not be written (ulimit -f).
#   usage: resume_changed_data.sh BIN
set -uo pipefail
here=$(dirname "$(realpath "$0")")
source "$here/../lib/small_run.sh"
bin=$(realpath "$1")
scratch_dir
small_run "$tmp" 300 41
(trap '' XFSZ; ulimit -f 16; exec "$bin" run run.toml --out r.h5) > /dev/null 2>&1
[ -s r.h5.journal ] || fail "setup: no checkpoint left by the failed run"
[ ! -e r.h5 ] || fail "setup: the run wrote its result despite the limit"

# Same size, same rows, one income changed.
sed -i '2s/,[0-9.]*,\(yes\|no\),/,1.25,\1,/' data.csv
"$bin" run run.toml --out r.h5 --resume > /dev/null 2> resume.err
rc=$?
echo "resume after the data changed: exit $rc: $(cat resume.err)"
[ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
grep -q "^admissible: error: data.csv: .*changed" resume.err || fail "the error does not name data.csv"
[ -s r.h5.journal ] || fail "the checkpoint was deleted"
[ ! -e r.h5 ] || fail "a result was written"
echo "resume changed data ok"

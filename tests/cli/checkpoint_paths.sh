#!/usr/bin/env bash
# What a checkpoint promises must hold (issue 28 items 11 and 14):
# - a failed write (a full disk) advises --resume only when the journal holds completed tasks; a
#   run that checkpointed none (the patterns search) says to rerun and leaves no journal;
# - --resume onto a journal that is not this program's (a damaged or foreign header) is refused
#   with exit 2 naming the file, at 1 and 2 ranks, and leaves that file as it was.
#   usage: checkpoint_paths.sh BIN
set -uo pipefail
here=$(dirname "$(realpath "$0")")
source "$here/../mpi/mpi_env.sh"
source "$here/../lib/small_run.sh"
bin=$(realpath "$1")
scratch_dir
small_run "$tmp" 300 41
cat > patterns.toml <<'TOML'
[run]
name = "patterns"
pipeline = "patterns"

[data]
source = "data.csv"
target = "label"
sensitive = ["group"]
features = ["pred"]

[info]
enabled = false

[fairness]
enabled = false

[patterns]
favourable = "yes"
TOML

# Item 11. Each file may hold at most 4 KiB: the result does not fit.
(trap '' XFSZ; ulimit -f 4; exec "$bin" run patterns.toml --out p.h5) > /dev/null 2> p.err
rc=$?
[ "$rc" -eq 1 ] || fail "patterns, full disk: exit $rc, expected 1: $(cat p.err)"
grep -q "File too large" p.err || fail "patterns, full disk: no OS message: $(cat p.err)"
! grep -q -- "--resume" p.err || fail "advises --resume with nothing checkpointed: $(cat p.err)"
grep -q "checkpointed no completed task" p.err || fail "does not say nothing was kept: $(cat p.err)"
[ ! -e p.h5.journal ] || fail "a journal without tasks was left"
echo "patterns, full disk: $(cat p.err)"
(trap '' XFSZ; ulimit -f 16; exec "$bin" run run.toml --out a.h5) > /dev/null 2> a.err
grep -q "the checkpoint a.h5.journal keeps [1-9][0-9]* completed tasks: rerun with --resume" a.err ||
  fail "audit, full disk: no --resume advice with tasks in the journal: $(cat a.err)"
echo "audit, full disk: $(cat a.err)"

# Item 14. bad_journal NAME RANKS: --resume onto NAME.h5.journal as it is now.
bad_journal() {
  local name=$1 ranks=$2
  cp "$name.h5.journal" before.journal
  local launcher=()
  [ "$ranks" -gt 1 ] && launcher=(mpirun -q -np "$ranks")
  "${launcher[@]}" "$bin" run run.toml --out "$name.h5" --resume > /dev/null 2> "$name.err"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$name at $ranks ranks: exit $rc, expected 2: $(cat "$name.err")"
  # One error line; at 2 ranks the load summary ("data: shared per node ...") comes before it.
  [ "$(grep -v '^data: ' "$name.err" | grep -c .)" -eq 1 ] ||
    fail "$name: expected one error line: $(cat "$name.err")"
  grep -q "^admissible: error: $name.h5.journal: not a usable checkpoint" "$name.err" ||
    fail "$name at $ranks ranks: unclear message: $(cat "$name.err")"
  [ ! -e "$name.h5" ] || fail "$name: a result was written"
  cmp -s before.journal "$name.h5.journal" || fail "$name: the journal was changed"
  echo "$name at $ranks ranks: $(cat "$name.err")"
}
for ranks in 1 2; do
  printf 'not a checkpoint at all, but somebody else'"'"'s notes\n' > foreign.h5.journal
  bad_journal foreign "$ranks"
  # A real journal whose header was damaged: its first byte changed.
  (trap '' XFSZ; ulimit -f 16; exec "$bin" run run.toml --out damaged.h5) > /dev/null 2>&1
  [ -s damaged.h5.journal ] || fail "no journal to damage"
  printf 'X' | dd of=damaged.h5.journal bs=1 count=1 conv=notrunc status=none
  bad_journal damaged "$ranks"
  rm -f damaged.h5.journal
done
echo "checkpoint paths ok"

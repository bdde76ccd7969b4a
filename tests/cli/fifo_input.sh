#!/usr/bin/env bash
# A FIFO as the data file or as the config is refused at once with exit 2 and a message naming
# it, instead of blocking forever waiting for a writer (issue 16 item 5; /dev/zero is in the
# bad-input corpus, which cannot hold FIFOs).
#   usage: fifo_input.sh BIN
set -uo pipefail
here=$(dirname "$(realpath "$0")")
source "$here/../lib/small_run.sh"
bin=$(realpath "$1")
scratch_dir
small_run "$tmp" 50 0
mkfifo data.fifo config.fifo
sed 's/^source = .*/source = "data.fifo"/' run.toml > fifo_data.toml

# expect_refused NAME ARGS...: exit 2 within the limit, one line naming NAME as a FIFO.
expect_refused() {
  local name=$1
  shift
  timeout -k 2 20 "$bin" "$@" > /dev/null 2> err.txt < /dev/null
  local rc=$?
  echo "admissible $*: exit $rc: $(cat err.txt)"
  [ "$rc" -ne 124 ] && [ "$rc" -ne 137 ] || fail "admissible $* hangs on the FIFO $name"
  [ "$rc" -eq 2 ] || fail "admissible $* exited $rc, expected 2"
  [ "$(grep -c . err.txt)" -eq 1 ] || fail "expected one error line"
  grep -q "^admissible: error: $name: .*FIFO" err.txt || fail "the error does not name $name"
}
expect_refused data.fifo run fifo_data.toml --out out.h5
expect_refused data.fifo validate fifo_data.toml
expect_refused config.fifo run config.fifo --out out.h5
expect_refused data.fifo pid --csv data.fifo --target label --r1 group --r2 pred
[ ! -e out.h5 ] || fail "a result file was written"
echo "fifo input ok"

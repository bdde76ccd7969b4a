#!/usr/bin/env bash
# The run's data held once per node (issue 33 item 2): whole result files identical at 1, 2 and 4
# ranks for the demo and the COMPAS audit (the latter only with ../shared/data), and on one node
# only one rank reads the data: the /timing counter says so, and so do the bytes each rank read.
set -euo pipefail
here=$(dirname "$0")
source "$here/mpi_env.sh"
source "$here/../lib/h5.sh"
bin=$1
data=${ADMISSIBLE_DATA:-$(cd "$here/../../.." && pwd)/shared/data}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# check NAME CONFIG FROM_FILE: runs CONFIG at 1, 2 and 4 ranks and checks results, counters, log
# and (FROM_FILE = 1: data read from a file) the bytes each rank read.
check() {
  local name=$1 config=$2 from_file=$3 n
  for n in 1 2 4; do
    mpi "$n" "$bin" run "$config" --out "$tmp/$name$n.h5" > "$tmp/$name.out$n" 2> "$tmp/$name.log$n" ||
      { cat "$tmp/$name.log$n"; fail "$name at $n ranks"; }
  done
  for n in 2 4; do
    "$bin" compare "$tmp/${name}1.h5" "$tmp/$name$n.h5" > /dev/null ||
      { "$bin" compare "$tmp/${name}1.h5" "$tmp/$name$n.h5"; fail "$name: results differ at $n ranks"; }
  done
  [ "$(h5vals "$tmp/${name}1.h5" /timing/data_sharing/mode)" = "every rank" ] ||
    fail "$name: one rank is not 'per rank'"
  for n in 2 4; do
    local f=$tmp/$name$n.h5
    [ "$(h5vals "$f" /timing/data_sharing/mode)" = "shared per node" ] ||
      fail "$name: $n ranks on one node did not share the data"
    [ "$(h5vals "$f" /timing/data_sharing/parsing_ranks)" = 1 ] ||
      fail "$name: $(h5vals "$f" /timing/data_sharing/parsing_ranks) of $n ranks loaded the data"
    [ "$(h5vals "$f" /timing/data_sharing/shared_bytes)" -gt 0 ] || fail "$name: no shared bytes"
    grep -q "^data: shared per node (1 of $n ranks read " "$tmp/$name.log$n" ||
      { cat "$tmp/$name.log$n"; fail "$name: the log does not say the data was shared"; }
    echo "$name at $n ranks: identical, shared per node"
    [ "$from_file" = 1 ] || continue
    # Rank 0 read the source; every other rank read less than a tenth of that (MPI's own reads).
    mapfile -t bytes < <(h5vals "$f" /timing/data_sharing/bytes_read_per_rank)
    [ "${#bytes[@]}" = "$n" ] || fail "$name: ${#bytes[@]} byte counts for $n ranks"
    local r
    for ((r = 1; r < n; ++r)); do
      [ $((bytes[r] * 10)) -lt "${bytes[0]}" ] ||
        fail "$name: rank $r read ${bytes[r]} bytes while loading (rank 0: ${bytes[0]})"
    done
    echo "  bytes read per rank while loading: ${bytes[*]}"
  done
}

# The demo (embedded data) through the audit only: cli_demo_ranks runs all of it.
sed 's/^pipeline = .*/pipeline = "audit"/' "$here/../../configs/demo.toml" > "$tmp/demo.toml"
grep -q '^pipeline = "audit"' "$tmp/demo.toml" || fail "demo config not built"
check demo "$tmp/demo.toml" 0
if [ -f "$data/compas/compas-scores-two-years.csv" ]; then
  export ADMISSIBLE_DATA=$data
  check compas "$here/../../configs/audit/compas_propublica.toml" 1
else
  echo "note: no $data/compas: the COMPAS audit part is skipped"
fi

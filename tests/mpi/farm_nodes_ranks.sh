#!/usr/bin/env bash
# The task farm with node leaders (sub-coordinators), forced on this one machine by
# ADM_FARM_NODE_RANKS=4 (fake nodes of 4 ranks): results identical to 1 rank at 8 and 16 ranks, a
# failing task (or a malformed variable on one rank) still ends every rank with its message, and
# rank 0 talks to its node and the leaders only, with fewer messages than when it serves every rank
# itself.
#   farm_nodes_ranks.sh FARM_PROBE [ADMISSIBLE]   (with ADMISSIBLE: a pipeline too, via compare)
set -euo pipefail
here=$(dirname "$0")
source "$here/mpi_env.sh"
probe=$1
bin=${2:-}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
field() { sed -n "s/^$1 //p" "$2"; }
mpi 1 "$probe" ordered 57 > "$tmp/out1" 2> "$tmp/err1"
for n in 8 16; do
  ADM_FARM_NODE_RANKS=4 mpi "$n" -x ADM_FARM_NODE_RANKS "$probe" ordered 57 > "$tmp/out$n" 2> "$tmp/err$n"
  cmp "$tmp/out1" "$tmp/out$n"
  # n / 4 nodes: rank 0 exchanges messages with its node's 3 ranks and the other leaders only.
  leaders=$((n / 4 - 1))
  [ "$(field leaders "$tmp/err$n")" -eq "$leaders" ] || { cat "$tmp/err$n"; echo "leaders at $n"; exit 1; }
  [ "$(field root_peers "$tmp/err$n")" -eq $((3 + leaders)) ] ||
    { cat "$tmp/err$n"; echo "rank 0 talked to other ranks than its node and the leaders at $n"; exit 1; }
  grep -q "^broadcast_bytes 0$" "$tmp/err$n" || { cat "$tmp/err$n"; echo "results sent on"; exit 1; }
done
# Rank 0's messages with and without leaders: 320 tasks of 5 ms (one or two a handout) at 16 ranks.
ADM_FARM_NODE_RANKS=0 mpi 16 -x ADM_FARM_NODE_RANKS "$probe" sleep 5000 320 2> "$tmp/flat" > /dev/null
ADM_FARM_NODE_RANKS=4 mpi 16 -x ADM_FARM_NODE_RANKS "$probe" sleep 5000 320 2> "$tmp/nodes" > /dev/null
flat=$(field root_messages "$tmp/flat"); nodes=$(field root_messages "$tmp/nodes")
[ "$(field leaders "$tmp/flat")" -eq 0 ] && [ "$(field root_peers "$tmp/flat")" -eq 15 ] ||
  { cat "$tmp/flat"; echo "ADM_FARM_NODE_RANKS=0 did not keep the farm flat"; exit 1; }
[ $((nodes * 2)) -lt "$flat" ] ||
  { echo "rank 0's messages: $nodes with leaders, $flat without: expected under half"; exit 1; }
# A task failing under a leader (or on it) still ends the job with its message and exit code 2.
for k in 0 13 30; do
  set +e
  err=$(ADM_FARM_NODE_RANKS=4 timeout 60 mpirun -q -np 8 -x ADM_FARM_NODE_RANKS "$probe" fail "$k" 40 2>&1 >/dev/null)
  rc=$?
  set -e
  [ "$rc" -ne 124 ] || { echo "task $k: hung"; exit 1; }
  [ "$rc" -eq 2 ] || { echo "task $k: exit $rc, expected 2: $err"; exit 1; }
  grep -q "task $k rejected its input" <<< "$err" || { echo "task $k: message lost: $err"; exit 1; }
done
# A malformed ADM_FARM_NODE_RANKS on one rank only (rank 3's, read when the world is made) ends
# every rank with that rank's message and exit code 2, without a collective in every stage.
set +e
err=$(timeout 60 mpirun -q -np 3 "$probe" ordered 57 : -np 1 -x ADM_FARM_NODE_RANKS=abc "$probe" ordered 57 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" -eq 2 ] || { echo "malformed ADM_FARM_NODE_RANKS: exit $rc, expected 2: $err"; exit 1; }
grep -q "\[rank 3\] ADM_FARM_NODE_RANKS: expected a whole number >= 0 .*got 'abc'" <<< "$err" ||
  { echo "malformed ADM_FARM_NODE_RANKS: message lost: $err"; exit 1; }
if [ -n "$bin" ]; then  # a real pipeline's result file, 1 rank against 8 in nodes of 4
  mpi 1 "$bin" run "$here/../../configs/shapley_demo.toml" --out "$tmp/one.h5" > /dev/null
  ADM_FARM_NODE_RANKS=4 mpi 8 -x ADM_FARM_NODE_RANKS "$bin" run "$here/../../configs/shapley_demo.toml" \
    --out "$tmp/eight.h5" > /dev/null
  "$bin" compare "$tmp/one.h5" "$tmp/eight.h5"
fi
echo "node leaders: identical results at 8 and 16 ranks; rank 0's messages $nodes against $flat flat"

#!/usr/bin/env bash
# The frontier search certifies the same optimum at 1, 2, 4, 8 and 16 ranks (each run checks it
# against dynamic programming; 8 and 16 oversubscribe this machine: idle ranks sleep), really shares
# the work, and a rank that fails ends every rank with its message; task farms and searches run one
# after another on the same channel.
set -uo pipefail
source "$(dirname "$0")/mpi_env.sh"
probe=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for n in 1 2 4; do
  timeout 120 mpirun -q -np "$n" "$probe" solve 63 6 > "$tmp/out$n" 2> "$tmp/err$n" ||
    { echo "np=$n failed:"; cat "$tmp/err$n"; exit 1; }
done
cat "$tmp/out1"
cmp "$tmp/out1" "$tmp/out2" && cmp "$tmp/out1" "$tmp/out4" || exit 1
# 8 and 16 ranks on a smaller instance (~1 s at one rank): these oversubscribe the machine.
for n in 1 8 16; do
  timeout 120 mpirun -q -np "$n" "$probe" solve 40 6 > "$tmp/small$n" 2> "$tmp/err$n" ||
    { echo "np=$n failed:"; cat "$tmp/err$n"; exit 1; }
done
cmp "$tmp/small1" "$tmp/small8" && cmp "$tmp/small1" "$tmp/small16" || exit 1
grep -q "complete 1" "$tmp/out1" || { echo "search did not complete"; exit 1; }
if grep -q "expanded 0 nodes" "$tmp/err4"; then cat "$tmp/err4"; echo "a rank got no work"; exit 1; fi
cat "$tmp/err4"
# At 16 ranks most ranks get work: idle ranks ask victims drawn at random among those with work.
busy=$(grep -c "expanded [1-9]" "$tmp/err16")
[ "$busy" -ge 12 ] || { cat "$tmp/err16"; echo "only $busy of 16 ranks expanded nodes"; exit 1; }
# Findings gathered on rank 0 only: the same optimum (the other ranks check they got none), also
# with their sizes announced first.
for mode in root sized; do
  for n in 1 2 4; do
    timeout 120 mpirun -q -np "$n" "$probe" "$mode" 63 6 > "$tmp/$mode$n" 2> "$tmp/err$n" ||
      { echo "np=$n (findings on rank 0 only, $mode) failed:"; cat "$tmp/err$n"; exit 1; }
    cmp "$tmp/out1" "$tmp/$mode$n" || exit 1
  done
done
# expect_failure MODE MESSAGE [N]: at 1, 2, 4 (and N) ranks the probe in MODE ends every rank with
# exit 2 and MESSAGE, without hanging.
expect_failure() {
  for n in 1 2 4 ${3:-}; do
    err=$(timeout 60 mpirun -q -np "$n" "$probe" "$1" 63 6 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -eq 124 ]; then echo "np=$n $1: hung after a failure"; exit 1; fi
    if [ "$rc" -ne 2 ]; then echo "np=$n $1: exit $rc, expected 2: $err"; exit 1; fi
    grep -q "$2" <<< "$err" || { echo "np=$n $1: message lost: $err"; exit 1; }
  done
}
# Rank 0 failing to make its findings after posting its receives ends every rank, no hang.
expect_failure sized_fail "findings failed on rank 0"
# A node rejected on the last rank.
expect_failure fail "node rejected on the last rank" 16
# A node budget is a budget over all ranks: never overrun (exact on one rank), and reported.
for n in 1 2 4; do
  out=$(timeout 60 mpirun -q -np "$n" "$probe" budget 63 6 1000) || { echo "np=$n budget run failed"; exit 1; }
  read -r _ expanded _ stopped _ complete <<< "$out"
  if [ "$expanded" -gt 1000 ] || [ "$stopped" != 1 ] || [ "$complete" != 0 ]; then
    echo "np=$n: budget 1000 gave: $out"; exit 1
  fi
  if [ "$n" = 1 ] && [ "$expanded" != 1000 ]; then echo "np=1: budget not used exactly: $out"; exit 1; fi
  echo "np=$n budget 1000: $out"
done
# A rank whose method wants to stop (a memory cap) takes no more nodes, and every rank ends.
for n in 2 4; do
  for run in 1 2; do
    out=$(timeout 60 mpirun -q -np "$n" "$probe" stop 63 6 2>&1)
    rc=$?
    if [ "$rc" -ne 0 ] || ! grep -q "stopped_by_method 1 complete 0" <<< "$out"; then
      echo "np=$n: a stopping rank: exit $rc: $out"; exit 1
    fi
  done
done
# Farm stages and searches back to back share one channel: every answer right, the same at 1, 2, 8
# and 16 ranks.
for n in 1 2 8 16; do
  timeout 120 mpirun -q -np "$n" "$probe" chain 30 6 > "$tmp/chain$n" 2> "$tmp/err$n" ||
    { echo "np=$n (farms and searches in a chain) failed:"; cat "$tmp/err$n"; exit 1; }
  cmp "$tmp/chain1" "$tmp/chain$n" || exit 1
done
echo "identical certified optimum at 1, 2, 4, 8 and 16 ranks; failures propagate; budgets hold; stops too; farms and searches chain"

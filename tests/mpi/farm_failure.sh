#!/usr/bin/env bash
# A task throwing on any rank ends the whole job with that task's message and exit code 2.
set -uo pipefail
source "$(dirname "$0")/mpi_env.sh"
probe=$1
for n in 1 2 4; do
  for k in 0 5 30; do
    err=$(timeout 60 mpirun -q -np "$n" "$probe" fail "$k" 40 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -eq 124 ]; then echo "np=$n task $k: hung"; exit 1; fi
    if [ "$rc" -ne 2 ]; then echo "np=$n task $k: exit $rc, expected 2: $err"; exit 1; fi
    if ! grep -q "task $k rejected its input" <<< "$err"; then echo "np=$n: message lost: $err"; exit 1; fi
  done
done
echo "failures propagate at 1, 2 and 4 ranks"

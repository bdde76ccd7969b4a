#!/usr/bin/env bash
# The farm's results must not depend on the rank count, up to 16 ranks on this small machine
# (oversubscribed: waiting ranks sleep instead of spinning, so the run stays quick).
set -euo pipefail
source "$(dirname "$0")/mpi_env.sh"
probe=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for n in 1 2 4 8 16; do
  mpi "$n" "$probe" ordered 57 > "$tmp/out$n" 2> "$tmp/err$n"
done
[ "$(wc -l < "$tmp/out1")" -eq 57 ] || { echo "expected 57 result lines"; exit 1; }
for n in 2 4 8 16; do cmp "$tmp/out1" "$tmp/out$n"; done
# Dynamic scheduling really spread the work: every rank of the 4-rank run computed something.
if grep -q "computed 0 tasks" "$tmp/err4"; then cat "$tmp/err4"; echo "a rank got no work"; exit 1; fi
# Only rank 0 holds the results: no rank sent them on to the others.
for n in 8 16; do
  grep -q "^broadcast_bytes 0$" "$tmp/err$n" || { cat "$tmp/err$n"; echo "results sent on at $n ranks"; exit 1; }
  max=$(sed -n 's/^worker_bytes_received_max //p' "$tmp/err$n")
  [ "$max" -lt 4096 ] || { cat "$tmp/err$n"; echo "a worker received $max bytes at $n ranks"; exit 1; }
done
# The tasks take microseconds, so after the first ones they went several to a message.
handouts=$(sed -n 's/^handouts //p' "$tmp/err2")
[ "$handouts" -lt 57 ] || { cat "$tmp/err2"; echo "57 cheap tasks in $handouts handouts: no chunks"; exit 1; }
echo "identical results at 1, 2, 4, 8 and 16 ranks ($handouts handouts of 57 tasks at 2 ranks)"

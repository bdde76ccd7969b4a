#!/usr/bin/env bash
# Fair rule lists against CORELS itself (issue 6, item 7): CORELS' binarised COMPAS in its own
# format (configs/faircorels/rulelist_corels_compas.toml), unconstrained, lambda 0.015 / 0.01 / 0.005, at 1
# and 2 ranks: time to certify, prefixes expanded, peak memory (process RSS and search
# structures), the optimal rule list. Reference (CORELS built on this machine, issue 6): 1.2 s at
# 0.015, 44 s at 0.01, no answer at 0.005 within several minutes.
#   bench/rulelist_corels.sh [BIN] [LAMBDAS...]      (TIMEOUT=seconds per run, default 900;
#   MAX_NODES=N: stop after N prefixes and report the best objective found within that budget)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-build/admissible}; shift || true
lambdas=("$@"); [ ${#lambdas[@]} -gt 0 ] || lambdas=(0.015 0.01 0.005)
source "$here/../tests/lib/h5.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
[ -d "$ADMISSIBLE_DATA/compas/corels_format" ] || { echo "no CORELS data in $ADMISSIBLE_DATA"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '%-7s %5s %10s %9s %12s %10s %10s %9s  %s\n' lambda ranks seconds certified prefixes rss_MiB \
  search_MiB objective "rule list"
for lambda in "${lambdas[@]}"; do
  for n in 1 2; do
    sed -e "s/^regularization = .*/regularization = $lambda/" \
        -e "s/^strategy = .*/strategy = \"${STRATEGY:-lower_bound}\"/" \
        -e "/^\[rulelist\]$/a max_nodes = ${MAX_NODES:-0}" \
        "$here/../configs/faircorels/rulelist_corels_compas.toml" > "$tmp/c.toml"
    rc=0
    /usr/bin/time -f "%M" -o "$tmp/rss" timeout "${TIMEOUT:-900}" \
      mpirun -q -np "$n" "$bin" run "$tmp/c.toml" --out "$tmp/r.h5" > "$tmp/log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then printf '%-7s %5s  %s\n' "$lambda" "$n" "failed or timed out (rc $rc)"; continue; fi
    secs=$(h5vals "$tmp/r.h5" /timing/rulelist/search/seconds)
    cert=$(h5vals "$tmp/r.h5" /rulelist/search/certified)
    nodes=$(h5vals "$tmp/r.h5" /timing/rulelist/search/expanded_per_rank | paste -sd+ | bc)
    smib=$(h5vals "$tmp/r.h5" /timing/rulelist/search/peak_memory_per_rank | sort -g | tail -1)
    list=$(h5vals "$tmp/r.h5" /rulelist/best/rule_list | tr '\n' ' ' | sed 's/recidivate-within-two-years://g')
    # /usr/bin/time reports mpirun's own RSS; the ranks' peak is in the rank log when launched alone.
    obj=$(h5vals "$tmp/r.h5" /rulelist/best/objective)
    printf '%-7s %5s %10.2f %9s %12s %10.1f %10.1f %9.5f  %s\n' "$lambda" "$n" "$secs" "$cert" \
      "$nodes" "$(awk '{print $1/1024}' "$tmp/rss")" "$smib" "$obj" "$list"
  done
done

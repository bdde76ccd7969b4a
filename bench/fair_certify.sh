#!/usr/bin/env bash
# Certifying fairness-constrained rule lists (issue 14), at 1 and 2 ranks:
#   corels95 / corels98: CORELS' COMPAS (compas/corels_format), sensitive attribute sex, the 35
#     rules on sex removed (120 left), statistical parity, lambda 0.015, epsilon 0.95 / 0.98
#     (configs/faircorels/corels_compas_sp.toml). Best objectives known (issue 14): 0.4230760 and
#     0.4439829. corelsNN: epsilon 0.NN; LAMBDA=0.02: another lambda for these problems.
#   v2: FairCORELSV2's COMPAS setup (faircorels/compas_rules_full_single.csv, 16 rules, race, SP,
#     epsilon 0.98, lambda 0.001; configs/faircorels/v2_compas_sp.toml); FairCORELSV2's optimum:
#     accuracy 0.5572, SP 0.0174, objective 0.44576.
# Prints certified, seconds, prefixes expanded (all ranks), peak search structures (MiB, largest
# rank), peak RSS (MiB, largest rank), bytes of search structures per expanded prefix, objective,
# accuracy, SP, lower bound and gap.
#   bench/fair_certify.sh [BIN] [PROBLEMS...]   (TIME_LIMIT=seconds per rank and run, default 280;
#   FAIR_BOUNDS=false: switch the fairness-aware bounds off; FAIR_PERM=false: the fairness-keyed
#   permutation map off; FAIR_CLASSES=false: bound (c) by capture class off; STRATEGY=curiosity:
#   another search order for the CORELS problems; RANKS="1 2": the rank counts; MAX_NODES=n: stop
#   after n prefixes taken from the queue, all ranks, for a memory comparison at equal work;
#   KEEP=dir: keep each run's result file and per-rank peak RSS there, for `admissible compare`)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-build/admissible}; shift || true
problems=("$@"); [ ${#problems[@]} -gt 0 ] || problems=(corels95 corels98 v2)
source "$here/fair_certify_lib.sh"
corels=$ADMISSIBLE_DATA/compas/corels_format
[ -f "$corels/compas_train.out" ] && [ -f "$ADMISSIBLE_DATA/faircorels/compas_rules_full_single.csv" ] ||
  { echo "no COMPAS data in $ADMISSIBLE_DATA"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The rules without sex, and the groups (Female, Male) in CORELS' layout from the sex rules.
"$here/corels_sex_groups.sh" "$corels" "$tmp"

config() {  # problem -> config file on stdout
  local extra="time_limit = ${TIME_LIMIT:-280}"
  [ -n "${MAX_NODES:-}" ] && extra="$extra\nmax_nodes = $MAX_NODES"
  [ -n "${FAIR_BOUNDS:-}${FAIR_PERM:-}${FAIR_CLASSES:-}" ] && extra="$extra\n[rulelist.bounds]"
  [ -n "${FAIR_BOUNDS:-}" ] && extra="$extra\nfair_unfairness = $FAIR_BOUNDS\nfair_errors = $FAIR_BOUNDS"
  [ -n "${FAIR_PERM:-}" ] && extra="$extra\nfair_permutation_map = $FAIR_PERM"
  [ -n "${FAIR_CLASSES:-}" ] && extra="$extra\nfair_classes = $FAIR_CLASSES"
  case $1 in
    corels[0-9][0-9])
      sed -e "s|^corels_out = .*|corels_out = \"$tmp/nosex.out\"|" \
          -e "s|^corels_groups = .*|corels_groups = \"$tmp/groups.txt\"|" \
          -e "s|^epsilon = .*|epsilon = 0.${1#corels}|" \
          -e "s|^regularization = .*|regularization = ${LAMBDA:-0.015}|" \
          -e "s|^strategy = .*|strategy = \"${STRATEGY:-lower_bound}\"|" \
          "$here/../configs/faircorels/corels_compas_sp.toml" ;;
    v2) cat "$here/../configs/faircorels/v2_compas_sp.toml" ;;
    *) echo "unknown problem $1" >&2; exit 2 ;;
  esac
  printf "$extra\n"
}

printf '%-9s %5s %9s %8s %11s %10s %8s %9s %10s %8s %8s %10s %9s\n' problem ranks certified \
  seconds prefixes search_MiB rss_MiB B/prefix objective accuracy sp lower_bnd gap
for p in "${problems[@]}"; do
  config "$p" > "$tmp/$p.toml"
  for n in ${RANKS:-1 2}; do
    rc=0
    certify_run "$n" "$tmp/$p.toml" "$tmp" $(( ${TIME_LIMIT:-280} + 120 )) || rc=$?
    if [ "$rc" -ne 0 ]; then
      printf '%-9s %5s  %s\n' "$p" "$n" "failed or timed out (rc $rc)"; tail -5 "$tmp/log"; continue
    fi
    # KEEP=dir: the result file and each rank's peak RSS (KiB) as dir/PROBLEM.RANKS.h5 / .rss
    if [ -n "${KEEP:-}" ]; then
      cp "$tmp/r.h5" "$KEEP/$p.$n.h5"; cat "$tmp"/rss.* > "$KEEP/$p.$n.rss"
    fi
    # shellcheck disable=SC2046
    printf '%-9s %5s %9s %8.1f %11s %10.1f %8.1f %9.0f %10.7f %8.4f %8.4f %10.7f %9.7f\n' "$p" "$n" \
      $(certify_figures "$tmp" 0)
  done
done

#!/usr/bin/env bash
# Example 11 of the InfoGram paper (Thera Bank personal-loan campaign, fair InfoGram,
# S = {Age, ZIP Code}) against the paper: Income and CCAvg are the admissible features; Education
# and Family are highly predictive but inadmissible (relevance above, safety below the threshold).
# Config: configs/infogram/infogram_thera.toml. Cut vs the paper: no ALFA bootstrap and no per-feature
# p-values (the paper reports neither), no FINE-logistic model. Education's safety (0.09) is close
# to the 0.1 threshold (0.101 with 100 trees of depth 3); the rows print the margins. About 10 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
source "$here/infogram_lib.sh"  # run_infogram, vals, fv, adm, say, member, bound
run_infogram "$1" thera '^  admissible set'

table_header
for f in Income CCAvg; do member "$f" yes; done
for f in Education Family Experience Mortgage "Securities Account" "CD Account" Online CreditCard; do
  member "$f" no
done
for f in Education Family; do
  bound "$f: relevance" "$(fv relevance "$f")" ">=" 0.1
  bound "$f: safety" "$(fv net "$f")" "<" 0.1
done
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

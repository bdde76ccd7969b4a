#!/usr/bin/env bash
# CORELS' COMPAS files for a sex-constrained rule list (issue 14): writes OUTDIR/nosex.out, the
# 155 rules less the 35 that mention sex (a constraint on sex with sex in the rules would let a
# list pick its groups), and OUTDIR/groups.txt, the Female and Male rows in CORELS' layout taken
# from the two sex rules. Used by bench/fair_certify.sh and bench/smpi/run.sh (stage rulelist_fair).
#   bench/corels_sex_groups.sh CORELS_DIR OUTDIR
set -euo pipefail
corels=$1 out=$2
grep -v 'sex:' "$corels/compas_train.out" > "$out/nosex.out"
grep -E '^\{sex:(Female|Male)\} ' "$corels/compas_train.out" | sed 's/^{sex:\([A-Za-z]*\)}/{\1}/' \
  > "$out/groups.txt"
[ "$(wc -l < "$out/nosex.out")" -eq 120 ] && [ "$(wc -l < "$out/groups.txt")" -eq 2 ] ||
  { echo "unexpected CORELS files in $corels" >&2; exit 1; }

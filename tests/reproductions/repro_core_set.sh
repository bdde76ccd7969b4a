#!/usr/bin/env bash
# InfoGram core sets against the paper, compared as sets:
#   repro_core_set.sh BIN NAME "LABEL" "EXPECTED,SET"   runs configs/infogram/infogram_NAME.toml
# Used for MONK-1/2/3 (Example 4, Fig. 5, the UCI training sets; the paper's X1..X6 are a1..a6):
# {X1, X2, X5}, all six, {X2, X5}; and iris (appendix A.7, Fig. 15): "petal.length and petal.width
# as the core relevant features". Prints our infogram first. About 1 s each.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
source "$here/../lib/h5.sh"
need_data
bin=$1 name=$2 label=$3 expected=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bin" run "$here/../../configs/infogram/infogram_$name.toml" --out "$tmp/r.h5" > "$tmp/log" \
  2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
sed -n '/InfoGram/,/admissible set/p' "$tmp/log"
sorted() { tr ',' '\n' <<< "$1" | sort | paste -sd,; }
ours=$(sorted "$(h5vals "$tmp/r.h5" /infogram/admissible_set | paste -sd,)")
paper=$(sorted "$expected")
verdict=ok
[ "$ours" = "$paper" ] || { verdict=DIFFERS; failed=$((failed + 1)); }
printf '%-24s %-30s %-30s %s\n' figure ours published verdict
printf '%-24s %-30s %-30s %s\n' "$label" "{$ours}" "{$paper}" "$verdict"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

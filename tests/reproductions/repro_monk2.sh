#!/usr/bin/env bash
# InfoGram paper, Example 4 (Fig. 5), MONK-2 (configs/infogram_monk2.toml, the UCI training set):
# the core InfoGram selects all six as the core features (the paper's X1..X6 are a1..a6).
# Prints our infogram and compares the admissible set (as a set). Runtime ~1 s.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
vals() {
  h5dump -A 0 -m '%.17g' -d "$2" -y -w 0 "$1" | awk '/DATA \{/{on=1; next} /^ *\}/{on=0} on' |
    tr ',' '\n' | sed -e 's/^ *//' -e 's/ *$//' -e 's/"//g' | grep -v '^$'
}
setrow() {  # LABEL OURS PUBLISHED: comma-separated sets, compared as sets
  local a b verdict=ok
  a=$(tr ',' '\n' <<< "$2" | sort | paste -sd,); b=$(tr ',' '\n' <<< "$3" | sort | paste -sd,)
  [ "$a" = "$b" ] || { verdict=DIFFERS; failed=$((failed + 1)); }
  printf '%-24s %-22s %-22s %s\n' "$1" "{$a}" "{$b}" "$verdict"
}
"$bin" run "$here/../../configs/infogram_monk2.toml" --out "$tmp/m.h5" > "$tmp/log" \
  2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
sed -n '/InfoGram/,/admissible set/p' "$tmp/log"
ours=$(vals "$tmp/m.h5" /infogram/admissible_set | paste -sd,)
printf '%-24s %-22s %-22s %s\n' figure ours published verdict
setrow "MONK-2 core set" "$ours" "a1,a2,a3,a4,a5,a6"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

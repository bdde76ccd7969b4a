#!/usr/bin/env bash
# InfoGram paper, appendix A.7 (Fig. 15), iris (configs/infogram_iris.toml): the infogram "clearly
# identifies petal.length and petal.width as the core relevant features". Prints our infogram and
# compares the admissible set (as a set). Runtime ~1 s.
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
  printf '%-24s %-28s %-28s %s\n' "$1" "{$a}" "{$b}" "$verdict"
}
"$bin" run "$here/../../configs/infogram_iris.toml" --out "$tmp/iris.h5" > "$tmp/log" \
  2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
sed -n '/InfoGram/,/admissible set/p' "$tmp/log"
ours=$(vals "$tmp/iris.h5" /infogram/admissible_set | paste -sd,)
printf '%-24s %-28s %-28s %s\n' figure ours published verdict
setrow "iris core set" "$ours" "Petal.Length,Petal.Width"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }

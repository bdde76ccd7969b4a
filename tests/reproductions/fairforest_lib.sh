# Sourced by the Fair Forests reproduction scripts (../shared/papers/fair-forests.txt): strict
# mode, compare.sh (row, table_header, need_data: exit 77 without the shared data), h5 readers.
#   run_ff BIN NAME [SED-EXPRESSION...]  runs configs/fairforests/fairforest_NAME.toml, edited by the sed
#                                        expressions (fewer trees for the test), into $h5
#   m MODEL METRIC        first value of /fairforest/models/MODEL/METRIC (4 decimals)
#   known LABEL OURS PAPER WHY   a figure we do not match for a reason found and written in
#                        NOTES.md ("Fair Forests"): printed with verdict "differs (WHY)", not counted
#   quoted LABEL PAPER   a published figure of another paper, printed beside ours, not a run of ours
#   claim LABEL OK-TEXT  a qualitative statement of the paper: 1 = holds, else counted as failed
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
source "$here/compare.sh"
need_data
source "$here/../lib/h5.sh"
run_ff() {
  local bin=$1 name=$2
  shift 2
  tmp=${tmp:-$(mktemp -d)}
  trap 'rm -rf "$tmp"' EXIT
  h5=$tmp/$name.h5
  local cfg=$tmp/$name.toml
  cp "$here/../../configs/fairforests/fairforest_$name.toml" "$cfg"
  local e
  for e in "$@"; do sed -i -e "$e" "$cfg"; done
  "$bin" run "$cfg" --out "$h5" > "$tmp/$name.log" 2> "$tmp/$name.err" ||
    { cat "$tmp/$name.err"; exit 1; }
  grep -v '^\[' "$tmp/$name.log"
}
m() { printf '%.4f' "$(h5vals "$h5" "/fairforest/models/$1/$2" | head -1)"; }
sweep() { printf '%.4f' "$(h5vals "$h5" /fairforest/sweep/summary | sed -n "${1}p")"; }
known() { printf '%-40s %12.4f %12.4f %10s  %s\n' "$1" "$2" "$3" "-" "differs ($4)"; }
quoted() { printf '%-40s %12s %12.4f %10s  %s\n' "$1" "-" "$2" "-" "quoted (Zemel et al. 2013)"; }
claim() {
  if [ "$2" = 1 ]; then
    printf '%-78s  %s\n' "$1" ok
  else
    printf '%-78s  %s\n' "$1" FAILS
    failed=$((failed + 1))
  fi
}
less() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b ? 1 : 0) }'; }
# top FEATURE-LIST-PATH IMPORTANCE-PATH: the feature with the largest importance.
top() {
  paste <(h5vals "$h5" /fairforest/features) <(h5vals "$h5" "$1") | sort -t$'\t' -k2,2gr |
    head -1 | cut -f1
}

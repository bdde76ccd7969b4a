#!/usr/bin/env bash
# `admissible report` never loses or misrepresents a file (issue 28 items 7 and 9): a page path
# that is one of its inputs (also as ./A.h5, through a link, or as the second of several inputs,
# or the verdict table) is refused with exit 2 and the input left as it was; so is an HDF5 file
# this program did not write, and a page path that is a folder; no message names a temporary
# file; a page that is written is announced on stdout.
#   usage: report_paths.sh BIN
set -uo pipefail
here=$(dirname "$(realpath "$0")")
source "$here/../lib/small_run.sh"
bin=$(realpath "$1")
scratch_dir
small_run "$tmp" 300 41
"$bin" run run.toml --out A.h5 > /dev/null || fail "run A failed"
"$bin" run run.toml --out B.h5 > /dev/null || fail "run B failed"
cp A.h5 A.copy
ln -s A.h5 link.h5
printf 'paper\tfigure\tresult\tpath\tours\tpublished\tcomparison\tholds\texplanation\n' > v.tsv
cp v.tsv v.copy

# refused WHAT EXPECTED_TEXT ARGS...: `report ARGS` exits 2 with one error line holding
# EXPECTED_TEXT and naming no temporary file.
refused() {
  local what=$1 expected=$2
  shift 2
  "$bin" report "$@" > out.txt 2> err.txt
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$what: exit $rc, expected 2; stderr: $(cat err.txt)"
  [ "$(grep -c . err.txt)" -eq 1 ] || fail "$what: expected one error line: $(cat err.txt)"
  grep -q "^admissible: error: .*$expected" err.txt || fail "$what: message lacks '$expected': $(cat err.txt)"
  ! grep -q '\.tmp' err.txt || fail "$what: the message names a temporary file: $(cat err.txt)"
  [ -z "$(find . -name '*.tmp')" ] || fail "$what: temporary files left: $(find . -name '*.tmp')"
  echo "$what: $(cat err.txt)"
}

refused "page = input" "is an input of the report" A.h5 --html A.h5
refused "page = ./input" "is an input of the report" A.h5 --html ./A.h5
refused "page = link to input" "is an input of the report" A.h5 --html link.h5
refused "input through a link" "is an input of the report" link.h5 --html A.h5
refused "page = second input" "is an input of the report" B.h5 A.h5 --html "$tmp/A.h5"
refused "page = verdict table" "is an input of the report" A.h5 --verdicts v.tsv --html v.tsv
cmp -s A.h5 A.copy || fail "A.h5 was changed"
cmp -s v.tsv v.copy || fail "v.tsv was changed"

h5copy -i A.h5 -o foreign.h5 -s /data -d /data || fail "h5copy failed"
refused "foreign HDF5" "foreign.h5: not a result file of admissible" foreign.h5 --html f.html
[ ! -e f.html ] || fail "a page was written for a foreign file"
mkdir folder
refused "page = folder" "folder: the page (--html) names a folder" A.h5 --html folder
[ -z "$(ls folder)" ] || fail "something was written into the folder"
refused "page in a missing folder" "nowhere/p.html: cannot write" A.h5 --html nowhere/p.html

"$bin" report A.h5 B.h5 --html page.html > out.txt 2> err.txt || fail "report failed: $(cat err.txt)"
[ "$(cat out.txt)" = "report: page.html" ] || fail "success should print 'report: page.html', got: $(cat out.txt)"
grep -q '<html' page.html || fail "page.html is not HTML"
echo "report paths ok"

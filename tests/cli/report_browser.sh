#!/usr/bin/env bash
# The HTML report in a real browser (issue 12 item 4). Renders one report from small, fast runs —
# the demo (sensitive attributes race, sex and race×sex), the exact Shapley demo (race, sex) and the
# models demo — with a verdict table that has a failing row, then opens it in headless Chromium:
# no console messages, the expected tables and SVG plots present in the browser's DOM (counted per
# stage section: rate and metric charts, information, ALFA, Shapley scatter and utility sweep, the
# models' scores, drawn trees, importance and CV curves), markup balanced, and a screenshot kept at ARTEFACTS/report.png. The checks are first shown to fail on
# broken copies of the page (an unclosed tag, a missing plot), so the test cannot pass vacuously.
# Usage: report_browser.sh ADMISSIBLE SOURCE_DIR ARTEFACTS_DIR. Exit 77 when Chromium is absent.
set -u
bin=$1 src=$2 artefacts=$3
source "$(dirname "$0")/../lib/small_run.sh"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: chromium is not installed (apt-get install chromium; scripts/setup.sh installs it)"
  exit 77
fi
scratch_dir
mkdir -p "$artefacts"

"$bin" demo --out demo.h5 > run.log 2>&1 || fail "the demo run failed"
"$bin" run "$src/configs/shapley_demo.toml" --out shapley.h5 >> run.log 2>&1 || fail "shapley_demo failed"
"$bin" run "$src/configs/models_demo.toml" --out models.h5 >> run.log 2>&1 || fail "models_demo failed"
{
  printf 'paper\tfigure\tresult\tpath\tours\tpublished\tcomparison\tholds\texplanation\n'
  printf 'demo\tselection rate, sex\tdemo.h5\t/fairness/sex/selection_rate[0]\t0.507\t0.5\twithin 0.01\t1\t\n'
  printf 'demo\tadmissible set <b>\tdemo.h5\t/infogram/admissible_set\t{income}\t{zip_code}\tequal set\t0\tour <i>seed</i> & theirs differ\n'
} > verdicts.tsv
"$bin" report demo.h5 shapley.h5 models.h5 --verdicts verdicts.tsv --title "Browser test" \
  --html report.html || fail "admissible report failed"

# Runs Chromium on PAGE: DOM to dom.html, log to log.txt, screenshot to shot.png.
open_page() {
  local page=$1
  rm -f dom.html log.txt shot.png
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" \
    --enable-logging=stderr --v=0 \
    --dump-dom "file://$PWD/$page" > dom.html 2> log.txt || return 1
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" \
    --hide-scrollbars \
    --window-size=1280,4000 --screenshot="$PWD/shot.png" "file://$PWD/$page" \
    >> log.txt 2>&1 || return 1
  [ -s dom.html ] && [ -s shot.png ]
}

# Every start tag closed in order (void elements and self-closing tags aside); perl is part of
# every Debian system.
balanced() {
  perl -0777 -ne '
    my @stack; my %void = map { $_ => 1 } qw(meta br hr img input link);
    while (/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(\/?)>/g) {
      my ($close, $name, $self) = ($1, lc $2, $3);
      next if $self || $void{$name};
      if ($close) { my $top = pop @stack; exit 1 unless defined $top && $top eq $name; }
      else { push @stack, $name; }
    }
    exit(@stack ? 1 : 0);' "$1"
}

# "stage heading=plots" for every stage section (<h3>) with at least one <svg>, in page order.
svgs_per_stage() {
  perl -0777 -ne 'my @h = split /<h3>/; shift @h;
    for (@h) { my ($t) = /^(.*?)<\/h3>/; my $n = () = /<svg /g; print "$t=$n\n" if $n; }' "$1"
}
expected_per_stage='Fairness audit: group rates and metrics=6
Information measures=1
InfoGram=1
ALFA: admissible learning for fairness=1
Shapley values=4
InfoGram=1
Models and their scores=10'

# The checks of one page; prints the first that fails and returns 1.
check_page() {
  local page=$1
  open_page "$page" || { echo "chromium could not open $page"; return 1; }
  if grep -q ':CONSOLE' log.txt; then
    echo "console messages:"; grep ':CONSOLE' log.txt; return 1
  fi
  balanced "$page" || { echo "$page: unbalanced markup"; return 1; }
  grep -q '<table class="verdicts">' dom.html || { echo "no verdict table"; return 1; }
  [ "$(grep -c '<tr class="fail">' dom.html)" -eq 1 ] || { echo "not exactly one failed verdict"; return 1; }
  grep -q '1 of 2 verdicts fail.' dom.html || { echo "no verdict summary"; return 1; }
  grep -q 'admissible set &lt;b&gt;' dom.html || { echo "verdict text not escaped"; return 1; }
  local want
  for want in 'Group rates by race×sex' 'Group rates by sex' 'Group rates by race' \
      'Fairness metrics by sex (bootstrap interval)' 'InfoGram table' 'Shapley values per feature' \
      'Models: test scores' 'ALFA per outcome' '<td>git_revision</td>' '<td>ranks</td>'; do
    grep -qF "$want" dom.html || { echo "missing in the DOM: $want"; return 1; }
  done
  # Plots: the three results' figures, each an <svg> drawn inside a <figure>, counted per stage
  # section (demo: rates and metrics of three attributes, information, InfoGram, ALFA; Shapley:
  # two bar charts, the coefficient scatter, the utility sweep; models: InfoGram, then scores,
  # ALFA, two trees, five importance charts and the lasso's CV curve).
  local svgs figures per_stage
  svgs=$(grep -o '<svg ' dom.html | wc -l)
  figures=$(grep -o '<figure>' dom.html | wc -l)
  [ "$figures" -eq 24 ] || { echo "expected 24 figures (9 + 4 + 11), found $figures"; return 1; }
  [ "$svgs" -eq "$figures" ] || { echo "$figures figures but $svgs SVG plots"; return 1; }
  per_stage=$(svgs_per_stage dom.html)
  [ "$per_stage" = "$expected_per_stage" ] ||
    { printf 'plots per stage:\n%s\nexpected:\n%s\n' "$per_stage" "$expected_per_stage"; return 1; }
  for want in 'Fair InfoGram' 'Rates by race×sex' 'Fairness metrics by race×sex' \
      'Information per feature' 'ALFA alpha per outcome' 'phi_acc: Shapley value of accuracy' \
      'phi_D: Shapley value of discrimination' 'Accuracy vs discrimination coefficient per feature' \
      'Fairness utility F = phi_acc - alpha phi_D per feature over alpha' \
      'Test accuracy and AUC per model' 'Tree of FINEtree' 'Tree of tree_R' \
      'Feature importance of forest' 'Lasso cross-validation of FINElasso'; do
    grep -qF "<title>$want" dom.html || { echo "missing plot: $want"; return 1; }
  done
  # The trees are drawn: split boxes with their text, leaves, edges labelled yes and no.
  [ "$(grep -c '<g class="tree-split">' dom.html)" -ge 2 ] || { echo "no tree splits drawn"; return 1; }
  grep -q '<g class="tree-leaf">' dom.html || { echo "no tree leaves drawn"; return 1; }
  grep -q '>yes</text>' dom.html || { echo "tree edges not labelled"; return 1; }
  return 0
}

# The checks must catch a broken page: an unclosed tag, and a plot removed.
sed '0,/<\/table>/s/<\/table>//' report.html > unclosed.html
check_page unclosed.html > /dev/null && fail "the checks accepted a page with an unclosed <table>"
perl -0777 -pe 's/<figure>\n<svg .*?<\/svg>\n//s' report.html > no_plot.html
cmp -s report.html no_plot.html && fail "could not remove a plot for the negative check"
check_page no_plot.html > /dev/null && fail "the checks accepted a page with a plot missing"
perl -0777 -pe 's/<figure>\n<svg [^>]*>\n<title>Tree of FINEtree.*?<\/figure>\n//s' report.html > no_tree.html
cmp -s report.html no_tree.html && fail "could not remove the tree for the negative check"
check_page no_tree.html > /dev/null && fail "the checks accepted a page without the FINEtree diagram"
printf '<!DOCTYPE html><html><head><title>x</title></head><body><script>console.error("x")</script></body></html>' > console.html
open_page console.html && grep -q ':CONSOLE' log.txt || fail "chromium's console log is not seen"

why=$(check_page report.html) || fail "$why"
cp shot.png "$artefacts/report.png"
cp report.html "$artefacts/report.html"
echo "ok: report opened in $("$browser" --version 2>/dev/null | head -1); screenshot $artefacts/report.png"

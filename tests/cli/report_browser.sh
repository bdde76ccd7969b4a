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
  printf 'demo\trows\tdemo.h5\t/data/rows\t2000\t2001\tequal\t0\t\n'
  printf 'demo\tphi_D on another scale\tdemo.h5\t/data/rows\t689.667\t2.7927\tinformation\t-\t\n'
} > verdicts.tsv
# Fair Forests and a fair rule list on small generated data (issue 28 items 4-6).
awk 'BEGIN { srand(5); print "sex,job,hours,age,decision";
  for (i = 0; i < 300; i++) { s = (rand() < 0.5) ? "f" : "m"; j = (rand() < 0.5) ? "a" : "b";
    h = int(rand() * 40); a = 20 + int(rand() * 50);
    y = (rand() < 0.2 + 0.01 * h + (s == "m" ? 0.2 : 0)) ? "yes" : "no";
    print s "," j "," h "," a "," y } }' > ff.csv
cat > ff.toml <<TOML
[run]
name = "ff_small"
pipeline = "fairforest"
[data]
source = "$PWD/ff.csv"
target = "decision"
positive = "yes"
features = ["job", "hours", "age"]
sensitive = ["sex"]
[fairforest]
protected_nominal = "sex"
protected_numeric = "age"
models = ["DT", "DT_F", "RF", "RF_F"]
folds = 3
bootstrap = 50
inconsistency_k = 5
importance_model = "RF_F"
[fairforest.forest]
trees = 10
TOML
awk 'BEGIN { srand(17); print "a,b,c,d,e,f,s,y";
  for (i = 0; i < 400; i++) { line = ""; t = 0;
    for (j = 0; j < 6; j++) { v = (rand() < 0.4) ? 1 : 0; line = line v ","; t += v * (j + 1) }
    s = (rand() < 0.5) ? 1 : 0; y = (rand() < 0.2 + 0.06 * t + 0.1 * s) ? 1 : 0;
    print line s "," y } }' > rl.csv
cat > rl.toml <<TOML
[run]
name = "rl_small"
pipeline = "rulelist"
[data]
source = "$PWD/rl.csv"
target = "y"
sensitive = ["s"]
types = { a = "categorical", b = "categorical", c = "categorical", d = "categorical", e = "categorical", f = "categorical", s = "categorical" }
[discretize]
method = "none"
[rulelist]
regularization = 0.004
metric = "sp"
epsilon = 0.95
TOML
"$bin" run ff.toml --out ff.h5 >> run.log 2>&1 || fail "the Fair Forests run failed"
"$bin" run rl.toml --out rl.h5 >> run.log 2>&1 || fail "the rule list run failed"
"$bin" report demo.h5 shapley.h5 models.h5 ff.h5 rl.h5 --verdicts verdicts.tsv --title "Browser test" \
  --html report.html || fail "admissible report failed"

# Runs Chromium on PAGE: DOM to dom.html, log to log.txt, screenshot to shot.png.
# With a second argument (quick), no screenshot: the negative checks read only the DOM.
open_page() {
  local page=$1
  rm -f dom.html log.txt shot.png
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" \
    --enable-logging=stderr --v=0 \
    --dump-dom "file://$PWD/$page" > dom.html 2> log.txt || return 1
  [ $# -lt 2 ] || { [ -s dom.html ]; return; }
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
Models and their scores=10
Fair Forests=7
Rule lists (FairCORELS)=2'

# Issue 28 items 1-6 on the rendered report page (dom.html); prints the first that fails.
# 1: four verdict states, one row each, the terminal's summary line, a not-compared row never
#    "holds"; 3: no tiny value printed as 0.0000, every InfoGram feature named (the proxy
#    zip_code); 4: the metric legend and the 80 % rule, tree leaves naming the target's levels,
#    Fair Forests prediction codes, the rule list's per-group rates and unfairness plots;
# 5: no all-NaN regression columns in a classification table; the paper's MaxD and the one with a
#    minimum group side by side, the note saying which interval is which; 6: a fair tree drawn.
check_new() {
  local c
  for c in holds explained fails not-compared; do
    [ "$(grep -c "<tr class=\"$c\">" dom.html)" -eq 1 ] || { echo "not one verdict row of class $c"; return 1; }
  done
  grep -q '4 figures: 1 hold, 1 differ with an explanation, 1 differ without one, 1 not compared' dom.html ||
    { echo "no four-state verdict summary"; return 1; }
  grep -q '<tr class="not-compared"><td>phi_D on another scale</td><td>689.667</td><td>2.7927</td><td>information</td><td>not compared</td>' dom.html ||
    { echo "the not-compared row does not say so"; return 1; }
  # A not-compared row exists (an old page has none, so "none holds" alone would pass it) and none
  # holds.
  grep -q '<tr class="not-compared">' dom.html || { echo "no not-compared row"; return 1; }
  grep '<tr class="not-compared">' dom.html | grep -q '>holds<' && { echo "a not-compared row shows holds"; return 1; }
  grep -q '>0\.0000<' dom.html && { echo "a value printed as 0.0000"; return 1; }
  grep -q 'class="label inadmissible"[^>]*>zip_code</text>' dom.html ||
    { echo "the inadmissible proxy zip_code is not labelled on the InfoGram"; return 1; }
  for want in '<td>sp</td><td>statistical parity</td>' '<td>cuae</td><td>conditional use accuracy equality</td>' \
      '80 % rule by race: ' 'Best rule list: rates per group' 'Best rule list: unfairness (training rows)' \
      'are class codes: 0 = not yes, 1 = yes'; do
    grep -qF "$want" dom.html || { echo "missing in the DOM: $want"; return 1; }
  done
  grep -q '>class [0-9] (' dom.html && { echo "a tree leaf says class k, not the target's level"; return 1; }
  grep -Eq '<g class="tree-leaf">.*>(not yes|yes) \(' dom.html ||
    perl -0777 -ne 'exit(/<g class="tree-leaf">\s*<rect[^>]*>(?:<title>[^<]*<\/title><\/rect>)?\s*<text[^>]*>(not yes|yes) \(/ ? 0 : 1)' dom.html ||
    { echo "tree leaves do not name the target's levels"; return 1; }
  for want in '<th>maxd</th><th>maxd_min_group</th>' 'basic (reverse-percentile) bootstrap interval' \
      '<title>Fair Forests: maxd_min_group per model' '<title>Fair tree of DT_F (fold 1)'; do
    grep -qF "$want" dom.html || { echo "missing in the DOM: $want"; return 1; }
  done
  perl -0777 -ne 'exit(/Fair Forests metrics[^<]*<\/caption>\s*(?:<thead>)?\s*<tr>(.*?)<\/tr>/s && $1 !~ /rmse|>mse</ ? 0 : 1)' dom.html ||
    { echo "the classification table shows regression columns"; return 1; }
  return 0
}

# The checks of one page; prints the first that fails and returns 1.
check_page() {
  local page=$1
  open_page "$page" ${2:-} || { echo "chromium could not open $page"; return 1; }
  if grep -q ':CONSOLE' log.txt; then
    echo "console messages:"; grep ':CONSOLE' log.txt; return 1
  fi
  balanced "$page" || { echo "$page: unbalanced markup"; return 1; }
  grep -q '<table class="verdicts">' dom.html || { echo "no verdict table"; return 1; }
  check_new "$page" || return 1
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
  # ALFA, two trees, five importance charts and the lasso's CV curve; Fair Forests: accuracy,
  # discrimination, MaxD and inconsistency intervals, importance; rule list: group rates, unfairness).
  local svgs figures per_stage
  svgs=$(grep -o '<svg ' dom.html | wc -l)
  figures=$(grep -o '<figure>' dom.html | wc -l)
  [ "$figures" -eq 33 ] || { echo "expected 33 figures (9 + 4 + 11 + 7 + 2), found $figures"; return 1; }
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
check_page unclosed.html quick > /dev/null && fail "the checks accepted a page with an unclosed <table>"
perl -0777 -pe 's/<figure>\n<svg .*?<\/svg>\n//s' report.html > no_plot.html
cmp -s report.html no_plot.html && fail "could not remove a plot for the negative check"
check_page no_plot.html quick > /dev/null && fail "the checks accepted a page with a plot missing"
perl -0777 -pe 's/<figure>\n<svg [^>]*>\n<title>Tree of FINEtree.*?<\/figure>\n//s' report.html > no_tree.html
cmp -s report.html no_tree.html && fail "could not remove the tree for the negative check"
check_page no_tree.html quick > /dev/null && fail "the checks accepted a page without the FINEtree diagram"
sed 's/<td>not compared<\/td>/<td>holds<\/td>/' report.html > held.html
check_page held.html quick > /dev/null && fail "the checks accepted a not-compared row shown as holding"
perl -0777 -pe 's/class="label inadmissible"([^>]*)>zip_code</class="x"$1>zip_code</g' report.html > unnamed.html
cmp -s report.html unnamed.html && fail "could not unlabel zip_code for the negative check"
check_page unnamed.html quick > /dev/null && fail "the checks accepted an InfoGram without the proxy's label"
printf '<!DOCTYPE html><html><head><title>x</title></head><body><script>console.error("x")</script></body></html>' > console.html
open_page console.html && grep -q ':CONSOLE' log.txt || fail "chromium's console log is not seen"


# Issue 28 items 1-3 on a reproduction's page: two tiny papers (the demo without bootstrap) run
# one at a time into one folder. The page keeps the first paper's verdicts, cites each paper,
# has the run line, prints each paper's summary exactly as the terminal did, shows result paths
# relative to the folder, and a not-compared row never holds.
mkdir -p configs/alpha configs/beta
for p in alpha beta; do
  sed -e 's/^bootstrap = 200/bootstrap = 0/' -e 's/^bootstrap = 50 .*/bootstrap = 5/' \
    -e 's/^feature_bootstrap = .*/feature_bootstrap = 0/' "$src/configs/demo.toml" > configs/$p/tiny.toml
done
cat > configs/alpha/expect.toml <<'TOML'
[paper]
title = "Alpha: a tiny paper"
authors = "Ada Author, Bob Builder"
venue = "Journal of Tests, 2026"
[[expect]]
figure = "rows"
config = "tiny.toml"
path = "/data/rows"
compare = "equal"
value = 2000
[[expect]]
figure = "rows, explained"
config = "tiny.toml"
path = "/data/rows"
compare = "at_least"
value = 3000
explanation = "the demo has 2000 rows"
[[expect]]
figure = "rows on another scale"
config = "tiny.toml"
path = "/data/rows"
compare = "info"
value = 2000
TOML
cat > configs/beta/expect.toml <<'TOML'
[paper]
title = "Beta: another paper"
authors = "Cy Coder"
venue = "Proc. Tests, 2025"
[[expect]]
figure = "rows, wrong"
config = "tiny.toml"
path = "/data/rows"
compare = "equal"
value = 2001
TOML
"$bin" reproduce alpha --configs configs --out repro > alpha.log 2>> run.log || fail "reproduce alpha: $(cat alpha.log)"
rc=0; "$bin" reproduce beta --configs configs --out repro > beta.log 2>> run.log || rc=$?
[ "$rc" = 4 ] || fail "reproduce beta exited $rc, not 4 (an unexplained difference)"
alpha_summary=$(grep ' figures: ' alpha.log) beta_summary=$(grep ' figures: ' beta.log)
[ "$alpha_summary" = '3 figures: 1 hold, 1 differ with an explanation, 0 differ without one, 1 not compared' ] ||
  fail "terminal summary of alpha: $alpha_summary"
grep -Eq '^rows on another scale +\|.*\| not compared$' alpha.log || fail "terminal: $(cat alpha.log)"

check_repro() {
  local page=$1 want
  open_page "$page" ${2:-} || { echo "chromium could not open $page"; return 1; }
  balanced "$page" || { echo "$page: unbalanced markup"; return 1; }
  for want in 'Paper alpha: Alpha: a tiny paper</h3>' 'Ada Author, Bob Builder. Journal of Tests, 2026' \
      'Paper beta: Beta: another paper</h3>' 'Cy Coder. Proc. Tests, 2025' \
      "<p class=\"summary holds\">$alpha_summary</p>" "<p class=\"summary fails\">$beta_summary</p>" \
      '<td>alpha/tiny.h5 /data/rows</td>' '<td>beta/tiny.h5 /data/rows</td>' \
      '<p class="run">Run: reproduction in repro · written ' ' · admissible ' \
      '<td>information</td><td>not compared</td>'; do
    grep -qF "$want" dom.html || { echo "missing in the reproduction page: $want"; return 1; }
  done
  grep -q "<td>$PWD/" dom.html && { echo "an absolute result path in the verdict table"; return 1; }
  # Relative to the results folder, not to where the program ran (an old page: repro/beta/...).
  grep -q '<td>repro/[^<]* /data/rows</td>' dom.html &&
    { echo "a verdict's result path is not relative to the results folder"; return 1; }
  grep -q '<tr class="not-compared">' dom.html || { echo "no not-compared row"; return 1; }
  grep '<tr class="not-compared">' dom.html | grep -q '>holds<' && { echo "a not-compared row holds"; return 1; }
  return 0
}
# The checks must catch the old behaviours: a dropped earlier paper, "holds" on a not-compared row.
perl -0777 -pe 's/<section id="verdicts-alpha">.*?<\/section>//s' repro/report.html > dropped.html
cmp -s repro/report.html dropped.html && fail "could not drop a paper for the negative check"
check_repro dropped.html quick > /dev/null && fail "the checks accepted a page without the first paper"
sed 's/<td>information<\/td><td>not compared<\/td>/<td>information<\/td><td>holds<\/td>/' repro/report.html > held.html
check_repro held.html quick > /dev/null && fail "the checks accepted a not-compared row shown as holding"
sed 's#<td>alpha/tiny.h5 /data/rows</td>#<td>repro/alpha/tiny.h5 /data/rows</td>#' repro/report.html > cwd_paths.html
cmp -s repro/report.html cwd_paths.html && fail "could not rewrite a result path for the negative check"
check_repro cwd_paths.html quick > /dev/null && fail "the checks accepted result paths relative to the working folder"
why=$(check_repro repro/report.html) || fail "$why"
cp shot.png "$artefacts/reproduction.png"
cp repro/report.html "$artefacts/reproduction.html"

why=$(check_page report.html) || fail "$why"
cp shot.png "$artefacts/report.png"
cp report.html "$artefacts/report.html"
echo "ok: report opened in $("$browser" --version 2>/dev/null | head -1); screenshot $artefacts/report.png"

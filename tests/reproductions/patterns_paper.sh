#!/usr/bin/env bash
# Fair naive Bayes paper (../shared/papers/fair-naive-bayes-patterns.txt) on the authors' binarised
# COMPAS, Adult and German data (configs/fairnb/patterns_*.toml): Table 2 (log-likelihoods), Table 4
# (10-fold CV accuracy), the COMPAS pattern count at delta = 0.1 (footnote 8) and the patterns
# quoted in Section 3.2, then Table 1 (share of the search space explored) as information.
#
# Findings (details in the report / NOTES):
# - The authors' loader (LearnFairNB data_processor.maximum_likelihood_from_data) swaps P(D=0) and
#   P(D=1) of the model it mines first. Every Section 3 figure matches the swapped model: 2695
#   patterns at delta = 0.1 (the correct ML model has 2017), top pattern |Delta| = 0.42 with
#   P = 0.02 %, top divergence pattern x = {Married, >30}, y = {} with Delta = 0.19, P = 3.33 %.
#   Those rows use patterns.reference_swapped_prior = true. Learning (Tables 2, 4) is unaffected.
# - "Independent" in Table 2 matches the authors' P(s|d) = average of the two conditionals, not the
#   constrained ML P(s|d) = P(s) (both printed; the paper's is compared).
# - Table 1: the paper counts recursive calls of its own search order with a looser bound
#   (unclipped gamma), and its denominators are not the pattern counts it prints (e.g. COMPAS'
#   proportions are multiples of 1/7938, not of 1/14688); German has 17 non-sensitive features
#   here, 16 in the paper ("23B"). Ours: nodes scored / all nodes (prod of options). Printed with a
#   factor-10 verdict for information; not counted as failures.
# Tolerances: log-likelihoods are printed rounded to 1 (paper) -> 1.5; the delta-fair optimum is a
# local one (Ipopt vs GPkit/Mosek) -> 0.01 % of |LL|; CV accuracy: fold assignment differs from the
# paper's, sd of a 10-fold mean ~ sqrt(p(1-p)/n): COMPAS 0.0015, Adult 0.0022, German 0.015 -> 3 sd
# (2NB is our reading of Calders & Verwer with the joint sensitive value as group: 0.03).
# Default run (~1-2 min): Table 2 for all three data sets, Table 4 for COMPAS, the COMPAS count and
# quoted patterns. ADM_REPRO_FULL=1 adds Table 4 for Adult and German (10-fold CV, German ~1.5 min)
# and Table 1 (54 mines, ~2 min): ~5 min in all. T2SETS=" " skips Tables 2 and 4.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
source "$here/../lib/h5.sh"
vals() { h5vals "$@"; }
# run NAME OUT SETTINGS...: configs/fairnb/patterns_NAME.toml with lines replaced/added in [patterns];
# the delta-fair learner only when FAIR=1.
run() {
  local name=$1 out=$2; shift 2
  local cfg="$tmp/$out.toml"
  sed -e '/^cv_folds/d' "$here/../../configs/fairnb/patterns_$name.toml" > "$cfg"
  [ "${FAIR:-0}" = 1 ] || sed -i 's/^enabled = true/enabled = false/' "$cfg"
  for kv in "$@"; do
    local key=${kv%% =*}
    sed -i -e "/^\[patterns\]/,/^\[patterns.fair\]/{/^$key = /d}" -e "s/^\[patterns\]$/[patterns]\n$kv/" "$cfg"
  done
  "$bin" run "$cfg" --out "$tmp/$out.h5" > "$tmp/$out.log" 2> "$tmp/$out.err" ||
    { cat "$tmp/$out.err"; exit 1; }
}
rowi() {  # an information row: verdict by a factor, never a failure
  awk -v l="$1" -v a="$2" -v b="$3" -v f="$4" 'BEGIN { r = a / b; if (r < 1) r = 1 / r
    printf "%-40s %12.4g %12.4g %10s  %s\n", l, a, b, "x" f, (r <= f ? "ok" : "DIFFERS (info)") }'
}
table_header

# Table 2 and the COMPAS count; Table 4 (CV) in the same runs.
declare -A ll_u=([compas]=-207055 [adult]=-226375 [german]=-12630)
declare -A ll_f=([compas]=-207395 [adult]=-228763 [german]=-12635)
declare -A ll_i=([compas]=-208639 [adult]=-232180 [german]=-12649)
declare -A acc_u=([compas]=0.880 [adult]=0.811 [german]=0.690)
declare -A acc_2=([compas]=0.875 [adult]=0.759 [german]=0.679)
declare -A acc_f=([compas]=0.879 [adult]=0.827 [german]=0.696)
declare -A tol_a=([compas]=0.0045 [adult]=0.0066 [german]=0.045)
for d in ${T2SETS:-compas adult german}; do
  cv=0
  if [ "$d" = compas ] || [ "${ADM_REPRO_FULL:-0}" = 1 ]; then cv=1; fi
  if [ $cv = 1 ]; then FAIR=1 run "$d" "t2_$d" "cv_folds = 10"; else FAIR=1 run "$d" "t2_$d"; fi
  f="$tmp/t2_$d.h5"
  row "Table 2 $d unconstrained" "$(vals "$f" /patterns/loglik/unconstrained)" "${ll_u[$d]}" 1.5
  lf=$(vals "$f" /patterns/fair/loglik_final)
  row "Table 2 $d delta-fair (0.1)" "$lf" "${ll_f[$d]}" "$(awk -v a="${ll_f[$d]}" 'BEGIN{print -a*1e-4}')"
  row "Table 2 $d independent (authors')" "$(vals "$f" /patterns/loglik/independent_paper)" "${ll_i[$d]}" 1.5
  echo "  ($d independent, constrained ML P(s|D) = P(s): $(vals "$f" /patterns/loglik/independent))"
  row "$d delta-fair: patterns left" "$(vals "$f" /patterns/fair/final_patterns)" 0 0
  [ $cv = 1 ] || { echo "  (Table 4 $d: 10-fold CV only with ADM_REPRO_FULL=1)"; continue; }
  row "Table 4 $d unconstrained" "$(vals "$f" /patterns/cv/unconstrained_mean)" "${acc_u[$d]}" "${tol_a[$d]}"
  row "Table 4 $d 2NB" "$(vals "$f" /patterns/cv/two_nb_mean)" "${acc_2[$d]}" 0.03
  row "Table 4 $d delta-fair" "$(vals "$f" /patterns/cv/fair_mean)" "${acc_f[$d]}" "${tol_a[$d]}"
done

# COMPAS, delta = 0.1: the count (footnote 8) and the quoted patterns, on the authors' model.
run compas cnt "mode = \"all\"" "reference_swapped_prior = true" "k = 1"
row "COMPAS patterns at delta=0.1 (authors')" "$(vals "$tmp/cnt.h5" /patterns/mine/qualifying)" 2695 0
row "COMPAS top |Delta| (0.42)" "$(vals "$tmp/cnt.h5" /patterns/mine/delta | tr -d -)" 0.42 0.005
row "COMPAS top |Delta| P(xy) % (0.02)" "$(awk -v p="$(vals "$tmp/cnt.h5" /patterns/mine/p_xy)" 'BEGIN{print 100*p}')" 0.02 0.005
run compas cnt_ml "mode = \"all\"" "k = 1"
echo "  (the correct ML model has $(vals "$tmp/cnt_ml.h5" /patterns/mine/qualifying) patterns at delta = 0.1)"
run compas div "mode = \"top_divergence\"" "reference_swapped_prior = true" "k = 1"
row "COMPAS top divergence: Delta (0.19)" "$(vals "$tmp/div.h5" /patterns/mine/delta)" 0.19 0.005
row "COMPAS top divergence: P(xy) % (3.33)" "$(awk -v p="$(vals "$tmp/div.h5" /patterns/mine/p_xy)" 'BEGIN{print 100*p}')" 3.33 0.005
h5dump -d /patterns/mine/pattern "$tmp/div.h5" | grep -o '"x:[^"]*"' | sed 's/^/  top divergence pattern: /'

if [ "${ADM_REPRO_FULL:-0}" != 1 ]; then
  echo "(Table 1 and Table 4 for Adult and German: run with ADM_REPRO_FULL=1)"
  echo "$failed comparison(s) differ"
  [ "$failed" -eq 0 ]
  exit
fi

# Table 1 (information): proportion explored, authors' model, both rankings.
paper_t1() {  # dataset ranking k delta -> the paper's figure
  awk -v d="$1" -v r="$2" -v k="$3" -v e="$4" '$1 == d && $2 == r && $3 == k { i = (e == "0.01" ? 4 : e == "0.05" ? 5 : 6); print $i }' <<'T'
compas top_divergence 1 6.387e-01 5.634e-01 3.874e-01
compas top_divergence 10 7.139e-01 5.996e-01 4.200e-01
compas top_divergence 100 8.222e-01 6.605e-01 4.335e-01
compas top_discrimination 1 8.188e-03 8.188e-03 8.188e-03
compas top_discrimination 10 3.464e-02 3.464e-02 3.464e-02
compas top_discrimination 100 9.914e-02 9.914e-02 9.914e-02
adult top_divergence 1 3.052e-06 7.260e-06 1.248e-05
adult top_divergence 10 7.030e-06 1.154e-05 1.809e-05
adult top_divergence 100 1.458e-05 1.969e-05 2.509e-05
adult top_discrimination 1 2.451e-04 2.451e-04 2.451e-04
adult top_discrimination 10 2.467e-04 2.467e-04 2.467e-04
adult top_discrimination 100 2.600e-04 2.600e-04 2.597e-04
german top_divergence 1 5.075e-07 2.731e-06 2.374e-06
german top_divergence 10 9.312e-07 3.398e-06 2.753e-06
german top_divergence 100 1.454e-06 4.495e-06 3.407e-06
german top_discrimination 1 7.450e-08 7.450e-08 7.450e-08
german top_discrimination 10 1.592e-06 1.592e-06 1.592e-06
german top_discrimination 100 5.897e-06 5.897e-06 5.897e-06
T
}
echo "Table 1 (information; ours = nodes scored / all nodes, authors' swapped-prior model):"
for d in compas adult german; do
  for r in top_divergence top_discrimination; do
    for k in 1 10 100; do
      for e in 0.01 0.05 0.1; do
        run "$d" t1 "mode = \"$r\"" "k = $k" "delta = $e" "reference_swapped_prior = true"
        rowi "T1 $d ${r#top_} k=$k d=$e" "$(vals "$tmp/t1.h5" /timing/patterns/mine/proportion)" \
          "$(paper_t1 "$d" "$r" "$k" "$e")" 10
      done
    done
  done
done
echo "$failed comparison(s) differ"
[ "$failed" -eq 0 ]

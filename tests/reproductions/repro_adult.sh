#!/usr/bin/env bash
# Example 8 of the InfoGram paper (Adult income, fair InfoGram and ALFA test) against the paper:
# the admissible set X_A = {capital gain, capital loss, occupation, education}; relationship as the
# risky feature (high relevance, low safety); alpha = MI(Y, S | X_A) = 0.13 bits with p almost 0.
# Config: configs/infogram/infogram_adult.toml. Cut vs the paper: the UCI training file only (30,162 rows,
# not train + test = 45,222; on both together we get the same set and alpha 0.146); 100 ALFA
# bootstrap replicates (so p >= 1/101); no per-feature p-values; the FINEtree and its ALFA ranking
# of two tree models (alpha_A = 0.00042, alpha_R = 0.195) need a tree learner we do not have.
# alpha's tolerance (0.03 bits): the in-sample estimate moves with the learner's capacity, 0.129
# with 100 trees of depth 3 and 0.151 with this config's 50 trees of depth 5 (cross-fitted 0.136);
# the paper gives two digits and not its learner settings. About 1 min at 1 rank.
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
source "$here/infogram_lib.sh"  # run_infogram, vals, fv, adm, say, member, bound
run_infogram "$1" adult '^  outcome'

table_header
say "rows (paper: UCI train + test)" "$(vals "$h5" /data/rows)" 45222 \
  "differs (explained: training file only)"
for f in capital_gain capital_loss occupation education; do member "$f" yes; done
for f in relationship hours_per_week workclass native_country fnlwgt education_num; do
  member "$f" no
done
bound "relationship: relevance" "$(fv relevance relationship)" ">=" 0.1
bound "relationship: safety" "$(fv net relationship)" "<" 0.1
risky=$(vals "$h5" /infogram/risky_set | tr '\n' ' ')
say "risky set (paper: relationship)" "$risky" relationship \
  "$(case " $risky" in *" relationship "*) echo ok ;; *) echo DIFFERS ;; esac)"
alpha=$(vals "$h5" /alfa/outcome/alpha)
row "alpha = MI(Y, S | X_A), bits" "$alpha" 0.13 0.03
say "  cross-fitted alpha (not in the paper)" "$(printf %.4f "$(vals "$h5" /alfa/outcome/alpha_cross_fitted)")" - info
bound "alpha p-value (paper: almost 0)" "$(vals "$h5" /alfa/outcome/p_value)" "<" 0.02
bound "largest bootstrap null alpha" "$(vals "$h5" /alfa/outcome/null | sort -g | tail -1)" "<" "$alpha"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }
